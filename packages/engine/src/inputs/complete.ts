import type { DecodeFailure } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError, isRecord } from '../core/index';
import { decodedInput } from './decode-input';
import { setKey } from './set-key';

/** What a reader adds to the keys an input gives. */
export interface Filling {
  /** The value of each key the input leaves out (absent or `undefined`). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Nested inputs read on their own (a plan's charges...): they replace the values given. */
  readonly read?: Readonly<Record<string, unknown>>;
}

/**
 * The keys an input object gives: its own enumerable keys whose value is not `undefined`
 * (an `undefined` key is taken as left out, as JSON does).
 *
 * @example
 * givenKeys({ code: 'api', interval: undefined }) // { code: 'api' }
 * @internal
 */
export function givenKeys(value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const given: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item !== undefined) setKey(given, key, item);
  }
  return given;
}

/**
 * One input object with its defaults, not yet checked: `value` must be an object; each key it
 * leaves out takes its documented default (`fill(given).defaults`, docs/inputs.md), and nested
 * inputs are replaced by what their own readers made of them (`fill(given).read`). Nested
 * objects are filled this way and checked once, with the object that holds them.
 *
 * @example
 * fillInput({ code: 'vat', rate: 20 }, ['plan', 'taxes', '0'], 'a tax { code, rate }', (given) =>
 *   right({ defaults: { name: 'vat', description: null, ... } }))
 * // right({ code: 'vat', rate: 20, name: 'vat', description: null, ... })
 * @internal
 */
export function fillInput(
  value: unknown,
  path: readonly string[],
  what: string,
  fill: (given: Readonly<Record<string, unknown>>) => Either<FeecastError, Filling>,
): Either<FeecastError, Record<string, unknown>> {
  if (!isRecord(value)) {
    return left(
      feecastError(
        'invalid_input',
        `${path.length === 0 ? 'The input' : path.join('.')} must be ${what}.`,
        path,
      ),
    );
  }
  const given = givenKeys(value);
  const filling = fill(given);
  if (isLeft(filling)) return filling;
  const whole: Record<string, unknown> = {};
  for (const source of [filling.right.defaults, given, filling.right.read ?? {}]) {
    for (const key of Object.keys(source)) setKey(whole, key, source[key]);
  }
  return right(whole);
}

/**
 * Reads one input object into its full wire object: {@link fillInput}, then its `check` against
 * the wire format (`checkResource` of its name, or `decode` with its codec: the same problems),
 * so the result is exactly what the service would send (a `Left` names the first problem's path
 * and lists every problem).
 *
 * @example
 * completeInput((whole) => checkResource('Tax', whole), { code: 'vat', rate: 20 }, ['taxes', '0'], 'a tax { code, rate }', fillOfTax)
 * // right({ svc_id: '...', code: 'vat', name: 'vat', rate: 20, description: null, ... })
 * @internal
 */
export function completeInput<A>(
  check: (whole: Record<string, unknown>) => Either<DecodeFailure, A>,
  value: unknown,
  path: readonly string[],
  what: string,
  fill: (given: Readonly<Record<string, unknown>>) => Either<FeecastError, Filling>,
): Either<FeecastError, A> {
  const whole = fillInput(value, path, what, fill);
  return isLeft(whole) ? whole : decodedInput(check(whole.right), path);
}

/**
 * Reads an optional list of inputs with `read`: absent or `null` is an empty list; anything
 * else must be an array, whose elements are read in turn (errors name the element's index).
 *
 * @example
 * readList(input.billableMetrics, ['billableMetrics'], readBillableMetric) // right([...]) or left at ['billableMetrics', '2', ...]
 * @internal
 */
export function readList<A>(
  value: unknown,
  path: readonly string[],
  read: (element: unknown, path: readonly string[], index: number) => Either<FeecastError, A>,
): Either<FeecastError, A[]> {
  if (value === undefined || value === null) return right([]);
  if (!Array.isArray(value)) {
    return left(
      feecastError('invalid_input', `${path.join('.')} must be an array (or left out).`, path),
    );
  }
  const out: A[] = [];
  for (let i = 0; i < value.length; i++) {
    const element = read(value[i], [...path, String(i)], i);
    if (isLeft(element)) return element;
    out.push(element.right);
  }
  return right(out);
}
