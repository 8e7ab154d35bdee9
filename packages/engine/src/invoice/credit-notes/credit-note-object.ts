import type {
  CreditNote,
  CreditNoteAppliedTax,
  CreditNoteItem,
  CreditNoteReason,
  Fee,
  Invoice,
  IsoDate,
  Rate,
} from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  countToWire,
  type Decimal,
  derivedId,
  type FeecastError,
  formatDate,
  formatDecimal,
  type Instant,
  localDate,
  roundToCent,
  sign,
  subtract,
  timeZone,
  toWireCents,
  toWireDecimal,
  toWireTimestamp,
} from '../../core/index';
import type { NoteAmounts, NoteItem } from './note-amounts';
import type { FixedSplit } from './rounding';

/** Everything a credit note is built from. @internal */
export interface CreditNoteParts {
  readonly invoice: Invoice;
  /** 1 + the number of credit notes already on the invoice. */
  readonly sequence: number;
  readonly now: Instant;
  readonly reason: CreditNoteReason;
  readonly description: string | null;
  readonly items: readonly NoteItem[];
  readonly amounts: NoteAmounts;
  /** Precise taxes after the last-note adjustment. */
  readonly precise_taxes: Decimal;
  readonly taxes: Decimal;
  readonly sub_total: Decimal;
  readonly split: FixedSplit;
}

/** The fee as a credit-note item carries it: without `applied_taxes` (as the reference sends it). */
function itemFee(fee: Fee): Fee {
  const copy = { ...fee };
  delete copy.applied_taxes;
  return copy;
}

/**
 * The wire credit note (invoicing.md §9): numbered `<invoice number>-CN<nnn>`, issued on
 * `now`'s date in the customer's zone, identifiers derived from the invoice and the sequence.
 *
 * @example
 * creditNoteObject({ invoice, sequence: 1, now, reason: 'other', description: null, items,
 *   amounts, precise_taxes, taxes, sub_total, split }) // right({ number: 'INV-1-CN001', ... })
 * @internal
 */
export function creditNoteObject(parts: CreditNoteParts): Either<FeecastError, CreditNote> {
  const { invoice, split, amounts } = parts;
  const zone = timeZone(invoice.customer.applicable_timezone, [
    'invoice',
    'customer',
    'applicable_timezone',
  ]);
  if (isLeft(zone)) return zone;
  const id = derivedId('credit_note', invoice.svc_id, String(parts.sequence));
  const stamp = toWireTimestamp(parts.now);
  const wire = (d: Decimal, key: string) => toWireCents(d, ['credit_note', key]);
  const total = wire(split.total, 'total_amount_cents');
  if (isLeft(total)) return total;
  const credit = wire(split.credit, 'credit_amount_cents');
  if (isLeft(credit)) return credit;
  const refund = wire(split.refund, 'refund_amount_cents');
  if (isLeft(refund)) return refund;
  const offset = wire(split.offset, 'offset_amount_cents');
  if (isLeft(offset)) return offset;
  const taxes = wire(parts.taxes, 'taxes_amount_cents');
  if (isLeft(taxes)) return taxes;
  const subTotal = wire(parts.sub_total, 'sub_total_excluding_taxes_amount_cents');
  if (isLeft(subTotal)) return subTotal;
  const coupons = wire(roundToCent(amounts.coupons_adjustment), 'coupons_adjustment_amount_cents');
  if (isLeft(coupons)) return coupons;

  const items: CreditNoteItem[] = [];
  for (const item of parts.items) {
    const cents = toWireCents(roundToCent(item.precise), [
      'items',
      String(item.index),
      'amount_cents',
    ]);
    if (isLeft(cents)) return cents;
    items.push({
      svc_id: derivedId('credit_note_item', id, String(item.index)),
      amount_cents: cents.right,
      precise_amount_cents: toWireDecimal(item.precise),
      amount_currency: invoice.currency,
      fee: itemFee(item.fee.fee),
    });
  }
  const appliedTaxes: CreditNoteAppliedTax[] = [];
  for (const tax of amounts.taxes) {
    const base = wire(roundToCent(tax.base), 'applied_taxes');
    if (isLeft(base)) return base;
    const amount = wire(roundToCent(tax.amount), 'applied_taxes');
    if (isLeft(amount)) return amount;
    appliedTaxes.push({
      svc_id: derivedId('credit_note_applied_tax', id, tax.tax.tax_code, String(tax.tax.tax_rate)),
      svc_credit_note_id: id,
      svc_tax_id: tax.tax.svc_tax_id,
      tax_name: tax.tax.tax_name,
      tax_code: tax.tax.tax_code,
      tax_description: tax.tax.tax_description,
      tax_rate: tax.tax.tax_rate,
      base_amount_cents: base.right,
      amount_cents: amount.right,
      amount_currency: invoice.currency,
      created_at: stamp,
    });
  }
  const preciseTotal = add(
    subtract(amounts.items, amounts.coupons_adjustment),
    parts.precise_taxes,
  );
  return right({
    svc_id: id,
    svc_invoice_id: invoice.svc_id,
    billing_entity_code: invoice.billing_entity_code ?? invoice.customer.billing_entity_code,
    number: `${invoice.number}-CN${String(parts.sequence).padStart(3, '0')}`,
    invoice_number: invoice.number,
    sequential_id: countToWire<CreditNote['sequential_id']>(parts.sequence),
    // formatDate writes YYYY-MM-DD, the IsoDate form.
    issuing_date: formatDate(localDate(zone.right, parts.now)) as IsoDate,
    credit_status: sign(split.credit) > 0 ? 'available' : null,
    refund_status: sign(split.refund) > 0 ? 'pending' : null,
    reason: parts.reason,
    description: parts.description,
    currency: invoice.currency,
    total_amount_cents: total.right,
    taxes_amount_cents: taxes.right,
    // A rate in percent, not an amount: the wire carries rates as JSON numbers. The decimal has
    // at most 5 places, so its shortest JSON number reads back as the same decimal.
    taxes_rate: Number(formatDecimal(amounts.taxes_rate)) as Rate,
    sub_total_excluding_taxes_amount_cents: subTotal.right,
    balance_amount_cents: credit.right,
    credit_amount_cents: credit.right,
    refund_amount_cents: refund.right,
    offset_amount_cents: offset.right,
    coupons_adjustment_amount_cents: coupons.right,
    created_at: stamp,
    updated_at: stamp,
    file_url: null,
    self_billed: invoice.self_billed,
    items,
    applied_taxes: appliedTaxes,
    customer: invoice.customer,
    error_details: [],
    precise_total_amount_cents: toWireDecimal(preciseTotal),
    precise_taxes_amount_cents: toWireDecimal(parts.precise_taxes),
  });
}
