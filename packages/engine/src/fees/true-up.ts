import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  compare,
  type Decimal,
  decimalFromCount,
  decimalFromInteger,
  divide,
  type FeecastError,
  feecastError,
  formatDecimal,
  halfAwayFromZero,
  moneyOf,
  multiply,
  PRICING_UNIT_CURRENCY,
  subtract,
  toCents,
} from '../core/index';
import { type FeeAmountFields, precise } from './fee-amounts';
import { keepDecimal, spreadDecimals } from './fee-decimals';
import {
  type AppliedPricingUnit,
  type PricingUnitDetailsFields,
  pricingUnitAmounts,
} from './pricing-units';

/** What the true-up of a charge's `min_amount_cents` is computed from (charge-models.md §4). */
export interface TrueUpInput {
  /** The charge's `min_amount_cents` (in pricing-unit cents when it has a pricing unit). */
  readonly min_amount_cents: number;
  /** Σ `amount_cents` of every fee of the charge in this billing (pricing-unit cents with one). */
  readonly used_amount_cents: number;
  /** Σ `precise_amount_cents` of the same fees (exact, as a decimal). */
  readonly used_precise_amount_cents: Decimal;
  /** Days of the full charges period. */
  readonly charges_duration_days: number;
  /** Days billed, counted in the customer's time zone (one less after an upgrade). */
  readonly days_billed: number;
  readonly currency: string;
  readonly pricing_unit?: AppliedPricingUnit;
}

/** The true-up fee's figures: one unit, no events, the shortfall as its amount. */
export interface TrueUpFee extends FeeAmountFields {
  readonly units: '1';
  readonly total_aggregated_units: '1';
  readonly events_count: 0;
  readonly pricing_unit_details?: PricingUnitDetailsFields;
}

function count(value: number, key: string, min: number): Either<FeecastError, Decimal> {
  return Number.isSafeInteger(value) && value >= min
    ? right(decimalFromCount(value))
    : left(
        feecastError('invalid_input', `${key} must be a whole number >= ${min}.`, [key], { value }),
      );
}

/**
 * The `min_amount_cents` true-up of a charge (charge-models.md §4): the minimum prorated to the
 * days billed (`min × days_billed ÷ charges_duration_days`, exactly), and when the charge's fees
 * used less, a fee for the shortfall (`amount_cents` rounded half away from zero,
 * `precise_amount_cents` from the precise sum, one unit). `null` when no true-up is due. With a
 * pricing unit the shortfall is a pricing-unit amount converted as in §3.
 *
 * @example
 * minAmountTrueUp({ min_amount_cents: 1000, used_amount_cents: 200,
 *   used_precise_amount_cents: decimalFromCount(200), charges_duration_days: 31, days_billed: 15, currency: 'EUR' })
 * // right({ amount_cents: 284, precise_amount_cents: '283.870967741935484', units: '1', ... })
 */
export function minAmountTrueUp(input: TrueUpInput): Either<FeecastError, TrueUpFee | null> {
  const minimum = count(input.min_amount_cents, 'min_amount_cents', 0);
  if (isLeft(minimum)) return minimum;
  const duration = count(input.charges_duration_days, 'charges_duration_days', 1);
  if (isLeft(duration)) return duration;
  const days = count(input.days_billed, 'days_billed', 0);
  if (isLeft(days)) return days;
  const used = decimalFromInteger(input.used_amount_cents);
  if (isLeft(used)) return used;
  const minor = moneyOf(input.currency);
  if (isLeft(minor)) return minor;
  const prorated = divide(multiply(minimum.right, days.right), duration.right);
  if (isLeft(prorated)) return prorated;
  if (compare(used.right, prorated.right) >= 0) return right(null);
  const shortfall = subtract(prorated.right, used.right);
  const one = { units: '1', total_aggregated_units: '1', events_count: 0 } as const;
  if (input.pricing_unit !== undefined) {
    const pricing = moneyOf(PRICING_UNIT_CURRENCY);
    if (isLeft(pricing)) return pricing;
    const amount = formatDecimal(multiply(shortfall, pricing.right.unit));
    const converted = pricingUnitAmounts(
      { amount, unit_amount: amount },
      input.pricing_unit,
      input.currency,
    );
    if (isLeft(converted)) return converted;
    return right(
      spreadDecimals(
        {
          ...converted.right.fee,
          ...one,
          pricing_unit_details: converted.right.pricing_unit_details,
        },
        converted.right.fee,
      ),
    );
  }
  const cents = toCents(multiply(shortfall, minor.right.unit), input.currency, halfAwayFromZero);
  if (isLeft(cents)) return cents;
  const preciseCents = precise(subtract(prorated.right, input.used_precise_amount_cents));
  const unitAmount = precise(multiply(preciseCents, minor.right.unit));
  const text = formatDecimal(unitAmount);
  return right(
    keepDecimal(
      {
        ...one,
        amount_cents: cents.right,
        precise_amount_cents: formatDecimal(preciseCents),
        unit_amount_cents: cents.right,
        precise_unit_amount: text,
        precise_amount: text,
      },
      'precise_amount',
      text,
      unitAmount,
    ),
  );
}
