import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  daysFrom,
  type FeecastError,
  feecastError,
  formatInstant,
  localDate,
  parseInstant,
} from '../core/index';
import { countDays } from './day-count';
import { type DayFraction, dayFraction } from './day-fraction';
import { localRange } from './local-range';

function checkDuration(duration: unknown): Either<FeecastError, never> | undefined {
  if (typeof duration === 'number' && Number.isSafeInteger(duration) && duration > 0) {
    return undefined;
  }
  return left(
    feecastError(
      'invalid_input',
      `duration must be the full period's length in days, a positive integer (e.g. period_duration or charges_duration of billingPeriod), got ${JSON.stringify(duration) ?? typeof duration}.`,
      ['duration'],
      { value: duration },
    ),
  );
}

/** The input of {@link prorationRatio}. */
export interface ProrationInput {
  /** Start of the billed range (a period's `from_datetime` or `charges_from_datetime`). */
  readonly from_datetime: string;
  /** End of the billed range (`to_datetime`, `charges_to_datetime`, or an event's end). */
  readonly to_datetime: string;
  /**
   * The **full** period's length in days, never shortened by a late start or a termination:
   * `period_duration` for the subscription fee, `charges_duration` for charges.
   */
  readonly duration: number;
  /** IANA zone whose local days are counted; default UTC. */
  readonly timezone?: string | null | undefined;
  /**
   * End of a free trial: when it is at or after `to_datetime` nothing is billed (0 days); when
   * it falls inside the range, days are counted from it. The reference measures it from the
   * first `started_at` of the subscription's upgrade chain plus the plan's `trial_period` days.
   */
  readonly trialEndsAt?: string | null | undefined;
  /**
   * The subscription was terminated by an upgrade: the switch day is billed on the new plan
   * only, so one day less is billed here (never below 0).
   */
  readonly terminatedByUpgrade?: boolean | undefined;
}

/**
 * The share of a period billed for `[from_datetime, to_datetime]`, by days (periods.md §4):
 * `days ÷ duration`, where `days` counts local days in `timezone` as the reference does (a
 * partial day counts in full; DST changes are ignored) and `duration` is the full period's
 * length. Used for the subscription fee of a partial period (first period, termination,
 * upgrade, trial) and for carried-over values of prorated recurring charges.
 *
 * Multiply before dividing for an exact amount: `amount × days ÷ duration`.
 *
 * @example
 * // A calendar month started on 15 March: 17 of 31 days.
 * prorationRatio({ from_datetime: '2022-03-15T00:00:00Z', to_datetime: '2022-03-31T23:59:59Z', duration: 31 })
 * // right({ days: 17, duration: 31, ratio: '0.5483870967741935483870967741935483870968' })
 */
export function prorationRatio(input: ProrationInput): Either<FeecastError, DayFraction> {
  const counted = prorationDays(input);
  if (isLeft(counted)) return counted;
  return dayFraction(counted.right.days, counted.right.duration);
}

/**
 * The days of {@link prorationRatio} without the ratio: what a fee that multiplies before it
 * divides (`amount × days ÷ duration`) reads, with no ratio written.
 *
 * @example
 * prorationDays({ from_datetime: '2022-03-15T00:00:00Z', to_datetime: '2022-03-31T23:59:59Z', duration: 31 })
 * // right({ days: 17, duration: 31 })
 * @internal
 */
export function prorationDays(
  input: ProrationInput,
): Either<FeecastError, { readonly days: number; readonly duration: number }> {
  const badDuration = checkDuration(input.duration);
  if (badDuration !== undefined) return badDuration;
  const range = localRange(input.timezone, input, ['from_datetime', 'to_datetime'], true);
  if (isLeft(range)) return range;
  const { zone, from, to } = range.right;
  let start = from;
  if (input.trialEndsAt !== undefined && input.trialEndsAt !== null) {
    const trialEnd = parseInstant(input.trialEndsAt, ['trialEndsAt']);
    if (isLeft(trialEnd)) return trialEnd;
    if (trialEnd.right >= to) return right({ days: 0, duration: input.duration });
    if (trialEnd.right > start) start = trialEnd.right;
  }
  const counted = countDays(zone, start, to);
  // Math on integer day counts only.
  const days = Math.max(0, input.terminatedByUpgrade === true ? counted - 1 : counted);
  return right({ days, duration: input.duration });
}

/** The input of {@link eventProrationRatio}. */
export interface EventProrationInput {
  /** The event's timestamp. */
  readonly timestamp: string;
  /** The charges period's end (`charges_to_datetime`). */
  readonly charges_to_datetime: string;
  /** The full charges period's length in days (`charges_duration`). */
  readonly duration: number;
  /** IANA zone whose local dates are compared; default UTC. */
  readonly timezone?: string | null | undefined;
}

/**
 * The weight of one in-period event of a prorated charge billed in arrears (periods.md §4.3):
 * `(local date of charges_to_datetime − local date of the event + 1) ÷ duration`, so the
 * event's day and the period's last day both count in full. An event after the period's end
 * is a `Left`.
 *
 * (A pay-in-advance event is prorated with {@link prorationRatio} from its timestamp to
 * `charges_to_datetime` instead, as the reference does.)
 *
 * @example
 * // 26 May in a 31-day May period: 6/31.
 * eventProrationRatio({ timestamp: '2023-05-26T12:00:00Z', charges_to_datetime: '2023-05-31T23:59:59Z', duration: 31 })
 * // right({ days: 6, duration: 31, ratio: '0.1935483870967741935483870967741935483871' })
 */
export function eventProrationRatio(input: EventProrationInput): Either<FeecastError, DayFraction> {
  const badDuration = checkDuration(input.duration);
  if (badDuration !== undefined) return badDuration;
  const range = localRange(input.timezone, input, ['timestamp', 'charges_to_datetime'], false);
  if (isLeft(range)) return range;
  const { zone, from: timestamp, to: end } = range.right;
  if (timestamp > end) {
    return left(
      feecastError(
        'invalid_input',
        `timestamp (${formatInstant(timestamp)}) is after charges_to_datetime (${formatInstant(end)}); only events inside the charges period are prorated.`,
        ['timestamp'],
      ),
    );
  }
  const days = daysFrom(localDate(zone, timestamp), localDate(zone, end)) + 1;
  return dayFraction(days, input.duration);
}
