import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  DAY_MS,
  type FeecastError,
  type Instant,
  isStartOfLocalDay,
  SECOND_MS,
  type TimeZone,
  wallClock,
} from '../core/index';
import { localRange } from './local-range';

/**
 * ⌈a ÷ b⌉ for integers and b > 0, in integer arithmetic (exact for every safe integer).
 */
function ceilDiv(a: number, b: number): number {
  const remainder = ((a % b) + b) % b;
  return (a - remainder) / b + (remainder === 0 ? 0 : 1);
}

/**
 * The reference's day counter (periods.md §4.1) on instants: the local wall-clock time from
 * `from` to `to`, in days, rounded up, where `to` is first moved one second later when it is
 * exactly the start of a local day. Consequences: 00:00:00 → 23:59:59 of N local days is N;
 * a partial day counts in full; a DST change inside the range neither adds nor removes a day.
 * Integer milliseconds only.
 *
 * @example
 * countDays(UTC, Date.parse('2022-03-01T00:00:00Z'), Date.parse('2022-03-20T10:00:00Z')) // 20
 */
export function countDays(zone: TimeZone, from: Instant, to: Instant): number {
  const end = isStartOfLocalDay(zone, to) ? to + SECOND_MS : to;
  return ceilDiv(wallClock(zone, end) - wallClock(zone, from), DAY_MS);
}

/** The input of {@link dayCount}. */
export interface DayCountInput {
  readonly from: string;
  readonly to: string;
  /** IANA zone whose local days are counted; default UTC. */
  readonly timezone?: string | null | undefined;
}

/**
 * The number of days from `from` to `to` as the reference counts them for proration and
 * projections: local wall-clock days in `timezone`, rounded up, both ends counted when the
 * range runs from a local midnight to a 23:59:59, and DST changes ignored (periods.md §4.1).
 *
 * @example
 * dayCount({ from: '2023-08-31T22:00:00Z', to: '2023-09-30T21:59:59Z', timezone: 'Europe/Paris' }) // right(30)
 * dayCount({ from: '2022-03-01T00:00:00Z', to: '2022-03-20T10:00:00Z' })                            // right(20)
 */
export function dayCount(input: DayCountInput): Either<FeecastError, number> {
  const range = localRange(input.timezone, input, ['from', 'to'], false);
  if (isLeft(range)) return range;
  return right(countDays(range.right.zone, range.right.from, range.right.to));
}
