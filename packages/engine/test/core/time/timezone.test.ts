import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dateOfEpochDay, epochDay, formatDate } from '../../../src/core/time/calendar';
import { formatInstant } from '../../../src/core/time/instant';
import {
  endOfLocalDay,
  localDate,
  startOfLocalDay,
  type TimeZone,
  timeZone,
} from '../../../src/core/time/timezone';
import { localDateOf, ms, rightOf, ZONES } from '../../periods/support';

const zone = (name: string): TimeZone => rightOf(timeZone(name, ['timezone']));
const HOUR = 3_600_000;

describe('time zones through Intl', () => {
  it.each([
    ['Europe/Paris', '2023-07-01T00:00:00Z', 2 * HOUR],
    ['Europe/Paris', '2023-01-01T00:00:00Z', 1 * HOUR],
    ['America/New_York', '2022-03-13T06:59:59Z', -5 * HOUR],
    ['America/New_York', '2022-03-13T07:00:00Z', -4 * HOUR],
    ['Asia/Kolkata', '2023-01-01T00:00:00Z', 5.5 * HOUR],
    ['Pacific/Chatham', '2023-01-01T00:00:00Z', 13.75 * HOUR],
    ['Australia/Lord_Howe', '2023-07-01T00:00:00Z', 10.5 * HOUR],
    ['UTC', '2023-07-01T00:00:00Z', 0],
  ])('%s at %s is UTC%+d ms', (name, at, offset) => {
    expect(zone(name).offsetAt(ms(at))).toBe(offset);
  });

  it.each([
    [
      'an ordinary New York day',
      'America/New_York',
      '2022-02-21',
      '2022-02-21T05:00:00Z',
      '2022-02-22T04:59:59Z',
    ],
    [
      'the New York day DST starts (23 hours)',
      'America/New_York',
      '2022-03-13',
      '2022-03-13T05:00:00Z',
      '2022-03-14T03:59:59Z',
    ],
    [
      'a Santiago day whose midnight does not exist: it starts at 01:00',
      'America/Santiago',
      '2022-09-11',
      '2022-09-11T04:00:00Z',
      '2022-09-12T02:59:59Z',
    ],
    [
      'the Santiago day before it ends at 23:59:59 -04',
      'America/Santiago',
      '2022-09-10',
      '2022-09-10T04:00:00Z',
      '2022-09-11T03:59:59Z',
    ],
    [
      'a Havana day whose midnight happens twice: it starts at the first',
      'America/Havana',
      '2022-11-06',
      '2022-11-06T04:00:00Z',
      '2022-11-07T04:59:59Z',
    ],
    [
      'the day Samoa skipped (30 Dec 2011) is empty',
      'Pacific/Apia',
      '2011-12-30',
      '2011-12-30T10:00:00Z',
      '2011-12-30T09:59:59Z',
    ],
  ])('%s: %s %s runs %s → %s', (_name, name, date, start, end) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const d = { year, month, day };
    expect(formatInstant(startOfLocalDay(zone(name), d))).toBe(start);
    expect(formatInstant(endOfLocalDay(zone(name), d))).toBe(end);
  });

  it.each([
    ['an unknown name', 'Mars/Olympus'],
    ['an empty name', ''],
    ['a number', 5],
  ])('%s is refused with unknown_timezone', (_name, value) => {
    const result = timeZone(value, ['customer', 'timezone']);
    expect(result._tag).toBe('Left');
    if (result._tag === 'Left') {
      expect(result.left.code).toBe('unknown_timezone');
      expect(result.left.path).toEqual(['customer', 'timezone']);
    }
  });

  it('no zone (undefined or null) means UTC', () => {
    expect(rightOf(timeZone(undefined, [])).offsetAt(0)).toBe(0);
    expect(rightOf(timeZone(null, [])).name).toBe('UTC');
  });

  const days = fc.integer({
    min: epochDay({ year: 1990, month: 1, day: 1 }),
    max: epochDay({ year: 2040, month: 12, day: 31 }),
  });
  const names = fc.constantFrom(...ZONES);

  it('the start of a local day is the first instant whose local date is that day', () => {
    fc.assert(
      fc.property(names, days, (name, day) => {
        const date = dateOfEpochDay(day);
        const start = startOfLocalDay(zone(name), date);
        const previous = localDateOf(start - 1000, name);
        expect(previous < formatDate(date)).toBe(true);
        // Only an empty (skipped) day starts on the next day.
        expect(localDateOf(start, name) >= formatDate(date)).toBe(true);
      }),
    );
  });

  it('local days tile time: the end of a day is one second before the start of the next', () => {
    fc.assert(
      fc.property(names, days, (name, day) => {
        const date = dateOfEpochDay(day);
        expect(endOfLocalDay(zone(name), date) + 1000).toBe(
          startOfLocalDay(zone(name), addDays(date, 1)),
        );
      }),
    );
  });

  it('an offset kept by whole second is the one of that second, in any order of asking', () => {
    // New York moves from UTC-5 to UTC-4 at 2022-03-13T07:00:00Z: instants a few seconds
    // around it (milliseconds included), asked in any order, each get their own second's.
    const change = ms('2022-03-13T07:00:00Z');
    const newYork = zone('America/New_York');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 1 }), (steps) => {
        for (const step of steps) {
          expect(newYork.offsetAt(change + step)).toBe(step < 0 ? -5 * HOUR : -4 * HOUR);
        }
      }),
    );
  });

  it('offsets asked past what a zone keeps are the same when asked again', () => {
    const paris = zone('Europe/Paris');
    const start = ms('2023-03-26T00:59:00Z');
    const first = Array.from({ length: 120 }, (_, i) => paris.offsetAt(start + i * 1000));
    // 5,000 other seconds: more than a zone keeps, so it forgets the first ones.
    for (let i = 0; i < 5_000; i++) paris.offsetAt(ms('2024-01-01T00:00:00Z') + i * 1000);
    const again = Array.from({ length: 120 }, (_, i) => paris.offsetAt(start + i * 1000));
    expect(again).toEqual(first);
    // Paris moves from UTC+1 to UTC+2 at 01:00:00Z.
    expect(first.slice(0, 60).every((offset) => offset === 1 * HOUR)).toBe(true);
    expect(first.slice(60).every((offset) => offset === 2 * HOUR)).toBe(true);
  });

  it('localDate agrees with Intl', () => {
    const min = ms('1990-01-01T00:00:00Z');
    const max = ms('2040-12-31T23:59:59Z');
    fc.assert(
      fc.property(names, fc.integer({ min, max }), (name, instant) => {
        expect(formatDate(localDate(zone(name), instant))).toBe(localDateOf(instant, name));
      }),
    );
  });
});
