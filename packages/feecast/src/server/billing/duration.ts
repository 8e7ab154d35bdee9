/**
 * ISO 8601 durations for moving the server's clock (`{"advance": "P1M"}`): years, months,
 * weeks, days, hours, minutes and seconds, each a whole number (`P1Y2M`, `P3W`, `P1DT12H`,
 * `PT90M`, `PT30S`). Calendar parts move in UTC: months keep the day of the month, a day the
 * new month lacks becoming its last (`2025-01-31` + `P1M` = `2025-02-28`); then days, then
 * the time parts.
 */

/** A parsed duration: its calendar part (months, days) and its exact part (milliseconds). */
export interface ClockDuration {
  readonly months: number;
  readonly days: number;
  readonly milliseconds: number;
}

const DURATION =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** The largest count of a part: a clock moves by at most this many of any unit. */
const MAX_PART = 1_000_000;

/**
 * The duration `text` names, or `undefined` when it is not an ISO 8601 duration of whole
 * years, months, weeks, days, hours, minutes and seconds (`P`, and `T` with nothing after it,
 * are refused).
 *
 * @example
 * parseDuration('P1M'); // { months: 1, days: 0, milliseconds: 0 }
 * parseDuration('P1DT12H'); // { months: 0, days: 1, milliseconds: 43200000 }
 * parseDuration('1 month'); // undefined
 */
export function parseDuration(text: string): ClockDuration | undefined {
  const match = DURATION.exec(text);
  if (match === null || text === 'P' || text.endsWith('T')) return undefined;
  const parts = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  if (parts.some((part) => !Number.isSafeInteger(part) || part > MAX_PART)) return undefined;
  const [years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0] = parts;
  return {
    months: years * 12 + months,
    days: weeks * 7 + days,
    milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000,
  };
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of `month` (0-11), in UTC.
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The instant `duration` after `at` (epoch milliseconds).
 *
 * @example
 * new Date(addDuration(Date.parse('2025-01-31T10:00:00Z'), { months: 1, days: 0, milliseconds: 0 })).toISOString();
 * // '2025-02-28T10:00:00.000Z'
 */
export function addDuration(at: number, duration: ClockDuration): number {
  const date = new Date(at);
  const index = date.getUTCFullYear() * 12 + date.getUTCMonth() + duration.months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const moved = Date.UTC(
    year,
    month,
    day + duration.days,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  return moved + duration.milliseconds;
}
