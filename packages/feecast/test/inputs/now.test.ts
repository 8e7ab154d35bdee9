// --now: the accepted forms, the UTC instant each names, and the refused ones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUtc, parseNow, resolveNow } from '../../src/inputs/index';

describe('parseNow', () => {
  it.each([
    ['2026-11-15T12:00:00Z', '2026-11-15T12:00:00Z'],
    ['2026-11-15T12:00:00.000Z', '2026-11-15T12:00:00Z'],
    ['2026-11-15T12:00:00.25Z', '2026-11-15T12:00:00.250Z'],
    ['2026-11-15T12:00:00.123456789Z', '2026-11-15T12:00:00.123Z'],
    ['2026-11-15T12:00Z', '2026-11-15T12:00:00Z'],
    ['2026-11-15T13:30:00+01:00', '2026-11-15T12:30:00Z'],
    ['2026-11-15T00:30:00+01:00', '2026-11-14T23:30:00Z'],
    ['2026-11-30T22:00:00-05:00', '2026-12-01T03:00:00Z'],
    ['2026-11-15', '2026-11-15T00:00:00Z'],
    ['2028-02-29', '2028-02-29T00:00:00Z'],
    [' 2026-11-15T12:00:00Z ', '2026-11-15T12:00:00Z'],
  ])('%j is %s', (text, instant) => {
    expect(parseNow(text)).toEqual({ _tag: 'Right', right: instant });
  });

  it.each([
    ['2026-11-15T12:00:00', 'has no time zone (add Z for UTC)'],
    ['2026-02-30', 'names a date or time that does not exist'],
    ['2027-02-29T00:00:00Z', 'names a date or time that does not exist'],
    ['2026-11-15T24:00:00Z', 'names a date or time that does not exist'],
    ['2026-11-15T12:00:00+25:00', 'has an offset beyond ±23:59'],
    ['15/11/2026', 'is not an ISO 8601 timestamp'],
    ['1763200000', 'is not an ISO 8601 timestamp'],
    ['now', 'is not an ISO 8601 timestamp'],
    ['', 'is not an ISO 8601 timestamp'],
  ])('%j is refused: %s', (text, why) => {
    const parsed = parseNow(text);
    expect(parsed._tag).toBe('Left');
    if (parsed._tag === 'Left') {
      expect(parsed.left.code).toBe('invalid_timestamp');
      expect(parsed.left.message).toBe(
        `${JSON.stringify(text)} ${why}; give an ISO 8601 timestamp such as 2026-11-15T12:00:00Z (or 2026-11-15T13:00:00+01:00, or a date such as 2026-11-15 for midnight UTC).`,
      );
    }
  });

  it('parseNow reads back every instant it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31) }), (ms) => {
        expect(parseNow(formatUtc(ms))).toEqual({ _tag: 'Right', right: formatUtc(ms) });
      }),
    );
  });

  it('an offset names the same instant as its UTC form', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
          .map((ms) => ms - (ms % 1000)),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (ms, offsetMinutes) => {
          const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
          const sign = offsetMinutes < 0 ? '-' : '+';
          const abs = Math.abs(offsetMinutes);
          const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(parseNow(`${local}${zone}`)).toEqual({ _tag: 'Right', right: formatUtc(ms) });
        },
      ),
    );
  });
});

describe('resolveNow', () => {
  it('--now wins over the clock', () => {
    expect(resolveNow('2026-11-15', () => 0)).toEqual({
      _tag: 'Right',
      right: '2026-11-15T00:00:00Z',
    });
  });

  it('without --now, the clock to the second', () => {
    expect(resolveNow(undefined, () => Date.UTC(2026, 10, 15, 12, 0, 0, 999))).toEqual({
      _tag: 'Right',
      right: '2026-11-15T12:00:00Z',
    });
  });

  it('a bad --now is refused, not replaced by the clock', () => {
    expect(resolveNow('yesterday', () => 0)._tag).toBe('Left');
  });
});
