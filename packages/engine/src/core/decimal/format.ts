import { type Decimal, toBig } from './decimal';

/**
 * The decimal in plain notation, never exponent notation, without trailing zeros and
 * without a negative zero: `1.5e3` -> `"1500"`, `0.000001` -> `"0.000001"`, `-0` -> `"0"`.
 *
 * @example
 * formatDecimal(parseDecimalUnsafe('1.50e-7')) // => '0.00000015'
 */
export function formatDecimal(value: Decimal): string {
  // big.js's own decimal formatting of an exact value: no binary float is involved.
  return toBig(value).toFixed();
}

/**
 * The decimal in plain notation with exactly `places` decimal places (0 or more), padding with
 * zeros. The value must already be rounded to at most `places` places: this never rounds.
 *
 * @example
 * formatDecimalFixed(parseDecimalUnsafe('10'), 1) // => '10.0'
 * formatDecimalFixed(parseDecimalUnsafe('10.125'), 2) // => '10.125'
 */
export function formatDecimalFixed(value: Decimal, places: number): string {
  const big = toBig(value);
  const digits = Math.max(0, big.c.length - big.e - 1);
  // big.js's decimal formatting with enough places for every digit: exact, no binary float.
  return big.toFixed(Math.max(places, digits));
}
