import * as t from 'io-ts';
import { isTimestamp, type TimestampBrand } from './predicates';

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
