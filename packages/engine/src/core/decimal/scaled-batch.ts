import { MAX_SAFE, POW10 } from './safe-integers';
import { type Scan, scanDecimal } from './scan';

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

/**
 * The texts as a {@link ScaledBatch}, or `undefined` when one of them is not a plain decimal
 * whose digits fit a double exactly, the common scale would exceed 15, or the magnitudes add
 * up beyond 2^53 − 1: the caller then uses exact decimals.
 *
 * @example
 * scaledBatch(['12.5', '-0.25', '3']) // { scale: 2, units: [1250, -25, 300] }
 * @internal
 */
export function scaledBatch(texts: readonly string[]): ScaledBatch | undefined {
  const scan: Scan = { negative: false, mantissa: 0, exact: true, scale: 0 };
  const mantissas = new Array<number>(texts.length);
  const scales = new Array<number>(texts.length);
  let scale = 0;
  for (let i = 0; i < texts.length; i++) {
    if (scanDecimal(texts[i] ?? '', scan) !== undefined || !scan.exact) return undefined;
    if (scan.scale < 0 || scan.scale > MAX_SCALE) return undefined;
    mantissas[i] = scan.negative ? -scan.mantissa : scan.mantissa;
    scales[i] = scan.scale;
    if (scan.scale > scale) scale = scan.scale;
  }
  const units = new Array<number>(texts.length);
  let magnitude = 0;
  for (let i = 0; i < texts.length; i++) {
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
