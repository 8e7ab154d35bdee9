import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../error';
import { quotient } from './division';
import { decimalOfNumber } from './parse';
import { MAX_SAFE, POW10 } from './safe-integers';
import {
  bigAt,
  type Decimal,
  DecimalValue,
  decimalOf,
  fromValue,
  toValue,
  ZERO_VALUE,
} from './value';

export type { Decimal } from './value';

/**
 * `true` when `value` is a decimal of the engine (e.g. an expression's numeric result).
 *
 * @example
 * isDecimal(parseDecimalUnsafe('1.5')) // => true
 * isDecimal('1.5') // => false
 */
export function isDecimal(value: unknown): value is Decimal {
  return value instanceof DecimalValue;
}

/** The decimal 0. */
export const ZERO: Decimal = fromValue(ZERO_VALUE);
/** The decimal 1. */
export const ONE: Decimal = fromValue(decimalOf(1, 0));

/**
 * An exact decimal from a safe integer, or from a bigint of any size.
 *
 * @example
 * const n = decimalFromInteger(1250);
 * n._tag === 'Right' && formatDecimal(n.right) // => '1250'
 * decimalFromInteger(2 ** 53) // ~> left({ code: 'out_of_range' })
 */
export function decimalFromInteger(n: number | bigint): Either<FeecastError, Decimal> {
  if (typeof n === 'number' && !Number.isSafeInteger(n)) {
    return left(
      feecastError('out_of_range', `Expected a safe integer, got ${String(n)}.`, undefined, {
        value: n,
      }),
    );
  }
  return right(fromValue(decimalOf(n, 0)));
}

/** x + y: on the coefficients in doubles while they stay safe integers, else on bigints. */
function plus(x: DecimalValue, y: DecimalValue): DecimalValue {
  const cx = x.coefficient;
  const cy = y.coefficient;
  if (typeof cx === 'number' && typeof cy === 'number') {
    if (cx === 0) return y;
    if (cy === 0) return x;
    // Both at the larger scale; a product or sum whose double is within ±(2^53 − 1) is exact
    // (rounding is monotonic and 2^53 − 1 is a double, so an inexact one lands beyond it).
    const d = x.scale - y.scale;
    const ax = d >= 0 ? cx : cx * (POW10[-d] ?? Number.POSITIVE_INFINITY);
    const ay = d <= 0 ? cy : cy * (POW10[d] ?? Number.POSITIVE_INFINITY);
    if (ax <= MAX_SAFE && ax >= -MAX_SAFE && ay <= MAX_SAFE && ay >= -MAX_SAFE) {
      const t = ax + ay;
      if (t <= MAX_SAFE && t >= -MAX_SAFE) return decimalOf(t, d >= 0 ? x.scale : y.scale);
    }
  }
  const to = Math.max(x.scale, y.scale);
  return decimalOf(bigAt(x, to) + bigAt(y, to), to);
}

/** −x. */
function minus(x: DecimalValue): DecimalValue {
  const c = x.coefficient;
  // The one zero has no sign.
  return c === 0 ? x : new DecimalValue(-c, x.scale);
}

/**
 * a + b, exactly.
 *
 * @example
 * formatDecimal(add(parseDecimalUnsafe('0.1'), parseDecimalUnsafe('0.2'))) // => '0.3'
 */
export function add(a: Decimal, b: Decimal): Decimal {
  return fromValue(plus(toValue(a), toValue(b)));
}

/**
 * a − b, exactly.
 *
 * @example
 * formatDecimal(subtract(parseDecimalUnsafe('1'), parseDecimalUnsafe('0.9'))) // => '0.1'
 */
export function subtract(a: Decimal, b: Decimal): Decimal {
  return fromValue(plus(toValue(a), minus(toValue(b))));
}

/**
 * a × b, exactly.
 *
 * @example
 * formatDecimal(multiply(parseDecimalUnsafe('54874.5'), parseDecimalUnsafe('0.0025'))) // => '137.18625'
 */
export function multiply(a: Decimal, b: Decimal): Decimal {
  const x = toValue(a);
  const y = toValue(b);
  const cx = x.coefficient;
  const cy = y.coefficient;
  if (typeof cx === 'number' && typeof cy === 'number') {
    // A product of integers whose double is within ±(2^53 − 1) is exact (see `plus`).
    const p = cx * cy;
    if (p <= MAX_SAFE && p >= -MAX_SAFE) return fromValue(decimalOf(p, x.scale + y.scale));
  }
  return fromValue(decimalOf(BigInt(cx) * BigInt(cy), x.scale + y.scale));
}

/**
 * a ÷ b to 40 decimal places (half away from zero at the 40th); round the result explicitly
 * to the scale you need. A zero divisor is a `Left`, never `Infinity`.
 *
 * @example
 * const quarter = divide(parseDecimalUnsafe('1'), parseDecimalUnsafe('4'));
 * quarter._tag === 'Right' && formatDecimal(quarter.right) // => '0.25'
 * divide(ONE, ZERO) // ~> left({ code: 'division_by_zero' })
 */
export function divide(a: Decimal, b: Decimal): Either<FeecastError, Decimal> {
  const divisor = toValue(b);
  if (divisor.coefficient === 0) {
    return left(feecastError('division_by_zero', 'Cannot divide by zero.'));
  }
  return right(fromValue(quotient(toValue(a), divisor)));
}

/**
 * a × 10^places, exactly, for an integer `places` (negative: ÷ 10^-places): a move of the
 * decimal point (the same digits, another scale), with no multiplication or division.
 *
 * @example
 * formatDecimal(movePoint(parseDecimalUnsafe('12.345'), 2)) // => '1234.5'
 * formatDecimal(movePoint(parseDecimalUnsafe('1234.5'), -2)) // => '12.345'
 */
export function movePoint(a: Decimal, places: number): Decimal {
  const value = toValue(a);
  if (places === 0 || value.coefficient === 0) return a;
  return fromValue(new DecimalValue(value.coefficient, value.scale - places));
}

/**
 * −a.
 *
 * @example
 * formatDecimal(negate(parseDecimalUnsafe('2.5'))) // => '-2.5'
 */
export function negate(a: Decimal): Decimal {
  return fromValue(minus(toValue(a)));
}

/**
 * |a|.
 *
 * @example
 * formatDecimal(abs(parseDecimalUnsafe('-2.5'))) // => '2.5'
 */
export function abs(a: Decimal): Decimal {
  const value = toValue(a);
  return value.coefficient < 0 ? fromValue(minus(value)) : a;
}

/**
 * −1, 0 or 1 as a is less than, equal to or greater than b.
 *
 * @example
 * compare(parseDecimalUnsafe('9.99'), parseDecimalUnsafe('10')) // => -1
 * compare(parseDecimalUnsafe('1.50'), parseDecimalUnsafe('1.5')) // => 0
 */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const x = toValue(a);
  const y = toValue(b);
  const sx = signOf(x.coefficient);
  const sy = signOf(y.coefficient);
  if (sx !== sy) return sx < sy ? -1 : 1;
  if (sx === 0) return 0;
  const cx = x.coefficient;
  const cy = y.coefficient;
  if (typeof cx === 'number' && typeof cy === 'number') {
    const d = x.scale - y.scale;
    const ax = d >= 0 ? cx : cx * (POW10[-d] ?? Number.POSITIVE_INFINITY);
    const ay = d <= 0 ? cy : cy * (POW10[d] ?? Number.POSITIVE_INFINITY);
    // Both exact (see `plus`): compared as they are.
    if (ax <= MAX_SAFE && ax >= -MAX_SAFE && ay <= MAX_SAFE && ay >= -MAX_SAFE)
      return ax < ay ? -1 : ax > ay ? 1 : 0;
  }
  const to = Math.max(x.scale, y.scale);
  const bx = bigAt(x, to);
  const by = bigAt(y, to);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

function signOf(c: number | bigint): -1 | 0 | 1 {
  return c > 0 ? 1 : c < 0 ? -1 : 0;
}

/**
 * a = b in value (`1.50` equals `1.5`).
 *
 * @example
 * equals(parseDecimalUnsafe('1.50'), parseDecimalUnsafe('1.5')) // => true
 */
export function equals(a: Decimal, b: Decimal): boolean {
  const x = toValue(a);
  const y = toValue(b);
  // One form per value: equal values have equal fields.
  return x.scale === y.scale && x.coefficient === y.coefficient;
}

/**
 * The smaller of a and b.
 *
 * @example
 * formatDecimal(min(parseDecimalUnsafe('-1'), parseDecimalUnsafe('0.5'))) // => '-1'
 */
export function min(a: Decimal, b: Decimal): Decimal {
  return compare(a, b) <= 0 ? a : b;
}

/**
 * The larger of a and b.
 *
 * @example
 * formatDecimal(max(parseDecimalUnsafe('-1'), parseDecimalUnsafe('0.5'))) // => '0.5'
 */
export function max(a: Decimal, b: Decimal): Decimal {
  return compare(a, b) >= 0 ? a : b;
}

/**
 * −1, 0 or 1: the sign of a.
 *
 * @example
 * sign(parseDecimalUnsafe('-0.001')) // => -1
 * sign(ZERO) // => 0
 */
export function sign(a: Decimal): -1 | 0 | 1 {
  return signOf(toValue(a).coefficient);
}

/**
 * Σ values, exactly (0 for none). For many values use `createDecimalSum`.
 *
 * @example
 * formatDecimal(sum(['137.18625', '60.558', '13.203'].map(parseDecimalUnsafe))) // => '210.94725'
 * formatDecimal(sum([])) // => '0'
 */
export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO_VALUE;
  for (const value of values) total = plus(total, toValue(value));
  return fromValue(total);
}

/** x + y on the engine's values, for the exact accumulator. @internal */
export function addValues(x: DecimalValue, y: DecimalValue): DecimalValue {
  return plus(x, y);
}

/**
 * A count (a non-negative safe integer such as a number of events) as a decimal. Counts come
 * from the engine's own counters, so no `Either` is needed.
 *
 * @example
 * formatDecimal(decimalFromCount(3)) // => '3'
 */
export function decimalFromCount(count: number): Decimal {
  return Number.isSafeInteger(count) ? fromValue(decimalOf(count, 0)) : decimalOfNumber(count);
}
