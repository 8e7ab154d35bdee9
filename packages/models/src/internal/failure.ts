import { hints } from './hints';

/** One thing wrong with a decoded value: where, what was expected there, what was found. */
export interface DecodeProblem {
  /**
   * Where, from the decoded value: `$` for the value itself, else keys joined with dots and
   * array indexes in brackets (`plans[0].charges[2].properties.graduated_ranges[1].to_value`).
   */
  readonly path: string;
  /** What was expected there: a codec name (`Cents`, `Timestamp | null`), the allowed values of an enum (`"active" | "terminated"`) or a sentence. */
  readonly expected: string;
  /** What was found there (`undefined` when the key is missing). */
  readonly actual: unknown;
}

/** Why a value did not decode: every problem found, and one message for humans. */
export interface DecodeFailure {
  /** Every problem, in document order (each path and expectation once). */
  readonly problems: readonly DecodeProblem[];
  /** The problems rendered as one readable, multi-line message. */
  readonly message: string;
}

/** At most this many problems are spelled out in a message; the rest are counted. */
const MESSAGE_PROBLEMS = 20;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^\d+$/;

/**
 * The path of a problem one key below `path` (`''` for the value itself): an index in
 * brackets when the parent is an array, a key after a dot when it reads as a name, else the
 * key in JSON between brackets.
 */
export function pathWith(path: string, key: string, inArray: boolean): string {
  if (inArray && INDEX.test(key)) return `${path}[${key}]`;
  if (IDENTIFIER.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

/**
 * The failure of a decode of `codecName`: each problem once (by path and expectation, the
 * first found kept), in the order found, and the message that lists them.
 */
export function failureOf(codecName: string, found: readonly DecodeProblem[]): DecodeFailure {
  const seen = new Set<string>();
  const problems: DecodeProblem[] = [];
  for (const problem of found) {
    const key = `${problem.path}\u0000${problem.expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const lines = problems.slice(0, MESSAGE_PROBLEMS).map(describeProblem);
  if (problems.length > MESSAGE_PROBLEMS) {
    lines.push(`- ... and ${problems.length - MESSAGE_PROBLEMS} more`);
  }
  return { problems, message: [`Could not decode ${codecName}: ${count}`, ...lines].join('\n') };
}

/** The failure of a decode whose reading of `input` threw `error` (a getter, a proxy...). */
export function unreadableFailure(
  codecName: string,
  input: unknown,
  error: unknown,
): DecodeFailure {
  return failureOf(codecName, [
    {
      path: '$',
      expected: `${codecName}, as plain JSON data (reading the input failed: ${describeError(error)})`,
      actual: input,
    },
  ]);
}

function describeProblem(problem: DecodeProblem): string {
  const base = problem.expected.replace(/ \| null$/, '');
  const hint = Object.hasOwn(hints, base) ? ` (${hints[base]})` : '';
  return `- ${problem.path}: expected ${problem.expected}${hint}, found ${preview(problem.actual)}`;
}

/** A short, safe rendering of any value (never throws, never runs user code on purpose). */
function preview(value: unknown): string {
  try {
    switch (typeof value) {
      case 'undefined':
        return 'nothing (the key is missing)';
      case 'string':
        return truncate(JSON.stringify(value));
      case 'number':
      case 'boolean':
        return String(value);
      case 'bigint':
        return `${value}n (a BigInt)`;
      case 'symbol':
        return 'a symbol';
      case 'function':
        return 'a function';
      default:
        if (value === null || typeof value !== 'object') return 'null';
        if (Array.isArray(value)) {
          return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
        }
        return describeObject(value);
    }
  } catch {
    return 'a value that cannot be read';
  }
}

function describeObject(value: object): string {
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 6).map((key) => JSON.stringify(key));
  const more = keys.length > shown.length ? ', ...' : '';
  return `an object with the key${keys.length === 1 ? '' : 's'} ${shown.join(', ')}${more}`;
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}..."` : text;
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'an unreadable error';
  }
}
