import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { detailValue } from '../describe-value';
import { type FeecastError, feecastError } from '../error';
import {
  type DecimalProblem,
  describeProblem,
  numberText,
  type Scan,
  scanDecimal,
  scannedDigits,
} from './scan';
import { type Decimal, type DecimalValue, decimalOf, fromValue } from './value';

/**
 * Reads a decimal from a string or a JSON number, strictly. Accepted: `"12"`, `"-0.005"`,
 * `"1.5e3"`, `"2E-4"`, and finite numbers. Refused with a `Left` (`invalid_decimal`, or
 * `out_of_range` for exponents beyond ±1000): `""`, `" 1"`, `"0x1A"`, `"NaN"`, `"Infinity"`,
 * `"+1"`, `"1."`, `".5"`, `"1,5"`, `NaN`, `Infinity`, and anything that is not a string or a
 * number. `path` is copied into the error.
 *
 * @example
 * const d = parseDecimal('1.5e3');
 * d._tag === 'Right' && formatDecimal(d.right) // => '1500'
 * parseDecimal('0x1A') // ~> left({ code: 'invalid_decimal' })
 */
export function parseDecimal(
  input: unknown,
  path?: readonly string[],
): Either<FeecastError, Decimal> {
  let text: string | undefined;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'number') text = numberText(input);
  if (text === undefined) {
    return invalid(typeof input === 'number' ? 'not_finite' : 'not_a_number', input, path);
  }
  const scan = scratch();
  const problem = scanDecimal(text, scan);
  return problem === undefined
    ? right(fromValue(scanned(text, scan)))
    : invalid(problem, input, path);
}

function invalid(
  problem: DecimalProblem,
  input: unknown,
  path: readonly string[] | undefined,
): Either<FeecastError, never> {
  const code = problem === 'exponent_out_of_range' ? 'out_of_range' : 'invalid_decimal';
  return left(
    feecastError(code, describeProblem(problem, input), path, {
      value: detailValue(input),
      problem,
    }),
  );
}

function scratch(): Scan {
  return { negative: false, mantissa: 0, exact: true, scale: 0 };
}

/**
 * {@link parseDecimal} that throws a `RangeError` carrying the error's message instead of
 * returning a `Left`: for literals in tests, examples and notebooks.
 *
 * @example
 * formatDecimal(parseDecimalUnsafe('0.10')) // => '0.1'
 */
export function parseDecimalUnsafe(input: unknown): Decimal {
  const parsed = parseDecimal(input);
  if (isLeft(parsed)) throw new RangeError(parsed.left.message);
  return parsed.right;
}

/** A reusable scratch for {@link readDecimal}, one per accumulator. @internal */
export function createScan(): Scan {
  return scratch();
}

/**
 * The hot-path reader for aggregation: a decimal from a string or JSON number, or the
 * problem with it, using the caller's scratch (no `Either` allocated per value). @internal
 */
export function readDecimal(input: unknown, scan: Scan): Decimal | DecimalProblem {
  let text: string | undefined;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'number') text = numberText(input);
  else return 'not_a_number';
  if (text === undefined) return 'not_finite';
  const problem = scanDecimal(text, scan);
  return problem === undefined ? fromValue(scanned(text, scan)) : problem;
}

/**
 * The decimal of a text that `scan` has just read: from the mantissa it read when that is
 * exact (no text read again), from the digits of the text beyond 2^53 − 1.
 */
function scanned(text: string, scan: Scan): DecimalValue {
  if (scan.exact) return decimalOf(scan.negative ? -scan.mantissa : scan.mantissa, scan.scale);
  const digits = scannedDigits(text);
  return decimalOf(scan.negative ? -digits : digits, scan.scale);
}

/**
 * A finite JavaScript number as the exact decimal of its shortest text (`0.1` is 0.1); a
 * number that is not finite is a `RangeError` (the engine's counters never make one).
 * @internal
 */
export function decimalOfNumber(n: number): Decimal {
  const scan = scratch();
  const text = numberText(n);
  if (text === undefined || scanDecimal(text, scan) !== undefined) {
    throw new RangeError(`Expected a finite number, got ${String(n)}.`);
  }
  return fromValue(scanned(text, scan));
}

/** Like {@link readDecimal}, but only checks the value and returns its text. @internal */
export function checkDecimalText(
  input: unknown,
  scan: Scan,
): string | { readonly problem: DecimalProblem } {
  let text: string | undefined;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'number') text = numberText(input);
  else return { problem: 'not_a_number' };
  if (text === undefined) return { problem: 'not_finite' };
  const problem = scanDecimal(text, scan);
  return problem === undefined ? text : { problem };
}
