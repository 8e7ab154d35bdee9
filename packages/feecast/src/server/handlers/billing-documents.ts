/**
 * Billing documents: `PUT /invoices/{svc_id}/finalize`, `GET /credit_notes/{svc_id}` and
 * `GET /payment_receipts`.
 */
import type { FinalizeInvoiceRequest } from '@feecast/models';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { notFound } from '../api-error';
import { StateDraft } from '../draft';
import { type Handler, pathParam, unchanged } from '../handler';
import { newestFirst } from '../order';
import { pageRequest, paginate } from '../pagination';
import { getOne } from '../path-resource';
import { queryValue } from '../query';
import { replaceItem } from '../replace-item';

/**
 * `PUT /invoices/{svc_id}/finalize`: only a draft can be finalized; any other invoice (or
 * none) is a 404 `invoice_not_found`, as the reference. The figures come from the
 * `finalizeInvoice` operation. Logs `invoice.finalized`.
 *
 * @example
 * finalizeInvoice({ ..., params: new Map([['svc_id', draftId]]), body: {} });
 * // right({ body: { invoice: { ...draft, status: 'finalized' } } })
 */
export const finalizeInvoice: Handler<FinalizeInvoiceRequest> = (input) => {
  const { state, now } = input;
  const invoice = state.invoices.find((i) => i.svc_id === pathParam(input, 'svc_id'));
  if (invoice === undefined || invoice.status !== 'draft') return left(notFound('invoice'));
  const finalized = input.operations.finalizeInvoice({ invoice, now });
  if (isLeft(finalized)) return finalized;
  const draft = new StateDraft(state, now);
  draft.log({
    type: 'invoice.finalized',
    resourceType: 'Invoice',
    resourceId: invoice.svc_id,
    before: invoice,
    after: finalized.right,
    externalCustomerId: invoice.customer.external_id,
  });
  return right({
    state: draft.commit({ invoices: replaceItem(state.invoices, invoice, finalized.right) }),
    body: { invoice: finalized.right },
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
