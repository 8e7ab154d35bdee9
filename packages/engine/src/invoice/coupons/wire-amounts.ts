/**
 * The money fields of the wire format, read into exact decimals and written back: integer
 * `*_cents`, decimal strings in cents (`precise_coupons_amount_cents`), decimal strings in
 * currency units (`precise_amount`, `taxes_precise_amount`) and percentage rates (JSON numbers).
 * Shared by the stages that move money on an invoice: coupons, taxes and invoice totals.
 * @internal
 */
import { Cents, DecimalString, Rate } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import {
  currencyExponent,
  type Decimal,
  decimalFromInteger,
  down,
  type FeecastError,
  feecastError,
  formatDecimal,
  formatDecimalFixed,
  halfAwayFromZero,
  movePoint,
  type Rounding,
  type Scale,
  sign,
  wholeMinorUnits,
  ZERO,
} from '../../core/index';

/**
 * An integer `*_cents` field as an exact decimal; anything but a safe integer is a `Left`
 * that names the field.
 *
 * @example
 * readCents(1500, ['fees', '0', 'amount_cents']) // right(1500)
 * readCents(12.5, ['fees', '0', 'amount_cents']) // left(invalid_input)
 */
export function readCents(value: unknown, path: readonly string[]): Either<FeecastError, Decimal> {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    return left(
      feecastError(
        'invalid_input',
        `${path.join('.')} must be an integer number of cents, got ${JSON.stringify(value) ?? String(value)}.`,
        path,
        { value },
      ),
    );
  }
  return decimalFromInteger(value);
}

/** Rounding an amount in minor units to whole minor units is rounding to 0 decimal places. */
export const WHOLE_CENTS = 0 as Scale;

/**
 * An amount in currency units as minor units, unrounded: `precise_amount` "12.345" in EUR is
 * 1234.5 cents.
 *
 * @example
 * unitsToCents(parseDecimalUnsafe('12.345'), 'EUR', ['currency']) // right(1234.5)
 */
export function unitsToCents(
  units: Decimal,
  currency: string,
  path: readonly string[],
): Either<FeecastError, Decimal> {
  const exponent = currencyExponent(currency, path);
  return exponent._tag === 'Left' ? exponent : right(movePoint(units, exponent.right));
}

/**
 * An amount in minor units as currency units, unrounded: 1234.5 EUR cents is 12.345 EUR.
 *
 * @example
 * centsToUnits(parseDecimalUnsafe('1234.5'), 'EUR', ['currency']) // right(12.345)
 */
export function centsToUnits(
  cents: Decimal,
  currency: string,
  path: readonly string[],
): Either<FeecastError, Decimal> {
  const exponent = currencyExponent(currency, path);
  return exponent._tag === 'Left' ? exponent : right(movePoint(cents, -exponent.right));
}

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
  if (exponent._tag === 'Left') return exponent;
  const whole = wholeMinorUnits(rounding(cents, WHOLE_CENTS), currency, path);
  if (whole._tag === 'Left') return whole;
  return Cents.is(whole.right)
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
  return DecimalString.is(text)
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
  return Rate.is(rate)
    ? right(rate)
    : left(
        feecastError(
          'out_of_range',
          `The rate ${formatDecimal(value)} is beyond a JSON number.`,
          path,
        ),
      );
}
