import type {
  AppliedTax,
  Cents,
  CurrencyCode,
  InvoiceAppliedTax,
  Rate,
  Timestamp,
  Uuid,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  decimalFromCount,
  derivedId,
  divide,
  type FeecastError,
  feecastError,
  halfAwayFromZero,
  multiply,
  percentOf,
  rateNumber,
  readCents,
  roundCents,
  type Scale,
  sign,
  sum,
  truncateCents,
  ZERO,
} from '../../core/index';
import { type NetFeeInput, readFeeNet } from '../coupons/fee-net';
import { readTaxRate } from './tax-rate';

/** The reference rounds the invoice's blended rate to 5 decimals. */
const RATE_SCALE = 5 as Scale;

/**
 * The tax fields of a fee's applied tax that the invoice's applied tax copies.
 *
 * @inline
 */
export type FeeAppliedTaxInput = Pick<
  AppliedTax,
  'svc_tax_id' | 'tax_name' | 'tax_code' | 'tax_description' | 'tax_rate'
>;

/** The fields of a fee (the wire `Fee`) that the invoice's taxes are computed from. */
export interface InvoiceTaxFeeInput extends NetFeeInput {
  readonly applied_taxes?: readonly FeeAppliedTaxInput[];
}

/** The fields of an invoice (the wire `Invoice`) that its taxes are computed from. */
export interface InvoiceTaxesInput {
  readonly svc_id: Uuid;
  readonly currency: CurrencyCode;
  /** New applied taxes are dated with the invoice. */
  readonly created_at: Timestamp;
  readonly fees: readonly InvoiceTaxFeeInput[];
  /** Fees less progressive-billing credits and coupons: the base of the invoice's `taxes_rate`. */
  readonly sub_total_excluding_taxes_amount_cents: number;
  /** Applied taxes the invoice already has: an entry for the same tax keeps its `svc_id` and `created_at`. */
  readonly applied_taxes?: readonly Pick<InvoiceAppliedTax, 'tax_code' | 'svc_id' | 'created_at'>[];
}

/** The result of {@link computeInvoiceTaxes}. */
export interface InvoiceTaxes {
  /** One entry per distinct tax found on the fees, in order of first appearance. */
  readonly applied_taxes: InvoiceAppliedTax[];
  /** `round(Σ_t raw(t))`. */
  readonly taxes_amount_cents: Cents;
  /** The invoice's blended rate in percent, to 5 decimals (not a field of the wire invoice). */
  readonly taxes_rate: Rate;
}

interface TaxGroup {
  readonly tax: FeeAppliedTaxInput;
  readonly rate: Decimal;
  readonly bases: Decimal[];
}

/**
 * The invoice's taxes, recomputed per tax from the fees' bases rather than summed from the
 * fees' taxes (reference invoicing.md §2.3): for each distinct tax t on the fees (by
 * `tax_code`), `fees_amount(t) = Σ` pre-tax amounts (`amount_cents -
 * precise_coupons_amount_cents`) of the fees carrying t, `raw(t) = fees_amount(t) × rate_t /
 * 100`; the applied tax's `amount_cents` is `round(raw(t))` and its `fees_amount_cents` is
 * `fees_amount(t)` truncated (the reference stores it in an integer column); the invoice's
 * `taxes_amount_cents` is `round(Σ_t raw(t))`. The blended `taxes_rate` weighs each rate by
 * the tax's share of the invoice's sub total, or by its share of the fees when that sub total
 * is 0. So Σ fee taxes, Σ applied-tax amounts and the invoice's taxes can differ by a cent.
 *
 * @example
 * // Fees 10.00 {t1 10 %} and 20.00 {t1, t2 12 %} (reference §2.3 example).
 * computeInvoiceTaxes(invoice)
 * // right({ taxes_amount_cents: 540, taxes_rate: 18, applied_taxes: [{ tax_code: 't1', amount_cents: 300, fees_amount_cents: 3000 }, { tax_code: 't2', amount_cents: 240, fees_amount_cents: 2000 }] })
 */
export function computeInvoiceTaxes(
  invoice: InvoiceTaxesInput,
): Either<FeecastError, InvoiceTaxes> {
  const groups = new Map<string, TaxGroup>();
  const counts = new Map<string, number>();
  for (const [i, fee] of invoice.fees.entries()) {
    const path = ['fees', String(i)];
    const net = readFeeNet(fee, path);
    if (isLeft(net)) return net;
    if (net.right.currency !== invoice.currency) {
      return left(
        feecastError(
          'currency_mismatch',
          `Fee ${i} is in ${net.right.currency} but the invoice is in ${invoice.currency}.`,
          [...path, 'amount_currency'],
        ),
      );
    }
    for (const [j, tax] of (fee.applied_taxes ?? []).entries()) {
      let group = groups.get(tax.tax_code);
      if (group === undefined) {
        const rate = readTaxRate(tax.tax_rate, [...path, 'applied_taxes', String(j), 'tax_rate']);
        if (isLeft(rate)) return rate;
        group = { tax, rate: rate.right, bases: [] };
        groups.set(tax.tax_code, group);
      }
      group.bases.push(net.right.net);
      counts.set(tax.tax_code, (counts.get(tax.tax_code) ?? 0) + 1);
    }
  }
  const subTotal = readCents(invoice.sub_total_excluding_taxes_amount_cents, [
    'sub_total_excluding_taxes_amount_cents',
  ]);
  if (isLeft(subTotal)) return subTotal;
  const applied: InvoiceAppliedTax[] = [];
  const raws: Decimal[] = [];
  const weighted: Decimal[] = [];
  for (const [code, group] of groups) {
    const path = ['applied_taxes', String(applied.length)];
    const base = sum(group.bases);
    const raw = percentOf(base, group.rate);
    raws.push(raw);
    weighted.push(
      multiply(
        group.rate,
        sign(subTotal.right) > 0 ? base : decimalFromCount(counts.get(code) ?? 0),
      ),
    );
    const entry = appliedTax(invoice, group, base, raw, path);
    if (isLeft(entry)) return entry;
    applied.push(entry.right);
  }
  const taxes = roundCents(sum(raws), invoice.currency, ['taxes_amount_cents']);
  if (isLeft(taxes)) return taxes;
  const weight = sign(subTotal.right) > 0 ? subTotal.right : decimalFromCount(invoice.fees.length);
  const blended = sign(weight) > 0 ? divide(sum(weighted), weight) : right(ZERO);
  if (isLeft(blended)) return blended;
  const rate = rateNumber(halfAwayFromZero(blended.right, RATE_SCALE), ['taxes_rate']);
  if (isLeft(rate)) return rate;
  return right({ applied_taxes: applied, taxes_amount_cents: taxes.right, taxes_rate: rate.right });
}

function appliedTax(
  invoice: InvoiceTaxesInput,
  group: TaxGroup,
  base: Decimal,
  raw: Decimal,
  path: readonly string[],
): Either<FeecastError, InvoiceAppliedTax> {
  const amount = roundCents(raw, invoice.currency, [...path, 'amount_cents']);
  if (isLeft(amount)) return amount;
  const feesAmount = truncateCents(base, invoice.currency, [...path, 'fees_amount_cents']);
  if (isLeft(feesAmount)) return feesAmount;
  const code = group.tax.tax_code;
  const existing = invoice.applied_taxes?.find((entry) => entry.tax_code === code);
  const id: Uuid = existing?.svc_id ?? derivedId(invoice.svc_id, 'applied_tax', code);
  return right({
    svc_id: id,
    svc_invoice_id: invoice.svc_id,
    svc_tax_id: group.tax.svc_tax_id,
    tax_name: group.tax.tax_name,
    tax_code: code,
    tax_description: group.tax.tax_description,
    tax_rate: group.tax.tax_rate,
    amount_cents: amount.right,
    amount_currency: invoice.currency,
    fees_amount_cents: feesAmount.right,
    created_at: existing?.created_at ?? invoice.created_at,
  });
}
