import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  decimalFromInteger,
  type FeecastError,
  feecastError,
  formatDecimal,
  moneyOf,
  multiply,
  PRICING_UNIT_CURRENCY,
  parseDecimal,
  sign,
} from '../core/index';
import {
  amountFields,
  type FeeAmountFields,
  type ModelAmounts,
  readModelAmounts,
} from './fee-amounts';

/** A charge's applied pricing unit: which unit, and how many currency units one unit is worth. */
export interface AppliedPricingUnit {
  readonly svc_pricing_unit_id: string;
  readonly pricing_unit_code: string;
  readonly short_name: string;
  /** Currency units per pricing unit, a decimal string > 0. */
  readonly conversion_rate: string;
}

/** A fee's `pricing_unit_details` (spec.md, "pricing unit details"). */
export interface PricingUnitDetailsFields {
  readonly svc_pricing_unit_id: string;
  readonly pricing_unit_code: string;
  readonly short_name: string;
  readonly amount_cents: number;
  readonly unit_amount_cents: number;
  readonly precise_amount_cents: string;
  readonly precise_unit_amount: string;
  readonly conversion_rate: string;
}

function conversionRate(value: unknown): Either<FeecastError, Decimal> {
  const rate = parseDecimal(value, ['conversion_rate']);
  if (isLeft(rate)) return rate;
  return sign(rate.right) > 0
    ? rate
    : left(
        feecastError(
          'invalid_input',
          'conversion_rate must be a decimal > 0: the currency units one pricing unit is worth.',
          ['conversion_rate'],
          { value },
        ),
      );
}

/**
 * The pricing-unit side of a fee (charge-models.md §3): the model's amount and unit amount,
 * which are in pricing units, as `pricing_unit_details` (two decimals: `amount_cents` rounded
 * half away from zero, `unit_amount_cents` truncated).
 *
 * @example
 * pricingUnitDetails({ amount: '10655.243249', unit_amount: '5.5423123' }, credits)
 * // right({ amount_cents: 1065524, precise_amount_cents: '1065524.3249', unit_amount_cents: 554,
 * //         precise_unit_amount: '5.5423123', ...credits })
 */
export function pricingUnitDetails(
  model: { readonly amount: string; readonly unit_amount: string },
  pricingUnit: AppliedPricingUnit,
): Either<FeecastError, PricingUnitDetailsFields> {
  const rate = conversionRate(pricingUnit.conversion_rate);
  if (isLeft(rate)) return rate;
  const amounts = readModelAmounts(model);
  if (isLeft(amounts)) return amounts;
  return detailsAt(amounts.right, pricingUnit, rate.right);
}

/** {@link pricingUnitDetails} of amounts read as decimals, at a checked conversion rate. */
function detailsAt(
  amounts: ModelAmounts,
  pricingUnit: AppliedPricingUnit,
  rate: Decimal,
): Either<FeecastError, PricingUnitDetailsFields> {
  const minor = moneyOf(PRICING_UNIT_CURRENCY);
  if (isLeft(minor)) return minor;
  const fields = amountFields(amounts.amount, amounts.unitAmount, minor.right, []);
  if (isLeft(fields)) return fields;
  return right({
    svc_pricing_unit_id: pricingUnit.svc_pricing_unit_id,
    pricing_unit_code: pricingUnit.pricing_unit_code,
    short_name: pricingUnit.short_name,
    amount_cents: fields.right.amount_cents,
    unit_amount_cents: fields.right.unit_amount_cents,
    precise_amount_cents: fields.right.precise_amount_cents,
    precise_unit_amount: fields.right.precise_unit_amount,
    conversion_rate: formatDecimal(rate),
  });
}

/**
 * The currency side of a fee priced in pricing units (charge-models.md §3): from the ROUNDED
 * pricing-unit cents, `fiat = amount_cents × conversion_rate / 100` and from the truncated unit
 * cents `fiat_unit = unit_amount_cents × conversion_rate / 100`, then the fee fields of §2.
 *
 * @example
 * pricingUnitToFiat({ amount_cents: 1065524, unit_amount_cents: 550, conversion_rate: '0.0075' }, 'USD')
 * // right({ amount_cents: 7991, precise_amount_cents: '7991.43', unit_amount_cents: 4,
 * //         precise_unit_amount: '0.04125', precise_amount: '79.9143' })
 */
export function pricingUnitToFiat(
  details: {
    readonly amount_cents: number;
    readonly unit_amount_cents: number;
    readonly conversion_rate: string;
  },
  currency: string,
): Either<FeecastError, FeeAmountFields> {
  const rate = conversionRate(details.conversion_rate);
  if (isLeft(rate)) return rate;
  const pricing = moneyOf(PRICING_UNIT_CURRENCY);
  if (isLeft(pricing)) return pricing;
  const fiat = moneyOf(currency);
  if (isLeft(fiat)) return fiat;
  const cents = decimalFromInteger(details.amount_cents);
  if (isLeft(cents)) return cents;
  const unitCents = decimalFromInteger(details.unit_amount_cents);
  if (isLeft(unitCents)) return unitCents;
  const toFiat = (value: Decimal) => multiply(multiply(value, rate.right), pricing.right.unit);
  return amountFields(toFiat(cents.right), toFiat(unitCents.right), fiat.right, []);
}

/**
 * Both sides of a fee whose charge is priced in a pricing unit (charge-models.md §3): the
 * `pricing_unit_details` and the fee's own amount fields in `currency`.
 *
 * @example
 * pricingUnitAmounts({ amount: '20', unit_amount: '20' }, { ...credits, conversion_rate: '0.25' }, 'EUR')
 * // right({ pricing_unit_details: { amount_cents: 2000, ... }, fee: { amount_cents: 500, ... } })
 */
export function pricingUnitAmounts(
  model: { readonly amount: string; readonly unit_amount: string },
  pricingUnit: AppliedPricingUnit,
  currency: string,
): Either<FeecastError, PricingUnitAmounts> {
  return withFiat(pricingUnitDetails(model, pricingUnit), currency);
}

/**
 * {@link pricingUnitAmounts} of amounts already read as decimals (no text written and read
 * back). @internal
 *
 * @example
 * modelPricingUnitAmounts({ amount: parse('20'), unitAmount: parse('20') }, credits, 'EUR')
 * // right({ pricing_unit_details: { amount_cents: 2000, ... }, fee: { amount_cents: 500, ... } })
 */
export function modelPricingUnitAmounts(
  amounts: ModelAmounts,
  pricingUnit: AppliedPricingUnit,
  currency: string,
): Either<FeecastError, PricingUnitAmounts> {
  const rate = conversionRate(pricingUnit.conversion_rate);
  if (isLeft(rate)) return rate;
  return withFiat(detailsAt(amounts, pricingUnit, rate.right), currency);
}

/** Both sides of a fee priced in a pricing unit: its details and its fields in the currency. */
export interface PricingUnitAmounts {
  readonly fee: FeeAmountFields;
  readonly pricing_unit_details: PricingUnitDetailsFields;
}

function withFiat(
  details: Either<FeecastError, PricingUnitDetailsFields>,
  currency: string,
): Either<FeecastError, PricingUnitAmounts> {
  if (isLeft(details)) return details;
  const fee = pricingUnitToFiat(details.right, currency);
  if (isLeft(fee)) return fee;
  return right({ fee: fee.right, pricing_unit_details: details.right });
}
