import {
  addDays,
  addMonths,
  type CalendarDate,
  compareDates,
  dayInMonth,
  daysFrom,
  isLastDayOfMonth,
  isoWeekday,
  mod,
  monthIndex,
} from '../core/index';

/**
 * How the billing periods of one subscription tile the calendar: every local date belongs to
 * exactly one period, and a period runs from one *period start* to the day before the next.
 * All dates are local dates in the customer's time zone.
 *
 * This one shape covers every rule of the reference (periods.md §2): calendar weeks, months,
 * quarters, halves and years, and anniversaries, including month-end anniversaries, which open
 * on the anniversary day capped at the month's length (31 Jan, 28 Feb, 31 Mar, 30 Apr...).
 */
export interface Cadence {
  /** The first day of the period that contains `date`. */
  startOf(date: CalendarDate): CalendarDate;
  /** The first day of the period after the one that starts on `start` (a period start). */
  nextStart(start: CalendarDate): CalendarDate;
  /**
   * The invoicing *base date*: the billing date one interval back, a day inside the period a
   * billing run on `billingDate` closes (periods.md §1.1).
   */
  stepBack(billingDate: CalendarDate): CalendarDate;
}

/**
 * The last day of the period that starts on `start`.
 *
 * @example
 * periodEnd(monthsCadence({ months: 1, anchorMonth: 1, anchorDay: 31, endOfMonthFix: true }),
 *   { year: 2022, month: 1, day: 31 }) // { year: 2022, month: 2, day: 27 }
 */
export function periodEnd(cadence: Cadence, start: CalendarDate): CalendarDate {
  return addDays(cadence.nextStart(start), -1);
}

/**
 * The length in days of the period that starts on `start`, both ends included.
 *
 * @example
 * periodLength(weeksCadence(1), { year: 2022, month: 2, day: 28 }) // 7
 */
export function periodLength(cadence: Cadence, start: CalendarDate): number {
  return daysFrom(start, cadence.nextStart(start));
}

/**
 * Weeks that start on an ISO weekday (`1` Monday for calendar billing; the weekday of the
 * subscription date for anniversary billing). The base date is 7 days back.
 *
 * @example
 * weeksCadence(1).startOf({ year: 2022, month: 3, day: 9 }) // { year: 2022, month: 3, day: 7 }
 */
export function weeksCadence(weekday: number): Cadence {
  return {
    startOf: (date) => addDays(date, -mod(isoWeekday(date) - weekday, 7)),
    nextStart: (start) => addDays(start, 7),
    stepBack: (billingDate) => addDays(billingDate, -7),
  };
}

/** The parameters of a cadence of whole months. */
export interface MonthsCadenceRule {
  /** Months per period: 1, 3, 6 or 12. */
  readonly months: number;
  /** A month (1-12) in which periods start; periods start every `months` months from it. */
  readonly anchorMonth: number;
  /** The day periods start on, capped at each month's length (1 for calendar billing). */
  readonly anchorDay: number;
  /**
   * The anniversary end-of-month fix of the base date (periods.md §1.1): when the billing
   * date is the last day of its month and before the anchor day, the base date is the anchor
   * day (capped) one interval back, not the billing day one interval back.
   */
  readonly endOfMonthFix: boolean;
}

/**
 * Periods of `months` months that start on `anchorDay` (capped at the month's length) of the
 * months `anchorMonth`, `anchorMonth + months`, ... Calendar months, quarters, halves and years
 * are the case `anchorDay = 1`, `anchorMonth = 1`.
 *
 * @example
 * const quarters = monthsCadence({ months: 3, anchorMonth: 4, anchorDay: 6, endOfMonthFix: true });
 * quarters.startOf({ year: 2022, month: 8, day: 4 }) // { year: 2022, month: 7, day: 6 }
 */
export function monthsCadence(rule: MonthsCadenceRule): Cadence {
  const { months, anchorMonth, anchorDay, endOfMonthFix } = rule;
  const anchorIn = (index: number) => dayInMonth(index, anchorDay);
  return {
    startOf: (date) => {
      const index = monthIndex(date);
      const latest = index - mod(index - (anchorMonth - 1), months);
      const start = anchorIn(latest);
      return compareDates(start, date) <= 0 ? start : anchorIn(latest - months);
    },
    nextStart: (start) => anchorIn(monthIndex(start) + months),
    stepBack: (billingDate) =>
      endOfMonthFix && isLastDayOfMonth(billingDate) && billingDate.day < anchorDay
        ? anchorIn(monthIndex(billingDate) - months)
        : addMonths(billingDate, -months),
  };
}
