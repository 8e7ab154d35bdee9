import type { BillingInterval } from '@feecast/models';
import { type CalendarDate, isLastDayOfMonth, isoWeekday, mod } from '../../core/index';

/** Months between anniversaries of each interval (weekly has none). */
const MONTHS: { readonly [K in BillingInterval]: number } = {
  weekly: 0,
  monthly: 1,
  quarterly: 3,
  semiannual: 6,
  yearly: 12,
};

/**
 * The anchor's day of month falls on `date`: the same day, or `date` is the last day of a
 * month too short to have the anchor's day (an anchor on the 31st fires on 30 April and on
 * 28 February).
 */
function dayMatches(anchorDay: number, date: CalendarDate): boolean {
  return anchorDay === date.day || (isLastDayOfMonth(date) && anchorDay > date.day);
}

/**
 * Whether `date` is an anniversary of `anchor` for a recurring transaction rule's `interval`
 * (invoicing.md §6.4): weekly on the anchor's weekday; monthly on its day of month;
 * quarterly, semiannual and yearly on that day in every 3rd, 6th or 12th month from the
 * anchor's month. A day missing from a short month moves to the month's last day. The anchor
 * itself counts (callers exclude the wallet's creation day and days before the anchor).
 *
 * @example
 * isIntervalAnniversary('monthly', { year: 2025, month: 1, day: 31 }, { year: 2025, month: 2, day: 28 }) // true
 * isIntervalAnniversary('quarterly', { year: 2025, month: 1, day: 15 }, { year: 2025, month: 7, day: 15 }) // true
 */
export function isIntervalAnniversary(
  interval: BillingInterval,
  anchor: CalendarDate,
  date: CalendarDate,
): boolean {
  const months = MONTHS[interval];
  if (months === 0) return isoWeekday(anchor) === isoWeekday(date);
  if (mod(date.month - anchor.month, months) !== 0) return false;
  return dayMatches(anchor.day, date);
}
