import type { UsageEvent } from '../event';
import { propertyText } from '../property';
import type { ValueProblem } from './kind';

/**
 * An add or remove of one value, packed in one number so an update allocates
 * nothing: `timeMs × 2 + 1` for an add, `timeMs × 2` for a remove (exact: epoch milliseconds
 * stay far below 2^52). Carried values sort before every event.
 */
export type Operation = number;

export const CARRIED: Operation = Number.MIN_SAFE_INTEGER + 1;

/** Whether an operation adds its value (a carried value counts as added). */
export function isAdd(op: Operation): boolean {
  return op % 2 !== 0 || op === CARRIED;
}

/** The time of an operation, epoch ms. */
export function timeOf(op: Operation): number {
  return Math.floor(op / 2);
}

/**
 * Reads a unique-count event: the counted value's text and its packed operation (`add` unless
 * `operation_type` is `remove`), or why the event cannot count.
 */
export function readOperation(
  value: unknown,
  timeMs: number,
  event: UsageEvent,
): { readonly text: string; readonly packed: Operation } | ValueProblem {
  const text = propertyText(value);
  if (text === undefined) return 'invalid_value';
  const operation = event.properties?.operation_type;
  if (operation !== undefined && operation !== 'add' && operation !== 'remove')
    return 'invalid_operation_type';
  return { text, packed: timeMs * 2 + (operation === 'remove' ? 0 : 1) };
}
