/**
 * The activity logs of a finalization (issue 9 item 3: every change a request makes is
 * logged), with the reference's activity types (wire-models.md §1 `activity_log.activity_type`):
 * the invoice (`invoice.created` when finalized, as the reference logs a finalized draft;
 * `invoice.failed` when a tax error leaves it failed), each applied coupon the invoice
 * terminated (`applied_coupon.deleted`, the reference's termination), each wallet the invoice
 * drew on (`wallet.updated`), each wallet transaction it created (`wallet_transaction.created`)
 * or whose remaining amount it lowered (`wallet_transaction.updated`). An applied coupon that
 * stays active and a credit note whose balance goes down have no documented activity type;
 * their change is in the invoice's log (its `credits`).
 */
import { sameData } from '@feecast/engine/internal';
import type { AppliedCoupon, Invoice, Wallet, WalletTransaction } from '@feecast/models';
import type { ActivityEntry } from '../state/activity';
import type { Items } from '../state/chunked-list';
import { appliedCouponView } from '../state/views';
import type { FinalizedInvoice } from './finalize-invoice';

/** What a finalization changed, as stored, next to what the state held before. */
export interface FinalizationChanges {
  /** The draft. */
  readonly draft: Invoice;
  /** The state's applied coupons, wallets and wallet transactions before the request. */
  readonly before: {
    readonly applied_coupons: readonly AppliedCoupon[];
    readonly wallets: readonly Wallet[];
    readonly wallet_transactions: Items<WalletTransaction>;
  };
  /** The finalization, with its objects as the state stores them. */
  readonly done: Pick<
    FinalizedInvoice,
    'invoice' | 'applied_coupons' | 'wallets' | 'wallet_transactions' | 'updated_transactions'
  >;
}

/** Pairs of (before, after) for the items of `after` that differ from the item with their id. */
function changed<T extends { readonly svc_id: string }>(
  before: Items<T>,
  after: readonly T[],
): { readonly before: T; readonly after: T }[] {
  return after.flatMap((item) => {
    const old = before.find((b) => b.svc_id === item.svc_id);
    return old === undefined || sameData(old, item) ? [] : [{ before: old, after: item }];
  });
}

/**
 * The activity entries of one finalization, in this order: the invoice, terminated applied
 * coupons, new wallet transactions, updated wallet transactions, wallets.
 *
 * @example
 * finalizationActivity({ draft, before: state, done });
 * // [{ type: 'invoice.created', resourceType: 'Invoice', ... },
 * //  { type: 'applied_coupon.deleted', ... }, { type: 'wallet_transaction.created', ... },
 * //  { type: 'wallet.updated', ... }]
 */
export function finalizationActivity(changes: FinalizationChanges): ActivityEntry[] {
  const { draft, before, done } = changes;
  const customer = { externalCustomerId: draft.customer.external_id };
  const entries: ActivityEntry[] = [
    {
      type: done.invoice.status === 'failed' ? 'invoice.failed' : 'invoice.created',
      resourceType: 'Invoice',
      resourceId: draft.svc_id,
      before: draft,
      after: done.invoice,
      ...customer,
    },
  ];
  for (const coupon of changed(before.applied_coupons, done.applied_coupons)) {
    if (coupon.before.status === 'terminated' || coupon.after.status !== 'terminated') continue;
    entries.push({
      type: 'applied_coupon.deleted',
      resourceType: 'AppliedCoupon',
      resourceId: coupon.after.svc_id,
      before: appliedCouponView(coupon.before),
      after: appliedCouponView(coupon.after),
      externalCustomerId: coupon.after.external_customer_id,
    });
  }
  for (const transaction of done.wallet_transactions) {
    entries.push({
      type: 'wallet_transaction.created',
      resourceType: 'WalletTransaction',
      resourceId: transaction.svc_id,
      before: null,
      after: transaction,
      ...customer,
    });
  }
  for (const transaction of changed(before.wallet_transactions, done.updated_transactions)) {
    entries.push({
      type: 'wallet_transaction.updated',
      resourceType: 'WalletTransaction',
      resourceId: transaction.after.svc_id,
      before: transaction.before,
      after: transaction.after,
      ...customer,
    });
  }
  for (const wallet of changed(before.wallets, done.wallets)) {
    entries.push({
      type: 'wallet.updated',
      resourceType: 'Wallet',
      resourceId: wallet.after.svc_id,
      before: wallet.before,
      after: wallet.after,
      externalCustomerId: wallet.after.external_customer_id,
    });
  }
  return entries;
}
