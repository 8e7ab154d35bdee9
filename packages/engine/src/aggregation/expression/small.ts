/**
 * The allocation-free path of evaluation: exact "small" decimals held as a safe-integer
 * mantissa and a scale (value = mantissa × 10^-scale), with no big.js and no string parsing
 * beyond one scan of each property. Every operation is exact or gives up: it returns `NaN`
 * when a value does not fit (mantissa beyond ±(2^53 − 1), scale shifts beyond 10^22, a
 * quotient that does not terminate within 40 places...), or when anything is not a plain
 * decimal (a missing property, a string, an exponent). A `NaN` anywhere sends the whole event
 * to the decimal path (`compile.ts`), which is the reference semantics and reports errors; the
 * small path only ever returns values the decimal path would return (property-tested).
 *
 * The scale of a result travels in a register owned by the caller, so that a value needs no
 * object: `(event, register) => mantissa`, with `register.scale` set by the callee.
 * @internal
 */
import { type Scan, scanDecimal } from '../../core/index';
import type { ExpressionEvent } from './event';
import { unixSeconds } from './timestamp';

/**
 * Where a small-path closure leaves the scale of the mantissa it returns (`scale`); the other
 * fields are the decimal scanner's scratch. Create one with `createScan()`.
 */
export type Register = Scan;

/** A compiled piece of an expression on the small path: a mantissa, or `NaN` to give up. */
export type SmallNode = (event: ExpressionEvent, register: Register) => number;

/** How a small-path rounding treats the dropped digits. */
export type SmallRounding = 'half-away-from-zero' | 'ceil' | 'floor';

/** Powers of ten that doubles hold exactly. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * Quotients are kept only when exact within this many decimal places: the decimal path
 * divides to 40 places (decimal/big.ts `Big.DP`), so up to 40 both paths agree exactly.
 */
const MAX_QUOTIENT_SCALE = 40;

/** Scales beyond this give up (they could only come from long chains of products). */
const MAX_SCALE = 200;

/** `m × 10^k`, or `NaN` when that leaves the safe integers. */
function shift(m: number, k: number): number {
  if (k === 0) return m;
  const factor = POW10[k];
  if (factor === undefined) return Number.NaN;
  const r = m * factor;
  return Number.isSafeInteger(r) ? r : Number.NaN;
}

/**
 * A plain decimal text (`-? digit+ ('.' digit+)?`, read by the decimal core's one scanner) as
 * a mantissa; its scale goes to the register. Exponent notation, a mantissa beyond the safe
 * integers, or anything that is not a decimal is `NaN` (the decimal path takes over).
 *
 * @example
 * readSmallText('-12.50', register) // -1250, register.scale === 2
 */
export function readSmallText(text: string, register: Register): number {
  if (
    scanDecimal(text, register) !== undefined ||
    !register.exact ||
    !isPlain(text, register.scale)
  ) {
    return Number.NaN;
  }
  return register.negative ? 0 - register.mantissa : register.mantissa;
}

/** Whether a scanned decimal text was written without an exponent (its scale is its decimals). */
function isPlain(text: string, scale: number): boolean {
  if (scale === 0) return text.indexOf('e') < 0 && text.indexOf('E') < 0;
  return scale > 0 && text.charCodeAt(text.length - scale - 1) === 46;
}

/**
 * `event.properties[name]` on the small path: a plain decimal string or a JSON number whose
 * text is plain (`12`, `10.4`; not `1e-7`). Everything else gives up.
 *
 * @example
 * readSmallProperty({ transaction_id: 't', code: 'c', timestamp: 0, properties: { a: 10.4 } }, 'a', register)
 * // 104, register.scale === 1
 */
export function readSmallProperty(
  event: ExpressionEvent,
  name: string,
  register: Register,
): number {
  const properties: unknown = event.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    return Number.NaN;
  }
  const value = (properties as Readonly<Record<string, unknown>>)[name];
  if (typeof value === 'string') return readSmallText(value, register);
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) {
      register.scale = 0;
      return value === 0 ? 0 : value;
    }
    return Number.isFinite(value) ? readSmallText(String(value), register) : Number.NaN;
  }
  return Number.NaN;
}

/**
 * `event.timestamp` on the small path: whole Unix seconds.
 *
 * @example
 * readSmallTimestamp({ transaction_id: 't', code: 'c', timestamp: '1970-01-01T00:01:00.9Z' }, register)
 * // 60, register.scale === 0
 */
export function readSmallTimestamp(event: ExpressionEvent, register: Register): number {
  const seconds = unixSeconds(event.timestamp);
  if (seconds === undefined) return Number.NaN;
  register.scale = 0;
  return seconds;
}

/**
 * a + b (sign = 1) or a − b (sign = -1), exactly, or `NaN`.
 *
 * @example
 * addSmall(125, 2, 5, 0, 1, register) // 625, register.scale === 2 (1.25 + 5 = 6.25)
 */
export function addSmall(
  a: number,
  aScale: number,
  b: number,
  bScale: number,
  sign: 1 | -1,
  register: Register,
): number {
  let x = a;
  let y = b;
  let scale = aScale;
  if (aScale < bScale) {
    x = shift(a, bScale - aScale);
    scale = bScale;
  } else if (bScale < aScale) {
    y = shift(b, aScale - bScale);
  }
  const r = sign === 1 ? x + y : x - y;
  register.scale = scale;
  return Number.isSafeInteger(r) ? r : Number.NaN;
}

/**
 * a × b, exactly, or `NaN`.
 *
 * @example
 * multiplySmall(12, 1, 5, 1, register) // 60, register.scale === 2 (1.2 × 0.5 = 0.60)
 */
export function multiplySmall(
  a: number,
  aScale: number,
  b: number,
  bScale: number,
  register: Register,
): number {
  const r = a * b;
  const scale = aScale + bScale;
  register.scale = scale;
  return Number.isSafeInteger(r) && scale <= MAX_SCALE ? r : Number.NaN;
}

/**
 * a ÷ b when the quotient terminates within a few more digits (divisors such as 1000, 8,
 * 0.25), exactly; `NaN` otherwise, and for a zero divisor (the decimal path reports it).
 *
 * @example
 * divideSmall(12345, 0, 1000, 0, register) // 12345, register.scale === 3 (12.345)
 * divideSmall(1, 0, 3, 0, register)        // NaN (does not terminate)
 */
export function divideSmall(
  a: number,
  aScale: number,
  b: number,
  bScale: number,
  register: Register,
): number {
  if (b === 0 || Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  let numerator = a;
  let extra = 0;
  while (numerator % b !== 0) {
    numerator *= 10;
    extra++;
    if (!Number.isSafeInteger(numerator)) return Number.NaN;
  }
  let q = numerator / b;
  let scale = aScale - bScale + extra;
  if (scale < 0) {
    q = shift(q, -scale);
    scale = 0;
  }
  register.scale = scale;
  return scale <= MAX_QUOTIENT_SCALE ? q : Number.NaN;
}

/**
 * `m × 10^-scale` rounded to `digits` places (negative: tens, hundreds...), exactly, or
 * `NaN`. Half away from zero, toward +∞ or toward −∞.
 *
 * @example
 * roundSmall(-1225, 2, 1, 'half-away-from-zero', register) // -123, register.scale === 1 (-12.3)
 * roundSmall(1234, 0, -2, 'ceil', register)                 // 1300, register.scale === 0
 */
export function roundSmall(
  m: number,
  scale: number,
  digits: number,
  mode: SmallRounding,
  register: Register,
): number {
  if (digits >= scale) {
    register.scale = scale;
    return m;
  }
  const factor = POW10[scale - digits];
  if (factor === undefined) return Number.NaN;
  const remainder = m % factor;
  let q = (m - remainder) / factor;
  if (mode === 'half-away-from-zero') {
    if (2 * Math.abs(remainder) >= factor) q += m < 0 ? -1 : 1;
  } else if (mode === 'ceil') {
    if (remainder > 0) q += 1;
  } else if (remainder < 0) {
    q -= 1;
  }
  if (digits >= 0) {
    register.scale = digits;
    return q === 0 ? 0 : q;
  }
  register.scale = 0;
  return shift(q === 0 ? 0 : q, -digits);
}

/**
 * −1, 0 or 1 as a is less than, equal to or greater than b; `NaN` when they cannot be aligned.
 *
 * @example
 * compareSmall(999, 2, 10, 0) // -1 (9.99 < 10)
 */
export function compareSmall(a: number, aScale: number, b: number, bScale: number): number {
  const x = aScale < bScale ? shift(a, bScale - aScale) : a;
  const y = bScale < aScale ? shift(b, aScale - bScale) : b;
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The plain decimal text of `m × 10^-scale`, as `formatDecimal` writes it: no exponent, no
 * trailing zeros, no negative zero.
 *
 * @example
 * formatSmall(285568, 2) // '2855.68'
 * formatSmall(-5, 3)     // '-0.005'
 */
export function formatSmall(m: number, scale: number): string {
  if (m === 0) return '0';
  let mantissa = m;
  let places = scale;
  while (places > 0 && mantissa % 10 === 0) {
    mantissa /= 10;
    places--;
  }
  const negative = mantissa < 0;
  const digits = String(negative ? -mantissa : mantissa);
  let text = digits;
  if (places > 0) {
    const padded =
      digits.length <= places ? '0'.repeat(places - digits.length + 1) + digits : digits;
    text = `${padded.slice(0, padded.length - places)}.${padded.slice(padded.length - places)}`;
  }
  return negative ? `-${text}` : text;
}
