import * as t from 'io-ts';
import { isCalendarDate, isTimeOfDay } from '../internal/calendar';

/** The brand of {@link Timestamp}. */
export interface TimestampBrand {
  readonly Timestamp: unique symbol;
}

/** The number written by the `count` ASCII digits of `s` at `at`, or -1. */
function digitsAt(s: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = s.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Where the zone of `s` starts: after `YYYY-MM-DDTHH:MM:SS` and 1 to 9 fraction digits, or -1. */
function zoneStart(s: string): number {
  if (s.charCodeAt(19) !== 46) return 19; // no '.'
  let at = 20;
  while (at < s.length && at < 29 && digitsAt(s, at, 1) >= 0) at++;
  return at === 20 ? -1 : at;
}

/**
 * Whether `s` is an ISO 8601 UTC timestamp naming a real instant, in one of the forms
 * {@link Timestamp} accepts (anything but a string is not). Read character by character (it
 * runs for every fee checked).
 *
 * @example
 * isTimestamp('2025-01-15T10:00:00.000Z') // => true
 * isTimestamp('2025-02-30T10:00:00Z') // => false
 */
export function isTimestamp(s: unknown): boolean {
  if (
    typeof s !== 'string' ||
    s.length < 20 ||
    s.charCodeAt(4) !== 45 || // '-'
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 || // 'T'
    s.charCodeAt(13) !== 58 || // ':'
    s.charCodeAt(16) !== 58
  ) {
    return false;
  }
  const zone = zoneStart(s);
  const utc =
    (zone === s.length - 1 && s.charCodeAt(zone) === 90) || // 'Z'
    (zone === s.length - 6 && s.startsWith('+00:00', zone));
  if (!utc) return false;
  const year = digitsAt(s, 0, 4);
  const month = digitsAt(s, 5, 2);
  const day = digitsAt(s, 8, 2);
  const hour = digitsAt(s, 11, 2);
  const minute = digitsAt(s, 14, 2);
  const second = digitsAt(s, 17, 2);
  return (
    Math.min(year, month, day, hour, minute, second) >= 0 &&
    isCalendarDate(year, month, day) &&
    isTimeOfDay(hour, minute, second)
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
