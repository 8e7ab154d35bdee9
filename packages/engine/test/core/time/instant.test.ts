import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant, isoInstant, parseInstant } from '../../../src/core/time/instant';
import { rightOf } from '../../periods/support';

describe('timestamps', () => {
  it.each([
    ['2025-01-15T10:00:00Z', '2025-01-15T10:00:00Z'],
    ['2025-01-15T10:00:00.250Z', '2025-01-15T10:00:00.250Z'],
    ['2025-01-15T10:00:00.123456789Z', '2025-01-15T10:00:00.123Z'],
    ['2025-01-15T11:00:00+01:00', '2025-01-15T10:00:00Z'],
    ['2025-01-15T05:00:00-05:00', '2025-01-15T10:00:00Z'],
    ['2024-02-29T23:59:59Z', '2024-02-29T23:59:59Z'],
  ])('%s reads as %s', (text, utc) => {
    expect(formatInstant(rightOf(parseInstant(text, ['at'])))).toBe(utc);
  });

  it.each([
    ['a date alone', '2025-01-15'],
    ['no zone', '2025-01-15T10:00:00'],
    ['no seconds', '2025-01-15T10:00Z'],
    ['a space for T', '2025-01-15 10:00:00Z'],
    ['month 13', '2025-13-01T00:00:00Z'],
    ['30 February', '2025-02-30T00:00:00Z'],
    ['29 February of a common year', '2023-02-29T00:00:00Z'],
    ['hour 24', '2025-01-15T24:00:00Z'],
    ['a leap second', '2016-12-31T23:59:60Z'],
    ['a zone offset of 25 hours', '2025-01-15T10:00:00+25:00'],
    ['a year before 1001', '0999-01-01T00:00:00Z'],
    ['an empty string', ''],
    ['a number', 1736935200],
    ['null', null],
  ])('%s is refused with invalid_timestamp and the path', (_name, value) => {
    const result = parseInstant(value, ['subscription', 'started_at']);
    expect(result._tag).toBe('Left');
    if (result._tag === 'Left') {
      expect(result.left.code).toBe('invalid_timestamp');
      expect(result.left.path).toEqual(['subscription', 'started_at']);
      expect(result.left.message).toContain('subscription.started_at');
    }
  });

  it('formatInstant agrees with Date#toISOString, and parseInstant reads it back', () => {
    const min = Date.parse('1001-01-01T00:00:00Z');
    const max = Date.parse('9998-12-31T23:59:59Z');
    fc.assert(
      fc.property(fc.integer({ min, max }), (ms) => {
        const text = formatInstant(ms);
        expect(text).toBe(new Date(ms).toISOString().replace('.000Z', 'Z'));
        expect(rightOf(parseInstant(text, ['at']))).toBe(ms);
      }),
    );
  });

  it('isoInstant agrees with Date.parse on timestamps with any offset and fraction', () => {
    const min = Date.parse('1001-01-01T00:00:00Z');
    const max = Date.parse('9998-12-31T23:59:59Z');
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(
        fc.integer({ min, max }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        fc.constantFrom('', '.5', '.25', '.125'),
        (ms, offset, fraction) => {
          const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
          const sign = offset < 0 ? '-' : '+';
          const zone = `${sign}${two(Math.trunc(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
          const text = `${local}${fraction}${offset === 0 ? 'Z' : zone}`;
          expect(isoInstant(text)).toBe(Date.parse(text));
        },
      ),
    );
  });

  it('isoInstant refuses a timestamp with any one character replaced by a non-digit', () => {
    const text = '2024-02-29T23:59:59.123+05:30';
    const digits = [...text].flatMap((c, i) => (c >= '0' && c <= '9' ? [i] : []));
    fc.assert(
      fc.property(fc.constantFrom(...digits), fc.constantFrom('/', ':', 'a', ' ', '-'), (i, c) => {
        expect(isoInstant(`${text.slice(0, i)}${c}${text.slice(i + 1)}`)).toBeUndefined();
      }),
    );
  });
});
