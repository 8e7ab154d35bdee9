import {
  type Cents,
  type DecimalString,
  isCents,
  isDecimalString,
  isRate,
  type Rate,
  type Timestamp,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { currencyExponent, wholeMinorUnits } from './decimal/currency';
import { type Decimal, decimalFromInteger, equals, sign, ZERO } from './decimal/decimal';
import { formatDecimal, formatDecimalFixed } from './decimal/format';
import { down, halfAwayFromZero, type Rounding } from './decimal/rounding';
import type { Scale } from './decimal/scale';
import { type FeecastError, feecastError } from './error';
import { roundToCent } from './money';
import { formatInstant, type Instant } from './time/instant';

/**
 * Converters between the wire's branded scalars and the engine's exact values, for the
 * adjustments modules. Reading never throws: a value that is not what its type promises (an
 * object built by hand rather than decoded) is a `Left` naming its path.
 * @internal
 */

/**
 * A `*_cents` integer as an exact decimal; a fraction or a non-number is a `Left`.
 *
 * @example
 * readCents(1000, ['balance_cents']) // right(1000)
 * readCents(10.5, ['balance_cents']) // left({ code: 'invalid_input', ... })
 * @internal
 */
export function readCents(value: unknown, path: readonly string[]): Either<FeecastError, Decimal> {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    return left(
      feecastError(
        'invalid_input',
        `${path.join('.')} must be an integer number of minor units, got ${JSON.stringify(value) ?? typeof value}.`,
        path,
        { value },
      ),
    );
  }
  return decimalFromInteger(value);
}

/**
 * An exact decimal that is a whole number of minor units as a wire `*_cents` integer; a value
 * with a fraction or beyond ±(2^53 − 1) is a `Left`.
 *
 * @example
 * toWireCents(d('103'), ['amount_cents'])   // right(103)
 * toWireCents(d('103.5'), ['amount_cents']) // left({ code: 'out_of_range', ... })
 * @internal
 */
export function toWireCents(value: Decimal, path: readonly string[]): Either<FeecastError, Cents> {
  const text = formatDecimal(value);
  // Not float arithmetic: the plain text of an exact integer, read as a JSON number would be,
  // and checked to be a safe integer (so it is exactly that integer).
  const n = Number(text);
  if (!equals(roundToCent(value), value) || !Number.isSafeInteger(n)) {
    return left(
      feecastError(
        'out_of_range',
        `${path.join('.')} would be ${text} minor units, which is not a safe integer.`,
        path,
        { value: text },
      ),
    );
  }
  // `Cents` is a safe integer, checked just above.
  return right((n === 0 ? 0 : n) as Cents);
}

/**
 * A decimal as a wire decimal string, in plain notation.
 *
 * @example
 * toWireDecimal(d('1.5e3')) // '1500'
 * @internal
 */
export function toWireDecimal(value: Decimal): DecimalString {
  // formatDecimal writes plain notation (`-?digits(.digits)?`), inside the DecimalString grammar.
  return formatDecimal(value) as DecimalString;
}

/**
 * An instant as a wire timestamp (`YYYY-MM-DDTHH:MM:SSZ`).
 *
 * @example
 * toWireTimestamp(86_400_000) // '1970-01-02T00:00:00Z'
 * @internal
 */
export function toWireTimestamp(instant: Instant): Timestamp {
  // formatInstant writes the service's own UTC form, inside the Timestamp grammar.
  return formatInstant(instant) as Timestamp;
}

/**
 * An integer the engine counted itself (a sequence number, a count) as a wire integer.
 *
 * @example
 * countToWire<Integer>(50) // 50, typed as a wire Integer
 * @internal
 */
export function countToWire<B extends number>(n: number): B {
  // Callers pass small non-negative integers they produced (array lengths plus one).
  return n as B;
}

/** Rounding an amount in minor units to whole minor units is rounding to 0 decimal places. */
export const WHOLE_CENTS = 0 as Scale;

/**
 * An amount in minor units rounded to whole minor units with `rounding` (the same as rounding
 * the amount in currency units to the currency's exponent: moving the point is exact).
 */
function integerCents(
  cents: Decimal,
  currency: string,
  rounding: Rounding,
  path: readonly string[],
): Either<FeecastError, Cents> {
  const exponent = currencyExponent(currency, path);
  if (isLeft(exponent)) return exponent;
  const whole = wholeMinorUnits(rounding(cents, WHOLE_CENTS), currency, path);
  if (isLeft(whole)) return whole;
  return isCents(whole.right)
    ? right(whole.right)
    : left(feecastError('out_of_range', `${whole.right} is not a whole number of cents.`, path));
}

/**
 * An amount in minor units rounded half away from zero to a whole number of them: where the
 * reference rounds (`round(raw_tax)`, a fee's `amount_cents`...).
 *
 * @example
 * roundCents(parseDecimalUnsafe('83.7'), 'EUR', ['taxes_amount_cents']) // right(84)
 */
export function roundCents(
  cents: Decimal,
  currency: string,
  path: readonly string[],
): Either<FeecastError, Cents> {
  return integerCents(cents, currency, halfAwayFromZero, path);
}

/**
 * An amount in minor units truncated toward zero: the reference's integer columns cast a
 * fraction with `to_i` (an invoice applied tax's `fees_amount_cents` 1333.33 -> 1333).
 *
 * @example
 * truncateCents(parseDecimalUnsafe('1333.33333'), 'EUR', ['fees_amount_cents']) // right(1333)
 */
export function truncateCents(
  cents: Decimal,
  currency: string,
  path: readonly string[],
): Either<FeecastError, Cents> {
  return integerCents(cents, currency, down, path);
}

/**
 * A decimal as a wire decimal string in plain notation with at least one decimal place, as
 * the service writes them (`"1000.0"`, `"333.33333"`, `"0.0"`); never exponent notation.
 *
 * @example
 * decimalText(parseDecimalUnsafe('1e3'), ['precise_coupons_amount_cents']) // right('1000.0')
 */
export function decimalText(
  value: Decimal,
  path: readonly string[],
): Either<FeecastError, DecimalString> {
  const text = formatDecimalFixed(sign(value) === 0 ? ZERO : value, 1);
  return isDecimalString(text)
    ? right(text)
    : left(feecastError('out_of_range', `${text} cannot be written as a decimal string.`, path));
}

/**
 * A percentage rate as the JSON number the wire carries (`taxes_rate`, `tax_rate`): the
 * nearest double to the exact decimal. A rate is not money; it is computed exactly (a sum of
 * exact rates) and converted once, here, at the boundary.
 *
 * @example
 * rateNumber(parseDecimalUnsafe('30.3')) // right(30.3), where 10.1 + 20.2 in doubles is 30.299999999999997
 */
export function rateNumber(value: Decimal, path: readonly string[]): Either<FeecastError, Rate> {
  // Not money arithmetic: the shortest plain text of an exact decimal read as a JSON number.
  const rate = Number(formatDecimal(value));
  return isRate(rate)
    ? right(rate)
    : left(
        feecastError(
          'out_of_range',
          `The rate ${formatDecimal(value)} is beyond a JSON number.`,
          path,
        ),
      );
}
