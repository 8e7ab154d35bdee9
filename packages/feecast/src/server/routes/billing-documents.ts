/**
 * Billing documents: `PUT /invoices/{svc_id}/finalize`, `GET /credit_notes/{svc_id}` and
 * `GET /payment_receipts`.
 */
import type { FinalizeInvoiceRequest } from '@feecast/models';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { notFound } from '../http/api-error';
import { pageRequest, paginate } from '../http/pagination';
import { getOne } from '../http/path-resource';
import { queryValue } from '../http/query';
import { StateDraft } from '../state/draft';
import { newestFirst } from '../state/order';
import { finalizeDraft } from './finalize-draft';
import { type Handler, pathParam, unchanged } from './handler';

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
  const finalized = finalizeDraft(state, invoice, new StateDraft(state, now), input.operations);
  if (isLeft(finalized)) return finalized;
  return right({ state: finalized.right.state, body: { invoice: finalized.right.invoice } });
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
