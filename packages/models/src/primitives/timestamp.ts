import * as t from 'io-ts';
import { isCalendarDate, isTimeOfDay } from '../internal/calendar';

/** The brand of {@link Timestamp}. */
export interface TimestampBrand {
  readonly Timestamp: unique symbol;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|\+00:00)$/;

/**
 * Whether `s` is an ISO 8601 UTC timestamp naming a real instant, in one of the forms
 * {@link Timestamp} accepts.
 *
 * @example
 * isTimestamp('2025-01-15T10:00:00.000Z'); // true
 * isTimestamp('2025-02-30T10:00:00Z'); // false: no such day
 */
export function isTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  if (m === null) return false;
  const [, year, month, day, hour, minute, second] = m.map(Number);
  return (
    isCalendarDate(year ?? 0, month ?? 0, day ?? 0) &&
    isTimeOfDay(hour ?? 0, minute ?? 0, second ?? 0)
  );
}

/**
 * An ISO 8601 UTC timestamp string, in each form the service sends:
 * `2025-01-15T10:00:00Z`, `2025-01-15T10:00:00.000Z` (fractional seconds, 1 to 9 digits) and
 * `2025-01-15T10:00:00+00:00`. The date and time must be real (`2025-02-30T...` is refused);
 * other offsets, RFC 1123 dates and unix seconds are refused. The string is kept as sent.
 *
 * @example
 * decode(Timestamp, '2025-03-15T00:00:00+00:00') // right
 * decode(Timestamp, 'Sat, 15 Mar 2025 00:05:12 GMT') // left
 */
export const Timestamp = t.brand(
  t.string,
  (s): s is t.Branded<string, TimestampBrand> => isTimestamp(s),
  'Timestamp',
);
/** An ISO 8601 UTC timestamp string, see {@link Timestamp}. */
export type Timestamp = t.TypeOf<typeof Timestamp>;
