import { pow10n } from './powers-of-ten';
import { MAX_SAFE } from './safe-integers';
import { plainText } from './text';

declare const decimalBrand: unique symbol;

/**
 * An exact decimal number. Opaque: create one with `parseDecimal`, `decimalFromInteger` or
 * the arithmetic below, read it with `formatDecimal`. No binary floating point is involved.
 */
export interface Decimal {
  readonly [decimalBrand]: 'Decimal';
}

const MAX_SAFE_N = BigInt(MAX_SAFE);

/**
 * What a {@link Decimal} is: `coefficient` × 10^-`scale`, exactly, in one form per value, so
 * that equal values are equal objects field by field: the coefficient has no trailing zero
 * (zero is 0 at scale 0, never negative), and it is a `number` when it is a safe integer
 * (the fast path: integer arithmetic in a double, checked against ±(2^53 − 1), never
 * fractional), a `bigint` beyond. The scale is any integer (negative: the coefficient is
 * followed by that many zeros).
 * @internal
 */
export class DecimalValue {
  constructor(
    readonly coefficient: number | bigint,
    readonly scale: number,
  ) {}

  /** The plain text (`formatDecimal`'s), for `String()` and template literals. */
  toString(): string {
    return plainText(this.coefficient, this.scale);
  }

  /** The plain text, as a JSON string. */
  toJSON(): string {
    return plainText(this.coefficient, this.scale);
  }

  /** Never a number: `+d` or `d < e` would be binary floats; use `compare` or `formatDecimal`. */
  valueOf(): never {
    throw new TypeError('A Decimal is not a number: use compare, or formatDecimal for its text.');
  }
}

/** @internal */
export function toValue(value: Decimal): DecimalValue {
  return value as unknown as DecimalValue;
}

/** @internal */
export function fromValue(value: DecimalValue): Decimal {
  return value as unknown as Decimal;
}

/** The value 0, the one zero. @internal */
export const ZERO_VALUE = new DecimalValue(0, 0);

/**
 * The decimal `coefficient` × 10^-`scale` in its one form: trailing zeros moved into the
 * scale, a bigint within the safe range made a number. A `number` coefficient must be a safe
 * integer (every caller checks it first).
 * @internal
 */
export function decimalOf(coefficient: number | bigint, scale: number): DecimalValue {
  if (typeof coefficient === 'number') {
    if (coefficient === 0) return ZERO_VALUE;
    let c = coefficient;
    let s = scale;
    while (c % 10 === 0) {
      c /= 10;
      s--;
    }
    return new DecimalValue(c, s);
  }
  if (coefficient === 0n) return ZERO_VALUE;
  let c = coefficient;
  let s = scale;
  // Many trailing zeros (a quotient's 40 places) go 8 at a time, then one by one.
  while (c % 100000000n === 0n) {
    c /= 100000000n;
    s -= 8;
  }
  while (c % 10n === 0n) {
    c /= 10n;
    s--;
  }
  return c <= MAX_SAFE_N && c >= -MAX_SAFE_N
    ? new DecimalValue(Number(c), s)
    : new DecimalValue(c, s);
}

/** The coefficient as a bigint. @internal */
export function bigCoefficient(value: DecimalValue): bigint {
  const c = value.coefficient;
  return typeof c === 'bigint' ? c : BigInt(c);
}

/** The coefficient at a larger scale `to` (≥ the value's), as a bigint. @internal */
export function bigAt(value: DecimalValue, to: number): bigint {
  const c = bigCoefficient(value);
  return to === value.scale ? c : c * pow10n(to - value.scale);
}
