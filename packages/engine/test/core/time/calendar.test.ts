import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dateOfEpochDay,
  dayInMonth,
  daysInMonth,
  epochDay,
  isoWeekday,
  monthIndex,
} from '../../../src/core/time/calendar';

const DAY_MS = 86_400_000;
/** Epoch days from 1000-01-01 to 9999-12-31. */
const epochDays = fc.integer({
  min: epochDay({ year: 1000, month: 1, day: 1 }),
  max: epochDay({ year: 9999, month: 12, day: 31 }),
});

/** The Date oracle of an epoch day (UTC methods only). */
const utc = (days: number) => new Date(days * DAY_MS);

describe('calendar dates', () => {
  it('epochDay and dateOfEpochDay agree with Date (UTC) on every day of years 1000-9999', () => {
    fc.assert(
      fc.property(epochDays, (days) => {
        const date = dateOfEpochDay(days);
        const oracle = utc(days);
        expect(date).toEqual({
          year: oracle.getUTCFullYear(),
          month: oracle.getUTCMonth() + 1,
          day: oracle.getUTCDate(),
        });
        expect(epochDay(date)).toBe(days);
      }),
    );
  });

  it('isoWeekday agrees with Date (Monday 1 ... Sunday 7)', () => {
    fc.assert(
      fc.property(epochDays, (days) => {
        expect(isoWeekday(dateOfEpochDay(days))).toBe(((utc(days).getUTCDay() + 6) % 7) + 1);
      }),
    );
  });

  it.each([
    [2022, 2, 28],
    [2024, 2, 29],
    [2100, 2, 28],
    [2000, 2, 29],
    [2022, 4, 30],
    [2022, 12, 31],
  ])('daysInMonth(%i, %i) = %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    [
      '2024-03-31 minus 1 month',
      { year: 2024, month: 3, day: 31 },
      -1,
      { year: 2024, month: 2, day: 29 },
    ],
    [
      '2025-02-28 minus 12 months',
      { year: 2025, month: 2, day: 28 },
      -12,
      { year: 2024, month: 2, day: 28 },
    ],
    [
      '2024-02-29 plus 12 months',
      { year: 2024, month: 2, day: 29 },
      12,
      { year: 2025, month: 2, day: 28 },
    ],
    [
      '2022-01-31 plus 1 month',
      { year: 2022, month: 1, day: 31 },
      1,
      { year: 2022, month: 2, day: 28 },
    ],
    [
      '2022-11-30 plus 3 months',
      { year: 2022, month: 11, day: 30 },
      3,
      { year: 2023, month: 2, day: 28 },
    ],
  ])('addMonths caps at the month end: %s', (_name, date, months, expected) => {
    expect(addMonths(date, months)).toEqual(expected);
  });

  it('dayInMonth caps the anniversary day at the month length', () => {
    expect(dayInMonth(monthIndex({ year: 2023, month: 2, day: 1 }), 31)).toEqual({
      year: 2023,
      month: 2,
      day: 28,
    });
    expect(dayInMonth(monthIndex({ year: 2023, month: 3, day: 1 }), 31)).toEqual({
      year: 2023,
      month: 3,
      day: 31,
    });
  });
});
