import { ZERO } from './decimal';
import { MAX_SAFE, POW10 } from './safe-integers';
import { type Scan, scanDecimal } from './scan';
import { type Decimal, decimalOf, fromValue, toValue } from './value';

/**
 * Decimal texts as integers at one common scale: value i = `units[i]` × 10^-`scale`. Every
 * unit is an exact integer in a double and so is the sum of their magnitudes (at most
 * 2^53 − 1), so running totals, differences and maxima of the values computed on `units` with
 * plain `+`, `-` and comparisons are exact (the technique of `createDecimalSum`): not floats.
 * @internal
 */
export interface ScaledBatch {
  readonly scale: number;
  readonly units: readonly number[];
}

/** The largest common scale: the last power of ten of `POW10`. */
const MAX_SCALE = POW10.length - 1;

/** A decimal as a safe integer `units` × 10^-`scale` (scale 0 to 15). @internal */
export interface Scaled {
  readonly units: number;
  readonly scale: number;
}

/**
 * `value` as an exact {@link Scaled}, read from its digits (no text), or `undefined` when its
 * digits do not fit a double exactly or it has more than 15 decimals.
 *
 * @example
 * scaledOf(parseDecimalUnsafe('-12.50')) // { units: -125, scale: 1 }
 * scaledOf(parseDecimalUnsafe('3e2'))    // { units: 300, scale: 0 }
 * @internal
 */
export function scaledOf(value: Decimal): Scaled | undefined {
  const v = toValue(value);
  const c = v.coefficient;
  // Up to 15 digits: a bigint coefficient has more, and so has a number of 10^15 or beyond.
  if (typeof c !== 'number' || c >= 1e15 || c <= -1e15) return undefined;
  let units = c;
  let scale = v.scale;
  if (scale < 0) {
    const factor = POW10[-scale];
    if (factor === undefined || Math.abs(c) * factor > MAX_SAFE) return undefined;
    units = c * factor;
    scale = 0;
  }
  if (scale > MAX_SCALE) return undefined;
  return { units, scale };
}

/**
 * The decimal `units` × 10^-`scale` (a safe integer and a scale of 0 to 15), built from its
 * digits: no text is written or read.
 *
 * @example
 * formatDecimal(scaledDecimal(-1250, 2)) // '-12.5'
 * @internal
 */
export function scaledDecimal(units: number, scale: number): Decimal {
  if (units === 0) return ZERO;
  // Small values are shared (decimals are immutable): a per-event view of whole or few-digit
  // values then holds references, not a decimal per event.
  const small = units > -SHARED && units < SHARED ? SHARED_DECIMALS[scale] : undefined;
  if (small === undefined) return built(units, scale);
  const at = units + SHARED;
  let shared = small[at];
  if (shared === undefined) {
    shared = built(units, scale);
    small[at] = shared;
  }
  return shared;
}

/** Values `units` × 10^-scale with |units| below this are shared, per scale. */
const SHARED = 1024;
const SHARED_DECIMALS: (Decimal | undefined)[][] = Array.from({ length: MAX_SCALE + 1 }, () => []);

/** The decimal `units` × 10^-`scale` (`units` ≠ 0). */
function built(units: number, scale: number): Decimal {
  return fromValue(decimalOf(units, scale));
}

/**
 * The texts as a {@link ScaledBatch}, or `undefined` when one of them is not a plain decimal
 * whose digits fit a double exactly, the common scale would exceed 15, or the magnitudes add
 * up beyond 2^53 − 1: the caller then uses exact decimals. With `lead`, the batch starts with
 * it (`units[0]`), then the texts.
 *
 * @example
 * scaledBatch(['12.5', '-0.25', '3']) // { scale: 2, units: [1250, -25, 300] }
 * @internal
 */
export function scaledBatch(texts: readonly string[], lead?: Decimal): ScaledBatch | undefined {
  const scan: Scan = { negative: false, mantissa: 0, exact: true, scale: 0 };
  const first = lead === undefined ? 0 : 1;
  const count = texts.length + first;
  const mantissas = new Array<number>(count);
  const scales = new Array<number>(count);
  let scale = 0;
  if (lead !== undefined) {
    const led = scaledOf(lead);
    if (led === undefined) return undefined;
    mantissas[0] = led.units;
    scales[0] = led.scale;
    scale = led.scale;
  }
  for (let i = 0; i < texts.length; i++) {
    if (scanDecimal(texts[i] ?? '', scan) !== undefined || !scan.exact) return undefined;
    if (scan.scale < 0 || scan.scale > MAX_SCALE) return undefined;
    mantissas[i + first] = scan.negative ? -scan.mantissa : scan.mantissa;
    scales[i + first] = scan.scale;
    if (scan.scale > scale) scale = scan.scale;
  }
  const units = new Array<number>(count);
  let magnitude = 0;
  for (let i = 0; i < count; i++) {
    const unit = (mantissas[i] ?? 0) * (POW10[scale - (scales[i] ?? 0)] ?? 1);
    magnitude += Math.abs(unit);
    if (magnitude > MAX_SAFE) return undefined;
    units[i] = unit;
  }
  return { scale, units };
}

/**
 * The plain decimal text of `units` × 10^-`scale` (a safe integer and a scale of 0 to 15), in
 * the form `formatDecimal` writes: no exponent, no trailing fractional zeros, `0` for zero.
 *
 * @example
 * scaledText(-1250, 2) // '-12.5'
 * scaledText(300, 2)   // '3'
 * @internal
 */
export function scaledText(units: number, scale: number): string {
  if (units === 0) return '0';
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  let end = digits.length;
  const point = end - scale;
  while (end > point && digits.charCodeAt(end - 1) === 48) end--;
  const text =
    end === point
      ? digits.slice(0, point)
      : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  return units < 0 ? `-${text}` : text;
}
