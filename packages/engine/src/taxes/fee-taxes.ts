import type { AppliedTax, Cents, DecimalString, Rate, Uuid } from '@feecast/models';
import { type Either, right } from 'fp-ts/lib/Either.js';
import { type FeeNet, type FeeNetFields, feeNetFields } from '../coupons/internal/fee-net';
import { percentOf } from '../coupons/internal/percent';
import {
  centsToUnits,
  decimalText,
  rateNumber,
  roundCents,
  WHOLE_CENTS,
} from '../coupons/internal/wire-amounts';
import { add, type Decimal, halfAwayFromZero, sum } from '../decimal/internal';
import type { FeecastError } from '../error';
import { readTaxRate } from './tax-rate';
import type { TaxInput } from './tax-sources';

/** The fee fields that taxing a fee sets (the wire `Fee`), with its pre-tax sub totals. */
export interface FeeTaxFields extends FeeNetFields {
  readonly taxes_amount_cents: Cents;
  /** Σ precise tax amounts, in currency units. */
  readonly taxes_precise_amount: DecimalString;
  /** Σ tax rates, in percent. */
  readonly taxes_rate: Rate;
  readonly applied_taxes: AppliedTax[];
  /** `amount_cents + taxes_amount_cents` (not net of coupons, as in the reference). */
  readonly total_amount_cents: Cents;
  /** `(precise amount + precise taxes)`, in currency units. */
  readonly precise_total_amount: DecimalString;
}

/**
 * A fee's taxes (reference invoicing.md §2.2). For each tax t, on the fee's amount after its
 * coupon share: `raw_t = (amount_cents - precise_coupons_amount_cents) × rate_t / 100`; the
 * applied tax's `amount_cents` is `round(raw_t)`; the fee's `taxes_amount_cents` is
 * `round(Σ raw_t)` (so it can differ from the sum of the applied taxes' amounts);
 * `taxes_precise_amount` is `Σ (precise amount - coupon share) × rate_t / 100` in currency
 * units; `taxes_rate` is `Σ rate_t`. Rounding is half away from zero, and rates are exact
 * decimals. With no taxes, every tax figure is 0.
 *
 * @example
 * // A fee of 10.00 EUR, customer taxes of 10 % and 12 % (reference §2.2 example).
 * feeTaxFields(fee, net, [vat10, vat12], ['fees', '0'])
 * // right({ taxes_amount_cents: 220, taxes_rate: 22, applied_taxes: [{ amount_cents: 100 }, { amount_cents: 120 }], ... })
 */
export function feeTaxFields(
  fee: { readonly svc_id: Uuid | null },
  net: FeeNet,
  taxes: readonly TaxInput[],
  path: readonly string[],
): Either<FeecastError, FeeTaxFields> {
  const currency = net.currency;
  if (taxes.length === 0) return untaxed(net, path);
  const applied: AppliedTax[] = [];
  const raws: Decimal[] = [];
  const precises: Decimal[] = [];
  const rates: Decimal[] = [];
  for (const [j, tax] of taxes.entries()) {
    const rate = readTaxRate(tax.rate, [...path, 'taxes', String(j), 'rate']);
    if (rate._tag === 'Left') return rate;
    const raw = percentOf(net.net, rate.right);
    const amount = roundCents(raw, currency, [...path, 'applied_taxes', String(j), 'amount_cents']);
    if (amount._tag === 'Left') return amount;
    raws.push(raw);
    precises.push(percentOf(net.preciseNet, rate.right));
    rates.push(rate.right);
    applied.push({
      svc_id: null,
      svc_fee_id: fee.svc_id,
      svc_tax_id: tax.svc_id,
      tax_name: tax.name,
      tax_code: tax.code,
      tax_description: tax.description,
      tax_rate: tax.rate,
      amount_cents: amount.right,
      amount_currency: currency,
      created_at: null,
    });
  }
  const taxesRounded = halfAwayFromZero(sum(raws), WHOLE_CENTS);
  const taxesCents = roundCents(taxesRounded, currency, [...path, 'taxes_amount_cents']);
  if (taxesCents._tag === 'Left') return taxesCents;
  const precise = sum(precises);
  const preciseUnits = centsToUnits(precise, currency, [...path, 'taxes_precise_amount']);
  if (preciseUnits._tag === 'Left') return preciseUnits;
  const preciseText = decimalText(preciseUnits.right, [...path, 'taxes_precise_amount']);
  if (preciseText._tag === 'Left') return preciseText;
  const rate = rateNumber(sum(rates), [...path, 'taxes_rate']);
  if (rate._tag === 'Left') return rate;
  const total = roundCents(add(net.amount, taxesRounded), currency, [
    ...path,
    'total_amount_cents',
  ]);
  if (total._tag === 'Left') return total;
  const preciseTotal = centsToUnits(add(net.preciseAmount, precise), currency, [
    ...path,
    'precise_total_amount',
  ]);
  if (preciseTotal._tag === 'Left') return preciseTotal;
  const preciseTotalText = decimalText(preciseTotal.right, [...path, 'precise_total_amount']);
  if (preciseTotalText._tag === 'Left') return preciseTotalText;
  const netFields = feeNetFields(net, path);
  if (netFields._tag === 'Left') return netFields;
  // Written out rather than spread: a literal of fixed shape is much cheaper to build.
  return right({
    precise_coupons_amount_cents: netFields.right.precise_coupons_amount_cents,
    sub_total_excluding_taxes_amount_cents: netFields.right.sub_total_excluding_taxes_amount_cents,
    sub_total_excluding_taxes_precise_amount_cents:
      netFields.right.sub_total_excluding_taxes_precise_amount_cents,
    taxes_amount_cents: taxesCents.right,
    taxes_precise_amount: preciseText.right,
    taxes_rate: rate.right,
    applied_taxes: applied,
    total_amount_cents: total.right,
    precise_total_amount: preciseTotalText.right,
  });
}

/** The tax figures of no taxes, as the wire writes them (`decimalText` of 0 is `"0.0"`). */
const NO_TAX_CENTS = 0 as Cents;
const NO_TAX_TEXT = '0.0' as DecimalString;
const NO_TAX_RATE = 0 as Rate;

/**
 * {@link feeTaxFields} with no taxes, where every sum over the taxes is 0: taxes 0, `"0.0"`
 * and rate 0, no applied taxes, the total the amount itself and the precise total the precise
 * amount. The same fields as the general computation, without its arithmetic on zeros.
 */
function untaxed(net: FeeNet, path: readonly string[]): Either<FeecastError, FeeTaxFields> {
  const total = roundCents(net.amount, net.currency, [...path, 'total_amount_cents']);
  if (total._tag === 'Left') return total;
  const preciseTotal = centsToUnits(net.preciseAmount, net.currency, [
    ...path,
    'precise_total_amount',
  ]);
  if (preciseTotal._tag === 'Left') return preciseTotal;
  const preciseTotalText = decimalText(preciseTotal.right, [...path, 'precise_total_amount']);
  if (preciseTotalText._tag === 'Left') return preciseTotalText;
  const netFields = feeNetFields(net, path);
  if (netFields._tag === 'Left') return netFields;
  return right({
    precise_coupons_amount_cents: netFields.right.precise_coupons_amount_cents,
    sub_total_excluding_taxes_amount_cents: netFields.right.sub_total_excluding_taxes_amount_cents,
    sub_total_excluding_taxes_precise_amount_cents:
      netFields.right.sub_total_excluding_taxes_precise_amount_cents,
    taxes_amount_cents: NO_TAX_CENTS,
    taxes_precise_amount: NO_TAX_TEXT,
    taxes_rate: NO_TAX_RATE,
    applied_taxes: [],
    total_amount_cents: total.right,
    precise_total_amount: preciseTotalText.right,
  });
}
