/**
 * Billing documents: `PUT /invoices/{svc_id}/finalize`, `GET /credit_notes/{svc_id}` and
 * `GET /payment_receipts`.
 */
import type { FinalizeInvoiceRequest, Invoice } from '@feecast/models';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { notFound } from '../http/api-error';
import { pageRequest, paginate } from '../http/pagination';
import { getOne } from '../http/path-resource';
import { queryValue } from '../http/query';
import { customerCoupons } from '../state/customer-coupons';
import { StateDraft } from '../state/draft';
import { operationTaxes, planOf } from '../state/lookup';
import { newestFirst } from '../state/order';
import { replaceItem } from '../state/replace-item';
import type { ServerState } from '../state/state';
import { storedTransactionDecimals, storedWallet } from '../state/stored-wallet';
import { finalizationActivity } from './finalize-activity';
import { type Handler, pathParam, unchanged } from './handler';

/** Items of `items` replaced by the item of `updated` with the same `svc_id`. */
function replacedById<T extends { readonly svc_id: string }>(
  items: readonly T[],
  updated: readonly T[],
): T[] {
  const byId = new Map(updated.map((item) => [item.svc_id, item]));
  return items.map((item) => byId.get(item.svc_id) ?? item);
}

/**
 * What finalizing an invoice reads in the state: the invoice's subscriptions with their plans,
 * the customer's active applied coupons with their coupons, the taxes, the customer's wallets
 * and their transactions, and the customer's credit notes.
 */
function finalizeInput(state: ServerState, invoice: Invoice, draft: StateDraft) {
  const customerId = invoice.customer.svc_id;
  const customer = state.customers.find((c) => c.svc_id === customerId) ?? invoice.customer;
  const wallets = state.wallets.filter((w) => w.svc_customer_id === customerId);
  const walletIds = new Set(wallets.map((w) => w.svc_id));
  return {
    invoice,
    now: draft.now,
    subscriptions: invoice.subscriptions.flatMap((subscription) => {
      const plan = planOf(state, subscription);
      return plan === undefined ? [] : [{ subscription, plan }];
    }),
    appliedCoupons: customerCoupons(state, customerId),
    taxes: operationTaxes(state, customer),
    wallets,
    walletTransactions: state.wallet_transactions.filter((t) => walletIds.has(t.svc_wallet_id)),
    creditNotes: state.credit_notes.filter((note) => note.customer.svc_id === customerId),
    newId: () => draft.newId(),
  };
}

/**
 * `PUT /invoices/{svc_id}/finalize`: only a draft can be finalized; any other invoice (or
 * none) is a 404 `invoice_not_found`, as the reference. The `finalizeInvoice` operation
 * applies the customer's coupons, the taxes, the customer's available credit notes and the
 * customer's wallets (see finalize-invoice.ts); the state keeps the applied coupons, credit
 * notes, wallets and wallet transactions as the invoice leaves them, and logs every change
 * (`invoice.created` or `invoice.failed`, `applied_coupon.deleted`, `wallet.updated`,
 * `wallet_transaction.created` / `.updated`; see finalize-activity.ts).
 *
 * @example
 * finalizeInvoice({ ..., params: new Map([['svc_id', draftId]]), body: {} });
 * // right({ body: { invoice: { ...draft, status: 'finalized', total_amount_cents: 9075, ... } } })
 */
export const finalizeInvoice: Handler<FinalizeInvoiceRequest> = (input) => {
  const { state, now } = input;
  const invoice = state.invoices.find((i) => i.svc_id === pathParam(input, 'svc_id'));
  if (invoice === undefined || invoice.status !== 'draft') return left(notFound('invoice'));
  const draft = new StateDraft(state, now);
  const finalized = input.operations.finalizeInvoice(finalizeInput(state, invoice, draft));
  if (isLeft(finalized)) return finalized;
  const done = {
    ...finalized.right,
    wallets: finalized.right.wallets.map(storedWallet),
    wallet_transactions: finalized.right.wallet_transactions.map(storedTransactionDecimals),
    updated_transactions: finalized.right.updated_transactions.map(storedTransactionDecimals),
  };
  for (const entry of finalizationActivity({ draft: invoice, before: state, done })) {
    draft.log(entry);
  }
  return right({
    state: draft.commit({
      invoices: replaceItem(state.invoices, invoice, done.invoice),
      applied_coupons: replacedById(state.applied_coupons, done.applied_coupons),
      credit_notes: replacedById(state.credit_notes, done.credit_notes),
      wallets: replacedById(state.wallets, done.wallets),
      wallet_transactions: [
        ...replacedById(state.wallet_transactions, done.updated_transactions),
        ...done.wallet_transactions,
      ],
    }),
    body: { invoice: done.invoice },
  });
};

/**
 * `GET /credit_notes/{svc_id}`: 404 `credit_note_not_found`.
 *
 * @example
 * getCreditNote({ ..., params: new Map([['svc_id', id]]) }); // right({ body: { credit_note } })
 */
export const getCreditNote = getOne('credit_notes', 'svc_id', 'credit_note');

/**
 * `GET /payment_receipts`: newest first, filtered by `invoice_id` (receipts whose payment
 * paid that invoice), paginated.
 *
 * @example
 * listPaymentReceipts({ ..., query: new Map([['invoice_id', [invoiceId]]]) });
 */
export const listPaymentReceipts: Handler<undefined> = (input) => {
  const page = pageRequest(input.query);
  if (isLeft(page)) return page;
  const invoiceId = queryValue(input.query, 'invoice_id');
  const items = newestFirst(
    input.state.payment_receipts.filter(
      (r) =>
        invoiceId === undefined ||
        r.payment.invoice_ids.some((id) => id === invoiceId) ||
        r.payment.svc_payable_id === invoiceId,
    ),
    (r) => r.created_at,
  );
  const { items: pageItems, meta } = paginate(items, page.right);
  return right(unchanged(input.state, { payment_receipts: pageItems, meta }));
};
