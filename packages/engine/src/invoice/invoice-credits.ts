import type { InvoiceCredit, InvoicePaymentStatus, Uuid } from '@feecast/models';
import { type Either, right } from 'fp-ts/lib/Either.js';
import { derivedId, type FeecastError } from '../core/index';

/** A credit a stage computed for an invoice, before the invoice gives it an id and itself. */
export type PendingCredit = Omit<InvoiceCredit, 'svc_id' | 'invoice'>;

/** The invoice fields an `invoice.credits[]` entry refers to. */
export interface CreditedInvoice {
  readonly svc_id: Uuid;
  readonly payment_status: InvoicePaymentStatus;
}

/**
 * An `invoice.credits[]` entry for a credit a stage computed (a coupon's, a credit note's):
 * the invoice's reference, and an id derived from the invoice, the credit's kind and `key`
 * (the applied coupon or the credit note), the same on every run.
 *
 * @example
 * invoiceCredit({ amount_cents: 1000, amount_currency: 'EUR', before_taxes: true, item }, appliedCouponId, invoice)
 * // right({ svc_id: '…', amount_cents: 1000, ..., invoice: { svc_id: invoice.svc_id, payment_status: 'pending' } })
 */
export function invoiceCredit(
  credit: PendingCredit,
  key: string,
  invoice: CreditedInvoice,
): Either<FeecastError, InvoiceCredit> {
  return right({
    svc_id: derivedId(invoice.svc_id, 'credit', credit.item.type, key),
    amount_cents: credit.amount_cents,
    amount_currency: credit.amount_currency,
    before_taxes: credit.before_taxes,
    item: credit.item,
    invoice: { svc_id: invoice.svc_id, payment_status: invoice.payment_status },
  });
}
