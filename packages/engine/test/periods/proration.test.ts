import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayFraction } from '../../src/periods/day-fraction';
import { eventProrationRatio, periodRatio, prorationRatio } from '../../src/periods/index';
import { rightOf } from './support';

const Reference = BigJs();
Reference.DP = 40;
Reference.RM = Reference.roundHalfUp;

describe('proration helpers', () => {
  it('dayFraction equals a big.js division at 40 places, half up', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (days, duration) => {
          expect(rightOf(dayFraction(days, duration)).ratio).toBe(
            new Reference(days).div(duration).toFixed(),
          );
        },
      ),
    );
  });

  it('dayFraction refuses a zero duration and negative or fractional days', () => {
    expect(dayFraction(1, 0)).toMatchObject({ _tag: 'Left', left: { code: 'division_by_zero' } });
    expect(dayFraction(-1, 7)).toMatchObject({ _tag: 'Left', left: { code: 'out_of_range' } });
    expect(dayFraction(1.5, 7)).toMatchObject({ _tag: 'Left', left: { code: 'out_of_range' } });
  });

  const month = { from_datetime: '2022-03-01T00:00:00Z', to_datetime: '2022-03-31T23:59:59Z' };

  it.each([
    ['a trial ending after the range bills nothing', { trialEndsAt: '2022-04-02T00:00:00Z' }, 0],
    [
      'a trial ending inside the range counts from its end',
      { trialEndsAt: '2022-03-11T12:00:00Z' },
      21,
    ],
    ['a trial ended before the range changes nothing', { trialEndsAt: '2022-02-11T00:00:00Z' }, 31],
    ['an upgrade bills one day less', { terminatedByUpgrade: true }, 30],
  ])('prorationRatio: %s', (_name, options, days) => {
    expect(rightOf(prorationRatio({ ...month, duration: 31, ...options })).days).toBe(days);
  });

  it('an upgrade on the first day bills 0 days, never -1', () => {
    const result = prorationRatio({
      from_datetime: '2022-03-01T00:00:00Z',
      to_datetime: '2022-03-01T00:00:00Z',
      duration: 31,
      terminatedByUpgrade: true,
    });
    expect(rightOf(result)).toEqual({ days: 0, duration: 31, ratio: '0' });
  });

  it.each([
    ['a zero duration', { ...month, duration: 0 }, 'invalid_input', 'duration'],
    ['a fractional duration', { ...month, duration: 30.5 }, 'invalid_input', 'duration'],
    [
      'an inverted range',
      { from_datetime: month.to_datetime, to_datetime: month.from_datetime, duration: 31 },
      'invalid_input',
      'to_datetime',
    ],
    [
      'an unknown zone',
      { ...month, duration: 31, timezone: 'Nowhere/Land' },
      'unknown_timezone',
      'timezone',
    ],
    [
      'a bad trial end',
      { ...month, duration: 31, trialEndsAt: 'soon' },
      'invalid_timestamp',
      'trialEndsAt',
    ],
  ])('prorationRatio refuses %s', (_name, input, code, path) => {
    expect(prorationRatio(input)).toMatchObject({ _tag: 'Left', left: { code, path: [path] } });
  });

  it.each([
    ['the last day counts 1', '2022-03-31T23:00:00Z', 1],
    ['the first day counts all 31', '2022-03-01T00:00:00Z', 31],
  ])('eventProrationRatio: %s', (_name, timestamp, days) => {
    expect(
      rightOf(
        eventProrationRatio({ timestamp, charges_to_datetime: month.to_datetime, duration: 31 }),
      ).days,
    ).toBe(days);
  });

  it('eventProrationRatio compares local dates: 23:30 UTC on 30 Mar is 31 Mar in Paris', () => {
    const result = eventProrationRatio({
      timestamp: '2022-03-30T23:30:00Z',
      charges_to_datetime: '2022-03-31T21:59:59Z',
      duration: 31,
      timezone: 'Europe/Paris',
    });
    expect(rightOf(result).days).toBe(1);
  });

  it('eventProrationRatio refuses an event after the period', () => {
    const result = eventProrationRatio({
      timestamp: '2022-04-01T00:00:00Z',
      charges_to_datetime: month.to_datetime,
      duration: 31,
    });
    expect(result).toMatchObject({
      _tag: 'Left',
      left: { code: 'invalid_input', path: ['timestamp'] },
    });
  });

  it('periodRatio refuses an inverted period', () => {
    const result = periodRatio({
      from_datetime: month.to_datetime,
      to_datetime: month.from_datetime,
      at: month.from_datetime,
    });
    expect(result).toMatchObject({
      _tag: 'Left',
      left: { code: 'invalid_input', path: ['to_datetime'] },
    });
  });
});
