import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { describeThrown, type FeecastError, feecastError } from '../core/index';
import { readPlainData } from './plain-data';

/** The keys of an input object whose values are event streams (read one event at a time). */
const STREAM_KEYS: ReadonlySet<string> = new Set(['events']);

/** How a public function's arguments are read. */
export interface EntrySpec {
  /** The function's name, for messages. */
  readonly name: string;
  /**
   * The name of each argument, the first key of an error's path (`['options', 'filters']`);
   * a function of one input object leaves it out (paths start inside the input).
   */
  readonly args?: readonly string[];
  /** Arguments that are event streams (any iterable, read lazily): passed as they are. */
  readonly streams?: readonly number[];
  /** Arguments the function takes as `unknown` and judges itself (a BigInt included): passed as they are. */
  readonly asGiven?: readonly number[];
}

/** The error of a throw that escaped a function: what threw, in the function's words. */
function unexpected(name: string, thrown: unknown): FeecastError {
  return feecastError(
    'unexpected_error',
    `${name} stopped on a throw: ${describeThrown(thrown)}. Most often an event (read one at a time) has a getter or proxy that throws; otherwise it is a defect of the engine, to report with the input.`,
    [],
    { thrown: describeThrown(thrown) },
  );
}

/** The arguments read as plain data, or the first that is not. */
function readArguments(spec: EntrySpec, args: readonly unknown[]): Either<FeecastError, unknown[]> {
  const read: unknown[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (spec.streams?.includes(i) === true || spec.asGiven?.includes(i) === true) {
      read.push(arg);
      continue;
    }
    const name = spec.args?.[i];
    const path = name === undefined ? (args.length > 1 ? [String(i)] : []) : [name];
    const plain = readPlainData(arg, path, { streamKeys: STREAM_KEYS });
    if (isLeft(plain)) return plain;
    read.push(plain.right);
  }
  return right(read);
}

/**
 * A public function of the engine as callers get it: its arguments are read as plain data
 * first (`readPlainData`: a BigInt, a symbol, a cycle, a getter or proxy that throws is a
 * `Left` naming the path), event streams are passed as they are, and any throw that still
 * escapes (an event's getter, read later; a defect) becomes a `Left` (`unexpected_error`); a
 * function given events asynchronously answers with a promise that resolves the same way.
 * The function's own checks, types and documentation are unchanged.
 *
 * @example
 * const safeApply = guarded(applyChargeModel, { name: 'applyChargeModel', args: ['charge', 'context'] });
 * safeApply(charge, { units: '25', events_count: Object.create(null) }) // left({ code: 'invalid_input', ... }), never a throw
 * @internal
 */
export function guarded<F extends (...args: never[]) => Either<FeecastError, unknown>>(
  fn: F,
  spec: EntrySpec,
): F {
  const call = fn as unknown as (...args: unknown[]) => Either<FeecastError, unknown>;
  const entry = (
    ...args: unknown[]
  ): Either<FeecastError, unknown> | Promise<Either<FeecastError, unknown>> => {
    try {
      const read = readArguments(spec, args);
      if (isLeft(read)) return read;
      // bounded: the caller's own arguments, read back as plain data.
      const answer: Either<FeecastError, unknown> | Promise<Either<FeecastError, unknown>> = call(
        ...read.right,
      );
      // Events given asynchronously: the answer is a promise, which never rejects either.
      return answer instanceof Promise
        ? answer.then(undefined, (thrown: unknown) => left(unexpected(spec.name, thrown)))
        : answer;
    } catch (thrown) {
      return left(unexpected(spec.name, thrown));
    }
  };
  // Sound: `entry` takes F's arguments (copied as plain data) and returns what `fn` returns,
  // or a Left of the same error type.
  return entry as unknown as F;
}

/**
 * {@link guarded} for a function whose `Right` answers further calls (a prepared estimator, a
 * compiled charge model): `guard` gives the object the caller gets, its methods guarded too.
 *
 * @example
 * guardedResult(createEstimator, { name: 'createEstimator' }, (estimator) => ({
 *   estimateFees: guarded(estimator.estimateFees.bind(estimator), { name: 'estimateFees of an estimator' }),
 * }))
 * @internal
 */
export function guardedResult<F extends (...args: never[]) => Either<FeecastError, unknown>>(
  fn: F,
  spec: EntrySpec,
  guard: (result: Extract<ReturnType<F>, { readonly _tag: 'Right' }>['right']) => unknown,
): F {
  const call = fn as unknown as (...args: unknown[]) => Either<FeecastError, never>;
  const withGuardedResult = (...args: unknown[]): Either<FeecastError, unknown> => {
    // bounded: the caller's own arguments.
    const result = call(...args);
    return isLeft(result) ? result : right(guard(result.right));
  };
  return guarded(withGuardedResult, spec) as unknown as F;
}

/**
 * A predicate or reader over any value (`isDecimal`, `isScale`, `eventTimeMs`) that never
 * throws: a value it cannot even inspect (a revoked proxy) gets `fallback`.
 *
 * @example
 * const safeIsDecimal = inspecting(isDecimal, false);
 * safeIsDecimal(revokedProxy) // false
 * @internal
 */
export function inspecting<F extends (...args: never[]) => unknown>(
  fn: F,
  fallback: ReturnType<F>,
): F {
  const call = fn as unknown as (...args: unknown[]) => unknown;
  const inspect = (...args: unknown[]): unknown => {
    try {
      // bounded: the caller's own arguments.
      return call(...args);
    } catch {
      return fallback;
    }
  };
  // Sound: the same arguments and answers as `fn`, `fallback` (one of its answers) for a throw.
  return inspect as unknown as F;
}
