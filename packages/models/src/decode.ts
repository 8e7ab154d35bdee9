import { type Either, isRight, left, right } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { hints } from './internal/hints';

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
 * Decodes `input` with `codec`: `right(value)` when it matches, else `left(failure)` listing
 * every problem with its path, what was expected and what was found. It never throws, for
 * any input (a getter that throws, a revoked proxy, a cycle...: one problem at `$`), and it
 * never writes to the input or to any prototype. The decoded value is the input itself
 * (codecs of this package check and brand, they do not transform or strip).
 *
 * @example
 * // A wallet whose balance came as a string:
 * const body = JSON.stringify({ wallet: { ...wallet, balance_cents: '1000' } });
 * const result = decode(WalletResponse, JSON.parse(body));
 * result._tag === 'Left' && result.left.message
 * // => 'Could not decode WalletResponse: 1 problem\n- wallet.balance_cents: expected Cents (an integer amount in minor units, as a JSON number), found "1000"'
 * decode(WalletResponse, { wallet }) // ~> right({ wallet: { balance_cents: 2500 } })
 */
export function decode<A>(codec: t.Decoder<unknown, A>, input: unknown): Either<DecodeFailure, A> {
  const name = nameOf(codec);
  try {
    const result = codec.decode(input);
    if (isRight(result)) return right(result.right);
    return left(failureOf(name, problemsOf(result.left)));
  } catch (error) {
    return left(
      failureOf(name, [
        {
          path: '$',
          expected: `${name}, as plain JSON data (reading the input failed: ${describeError(error)})`,
          actual: input,
        },
      ]),
    );
  }
}

/** Renders a path from an io-ts context: keys after the root entry. */
function pathOf(context: t.Context): string {
  let path = '';
  for (let i = 1; i < context.length; i++) {
    const entry = context[i];
    if (entry === undefined) continue;
    const key = entry.key;
    const parent = context[i - 1]?.actual;
    if (INDEX.test(key) && Array.isArray(parent)) path += `[${key}]`;
    else if (IDENTIFIER.test(key)) path += path === '' ? key : `.${key}`;
    else path += `[${JSON.stringify(key)}]`;
  }
  return path === '' ? '$' : path;
}

function problemsOf(errors: t.Errors): DecodeProblem[] {
  const seen = new Set<string>();
  const problems: DecodeProblem[] = [];
  for (const error of errors) {
    const path = pathOf(error.context);
    const expected = error.message ?? error.context[error.context.length - 1]?.type.name ?? '?';
    const key = `${path}\u0000${expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path, expected, actual: error.value });
  }
  return problems;
}

function failureOf(codecName: string, problems: DecodeProblem[]): DecodeFailure {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const lines = problems.slice(0, MESSAGE_PROBLEMS).map(describeProblem);
  if (problems.length > MESSAGE_PROBLEMS) {
    lines.push(`- ... and ${problems.length - MESSAGE_PROBLEMS} more`);
  }
  return { problems, message: [`Could not decode ${codecName}: ${count}`, ...lines].join('\n') };
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

function nameOf(codec: t.Decoder<unknown, unknown>): string {
  try {
    return typeof codec.name === 'string' ? codec.name : 'value';
  } catch {
    return 'value';
  }
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'an unreadable error';
  }
}
