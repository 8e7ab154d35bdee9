// The server's calendar dates (state/calendar.ts): issuing and due dates, wallets' top-up days.
// Its formats are made once per zone; the answers are Intl's own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate, startOfLocalDay } from '../../src/server/state/calendar';

const ZONES = ['UTC', 'America/Los_Angeles', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata'];

describe('calendar dates', () => {
  it.each([
    ['2025-03-01T02:00:00Z', 'America/New_York', '2025-02-28'],
    ['2025-03-01T05:00:00Z', 'America/New_York', '2025-03-01'],
    ['2025-03-01T23:30:00Z', 'Asia/Kolkata', '2025-03-02'],
    ['2025-03-01T23:30:00Z', 'Mars/Olympus', '2025-03-01'],
    ['2025-03-01T23:30:00Z', '', '2025-03-01'],
  ])('the date of %s in "%s" is %s, asked once or twice', (instant, zone, date) => {
    expect(localDate(instant, zone)).toBe(date);
    expect(localDate(instant, zone)).toBe(date);
  });

  it.each([
    ['2025-04-01', 'America/Los_Angeles', '2025-04-01T07:00:00.000Z'],
    // The day New York moves to UTC-4 (at 2 a.m.) starts at UTC-5.
    ['2022-03-13', 'America/New_York', '2022-03-13T05:00:00.000Z'],
    ['2022-03-14', 'America/New_York', '2022-03-14T04:00:00.000Z'],
    ['2025-04-01', 'Mars/Olympus', '2025-04-01T00:00:00.000Z'],
  ])('%s starts in "%s" at %s', (date, zone, start) => {
    expect(new Date(startOfLocalDay(date, zone)).toISOString()).toBe(start);
    expect(new Date(startOfLocalDay(date, zone)).toISOString()).toBe(start);
  });

  it("a date is Intl's, and the day starts at the first instant of that date", () => {
    const min = Date.parse('2000-01-01T00:00:00Z');
    const max = Date.parse('2040-12-31T00:00:00Z');
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min, max }), (zone, at) => {
        const instant = new Date(Math.floor(at / 1000) * 1000).toISOString();
        const date = localDate(instant, zone);
        const fresh = new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(new Date(instant));
        expect(date).toBe(fresh);
        const start = startOfLocalDay(date, zone);
        expect(start).toBeLessThanOrEqual(Date.parse(instant));
        expect(localDate(new Date(start).toISOString(), zone)).toBe(date);
        expect(localDate(new Date(start - 1000).toISOString(), zone) < date).toBe(true);
      }),
    );
  });
});
