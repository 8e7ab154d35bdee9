/**
 * `--now`: the instant the commands price at, instead of the clock.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const MINUTE_MS = 60_000;

/**
 * An instant as the wire format writes it: `YYYY-MM-DDTHH:MM:SSZ`, with milliseconds only
 * when there are some.
 *
 * @example
 * formatUtc(Date.UTC(2026, 10, 15, 12)) // '2026-11-15T12:00:00Z'
 */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function invalidNow(text: string, why: string): FeecastError {
  return feecastError(
    'invalid_timestamp',
    `${JSON.stringify(text)} ${why}; give an ISO 8601 timestamp such as 2026-11-15T12:00:00Z (or 2026-11-15T13:00:00+01:00, or a date such as 2026-11-15 for midnight UTC).`,
    undefined,
    { value: text },
  );
}

/**
 * Reads a `--now` value: an ISO 8601 date-time with a zone (`Z` or `±HH:MM`; seconds and
 * fraction optional, the fraction kept to milliseconds) or a date (midnight UTC). Returns the
 * instant in UTC, `YYYY-MM-DDTHH:MM:SSZ`. A date that does not exist (`2026-02-30`), an hour
 * past 23, a date-time without a zone (it would depend on the machine's time zone) or any
 * other text is a `Left` (`invalid_timestamp`) that shows the accepted forms.
 *
 * @example
 * parseNow('2026-11-15T13:30:00+01:00') // right('2026-11-15T12:30:00Z')
 * parseNow('2026-11-15')                // right('2026-11-15T00:00:00Z')
 * parseNow('2026-11-15T12:00')          // left: no zone
 */
export function parseNow(text: string): Either<FeecastError, string> {
  const match = DATE_TIME.exec(text.trim());
  if (match === null) return left(invalidNow(text, 'is not an ISO 8601 timestamp'));
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  if (hour !== undefined && zone === undefined) {
    return left(invalidNow(text, 'has no time zone (add Z for UTC)'));
  }
  const fields = [year, month, day, hour ?? '0', minute ?? '0', second ?? '0'].map(Number);
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = fields;
  const ms = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  const local = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(local);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi ||
    check.getUTCSeconds() !== s
  ) {
    return left(invalidNow(text, 'names a date or time that does not exist'));
  }
  let offset = 0;
  if (zone !== undefined && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const [oh = 0, om = 0] = zone.slice(1).split(':').map(Number);
    if (oh > 23 || om > 59) return left(invalidNow(text, 'has an offset beyond ±23:59'));
    offset = sign * (oh * 60 + om) * MINUTE_MS;
  }
  return right(formatUtc(local - offset));
}

/**
 * The instant a command prices at: `--now` when given (checked by {@link parseNow}), else
 * the `clock` (milliseconds since the epoch, e.g. `Date.now`), to the second.
 *
 * @example
 * resolveNow(undefined, () => Date.UTC(2026, 10, 15, 12, 0, 0, 250)) // right('2026-11-15T12:00:00Z')
 * resolveNow('2026-11-30', Date.now)                                  // right('2026-11-30T00:00:00Z')
 */
export function resolveNow(
  option: string | undefined,
  clock: () => number,
): Either<FeecastError, string> {
  if (option !== undefined) return parseNow(option);
  const ms = clock();
  return right(formatUtc(ms - (((ms % 1000) + 1000) % 1000)));
}
