/**
 * Finalizing a stored draft invoice in the state: what `PUT /invoices/{svc_id}/finalize` does
 * and what the server's clock does when a draft's grace period ends (`billing/`), one home for
 * both. The figures are the `finalizeInvoice` operation's (finalize-invoice.ts); the state keeps
 * the applied coupons, credit notes, wallets and wallet transactions as the invoice leaves them,
 * and the draft logs every change (finalize-activity.ts).
 */
import type { Invoice } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { appendItem, appendItems, listOf } from '../state/chunked-list';
import { customerCoupons } from '../state/customer-coupons';
import { StateDraft } from '../state/draft';
import { operationTaxes, planOf } from '../state/lookup';
import { replaceItem, replaceItems } from '../state/replace-item';
import type { ServerState } from '../state/state';
import { storedTransactionDecimals, storedWallet } from '../state/stored-wallet';
import { finalizationActivity } from './finalize-activity';
import type { Operations } from './operations';

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
 * `state` with the draft `invoice` finalized at `draft.now` (its changes logged on `draft`,
 * whose commit is the new state), and the finalized invoice; an engine error as its API error.
 *
 * @example
 * finalizeDraft(state, draftInvoice, new StateDraft(state, now), defaultOperations);
 * // right({ invoice: { status: 'finalized', ... }, state })
 */
export function finalizeDraft(
  state: ServerState,
  invoice: Invoice,
  draft: StateDraft,
  operations: Operations,
): Either<ApiErrorResponse, { readonly invoice: Invoice; readonly state: ServerState }> {
  const finalized = operations.finalizeInvoice(finalizeInput(state, invoice, draft));
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
    invoice: done.invoice,
    state: draft.commit({
      invoices: replaceItem(listOf(state.invoices), invoice, done.invoice),
      applied_coupons: replaceItems(state.applied_coupons, done.applied_coupons),
      credit_notes: replaceItems(listOf(state.credit_notes), done.credit_notes),
      wallets: replaceItems(state.wallets, done.wallets),
      wallet_transactions: appendItems(
        replaceItems(listOf(state.wallet_transactions), done.updated_transactions),
        done.wallet_transactions,
      ),
    }),
  });
}

/**
 * `state` with `invoice` added through `draft` (whose commit also holds what `draft` logged)
 * and finalized at once at `draft.now`: what the server does with an invoice it issues itself
 * (a pay-in-advance fee's, a progressive-billing one), whose grace period does not apply.
 *
 * @example
 * issueAtOnce(state, invoice, new StateDraft(state, now, 'system'), defaultOperations);
 * // right({ invoice: { status: 'finalized', ... }, state })
 */
export function issueAtOnce(
  state: ServerState,
  invoice: Invoice,
  draft: StateDraft,
  operations: Operations,
): Either<ApiErrorResponse, { readonly invoice: Invoice; readonly state: ServerState }> {
  const drafted = draft.commit({ invoices: appendItem(state.invoices, invoice) });
  return finalizeDraft(drafted, invoice, new StateDraft(drafted, draft.now, 'system'), operations);
}
