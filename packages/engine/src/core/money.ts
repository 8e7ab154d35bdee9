/**
 * Money, exactly: a currency and its minor unit, conversions between minor units ("cents")
 * and currency units, rounding to a whole cent, percentages. The one home of these for every
 * stage (fees, coupons, taxes, wallets, commitments, credit notes); the wire forms of amounts
 * are in `wire.ts`.
 * @internal
 */
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { currencyExponent, fromCents } from './decimal/currency';
import { type Decimal, decimalFromInteger, divide, multiply } from './decimal/decimal';
import { parseDecimalUnsafe } from './decimal/parse';
import { halfAwayFromZero } from './decimal/rounding';
import type { Scale } from './decimal/scale';
import type { FeecastError } from './error';

/**
 * A currency as the stages compute with it: amounts travel in minor units ("cents") as exact
 * decimals, and are converted to currency units only where the wire carries units
 * (`precise_amount`, wallet `amount`).
 * @internal
 */
export interface Money {
  readonly currency: string;
  /** Decimal places of the minor unit (EUR 2, JPY 0, KWD 3). */
  readonly exponent: Scale;
  /** 10^-exponent: one minor unit in currency units. */
  readonly unit: Decimal;
  /** 10^exponent: minor units per currency unit. */
  readonly subunit: Decimal;
}

/**
 * Pricing units always have two decimals (charge-models.md §3): their cents are those of a
 * two-digit currency.
 *
 * @example
 * moneyOf(PRICING_UNIT_CURRENCY) // right({ exponent: 2, subunit: 100, unit: 0.01, ... })
 * @internal
 */
export const PRICING_UNIT_CURRENCY = 'EUR';

/** The money of the currencies asked so far (ISO 4217 codes only: a bounded set). */
const KNOWN = new Map<string, Money>();

/**
 * The {@link Money} of an ISO 4217 code; an unknown code is a `Left` (`unknown_currency`).
 * Each currency's is computed once.
 *
 * @example
 * moneyOf('EUR', ['currency']) // right({ currency: 'EUR', exponent: 2, unit: 0.01, subunit: 100 })
 * @internal
 */
export function moneyOf(
  currency: string,
  path: readonly string[] = ['currency'],
): Either<FeecastError, Money> {
  const known = KNOWN.get(currency);
  if (known !== undefined) return right(known);
  const exponent = currencyExponent(currency, path);
  if (isLeft(exponent)) return exponent;
  const unit = fromCents(1, currency, path);
  if (isLeft(unit)) return unit;
  // 10^exponent for an ISO 4217 exponent (0 to 4): an integer count, not an amount.
  const subunit = decimalFromInteger(10 ** exponent.right);
  if (isLeft(subunit)) return subunit;
  const money = { currency, exponent: exponent.right, unit: unit.right, subunit: subunit.right };
  KNOWN.set(currency, money);
  return right(money);
}

/**
 * Minor units to currency units, exactly (1234 EUR cents -> 12.34).
 *
 * @example
 * centsToUnits(d('1234'), eur) // 12.34
 * @internal
 */
export function centsToUnits(cents: Decimal, money: Money): Decimal {
  return multiply(cents, money.unit);
}

/**
 * Currency units to minor units, exactly (12.345 EUR -> 1234.5).
 *
 * @example
 * unitsToCents(d('12.345'), eur) // 1234.5
 * @internal
 */
export function unitsToCents(units: Decimal, money: Money): Decimal {
  return multiply(units, money.subunit);
}

/**
 * An amount in minor units rounded to a whole minor unit, half away from zero.
 *
 * @example
 * roundToCent(d('283.87')) // 284
 * @internal
 */
export function roundToCent(cents: Decimal): Decimal {
  return halfAwayFromZero(cents, 0 as Scale);
}

/**
 * a ÷ b, or `fallback` when b is 0: the reference's "0 when the divisor is 0" ratios
 * (item rate of a zero fee, tax share of a zero subtotal...).
 *
 * @example
 * ratioOr(d('1'), d('0'), ZERO) // 0
 * @internal
 */
export function ratioOr(a: Decimal, b: Decimal, fallback: Decimal): Decimal {
  const q = divide(a, b);
  return isLeft(q) ? fallback : q.right;
}

/** 1/100, exactly (a literal, so reading it cannot fail). */
const ONE_PERCENT: Decimal = parseDecimalUnsafe('0.01');

/**
 * `amount × percent / 100`, exact (no rounding: dividing by 100 only moves the point).
 *
 * @example
 * formatDecimal(percentOf(parseDecimalUnsafe('151'), parseDecimalUnsafe('30'))) // '45.3'
 */
export function percentOf(amount: Decimal, percent: Decimal): Decimal {
  return multiply(multiply(amount, percent), ONE_PERCENT);
}
