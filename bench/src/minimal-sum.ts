/**
 * The least work an exact, validated, filtered sum does per event, written by hand for the
 * benchmark events only (no library): a lower bound for `aggregate`, not a second engine.
 * Per event: the code, the filter (region in a set), the timestamp (the 24-character UTC form
 * `YYYY-MM-DDTHH:MM:SS.sssZ`, every digit and field range checked, then compared with the
 * period's bounds) and the value (read exactly as an integer of ten-thousandths, at most 4
 * decimals). Anything else throws: the benchmark data has nothing else.
 */
import type { BenchEvent } from './data';
import { formatTenThousandths } from './history';

const MS_PER_DAY = 86_400_000;

/** Days from 1970-01-01 to a proleptic Gregorian date (exact integer arithmetic). */
function epochDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function digit(s: string, at: number): number {
  const d = s.charCodeAt(at) - 48;
  if (d < 0 || d > 9) throw new Error(`not a digit at ${at} of ${s}`);
  return d;
}

/** Milliseconds since the epoch of a `YYYY-MM-DDTHH:MM:SS.sssZ` timestamp, fully checked. */
function timestampMs(s: string): number {
  if (
    s.length !== 24 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58 ||
    s.charCodeAt(19) !== 46 ||
    s.charCodeAt(23) !== 90
  ) {
    throw new Error(`unexpected timestamp ${s}`);
  }
  const year = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
  const month = digit(s, 5) * 10 + digit(s, 6);
  const day = digit(s, 8) * 10 + digit(s, 9);
  const hour = digit(s, 11) * 10 + digit(s, 12);
  const minute = digit(s, 14) * 10 + digit(s, 15);
  const second = digit(s, 17) * 10 + digit(s, 18);
  const ms = digit(s, 20) * 100 + digit(s, 21) * 10 + digit(s, 22);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new Error(`no such day: ${s}`);
  }
  if (hour > 23 || minute > 59 || second > 59) throw new Error(`no such time: ${s}`);
  return epochDay(year, month, day) * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
}

/** A non-negative decimal text with at most 4 decimals, as an exact count of ten-thousandths. */
function tenThousandths(s: string): number {
  let units = 0;
  let decimals = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46 && decimals < 0) decimals = 0;
    else {
      const d = c - 48;
      if (d < 0 || d > 9 || decimals >= 4) throw new Error(`unexpected value ${s}`);
      units = units * 10 + d;
      if (decimals >= 0) decimals++;
    }
  }
  return units * 10 ** (4 - Math.max(decimals, 0));
}

/**
 * The exact sum of `value` over the events of `code` in [from, to] (inclusive) whose `region`
 * is in `regions`, as the engine writes decimals ("1234.5", no trailing zeros).
 */
export function minimalFilteredSum(
  events: readonly BenchEvent[],
  code: string,
  regions: ReadonlySet<string>,
  fromMs: number,
  toMs: number,
): string {
  let total = 0;
  for (const event of events) {
    if (event.code !== code || !regions.has(event.properties.region)) continue;
    const ms = timestampMs(event.timestamp);
    if (ms < fromMs || ms > toMs) continue;
    total += tenThousandths(event.properties.value);
  }
  return formatTenThousandths(total);
}
