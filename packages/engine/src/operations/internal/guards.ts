import type { OperationEvent } from '../inputs';

/**
 * Whether a value is a plain object (not `null`, not an array): what every input object of
 * the operations must be before its fields are read.
 *
 * @example
 * isRecord({ code: 'api_calls' }) // true
 * isRecord([])                    // false
 * @internal
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a value can be read as a stream of events (an array, a generator, any iterable).
 *
 * @example
 * isEventIterable([]) // true
 * isEventIterable(3)  // false
 * @internal
 */
export function isEventIterable(value: unknown): value is Iterable<OperationEvent> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Iterable<OperationEvent>>)[Symbol.iterator] === 'function'
  );
}
