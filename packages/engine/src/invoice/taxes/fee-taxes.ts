import {
  type AppliedTax,
  type Cents,
  type DecimalString,
  isRate,
  isUuid,
  type Rate,
  type Uuid,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  centsToUnits,
  type Decimal,
  decimalText,
  type FeecastError,
  feecastError,
  halfAwayFromZero,
  moneyOf,
  percentOf,
  rateNumber,
  roundCents,
  sum,
  WHOLE_CENTS,
} from '../../core/index';
import { keepDecimal } from '../../fees/index';
import { type FeeNet, type FeeNetFields, feeNetFields } from '../coupons/fee-net';
import { taxFields } from './tax-fields';
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
  if (taxes.length === 0) {
    // Every sum over no taxes is 0: the figures of 0, without arithmetic on empty sums.
    const sums = {
      cents: NO_TAX_CENTS,
      preciseText: NO_TAX_TEXT,
      rate: NO_TAX_RATE,
      applied: [],
      rounded: undefined,
      precise: undefined,
    };
    return withTotals(net, sums, path);
  }
  const applied: AppliedTax[] = [];
  const raws: Decimal[] = [];
  const precises: Decimal[] = [];
  const rates: Decimal[] = [];
  for (const [j, tax] of taxes.entries()) {
    const rate = readTaxRate(tax.rate, [...path, 'taxes', String(j), 'rate']);
    if (isLeft(rate)) return rate;
    const fields = taxFields(tax);
    const taxId = fields.svc_id;
    const taxRate = fields.rate;
    if (!isUuid(taxId) || !isRate(taxRate)) {
      const key = isUuid(taxId) ? 'rate' : 'svc_id';
      return left(
        feecastError(
          'invalid_input',
          `A tax needs a UUID svc_id and a finite rate in percent: ${key} of tax "${tax.code}" is not one.`,
          [...path, 'taxes', String(j), key],
        ),
      );
    }
    const raw = percentOf(net.net, rate.right);
    const amount = roundCents(raw, currency, [...path, 'applied_taxes', String(j), 'amount_cents']);
    if (isLeft(amount)) return amount;
    raws.push(raw);
    precises.push(percentOf(net.preciseNet, rate.right));
    rates.push(rate.right);
    applied.push({
      svc_id: null,
      svc_fee_id: fee.svc_id,
      svc_tax_id: taxId,
      tax_name: fields.name,
      tax_code: fields.code,
      tax_description: fields.description,
      tax_rate: taxRate,
      amount_cents: amount.right,
      amount_currency: currency,
      created_at: null,
    });
  }
  const taxesRounded = halfAwayFromZero(sum(raws), WHOLE_CENTS);
  const taxesCents = roundCents(taxesRounded, currency, [...path, 'taxes_amount_cents']);
  if (isLeft(taxesCents)) return taxesCents;
  const precise = sum(precises);
  const money = moneyOf(currency, [...path, 'taxes_precise_amount']);
  if (isLeft(money)) return money;
  const preciseText = decimalText(centsToUnits(precise, money.right), [
    ...path,
    'taxes_precise_amount',
  ]);
  if (isLeft(preciseText)) return preciseText;
  const rate = rateNumber(sum(rates), [...path, 'taxes_rate']);
  if (isLeft(rate)) return rate;
  return withTotals(
    net,
    {
      cents: taxesCents.right,
      preciseText: preciseText.right,
      rate: rate.right,
      applied,
      rounded: taxesRounded,
      precise,
    },
    path,
  );
}

/** What a fee's taxes add up to, in wire form and (for the totals) as decimals in cents. */
interface TaxSums {
  readonly cents: Cents;
  readonly preciseText: DecimalString;
  readonly rate: Rate;
  readonly applied: AppliedTax[];
  /** Σ raw taxes rounded to whole cents; `undefined` with no taxes (0). */
  readonly rounded: Decimal | undefined;
  /** Σ precise taxes in cents; `undefined` with no taxes (0). */
  readonly precise: Decimal | undefined;
}

/** The tax figures of no taxes, as the wire writes them (`decimalText` of 0 is `"0.0"`). */
const NO_TAX_CENTS = 0 as Cents;
const NO_TAX_TEXT = '0.0' as DecimalString;
const NO_TAX_RATE = 0 as Rate;

/** A fee's totals and pre-tax fields from its taxes' sums, before they are set on it. */
interface Totals {
  readonly total: Cents;
  readonly preciseTotal: DecimalString;
  readonly net: FeeNetFields;
}

/**
 * A fee's totals from its taxes' sums: the amount plus the rounded taxes, the precise amount
 * plus the precise taxes, and the pre-tax sub totals. With no taxes each sum is 0, so the
 * totals are the amounts themselves, taken as they are.
 */
function totalsOf(
  net: FeeNet,
  sums: Pick<TaxSums, 'rounded' | 'precise'>,
  path: readonly string[],
): Either<FeecastError, Totals> {
  const { currency } = net;
  const amount = sums.rounded === undefined ? net.amount : add(net.amount, sums.rounded);
  const total = roundCents(amount, currency, [...path, 'total_amount_cents']);
  if (isLeft(total)) return total;
  const preciseAmount =
    sums.precise === undefined ? net.preciseAmount : add(net.preciseAmount, sums.precise);
  const money = moneyOf(currency, [...path, 'precise_total_amount']);
  if (isLeft(money)) return money;
  const preciseTotalText = decimalText(centsToUnits(preciseAmount, money.right), [
    ...path,
    'precise_total_amount',
  ]);
  if (isLeft(preciseTotalText)) return preciseTotalText;
  const netFields = feeNetFields(net, path);
  if (isLeft(netFields)) return netFields;
  return right({ total: total.right, preciseTotal: preciseTotalText.right, net: netFields.right });
}

/**
 * Whether the tax fields of a fee taxed by none can be written: the checks {@link feeTaxFields}
 * makes with no taxes (its totals and sub totals), without writing the fields. @internal
 *
 * @example
 * checkUntaxedFields(net, ['fees', '0']) // right(undefined)
 */
export function checkUntaxedFields(
  net: FeeNet,
  path: readonly string[],
): Either<FeecastError, void> {
  const totals = totalsOf(net, NO_TAX_SUMS, path);
  return isLeft(totals) ? totals : right(undefined);
}

/** The sums of no taxes, for the totals. */
const NO_TAX_SUMS = { rounded: undefined, precise: undefined };

/** The tax fields of a fee from its taxes' sums ({@link totalsOf}). */
function withTotals(
  net: FeeNet,
  sums: TaxSums,
  path: readonly string[],
): Either<FeecastError, FeeTaxFields> {
  const totals = totalsOf(net, sums, path);
  if (isLeft(totals)) return totals;
  const netFields = totals.right.net;
  // Written out rather than spread: a literal of fixed shape is much cheaper to build.
  const fields: FeeTaxFields = {
    precise_coupons_amount_cents: netFields.precise_coupons_amount_cents,
    sub_total_excluding_taxes_amount_cents: netFields.sub_total_excluding_taxes_amount_cents,
    sub_total_excluding_taxes_precise_amount_cents:
      netFields.sub_total_excluding_taxes_precise_amount_cents,
    taxes_amount_cents: sums.cents,
    taxes_precise_amount: sums.preciseText,
    taxes_rate: sums.rate,
    applied_taxes: sums.applied,
    total_amount_cents: totals.right.total,
    precise_total_amount: totals.right.preciseTotal,
  };
  // The coupon share's decimal goes with its text (`fee-decimals.ts`), to the fee the fields
  // are set on (`applyResolvedTaxes`, `setFeeTaxes`).
  return right(
    keepDecimal(
      fields,
      'precise_coupons_amount_cents',
      fields.precise_coupons_amount_cents,
      net.coupons,
    ),
  );
}
