/** Calendar dates of instants, for issuing and due dates. */

/**
 * The date of an instant in an IANA time zone (`YYYY-MM-DD`); UTC when the zone is unknown.
 *
 * @example
 * localDate('2025-03-01T02:00:00Z', 'America/New_York'); // '2025-02-28'
 */
export function localDate(instant: string, timeZone: string): string {
  const date = new Date(instant);
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
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
