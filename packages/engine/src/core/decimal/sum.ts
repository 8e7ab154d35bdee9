import { addValues, isDecimal, ZERO } from './decimal';
import { formatDecimal } from './format';
import { pow10n } from './powers-of-ten';
import { MAX_SAFE, POW10 } from './safe-integers';
import { scaledOf } from './scaled-batch';
import { type DecimalProblem, numberText, type Scan, scanDecimal, scannedDigits } from './scan';
import { type Decimal, type DecimalValue, decimalOf, fromValue, toValue } from './value';

/**
 * An exact running sum of decimals, for the hot path: values are read as scaled integers
 * (no allocation per value for up to 15 significant digits) and the decimal is
 * built once, by {@link DecimalSum.result}. Equal to a sum by `add` on every input.
 */
export interface DecimalSum {
  /**
   * Adds a decimal string, a finite JSON number or a `Decimal`. Returns `undefined` when
   * added, or the reason the value is not a decimal (it is then not added).
   */
  add(value: unknown): DecimalProblem | undefined;
  /** Adds everything another sum holds (the other sum is unchanged). */
  merge(other: DecimalSum): void;
  /**
   * Adds `units × 10^-scale` where `units` is a safe integer and `scale` 0 to 15: what a
   * columnar kernel summed itself (exact scaled integers).
   */
  addScaled(units: number, scale: number): void;
  /** The exact total so far (0 when nothing was added). */
  result(): Decimal;
}

/**
 * A new, empty exact sum.
 *
 * @example
 * const total = createDecimalSum();
 * for (const v of ['12.3456', '-0.0456', '7']) total.add(v);
 * formatDecimal(total.result()) // => '19.3'
 */
export function createDecimalSum(): DecimalSum {
  // The total is (big + small) × 10^-scale. `small` is an exact integer in a double, kept
  // within ±(2^53 − 1); `big` takes over whatever would leave that range.
  let scale = 0;
  let small = 0;
  let big = 0n;
  // Values that arrive as decimals whose digits do not fit a double are summed as decimals.
  let decimals: DecimalValue | undefined;
  const scan: Scan = { negative: false, mantissa: 0, exact: true, scale: 0 };

  function rescale(to: number): void {
    const factor = POW10[to - scale];
    const scaled = factor === undefined ? Number.POSITIVE_INFINITY : small * factor;
    if (scaled <= MAX_SAFE && scaled >= -MAX_SAFE) {
      small = scaled;
    } else {
      big += BigInt(small);
      small = 0;
    }
    big *= pow10n(to - scale);
    scale = to;
  }

  function addUnits(units: bigint, unitsScale: number): void {
    if (unitsScale > scale) rescale(unitsScale);
    big += units * pow10n(scale - unitsScale);
  }

  function addText(text: string): DecimalProblem | undefined {
    const problem = scanDecimal(text, scan);
    if (problem !== undefined) return problem;
    const s = scan.scale;
    let m = scan.mantissa;
    if (!scan.exact || s < 0) {
      // Beyond a double's exact range, or a positive exponent: the bigint path.
      const digits = scan.exact ? BigInt(m) : scannedDigits(text);
      const units = scan.negative ? -digits : digits;
      if (s < 0) addUnits(units * pow10n(-s), 0);
      else addUnits(units, s);
      return undefined;
    }
    if (s > scale) rescale(s);
    const factor = POW10[scale - s];
    m = factor === undefined ? Number.POSITIVE_INFINITY : m * factor;
    if (m > MAX_SAFE) {
      addUnits(scan.negative ? -BigInt(scan.mantissa) : BigInt(scan.mantissa), s);
      return undefined;
    }
    const t = scan.negative ? small - m : small + m;
    // |small| and m are both at most 2^53 − 1: if the exact sum leaves the safe range, the
    // rounded t does too (rounding is monotonic and 2^53 is representable), so the check is exact.
    if (t > MAX_SAFE || t < -MAX_SAFE) {
      big += BigInt(small) + (scan.negative ? -BigInt(m) : BigInt(m));
      small = 0;
    } else {
      small = t;
    }
    return undefined;
  }

  function addScaled(units: number, unitsScale: number): void {
    if (units === 0) return;
    if (unitsScale > scale) rescale(unitsScale);
    const factor = POW10[scale - unitsScale];
    const m = factor === undefined ? Number.POSITIVE_INFINITY : Math.abs(units) * factor;
    if (m > MAX_SAFE) {
      addUnits(BigInt(units), unitsScale);
      return;
    }
    const t = units < 0 ? small - m : small + m;
    // As in addText: both within ±(2^53 − 1), so leaving the range is detected exactly.
    if (t > MAX_SAFE || t < -MAX_SAFE) {
      big += BigInt(small) + (units < 0 ? -BigInt(m) : BigInt(m));
      small = 0;
    } else {
      small = t;
    }
  }

  return {
    add(value) {
      if (typeof value === 'string') return addText(value);
      if (typeof value === 'number') {
        const text = numberText(value);
        return text === undefined ? 'not_finite' : addText(text);
      }
      if (isDecimal(value)) {
        // Read as a scaled integer when it fits (no decimal addition).
        const scaled = scaledOf(value);
        if (scaled !== undefined) addScaled(scaled.units, scaled.scale);
        else
          decimals = decimals === undefined ? toValue(value) : addValues(decimals, toValue(value));
        return undefined;
      }
      return 'not_a_number';
    },
    addScaled,
    merge(other) {
      // A sum's result is exact, and its plain text reads back exactly.
      addText(formatDecimal(other.result()));
    },
    result() {
      if (small === 0 && big === 0n && decimals === undefined) return ZERO;
      // `small` is a safe integer: a bigint only when `big` holds a part.
      const units = decimalOf(big === 0n ? small : big + BigInt(small), scale);
      return fromValue(decimals === undefined ? units : addValues(units, decimals));
    },
  };
}
