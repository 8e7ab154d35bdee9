/**
 * Moving a JSON document in time by whole calendar months: every date (`YYYY-MM-DD`) and
 * every timestamp (`YYYY-MM-DDT...`) in it moves by the same number of months, keeping its
 * day of the month (the last day stays the last day; a day the new month lacks becomes its
 * last) and its time of day and zone as written. Periods that start on a given day of the
 * month (an anniversary on the 15th) keep starting on it, so a state stays consistent.
 */

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?=$|T)/;

function daysInMonth(year: number, month: number): number {
  // Not money: day 0 of the next month is the last day of `month` (1-12), in UTC.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * `text` with its leading date moved by `months` months, or `text` itself when it does not
 * start with a date that exists.
 *
 * @example
 * shiftText('2025-03-15T10:00:00Z', 20); // '2026-11-15T10:00:00Z'
 * shiftText('2025-02-28', 1); // '2025-03-31' (the last day stays the last day)
 * shiftText('2025-01-30', 1); // '2025-02-28'
 */
export function shiftText(text: string, months: number): string {
  const match = DATE_PREFIX.exec(text);
  if (match === null || months === 0) return text;
  const [date = '', year = '', month = '', day = ''] = match;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return text;
  const index = y * 12 + (m - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = index - newYear * 12 + 1;
  const last = daysInMonth(newYear, newMonth);
  const newDay = d === daysInMonth(y, m) ? last : Math.min(d, last);
  return `${pad(newYear, 4)}-${pad(newMonth, 2)}-${pad(newDay, 2)}${text.slice(date.length)}`;
}

/**
 * A copy of the JSON value `value` with every date and timestamp string moved by `months`
 * calendar months (see {@link shiftText}); other values are copied as they are.
 *
 * @example
 * shiftMonths({ started_at: '2025-01-15T10:00:00Z', code: 'seats' }, 2);
 * // { started_at: '2025-03-15T10:00:00Z', code: 'seats' }
 */
export function shiftMonths(value: unknown, months: number): unknown {
  if (typeof value === 'string') return shiftText(value, months);
  if (Array.isArray(value)) return value.map((item: unknown) => shiftMonths(item, months));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // Defined as own data properties, so a key such as `__proto__` stays plain data.
      Object.defineProperty(copy, key, {
        value: shiftMonths(item, months),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}
