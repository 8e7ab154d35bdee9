/**
 * Proleptic Gregorian calendar dates without a time or a zone, and their arithmetic.
 *
 * Everything here is integer arithmetic on day and month counts (no `Date`, whose two-digit
 * years and local-time methods are traps): a date converts to and from its epoch day (days
 * since 1970-01-01) with Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms.
 */

/** A calendar date: `month` 1-12, `day` 1-31. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** ISO weekday numbers: Monday = 1 ... Sunday = 7. */
export const MONDAY = 1;

/**
 * The non-negative remainder of a ÷ b for integers and b > 0 (`-1 mod 7` is 6, not -1).
 *
 * @example
 * mod(-1, 7) // 6
 */
export function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/**
 * Floor division of integers, b > 0 (rounds toward −∞, unlike `Math.trunc`). Exact: `a − mod(a,
 * b)` is a multiple of `b`, so the division has no remainder to round.
 *
 * @example
 * floorDiv(-1, 7) // -1
 */
export function floorDiv(a: number, b: number): number {
  return (a - mod(a, b)) / b;
}

/**
 * `true` for Gregorian leap years.
 *
 * @example
 * isLeapYear(2024) // true
 * isLeapYear(2100) // false
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * The number of days of a month (`month` 1-12).
 *
 * @example
 * daysInMonth(2024, 2) // 29
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return MONTH_DAYS[month - 1] ?? 31;
}

/**
 * Days since 1970-01-01 (negative before).
 *
 * @example
 * epochDay({ year: 1970, month: 1, day: 2 }) // 1
 */
export function epochDay(date: CalendarDate): number {
  return epochDayOf(date.year, date.month, date.day);
}

/**
 * {@link epochDay} of a year, month (1-12) and day given as numbers: no object on hot paths.
 *
 * @example
 * epochDayOf(2025, 3, 1) // 20148
 */
export function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = floorDiv(y, 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = month > 2 ? month - 3 : month + 9;
  const dayOfYear = floorDiv(153 * monthFromMarch + 2, 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * The date of an epoch day (inverse of {@link epochDay}).
 *
 * @example
 * dateOfEpochDay(0) // { year: 1970, month: 1, day: 1 }
 */
export function dateOfEpochDay(days: number): CalendarDate {
  const z = days + 719468;
  const era = floorDiv(z, 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = floorDiv(
    dayOfEra - floorDiv(dayOfEra, 1460) + floorDiv(dayOfEra, 36524) - floorDiv(dayOfEra, 146096),
    365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100));
  const monthFromMarch = floorDiv(5 * dayOfYear + 2, 153);
  const day = dayOfYear - floorDiv(153 * monthFromMarch + 2, 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/**
 * The date `n` days later (earlier for a negative `n`).
 *
 * @example
 * addDays({ year: 2024, month: 2, day: 28 }, 1) // { year: 2024, month: 2, day: 29 }
 */
export function addDays(date: CalendarDate, n: number): CalendarDate {
  return dateOfEpochDay(epochDay(date) + n);
}

/**
 * Days from `a` to `b` (`b − a`; 0 for the same date).
 *
 * @example
 * daysFrom({ year: 2022, month: 2, day: 1 }, { year: 2022, month: 3, day: 1 }) // 28
 */
export function daysFrom(a: CalendarDate, b: CalendarDate): number {
  return epochDay(b) - epochDay(a);
}

/**
 * −1, 0 or 1 as `a` is before, equal to or after `b`.
 *
 * @example
 * compareDates({ year: 2022, month: 1, day: 31 }, { year: 2022, month: 2, day: 1 }) // -1
 */
export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  const d = epochDay(a) - epochDay(b);
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

/**
 * The ISO weekday: Monday = 1 ... Sunday = 7.
 *
 * @example
 * isoWeekday({ year: 2021, month: 2, day: 2 }) // 2 (a Tuesday)
 */
export function isoWeekday(date: CalendarDate): number {
  // 1970-01-01 was a Thursday (4).
  return mod(epochDay(date) + 3, 7) + 1;
}

/**
 * A month counted from year 0 (`year × 12 + month − 1`), so that months add like integers.
 *
 * @example
 * monthIndex({ year: 2022, month: 3, day: 9 }) // 24266
 */
export function monthIndex(date: CalendarDate): number {
  return date.year * 12 + date.month - 1;
}

/**
 * Day `day` of the month with index `index` (see {@link monthIndex}), capped at the month's
 * last day: the "clamped anniversary" of billing.
 *
 * @example
 * dayInMonth(monthIndex({ year: 2022, month: 2, day: 1 }), 31) // { year: 2022, month: 2, day: 28 }
 */
export function dayInMonth(index: number, day: number): CalendarDate {
  const year = floorDiv(index, 12);
  const month = mod(index, 12) + 1;
  // Math on integer day numbers only.
  return { year, month, day: Math.min(day, daysInMonth(year, month)) };
}

/**
 * The same day `n` months later (earlier for a negative `n`), capped at the target month's
 * last day, as calendar arithmetic does (`2024-03-31` minus one month is `2024-02-29`).
 *
 * @example
 * addMonths({ year: 2025, month: 2, day: 28 }, -12) // { year: 2024, month: 2, day: 28 }
 */
export function addMonths(date: CalendarDate, n: number): CalendarDate {
  return dayInMonth(monthIndex(date) + n, date.day);
}

/**
 * `true` when the date is the last day of its month.
 *
 * @example
 * isLastDayOfMonth({ year: 2023, month: 2, day: 28 }) // true
 */
export function isLastDayOfMonth(date: CalendarDate): boolean {
  return date.day === daysInMonth(date.year, date.month);
}

/**
 * `YYYY-MM-DD`.
 *
 * @example
 * formatDate({ year: 2022, month: 3, day: 9 }) // '2022-03-09'
 */
export function formatDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}
