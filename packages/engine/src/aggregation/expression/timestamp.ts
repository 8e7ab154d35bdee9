import { timestampInstant } from '../../core/index';

/**
 * An event timestamp as whole Unix seconds, the way `event.timestamp` sees it: the event time
 * that aggregation reads too (`timestampInstant`: ISO 8601 with seconds and a zone, or
 * non-negative Unix seconds), with the sub-second part dropped, like Ruby's `Time#to_i`.
 * Anything else gives `undefined`.
 *
 * @example
 * unixSeconds('2024-03-01T12:00:00.999Z') // 1709294400
 * unixSeconds(1709294400.75)              // 1709294400
 * unixSeconds('yesterday')                // undefined
 */
export function unixSeconds(timestamp: unknown): number | undefined {
  const instant = timestampInstant(timestamp);
  // Integer milliseconds to whole seconds: not money.
  return instant === undefined ? undefined : Math.floor(instant / 1000);
}
