import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../error';
import { dateOfEpochDay, daysInMonth, epochDayOf, floorDiv, formatDate, mod } from './calendar';

/**
 * An instant on the UTC time line: integer milliseconds since 1970-01-01T00:00:00Z. Plain
 * integer arithmetic on instants is exact (they stay far below 2^53), so `Math` on them is
 * allowed; fractions of days are never formed.
 */
export type Instant = number;

/** Milliseconds in one second. */
export const SECOND_MS = 1000;
/** Milliseconds in 24 hours: a UTC day, not a local one (local days may be 23 or 25 hours). */
export const DAY_MS = 86_400_000;

/** The years an instant may fall in: four-digit years, with room for a year of arithmetic. */
const MIN_YEAR = 1001;
const MAX_YEAR = 9998;

/** The digit at `i` (0-9), or a value above 9 when it is not a digit. */
function digitAt(text: string, i: number): number {
  return (text.charCodeAt(i) - 48) >>> 0;
}

/**
 * The one reader of ISO 8601 date-times: `YYYY-MM-DDTHH:MM:SS`, an optional fraction
 * (truncated to milliseconds), and `Z` or `±HH:MM`; a real calendar date. Returns the
 * instant, or `undefined` for anything else (a space for `T`, a missing zone...).
 * Straight-line integer code without a regular expression or a call per field: every event
 * goes through it (the aggregation benchmark's hottest function).
 *
 * @example
 * isoInstant('2025-01-15T11:00:00+01:00') // 1736935200000
 * isoInstant('2025-02-30T00:00:00Z')      // undefined
 */
export function isoInstant(text: string): Instant | undefined {
  const n = text.length;
  if (n < 20) return undefined;
  const y0 = text.charCodeAt(0) - 48;
  const y1 = text.charCodeAt(1) - 48;
  const y2 = text.charCodeAt(2) - 48;
  const y3 = text.charCodeAt(3) - 48;
  const mo0 = text.charCodeAt(5) - 48;
  const mo1 = text.charCodeAt(6) - 48;
  const d0 = text.charCodeAt(8) - 48;
  const d1 = text.charCodeAt(9) - 48;
  const h0 = text.charCodeAt(11) - 48;
  const h1 = text.charCodeAt(12) - 48;
  const mi0 = text.charCodeAt(14) - 48;
  const mi1 = text.charCodeAt(15) - 48;
  const s0 = text.charCodeAt(17) - 48;
  const s1 = text.charCodeAt(18) - 48;
  // All fourteen are digits exactly when every d and 9 - d is non-negative: no sign bit in
  // their OR (one test instead of fourteen branches).
  const signs =
    y0 |
    y1 |
    y2 |
    y3 |
    mo0 |
    mo1 |
    d0 |
    d1 |
    h0 |
    h1 |
    mi0 |
    mi1 |
    s0 |
    s1 |
    (9 - y0) |
    (9 - y1) |
    (9 - y2) |
    (9 - y3) |
    (9 - mo0) |
    (9 - mo1) |
    (9 - d0) |
    (9 - d1) |
    (9 - h0) |
    (9 - h1) |
    (9 - mi0) |
    (9 - mi1) |
    (9 - s0) |
    (9 - s1);
  if (
    signs < 0 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  ) {
    return undefined;
  }
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = mo0 * 10 + mo1;
  const day = d0 * 10 + d1;
  const hour = h0 * 10 + h1;
  const minute = mi0 * 10 + mi1;
  const second = s0 * 10 + s1;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  if (day > 28 && day > daysInMonth(year, month)) return undefined;
  let i = 19;
  let millis = 0;
  let zone = text.charCodeAt(19);
  if (zone === 46) {
    const start = ++i;
    let d = digitAt(text, i);
    while (d <= 9) {
      if (i - start < 3) millis = millis * 10 + d;
      d = digitAt(text, ++i);
    }
    if (i === start) return undefined;
    if (i - start === 1) millis *= 100;
    else if (i - start === 2) millis *= 10;
    zone = text.charCodeAt(i);
  }
  let offsetMinutes = 0;
  if (zone === 90) {
    i++;
  } else if (zone === 43 || zone === 45) {
    const oh0 = text.charCodeAt(i + 1) - 48;
    const oh1 = text.charCodeAt(i + 2) - 48;
    const om0 = text.charCodeAt(i + 4) - 48;
    const om1 = text.charCodeAt(i + 5) - 48;
    const offsetSigns = oh0 | oh1 | om0 | om1 | (9 - oh0) | (9 - oh1) | (9 - om0) | (9 - om1);
    const oh = oh0 * 10 + oh1;
    const om = om0 * 10 + om1;
    if (offsetSigns < 0 || oh > 23 || om > 59 || text.charCodeAt(i + 3) !== 58) return undefined;
    offsetMinutes = (zone === 45 ? -1 : 1) * (oh * 60 + om);
    i += 6;
  } else {
    return undefined;
  }
  if (i !== n) return undefined;
  const minutes = (epochDayOf(year, month, day) * 24 + hour) * 60 + minute - offsetMinutes;
  return minutes * 60 * SECOND_MS + second * SECOND_MS + millis;
}

/**
 * Unix seconds as text (`1741824000`, `1741824000.5`: digits, an optional fraction truncated
 * to milliseconds) to an instant, or `undefined`.
 *
 * @example
 * unixSecondsInstant('1740823200.25') // 1740823200250
 */
export function unixSecondsInstant(text: string): Instant | undefined {
  const dot = text.indexOf('.');
  const end = dot < 0 ? text.length : dot;
  if (end === 0 || end > 11) return undefined;
  let seconds = 0;
  for (let i = 0; i < end; i++) {
    const d = digitAt(text, i);
    if (d > 9) return undefined;
    seconds = seconds * 10 + d;
  }
  let millis = 0;
  if (dot >= 0) {
    if (dot === text.length - 1) return undefined;
    for (let i = dot + 1; i < text.length; i++) {
      const d = digitAt(text, i);
      if (d > 9) return undefined;
      if (i - dot <= 3) millis += d * 10 ** (3 - (i - dot));
    }
  }
  return seconds * SECOND_MS + millis;
}

/**
 * An event's `timestamp` as an instant: an ISO 8601 date-time with seconds and a zone
 * ({@link isoInstant}), or non-negative Unix seconds as a JSON number or a string of digits
 * with an optional fraction ({@link unixSecondsInstant}); otherwise `undefined`. The one
 * reading of event time, shared by aggregation and expressions.
 *
 * @example
 * timestampInstant('2025-03-01T10:00:00Z') // 1740823200000
 * timestampInstant(1740823200.25)          // 1740823200250
 * timestampInstant('yesterday')            // undefined
 */
export function timestampInstant(timestamp: unknown): Instant | undefined {
  if (typeof timestamp === 'string') return isoInstant(timestamp) ?? unixSecondsInstant(timestamp);
  if (typeof timestamp === 'number' && Number.isFinite(timestamp) && timestamp >= 0) {
    return unixSecondsInstant(String(timestamp));
  }
  return undefined;
}

/**
 * Reads an ISO 8601 date-time with seconds and an explicit zone: `2025-01-15T10:00:00Z`,
 * `2025-01-15T10:00:00.250Z`, `2025-01-15T11:00:00+01:00`, in the years 1001 to 9998.
 * Fractions beyond milliseconds are truncated. Anything else (no zone, no seconds, a date
 * alone, a month 13, a 30 February, a number, `null`) is a `Left` with code
 * `invalid_timestamp`, the given `path` and what is wrong.
 *
 * @example
 * parseInstant('1970-01-02T00:00:00Z', ['at']) // right(86400000)
 * parseInstant('2025-02-30T00:00:00Z', ['at']) // left({ code: 'invalid_timestamp', ... })
 */
export function parseInstant(
  value: unknown,
  path: readonly string[],
): Either<FeecastError, Instant> {
  const where = path.join('.');
  if (typeof value !== 'string') {
    return left(
      feecastError(
        'invalid_timestamp',
        `${where} must be an ISO 8601 UTC timestamp string such as "2025-01-15T10:00:00Z", got ${describe(value)}.`,
        path,
        { value },
      ),
    );
  }
  const instant = isoInstant(value);
  const year = Number(value.slice(0, 4));
  if (instant !== undefined && year >= MIN_YEAR && year <= MAX_YEAR) return right(instant);
  return left(
    feecastError(
      'invalid_timestamp',
      `${where} ${diagnose(value)}: ${JSON.stringify(value)}; write it like "2025-01-15T10:00:00Z".`,
      path,
      { value },
    ),
  );
}

const ISO_SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** What is wrong with a text {@link isoInstant} refused (the error path only). */
function diagnose(text: string): string {
  const match = ISO_SHAPE.exec(text);
  if (match === null) return 'is not in the form YYYY-MM-DDTHH:MM:SSZ';
  const [, y, mo, d, h, mi, s, zone] = match.map((part) => part ?? '');
  const year = Number(y);
  const month = Number(mo);
  if (year < MIN_YEAR || year > MAX_YEAR)
    return `has year ${year}, outside the supported ${MIN_YEAR}-${MAX_YEAR}`;
  if (month < 1 || month > 12) return `has month ${month}`;
  if (Number(d) < 1 || Number(d) > daysInMonth(year, month))
    return `has day ${Number(d)}, not in ${y}-${mo}`;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return 'has a time out of range';
  return zone === 'Z' ? 'is not a timestamp' : 'has a zone offset out of range';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}

/**
 * The instant as the service writes timestamps: `YYYY-MM-DDTHH:MM:SSZ`, with `.mmm` only when
 * the instant has milliseconds.
 *
 * @example
 * formatInstant(86_400_000) // '1970-01-02T00:00:00Z'
 * formatInstant(1_500)      // '1970-01-01T00:00:01.500Z'
 */
export function formatInstant(instant: Instant): string {
  const day = floorDiv(instant, DAY_MS);
  const msOfDay = instant - day * DAY_MS;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const seconds = floorDiv(msOfDay, SECOND_MS);
  const millis = mod(msOfDay, SECOND_MS);
  const time = `${pad(floorDiv(seconds, 3600))}:${pad(mod(floorDiv(seconds, 60), 60))}:${pad(mod(seconds, 60))}`;
  const date = formatDate(dateOfEpochDay(day));
  return `${date}T${time}${millis === 0 ? '' : `.${pad(millis, 3)}`}Z`;
}
