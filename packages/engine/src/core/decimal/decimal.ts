import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../error';
import { Big, type BigValue, DIVISION_PLACES } from './big';

declare const decimalBrand: unique symbol;

/**
 * An exact decimal number. Opaque: create one with `parseDecimal`, `decimalFromInteger` or
 * the arithmetic below, read it with `formatDecimal`. No binary floating point is involved.
 */
export interface Decimal {
  readonly [decimalBrand]: 'Decimal';
}

/** @internal */
export function fromBig(value: BigValue): Decimal {
  return value as unknown as Decimal;
}

/** @internal */
export function toBig(value: Decimal): BigValue {
  return value as unknown as BigValue;
}

/**
 * `true` when `value` is a decimal of the engine (e.g. an expression's numeric result).
 *
 * @example
 * isDecimal(parseDecimalUnsafe('1.5')) // => true
 * isDecimal('1.5') // => false
 */
export function isDecimal(value: unknown): value is Decimal {
  return value instanceof Big;
}

/** The decimal 0. */
export const ZERO: Decimal = fromBig(new Big('0'));
/** The decimal 1. */
export const ONE: Decimal = fromBig(new Big('1'));

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
  return right(fromBig(new Big(n.toString())));
}

/**
 * a + b, exactly.
 *
 * @example
 * formatDecimal(add(parseDecimalUnsafe('0.1'), parseDecimalUnsafe('0.2'))) // => '0.3'
 */
export function add(a: Decimal, b: Decimal): Decimal {
  return fromBig(toBig(a).plus(toBig(b)));
}

/**
 * a − b, exactly.
 *
 * @example
 * formatDecimal(subtract(parseDecimalUnsafe('1'), parseDecimalUnsafe('0.9'))) // => '0.1'
 */
export function subtract(a: Decimal, b: Decimal): Decimal {
  return fromBig(toBig(a).minus(toBig(b)));
}

/**
 * a × b, exactly.
 *
 * @example
 * formatDecimal(multiply(parseDecimalUnsafe('54874.5'), parseDecimalUnsafe('0.0025'))) // => '137.18625'
 */
export function multiply(a: Decimal, b: Decimal): Decimal {
  return fromBig(toBig(a).times(toBig(b)));
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
  const divisor = toBig(b);
  if (divisor.eq(toBig(ZERO))) {
    return left(feecastError('division_by_zero', 'Cannot divide by zero.'));
  }
  return right(fromBig(quotient(toBig(a), divisor)));
}

/** 10^n as bigints, made once per exponent. */
const BIG_POWERS_OF_TEN: bigint[] = [];

function bigPowerOfTen(n: number): bigint {
  let power = BIG_POWERS_OF_TEN[n];
  if (power === undefined) {
    power = 10n ** BigInt(n);
    if (n < 256) BIG_POWERS_OF_TEN[n] = power;
  }
  return power;
}

/** big.js's digits (most significant first) as one integer; up to 15 digits add up exactly. */
function digitsOf(digits: readonly number[]): bigint {
  if (digits.length > 15) return BigInt(digits.join(''));
  let n = 0;
  for (const digit of digits) n = n * 10 + digit;
  return BigInt(n);
}

/**
 * x ÷ y (y ≠ 0) to {@link DIVISION_PLACES} places, half away from zero at the last: the
 * value big.js's `div` gives with the engine's settings, by one integer division of the two
 * digit strings (x = X × 10^-sx, y = Y × 10^-sy, so x ÷ y × 10^40 = X × 10^(40 + sy - sx) ÷ Y)
 * instead of big.js's digit-by-digit long division, several times slower.
 */
function quotient(x: BigValue, y: BigValue): BigValue {
  const digitsX = digitsOf(x.c);
  if (digitsX === 0n) return toBig(ZERO);
  const digitsY = digitsOf(y.c);
  const shift = DIVISION_PLACES + (y.c.length - 1 - y.e) - (x.c.length - 1 - x.e);
  const dividend = shift >= 0 ? digitsX * bigPowerOfTen(shift) : digitsX;
  const divisor = shift >= 0 ? digitsY : digitsY * bigPowerOfTen(-shift);
  let units = dividend / divisor;
  // Half away from zero: the magnitudes are divided, the sign is put back after rounding.
  if (2n * (dividend - units * divisor) >= divisor) units += 1n;
  if (units === 0n) return toBig(ZERO);
  return new Big(`${x.s * y.s < 0 ? '-' : ''}${units}e-${DIVISION_PLACES}`);
}

/**
 * a × 10^places, exactly, for an integer `places` (negative: ÷ 10^-places): a move of the
 * decimal point (the same digits, another exponent), with no multiplication or division.
 *
 * @example
 * formatDecimal(movePoint(parseDecimalUnsafe('12.345'), 2)) // => '1234.5'
 * formatDecimal(movePoint(parseDecimalUnsafe('1234.5'), -2)) // => '12.345'
 */
export function movePoint(a: Decimal, places: number): Decimal {
  const value = toBig(a);
  // Zero has no point to move (big.js keeps it as the digit 0 at exponent 0).
  if (places === 0 || value.c[0] === 0) return a;
  const moved = new Big(value);
  moved.e += places;
  return fromBig(moved);
}

/**
 * −a.
 *
 * @example
 * formatDecimal(negate(parseDecimalUnsafe('2.5'))) // => '-2.5'
 */
export function negate(a: Decimal): Decimal {
  return fromBig(toBig(a).neg());
}

/**
 * |a|.
 *
 * @example
 * formatDecimal(abs(parseDecimalUnsafe('-2.5'))) // => '2.5'
 */
export function abs(a: Decimal): Decimal {
  return fromBig(toBig(a).abs());
}

/**
 * −1, 0 or 1 as a is less than, equal to or greater than b.
 *
 * @example
 * compare(parseDecimalUnsafe('9.99'), parseDecimalUnsafe('10')) // => -1
 * compare(parseDecimalUnsafe('1.50'), parseDecimalUnsafe('1.5')) // => 0
 */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  return toBig(a).cmp(toBig(b));
}

/**
 * a = b in value (`1.50` equals `1.5`).
 *
 * @example
 * equals(parseDecimalUnsafe('1.50'), parseDecimalUnsafe('1.5')) // => true
 */
export function equals(a: Decimal, b: Decimal): boolean {
  return toBig(a).eq(toBig(b));
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
  return toBig(a).cmp(toBig(ZERO));
}

/**
 * Σ values, exactly (0 for none). For many values use `createDecimalSum`.
 *
 * @example
 * formatDecimal(sum(['137.18625', '60.558', '13.203'].map(parseDecimalUnsafe))) // => '210.94725'
 * formatDecimal(sum([])) // => '0'
 */
export function sum(values: Iterable<Decimal>): Decimal {
  let total = toBig(ZERO);
  for (const value of values) total = total.plus(toBig(value));
  return fromBig(total);
}

/**
 * A count (a non-negative safe integer such as a number of events) as a decimal. Counts come
 * from the engine's own counters, so no `Either` is needed.
 *
 * @example
 * formatDecimal(decimalFromCount(3)) // => '3'
 */
export function decimalFromCount(count: number): Decimal {
  return fromBig(new Big(String(count)));
}
