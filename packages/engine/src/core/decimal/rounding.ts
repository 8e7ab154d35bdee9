import { pow10n } from './powers-of-ten';
import { POW10 } from './safe-integers';
import type { Scale } from './scale';
import { type Decimal, type DecimalValue, decimalOf, fromValue, toValue } from './value';

/**
 * A rounding mode: a named function that rounds a decimal to `scale` decimal places (a
 * negative scale rounds to tens, hundreds...). Modes are always passed explicitly; there is
 * no default rounding anywhere in the engine.
 */
export type Rounding = (value: Decimal, scale: Scale) => Decimal;

/** The modes on magnitudes: toward zero, half up (away from zero), half to even, away from zero. */
type Mode = 0 | 1 | 2 | 3;
const DOWN = 0;
const HALF_UP = 1;
const HALF_EVEN = 2;
const UP = 3;

/**
 * Whether a magnitude rounds up one unit, from what was dropped: its comparison with half a
 * unit (`half`: −1, 0 or 1), whether it is not zero, and whether the kept part is odd.
 */
function roundsUp(mode: Mode, half: number, dropped: boolean, odd: boolean): boolean {
  if (mode === UP) return dropped;
  if (mode === HALF_UP) return half >= 0;
  if (mode === HALF_EVEN) return half > 0 || (half === 0 && odd);
  return false;
}

/**
 * `value` rounded to `scale` places by `mode`, on its magnitude (the sign is put back after):
 * a value with no more places is itself. In doubles when the coefficient is a safe integer and
 * at most 15 digits are dropped (a remainder and an exact division), else on bigints.
 */
function rounded(value: DecimalValue, scale: number, mode: Mode): DecimalValue {
  const drop = value.scale - scale;
  if (drop <= 0) return value;
  const c = value.coefficient;
  if (typeof c === 'number') {
    const unit = POW10[drop];
    if (unit !== undefined) {
      const m = c < 0 ? -c : c;
      const rest = m % unit;
      let kept = (m - rest) / unit;
      const half = unit / 2;
      if (roundsUp(mode, rest > half ? 1 : rest < half ? -1 : 0, rest > 0, kept % 2 === 1))
        kept += 1;
      return decimalOf(c < 0 ? -kept : kept, scale);
    }
  }
  const b = typeof c === 'bigint' ? c : BigInt(c);
  const m = b < 0n ? -b : b;
  const unit = pow10n(drop);
  let kept = m / unit;
  const rest = m - kept * unit;
  const half = unit / 2n;
  if (roundsUp(mode, rest > half ? 1 : rest < half ? -1 : 0, rest > 0n, kept % 2n === 1n))
    kept += 1n;
  return decimalOf(b < 0n ? -kept : kept, scale);
}

function mode(m: Mode): Rounding {
  return (value, scale) => fromValue(rounded(toValue(value), scale, m));
}

function signed(positive: Mode, negative: Mode): Rounding {
  return (value, scale) => {
    const v = toValue(value);
    return fromValue(rounded(v, scale, v.coefficient < 0 ? negative : positive));
  };
}

/**
 * Half away from zero: the money default (2.345 -> 2.35, -2.345 -> -2.35).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(halfAwayFromZero(parseDecimalUnsafe('2.345'), cents)) // => '2.35'
 *   formatDecimal(halfAwayFromZero(parseDecimalUnsafe('-2.345'), cents)) // => '-2.35'
 * }
 */
export const halfAwayFromZero: Rounding = mode(HALF_UP);

/**
 * Half to even, "banker's rounding" (2.345 -> 2.34, 2.355 -> 2.36).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(halfEven(parseDecimalUnsafe('2.345'), cents)) // => '2.34'
 *   formatDecimal(halfEven(parseDecimalUnsafe('2.355'), cents)) // => '2.36'
 * }
 */
export const halfEven: Rounding = mode(HALF_EVEN);

/**
 * Away from zero (2.341 -> 2.35, -2.341 -> -2.35).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(up(parseDecimalUnsafe('2.341'), cents)) // => '2.35'
 *   formatDecimal(up(parseDecimalUnsafe('-2.341'), cents)) // => '-2.35'
 * }
 */
export const up: Rounding = mode(UP);

/**
 * Toward zero, truncation (2.349 -> 2.34, -2.349 -> -2.34).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(down(parseDecimalUnsafe('2.349'), cents)) // => '2.34'
 *   formatDecimal(down(parseDecimalUnsafe('-2.349'), cents)) // => '-2.34'
 * }
 */
export const down: Rounding = mode(DOWN);

/**
 * Toward +∞ (2.341 -> 2.35, -2.349 -> -2.34).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(ceil(parseDecimalUnsafe('2.341'), cents)) // => '2.35'
 *   formatDecimal(ceil(parseDecimalUnsafe('-2.349'), cents)) // => '-2.34'
 * }
 */
export const ceil: Rounding = signed(UP, DOWN);

/**
 * Toward −∞ (2.349 -> 2.34, -2.341 -> -2.35).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(floor(parseDecimalUnsafe('2.349'), cents)) // => '2.34'
 *   formatDecimal(floor(parseDecimalUnsafe('-2.341'), cents)) // => '-2.35'
 * }
 */
export const floor: Rounding = signed(DOWN, UP);
