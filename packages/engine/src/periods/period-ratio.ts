import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, type Instant, parseInstant, type TimeZone } from '../core/index';
import { countDays } from './day-count';
import { dayFraction } from './day-fraction';
import { localRange } from './local-range';

/** How much of a period has elapsed at an instant. */
export interface ElapsedFraction {
  /** Days of the period, counted as the reference counts them (at least 1). */
  readonly days: number;
  /** Days elapsed at `at`, the current day included: 0 before the period, `days` after it. */
  readonly elapsed_days: number;
  /** `elapsed_days ÷ days`, a decimal string from "0" to "1". */
  readonly period_ratio: string;
}

/**
 * The elapsed fraction of `[from, to]` at `at` (periods.md §5): 1 once `at ≥ to`, 0 before
 * `from`, else `countDays(from, at) ÷ countDays(from, to)`, where the current day counts in full
 * (11 Jan 00:00 in a 31-day January is 11/31) and the last day gives 1. `from ≤ to` is required
 * of the caller; a non-empty range counts at least one day.
 *
 * @example
 * elapsedFraction(UTC, Date.parse('2025-01-22T00:00:00Z'), Date.parse('2025-01-31T23:59:59Z'),
 *   Date.parse('2025-01-26T00:00:00Z')) // right({ days: 10, elapsed_days: 5, period_ratio: '0.5' })
 */
export function elapsedFraction(
  zone: TimeZone,
  from: Instant,
  to: Instant,
  at: Instant,
): Either<FeecastError, ElapsedFraction> {
  // Math on integer day counts only; the fraction itself is formed exactly by dayFraction.
  const days = Math.max(1, countDays(zone, from, to));
  let elapsed: number;
  if (at >= to) elapsed = days;
  else if (at < from) elapsed = 0;
  else elapsed = Math.min(days, Math.max(0, countDays(zone, from, at)));
  const fraction = dayFraction(elapsed, days);
  if (isLeft(fraction)) return fraction;
  return right({ days, elapsed_days: elapsed, period_ratio: fraction.right.ratio });
}

/** The input of {@link periodRatio}. */
export interface PeriodRatioInput {
  readonly from_datetime: string;
  readonly to_datetime: string;
  readonly at: string;
  /** IANA zone whose local days are counted; default UTC. */
  readonly timezone?: string | null | undefined;
}

/**
 * The elapsed fraction of a period at `at`, as projected usage uses it: `period_ratio` =
 * `elapsed_days ÷ days`, where both count local days in `timezone` with the current day in full;
 * "1" from the last day of the period on, "0" before it starts (periods.md §5).
 *
 * @example
 * periodRatio({ from_datetime: '2025-01-01T00:00:00Z', to_datetime: '2025-01-31T23:59:59Z',
 *   at: '2025-01-11T00:00:00Z' })
 * // right({ days: 31, elapsed_days: 11, period_ratio: '0.3548387096774193548387096774193548387097' })
 */
export function periodRatio(input: PeriodRatioInput): Either<FeecastError, ElapsedFraction> {
  const range = localRange(input.timezone, input, ['from_datetime', 'to_datetime'], true);
  if (isLeft(range)) return range;
  const at = parseInstant(input.at, ['at']);
  if (isLeft(at)) return at;
  return elapsedFraction(range.right.zone, range.right.from, range.right.to, at.right);
}
