/**
 * Whether an input is an object whose fields can be read (not `null`, not an array): the
 * shape of every input object and wire object.
 *
 * @example
 * isRecord({ plan: {} }) // true
 * isRecord([1, 2])       // false
 * @internal
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether an input is an iterable object (an array, a generator, a Set...): what `events`
 * may be. Strings, though iterable, are not events.
 *
 * @example
 * isIterableObject([{ transaction_id: 't1', code: 'api', timestamp: '2025-01-01T00:00:00Z' }]) // true
 * isIterableObject('events')                                                                    // false
 * @internal
 */
export function isIterableObject<A>(value: unknown): value is Iterable<A> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function'
  );
}
