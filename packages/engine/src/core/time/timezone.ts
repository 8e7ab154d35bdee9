import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../error';
import { addDays, type CalendarDate, dateOfEpochDay, epochDay, floorDiv, mod } from './calendar';
import { DAY_MS, type Instant, SECOND_MS } from './instant';

/**
 * An IANA time zone, read through `Intl.DateTimeFormat` only (no time-zone library, no
 * `node:` module): the engine stays browser-safe and uses the zone data of the runtime.
 * Offsets are integer milliseconds, so every conversion below is exact integer arithmetic.
 */
export interface TimeZone {
  /** The name as given (`"Europe/Paris"`). */
  readonly name: string;
  /** The zone's offset from UTC at `instant`, in milliseconds (Paris in summer: 7_200_000). */
  offsetAt(instant: Instant): number;
}

/** The zone used when none is given: the reference falls back to UTC as well. */
export const UTC: TimeZone = { name: 'UTC', offsetAt: () => 0 };

/**
 * Zones already built, by name. Building an `Intl.DateTimeFormat` costs tens of microseconds
 * (most of an estimate's time), and a zone is a pure function of its name, so the memo changes
 * no result: it is a cache, not state. Bounded by the number of IANA names in practice.
 */
const ZONES = new Map<string, TimeZone>();
const MAX_ZONES = 1024;

/**
 * Checks an IANA time-zone name and returns the zone. `undefined` and `null` mean UTC (the
 * reference's last fallback after the customer's and the billing entity's zones). An unknown
 * name is a `Left` with code `unknown_timezone`.
 *
 * @example
 * timeZone('Europe/Paris', ['timezone'])  // right(zone)
 * timeZone('Mars/Olympus', ['timezone'])  // left({ code: 'unknown_timezone', ... })
 */
export function timeZone(name: unknown, path: readonly string[]): Either<FeecastError, TimeZone> {
  if (name === undefined || name === null || name === 'UTC') return right(UTC);
  if (typeof name !== 'string' || name.trim() === '') {
    return left(
      feecastError(
        'unknown_timezone',
        `${path.join('.')} must be an IANA time-zone name such as "Europe/Paris", got ${JSON.stringify(name) ?? typeof name}.`,
        path,
        { value: name },
      ),
    );
  }
  const known = ZONES.get(name);
  if (known !== undefined) return right(known);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return left(
      feecastError(
        'unknown_timezone',
        `${path.join('.')} "${name}" is not an IANA time-zone name this runtime knows; use one such as "America/New_York" or "UTC".`,
        path,
        { value: name },
      ),
    );
  }
  const zone: TimeZone = { name, offsetAt: offsetsOf(format) };
  if (ZONES.size < MAX_ZONES) ZONES.set(name, zone);
  return right(zone);
}

/** How many offsets a zone keeps, by whole second, before it forgets them all. */
const MAX_OFFSETS = 4096;

/**
 * A zone's offset at any instant, each whole second's read from `format` once and kept: the
 * periods of a subscription ask the same instants again and again (its period's bounds, their
 * local midnights), and `formatToParts` costs microseconds. The offset of a second never
 * changes, so the memo changes no result; it is bounded (emptied when full).
 */
function offsetsOf(format: Intl.DateTimeFormat): (instant: Instant) => number {
  const known = new Map<number, number>();
  return (instant) => {
    const second = instant - mod(instant, SECOND_MS);
    const kept = known.get(second);
    if (kept !== undefined) return kept;
    if (known.size >= MAX_OFFSETS) known.clear();
    const offset = offsetFromParts(format, second);
    known.set(second, offset);
    return offset;
  };
}

/** Offset at the whole second containing `instant`: the local wall clock minus UTC. */
function offsetFromParts(format: Intl.DateTimeFormat, instant: Instant): number {
  const second = instant - mod(instant, SECOND_MS);
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(second)) {
    if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
  }
  const wall =
    epochDay(fields) * DAY_MS +
    (((fields.hour % 24) * 60 + fields.minute) * 60 + fields.second) * SECOND_MS;
  return wall - second;
}

/**
 * The local wall-clock reading of an instant, as milliseconds since 1970-01-01T00:00 *local*:
 * `instant + offset`. Differences of wall-clock readings ignore DST jumps.
 *
 * @example
 * wallClock(parisZone, Date.parse('2023-07-01T00:00:00Z')) // the ms of 2023-07-01T02:00 "as if UTC"
 */
export function wallClock(zone: TimeZone, instant: Instant): number {
  return instant + zone.offsetAt(instant);
}

/**
 * The calendar date of an instant in the zone.
 *
 * @example
 * localDate(newYorkZone, Date.parse('2021-02-02T00:00:00Z')) // { year: 2021, month: 2, day: 1 }
 */
export function localDate(zone: TimeZone, instant: Instant): CalendarDate {
  return dateOfEpochDay(localEpochDay(zone, instant));
}

/**
 * The local calendar date of an instant as a day number (days since 1970-01-01 local), so that
 * whole local days between two instants are a subtraction.
 *
 * @example
 * localEpochDay(UTC, Date.parse('1970-01-02T10:00:00Z')) // 1
 */
export function localEpochDay(zone: TimeZone, instant: Instant): number {
  return floorDiv(wallClock(zone, instant), DAY_MS);
}

/**
 * The first instant of a local day: its 00:00:00 in the zone, in UTC. When midnight does not
 * exist (a DST change at 00:00, as in America/Santiago), the day starts at the end of the gap;
 * when midnight happens twice, at its first occurrence.
 *
 * @example
 * formatInstant(startOfLocalDay(newYorkZone, { year: 2022, month: 2, day: 21 })) // '2022-02-21T05:00:00Z'
 */
export function startOfLocalDay(zone: TimeZone, date: CalendarDate): Instant {
  const wall = epochDay(date) * DAY_MS;
  const before = zone.offsetAt(wall - DAY_MS);
  const after = zone.offsetAt(wall + DAY_MS);
  const offsets = before === after ? [before] : [before, after];
  // Integer epoch milliseconds only: the earliest valid midnight.
  let earliest: Instant | undefined;
  for (const offset of offsets) {
    const instant = wall - offset;
    if (wallClock(zone, instant) === wall && (earliest === undefined || instant < earliest))
      earliest = instant;
  }
  if (earliest !== undefined) return earliest;
  return endOfGap(zone, wall - after, wall - before);
}

/**
 * The first instant of `[low, high]` whose wall clock is on the later side of a DST gap, by
 * bisection on whole seconds (zone transitions happen on whole seconds).
 */
function endOfGap(zone: TimeZone, low: Instant, high: Instant): Instant {
  const lowOffset = zone.offsetAt(low);
  let lo = floorDiv(low, SECOND_MS);
  let hi = floorDiv(high, SECOND_MS) + 1;
  while (hi - lo > 1) {
    const middle = floorDiv(lo + hi, 2);
    if (zone.offsetAt(middle * SECOND_MS) === lowOffset) lo = middle;
    else hi = middle;
  }
  return hi * SECOND_MS;
}

/**
 * The last second of a local day: one second before the next local day starts (23:59:59 in
 * the zone on ordinary days), in UTC. Consecutive days therefore tile the time line.
 *
 * @example
 * formatInstant(endOfLocalDay(newYorkZone, { year: 2022, month: 2, day: 27 })) // '2022-02-28T04:59:59Z'
 */
export function endOfLocalDay(zone: TimeZone, date: CalendarDate): Instant {
  return startOfLocalDay(zone, addDays(date, 1)) - SECOND_MS;
}

/**
 * `true` when the instant is exactly the first instant of its local day.
 *
 * @example
 * isStartOfLocalDay(UTC, Date.parse('2025-01-11T00:00:00Z')) // true
 */
export function isStartOfLocalDay(zone: TimeZone, instant: Instant): boolean {
  return startOfLocalDay(zone, localDate(zone, instant)) === instant;
}
