import { isRight } from 'fp-ts/lib/Either.js';
import {
  ceil,
  DAY_MS,
  type Decimal,
  decimalFromCount,
  divide,
  localEpochDay,
  multiply,
  type Scale,
  ZERO,
} from '../../core/index';
import type { KindContext } from './kind';

/** The reference ceils prorated aggregations to 5 decimals (aggregations.md §1.8). */
const PRORATED_SCALE = 5 as Scale;

/**
 * `units × days ÷ period_days`, ceiled to 5 decimals: the prorated amount basis of units that
 * count for `days` of a period of `periodDays` days.
 */
export function prorate(units: Decimal, days: number, periodDays: number): Decimal {
  const divided = divide(multiply(units, decimalFromCount(days)), decimalFromCount(periodDays));
  // periodDays >= 1 is checked when the options are resolved, so the division cannot fail.
  return isRight(divided) ? ceil(divided.right, PRORATED_SCALE) : ZERO;
}

/**
 * The days an event counts for in a prorated period: from its local calendar date to the
 * date of `to_datetime`, both included (`date(to) − date(event) + 1`).
 */
export function daysToPeriodEnd(context: KindContext, timeMs: number): number {
  return localEpochDay(context.zone, context.toMs) - localEpochDay(context.zone, timeMs) + 1;
}

/**
 * The days a pay-in-advance prorated event bills: the time from the event to `to_datetime`,
 * in days rounded up (aggregations.md §1.8, "pay-in-advance prorated value").
 */
export function ceilDaysToPeriodEnd(context: KindContext, timeMs: number): number {
  const remaining = context.toMs - timeMs;
  // Integer epoch milliseconds: an exact whole-day count, not money arithmetic.
  return remaining <= 0 ? 0 : Math.ceil(remaining / DAY_MS);
}
