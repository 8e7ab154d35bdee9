import { Big, type BigValue } from './big';
import { type Decimal, fromBig, toBig } from './decimal';
import type { Scale } from './scale';

/**
 * A rounding mode: a named function that rounds a decimal to `scale` decimal places (a
 * negative scale rounds to tens, hundreds...). Modes are always passed explicitly; there is
 * no default rounding anywhere in the engine.
 */
export type Rounding = (value: Decimal, scale: Scale) => Decimal;

function mode(rm: 0 | 1 | 2 | 3): Rounding {
  return (value, scale) => fromBig(toBig(value).round(scale, rm));
}

function signed(positive: 0 | 3, negative: 0 | 3): Rounding {
  return (value, scale) => {
    const big: BigValue = toBig(value);
    return fromBig(big.round(scale, big.s < 0 ? negative : positive));
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
export const halfAwayFromZero: Rounding = mode(Big.roundHalfUp);

/**
 * Half to even, "banker's rounding" (2.345 -> 2.34, 2.355 -> 2.36).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(halfEven(parseDecimalUnsafe('2.345'), cents)) // => '2.34'
 *   formatDecimal(halfEven(parseDecimalUnsafe('2.355'), cents)) // => '2.36'
 * }
 */
export const halfEven: Rounding = mode(Big.roundHalfEven);

/**
 * Away from zero (2.341 -> 2.35, -2.341 -> -2.35).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(up(parseDecimalUnsafe('2.341'), cents)) // => '2.35'
 *   formatDecimal(up(parseDecimalUnsafe('-2.341'), cents)) // => '-2.35'
 * }
 */
export const up: Rounding = mode(Big.roundUp);

/**
 * Toward zero, truncation (2.349 -> 2.34, -2.349 -> -2.34).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(down(parseDecimalUnsafe('2.349'), cents)) // => '2.34'
 *   formatDecimal(down(parseDecimalUnsafe('-2.349'), cents)) // => '-2.34'
 * }
 */
export const down: Rounding = mode(Big.roundDown);

/**
 * Toward +∞ (2.341 -> 2.35, -2.349 -> -2.34).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(ceil(parseDecimalUnsafe('2.341'), cents)) // => '2.35'
 *   formatDecimal(ceil(parseDecimalUnsafe('-2.349'), cents)) // => '-2.34'
 * }
 */
export const ceil: Rounding = signed(Big.roundUp, Big.roundDown);

/**
 * Toward −∞ (2.349 -> 2.34, -2.341 -> -2.35).
 * @example
 * const cents = 2; // a Scale: 2 decimal places
 * if (isScale(cents)) {
 *   formatDecimal(floor(parseDecimalUnsafe('2.349'), cents)) // => '2.34'
 *   formatDecimal(floor(parseDecimalUnsafe('-2.341'), cents)) // => '-2.35'
 * }
 */
export const floor: Rounding = signed(Big.roundDown, Big.roundUp);
