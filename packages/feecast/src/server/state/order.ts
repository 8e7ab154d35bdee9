import { epochMs } from './instant';

/**
 * Newest first: `items` sorted by a timestamp, descending; items with the same timestamp
 * keep their reverse insertion order (the last stored comes first). A new array.
 *
 * @example
 * newestFirst(logs, (log) => log.logged_at);
 */
export function newestFirst<T>(items: readonly T[], at: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, ms: epochMs(at(item)) }))
    .sort((a, b) => b.ms - a.ms || b.index - a.index)
    .map(({ item }) => item);
}
