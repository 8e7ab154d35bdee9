import { plainText, plainTextFixed } from './text';
import { type Decimal, toValue } from './value';

/** The largest number of places `formatDecimalFixed` writes. */
const MAX_PLACES = 1e6;

/**
 * The decimal in plain notation, never exponent notation, without trailing zeros and
 * without a negative zero: `1.5e3` -> `"1500"`, `0.000001` -> `"0.000001"`, `-0` -> `"0"`.
 *
 * @example
 * formatDecimal(parseDecimalUnsafe('1.50e-7')) // => '0.00000015'
 */
export function formatDecimal(value: Decimal): string {
  const v = toValue(value);
  return plainText(v.coefficient, v.scale);
}

/**
 * The decimal in plain notation with exactly `places` decimal places (0 or more), padding with
 * zeros. The value must already be rounded to at most `places` places: this never rounds.
 * `places` that is not an integer from 0 to 1,000,000 is a `RangeError` (a bug of the caller).
 *
 * @example
 * formatDecimalFixed(parseDecimalUnsafe('10'), 1) // => '10.0'
 * formatDecimalFixed(parseDecimalUnsafe('10.125'), 2) // => '10.125'
 */
export function formatDecimalFixed(value: Decimal, places: number): string {
  const v = toValue(value);
  const decimals = Math.max(v.scale, 0);
  const shown = Math.max(places, decimals);
  if (!Number.isInteger(shown) || shown > MAX_PLACES) {
    throw new RangeError(`Invalid number of decimal places: ${String(places)}.`);
  }
  return plainTextFixed(v.coefficient, v.scale, shown);
}
