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
  return new ScaledSum();
}

/**
 * The scratch of every sum's reads: `scanDecimal` fills it and the caller reads it at once,
 * before any other scan (no call in between can scan), so one serves every sum.
 */
const SCAN: Scan = { negative: false, mantissa: 0, exact: true, scale: 0 };

/** Zero as a bigint, shared (a literal would make one per sum). */
const NO_BIG = 0n;

/**
 * A {@link DecimalSum} as one object of four fields (a backtest holds one per bucket and group
 * of every period's accumulator: closures and a scratch each were most of a sum's memory).
 * The total is (big + small) × 10^-scale. `small` is an exact integer in a double, kept
 * within ±(2^53 − 1); `big` takes over whatever would leave that range.
 */
class ScaledSum implements DecimalSum {
  private scale = 0;
  private small = 0;
  private big = NO_BIG;
  /** Values that arrive as decimals whose digits do not fit a double are summed as decimals. */
  private decimals: DecimalValue | undefined = undefined;

  add(value: unknown): DecimalProblem | undefined {
    if (typeof value === 'string') return this.addText(value);
    if (typeof value === 'number') {
      const text = numberText(value);
      return text === undefined ? 'not_finite' : this.addText(text);
    }
    if (isDecimal(value)) {
      // Read as a scaled integer when it fits (no decimal addition).
      const scaled = scaledOf(value);
      if (scaled !== undefined) this.addScaled(scaled.units, scaled.scale);
      else
        this.decimals =
          this.decimals === undefined ? toValue(value) : addValues(this.decimals, toValue(value));
      return undefined;
    }
    return 'not_a_number';
  }

  merge(other: DecimalSum): void {
    // A sum's result is exact, and its plain text reads back exactly.
    this.addText(formatDecimal(other.result()));
  }

  addScaled(units: number, unitsScale: number): void {
    if (units === 0) return;
    if (unitsScale > this.scale) this.rescale(unitsScale);
    const factor = POW10[this.scale - unitsScale];
    const m = factor === undefined ? Number.POSITIVE_INFINITY : Math.abs(units) * factor;
    if (m > MAX_SAFE) {
      this.addUnits(BigInt(units), unitsScale);
      return;
    }
    this.addSafe(units < 0, m);
  }

  result(): Decimal {
    const { small, big, decimals } = this;
    if (small === 0 && big === 0n && decimals === undefined) return ZERO;
    // `small` is a safe integer: a bigint only when `big` holds a part.
    const units = decimalOf(big === 0n ? small : big + BigInt(small), this.scale);
    return fromValue(decimals === undefined ? units : addValues(units, decimals));
  }

  private addText(text: string): DecimalProblem | undefined {
    const scan = SCAN;
    const problem = scanDecimal(text, scan);
    if (problem !== undefined) return problem;
    const s = scan.scale;
    const negative = scan.negative;
    const mantissa = scan.mantissa;
    if (!scan.exact || s < 0) {
      // Beyond a double's exact range, or a positive exponent: the bigint path.
      const digits = scan.exact ? BigInt(mantissa) : scannedDigits(text);
      const units = negative ? -digits : digits;
      if (s < 0) this.addUnits(units * pow10n(-s), 0);
      else this.addUnits(units, s);
      return undefined;
    }
    if (s > this.scale) this.rescale(s);
    const factor = POW10[this.scale - s];
    const m = factor === undefined ? Number.POSITIVE_INFINITY : mantissa * factor;
    if (m > MAX_SAFE) {
      this.addUnits(negative ? -BigInt(mantissa) : BigInt(mantissa), s);
      return undefined;
    }
    this.addSafe(negative, m);
    return undefined;
  }

  /** Adds ±`m`, a safe integer at the sum's scale. */
  private addSafe(negative: boolean, m: number): void {
    const t = negative ? this.small - m : this.small + m;
    // |small| and m are both at most 2^53 − 1: if the exact sum leaves the safe range, the
    // rounded t does too (rounding is monotonic and 2^53 is representable), so the check is exact.
    if (t > MAX_SAFE || t < -MAX_SAFE) {
      this.big += BigInt(this.small) + (negative ? -BigInt(m) : BigInt(m));
      this.small = 0;
    } else {
      this.small = t;
    }
  }

  private rescale(to: number): void {
    const factor = POW10[to - this.scale];
    const scaled = factor === undefined ? Number.POSITIVE_INFINITY : this.small * factor;
    if (scaled <= MAX_SAFE && scaled >= -MAX_SAFE) {
      this.small = scaled;
    } else {
      this.big += BigInt(this.small);
      this.small = 0;
    }
    this.big *= pow10n(to - this.scale);
    this.scale = to;
  }

  private addUnits(units: bigint, unitsScale: number): void {
    if (unitsScale > this.scale) this.rescale(unitsScale);
    this.big += units * pow10n(this.scale - unitsScale);
  }
}
