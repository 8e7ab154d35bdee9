import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { feecastError } from '../../core/index';
import type { UsageEvent } from '../event';
import { propertyText } from '../property';
import type { UniqueOperationJson, UniqueValue, ValueProblem } from './kind';
import { type Read, readEpochMs, readObject, readUniqueValue, repeated } from './state-json';

/**
 * Orders unique values: `null` first, then texts by code unit (the order of `active_values`).
 *
 * @example
 * ['b', null, 'a'].sort(compareUniqueValues) // [null, 'a', 'b']
 */
export function compareUniqueValues(a: UniqueValue, b: UniqueValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/**
 * The value a unique count counts for a field value: its text, `null` when the field is
 * missing or `null`, `undefined` when it has no text (an object, an array, a non-finite number).
 *
 * @example
 * uniqueValueOf('seat_1') // 'seat_1'
 * uniqueValueOf(undefined) // null
 * uniqueValueOf({}) // undefined
 */
export function uniqueValueOf(value: unknown): UniqueValue | undefined {
  return value === undefined || value === null ? null : propertyText(value);
}

/**
 * An add or remove of one value, packed in one number so an update allocates
 * nothing: `timeMs × 2 + 1` for an add, `timeMs × 2` for a remove (exact: epoch milliseconds
 * stay far below 2^52). Carried values sort before every event.
 */
export type Operation = number;

export const CARRIED: Operation = Number.MIN_SAFE_INTEGER + 1;

/** The operation of an event at `timeMs` that removes its value, or adds it. */
export function packOperation(timeMs: number, removes: boolean): Operation {
  return timeMs * 2 + (removes ? 0 : 1);
}

/** Whether an operation adds its value (a carried value counts as added). */
export function isAdd(op: Operation): boolean {
  return op % 2 !== 0 || op === CARRIED;
}

/** The time of an operation, epoch ms. */
export function timeOf(op: Operation): number {
  return Math.floor(op / 2);
}

/**
 * Reads a unique-count event: the counted value (`null` for an event without the field) and
 * its packed operation (`add` unless `operation_type` is `remove`), or why the event cannot
 * count.
 */
export function readOperation(
  value: unknown,
  timeMs: number,
  event: UsageEvent,
): { readonly text: UniqueValue; readonly packed: Operation } | ValueProblem {
  const text = uniqueValueOf(value);
  if (text === undefined) return 'invalid_value';
  const operation = event.properties?.operation_type;
  if (operation !== undefined && operation !== 'add' && operation !== 'remove')
    return 'invalid_operation_type';
  return { text, packed: packOperation(timeMs, operation === 'remove') };
}

/** An operation in its JSON form (docs/aggregation-state.md). */
export function operationJson(op: Operation): UniqueOperationJson {
  if (op === CARRIED) return { operation: 'carried' };
  return { operation: isAdd(op) ? 'add' : 'remove', at: timeOf(op) };
}

/** The operation of a well-formed JSON form, `object`; `undefined` if it is not (see below). */
export function operationOf(object: Record<string, unknown>): Operation | undefined {
  const kind = object.operation;
  if (kind === 'carried') return CARRIED;
  if ((kind !== 'add' && kind !== 'remove') || !Number.isSafeInteger(object.at)) return undefined;
  return packOperation(object.at as number, kind === 'remove');
}

/** An operation from its JSON form, `object` (already checked to be an object). */
export function readOperationJson(
  object: Record<string, unknown>,
  path: readonly string[],
): Read<Operation> {
  const known = operationOf(object);
  if (known !== undefined) return right(known);
  const kind = object.operation;
  if (kind !== 'add' && kind !== 'remove') {
    return left(
      feecastError(
        'invalid_input',
        `${[...path, 'operation'].join('.')} must be "add", "remove" or "carried".`,
        [...path, 'operation'],
        { value: kind },
      ),
    );
  }
  const at = readEpochMs(object, 'at', path, false);
  return isLeft(at) ? at : right(packOperation(at.right ?? 0, kind === 'remove'));
}

/**
 * Reads a list of `{ value, ... }` entries, each value once, with `entry` reading the rest of
 * each; calls `each` with the value and what `entry` read. With `quick` (what `entry` reads of
 * a well-formed entry, `undefined` otherwise), a well-formed entry is read without its path;
 * the others go through `entry`, which names the problem.
 */
export function readValueEntries<T>(
  list: readonly unknown[],
  path: readonly string[],
  entry: (object: Record<string, unknown>, path: readonly string[]) => Read<T>,
  each: (value: UniqueValue, read: T) => void,
  quick?: (object: Record<string, unknown>) => T | undefined,
): Read<void> {
  const seen = new Set<UniqueValue>();
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (quick !== undefined && typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const object = item as Record<string, unknown>;
      const value = object.value;
      if ((typeof value === 'string' || value === null) && !seen.has(value)) {
        const read = quick(object);
        if (read !== undefined) {
          seen.add(value);
          each(value, read);
          continue;
        }
      }
    }
    const at = [...path, String(i)];
    const object = readObject(item, at);
    if (isLeft(object)) return object;
    const value = readUniqueValue(object.right, 'value', at);
    if (isLeft(value)) return value;
    if (seen.has(value.right)) return repeated([...at, 'value'], value.right);
    seen.add(value.right);
    const read = entry(object.right, at);
    if (isLeft(read)) return read;
    each(value.right, read.right);
  }
  return right(undefined);
}

/** Map entries sorted by value (`compareUniqueValues`), for a JSON form. */
export function sortedByValue<T>(map: ReadonlyMap<UniqueValue, T>): [UniqueValue, T][] {
  return Array.from(map).sort(([a], [b]) => compareUniqueValues(a, b));
}
