/**
 * The one reader of decimal text, shared by `parseDecimal` and the exact accumulator. It
 * accepts exactly the grammar
 *
 *     -? digit+ ( "." digit+ )? ( ("e" | "E") ("+" | "-")? digit+ )?
 *
 * and, in the same pass, reads the digits into an integer mantissa while that is exact in a
 * double, so the hot path never allocates.
 */

/** Why a value is not a decimal. */
export type DecimalProblem =
  | 'empty'
  | 'padded'
  | 'hexadecimal'
  | 'not_finite'
  | 'malformed'
  | 'exponent_out_of_range'
  | 'not_a_number';

/** Exponents beyond ±MAX_EXPONENT are refused (money never needs them). */
export const MAX_EXPONENT = 1000;

/**
 * What a scan found: the value is `(negative ? -1 : 1) × mantissa × 10^-scale`. When the
 * digits do not fit a double exactly, `exact` is false and `mantissa` must not be used: the
 * caller falls back to the digits of the text.
 */
export interface Scan {
  negative: boolean;
  mantissa: number;
  exact: boolean;
  scale: number;
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const LOWER_E = 101;
const UPPER_E = 69;

/** Reads `text` into `out`; returns `undefined` on success, otherwise the problem. */
export function scanDecimal(text: string, out: Scan): DecimalProblem | undefined {
  const n = text.length;
  let i = 0;
  let c = n > 0 ? text.charCodeAt(0) : 0;
  const negative = c === MINUS;
  if (negative) {
    i = 1;
    c = n > 1 ? text.charCodeAt(1) : 0;
  }
  let mantissa = 0;
  const intStart = i;
  while (i < n) {
    c = text.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) break;
    mantissa = mantissa * 10 + (c - DIGIT_0);
    i++;
  }
  if (i === intStart) return classify(text);
  let scale = 0;
  if (i < n && c === DOT) {
    i++;
    const fracStart = i;
    while (i < n) {
      c = text.charCodeAt(i);
      if (c < DIGIT_0 || c > DIGIT_9) break;
      mantissa = mantissa * 10 + (c - DIGIT_0);
      i++;
    }
    if (i === fracStart) return classify(text);
    scale = i - fracStart;
  }
  if (i < n && (c === LOWER_E || c === UPPER_E)) {
    i++;
    let exponentNegative = false;
    c = i < n ? text.charCodeAt(i) : 0;
    if (c === MINUS || c === PLUS) {
      exponentNegative = c === MINUS;
      i++;
    }
    const expStart = i;
    let exponent = 0;
    while (i < n) {
      c = text.charCodeAt(i);
      if (c < DIGIT_0 || c > DIGIT_9) break;
      exponent = exponent * 10 + (c - DIGIT_0);
      if (exponent > MAX_EXPONENT) return 'exponent_out_of_range';
      i++;
    }
    if (i === expStart) return classify(text);
    scale = exponentNegative ? scale + exponent : scale - exponent;
  }
  if (i !== n) return classify(text);
  out.negative = negative;
  out.mantissa = mantissa;
  // The mantissa only grows while digits are read, so if the final value is a safe integer,
  // every intermediate one was too, and all the arithmetic above was exact.
  out.exact = mantissa <= Number.MAX_SAFE_INTEGER;
  out.scale = scale;
  return undefined;
}

/**
 * The digits of a text `scanDecimal` accepted, sign, point and exponent left out, as a
 * bigint: the magnitude of its mantissa when that is beyond 2^53 − 1 (`exact` false).
 */
export function scannedDigits(text: string): bigint {
  const exponentAt = text.search(/[eE]/);
  const mantissa = exponentAt < 0 ? text : text.slice(0, exponentAt);
  return BigInt(mantissa.replace('-', '').replace('.', ''));
}

/** Names the problem of a text that does not match the grammar (the slow, error path only). */
function classify(text: string): DecimalProblem {
  if (text.length === 0) return 'empty';
  if (text.trim() !== text) return 'padded';
  if (/^[+-]?0[xX]/.test(text)) return 'hexadecimal';
  if (/^[+-]?(NaN|Infinity)$/i.test(text)) return 'not_finite';
  return 'malformed';
}

/** A sentence a user can act on, for each problem. */
export function describeProblem(problem: DecimalProblem, value: unknown): string {
  const shown = show(value);
  switch (problem) {
    case 'empty':
      return 'Expected a decimal number such as "12.50", got an empty string.';
    case 'padded':
      return `Expected a decimal number such as "12.50", got ${shown}: remove the spaces around it.`;
    case 'hexadecimal':
      return `Expected a decimal number such as "12.50", got ${shown}: hexadecimal is not accepted.`;
    case 'not_finite':
      return `Expected a finite decimal number, got ${shown}.`;
    case 'malformed':
      return `Expected a decimal number such as "12.50", "-3" or "1.5e3", got ${shown}.`;
    case 'exponent_out_of_range':
      return `The exponent of ${shown} is beyond ±${MAX_EXPONENT}.`;
    case 'not_a_number':
      return `Expected a decimal number (a string such as "12.50" or a JSON number), got ${describeType(value)}.`;
  }
}

/** A short, safe rendering of any value (objects are never converted to strings). */
function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' || typeof value === 'function') return describeType(value);
  return String(value);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return `${typeof value} ${String(value)}`;
}

/**
 * The text of a JSON number: finite numbers only (`String` gives the shortest text that
 * reads back as the same double, e.g. `0.1` -> "0.1", `1e21` -> "1e+21").
 */
export function numberText(value: number): string | undefined {
  return Number.isFinite(value) ? String(value) : undefined;
}
