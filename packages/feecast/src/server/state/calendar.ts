/** Calendar dates of instants, for issuing and due dates. */

/** How many zones keep their formats (far more than the IANA names in use). */
const MAX_ZONES = 1024;

/**
 * A format of dates in `timeZone` (UTC when the zone is unknown), made once per zone and
 * options: making an `Intl.DateTimeFormat` costs tens of microseconds, and the server asks for
 * the same few zones on every invoice it issues.
 */
function zoneFormat(
  kept: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = kept.get(timeZone);
  if (format !== undefined) return format;
  try {
    format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
  }
  if (kept.size < MAX_ZONES) kept.set(timeZone, format);
  return format;
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
};
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The date of an instant in an IANA time zone (`YYYY-MM-DD`); UTC when the zone is unknown.
 *
 * @example
 * localDate('2025-03-01T02:00:00Z', 'America/New_York'); // '2025-02-28'
 */
export function localDate(instant: string, timeZone: string): string {
  return zoneFormat(dateFormats, timeZone, DATE_OPTIONS).format(new Date(instant));
}

/**
 * A `YYYY-MM-DD` date moved by `days` days.
 *
 * @example
 * addDays('2025-02-27', 2); // '2025-03-01'
 */
export function addDays(date: string, days: number): string {
  // Not money: a calendar date moved by a whole number of days, in UTC.
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The offset of `zone` from UTC at `at` (epoch ms), in milliseconds (UTC for an unknown zone). */
function offsetMs(at: number, zone: string): number {
  const parts = zoneFormat(timeFormats, zone, TIME_OPTIONS).formatToParts(new Date(at));
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/**
 * The first instant (epoch milliseconds) of a `YYYY-MM-DD` date in an IANA time zone (UTC
 * when the zone is unknown).
 *
 * @example
 * new Date(startOfLocalDay('2025-04-01', 'America/Los_Angeles')).toISOString(); // '2025-04-01T07:00:00.000Z'
 */
export function startOfLocalDay(date: string, zone: string): number {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  // The offset near midnight, read again at the instant found (a change of offset that day).
  let at = midnight - offsetMs(midnight, zone);
  at = midnight - offsetMs(at, zone);
  return at;
}
