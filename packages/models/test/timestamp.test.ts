import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTimestamp } from '../src/primitives/predicates';

/**
 * The rule as a regular expression and a calendar check, written independently of the
 * character reader under test: the forms the service sends, with a real date and time.
 */
function reference(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|\+00:00)$/.exec(s);
  if (m === null) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as number[];
  const y = year ?? 0;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][(month ?? 0) - 1];
  return (
    days !== undefined &&
    (day ?? 0) >= 1 &&
    (day ?? 0) <= days &&
    (hour ?? 0) <= 23 &&
    (minute ?? 0) <= 59 &&
    (second ?? 0) <= 59
  );
}

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));

/** Timestamps near the accepted forms: out-of-range fields, odd fractions and zones. */
const nearTimestamp = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    two(13),
    two(32),
    two(25),
    two(61),
    two(61),
    fc.constantFrom('', '.', '.5', '.123', '.123456789', '.1234567890', '.12a'),
    fc.constantFrom('Z', '+00:00', '+01:00', 'z', '', 'ZZ', '+00:0'),
  )
  .map(
    ([y, mo, d, h, mi, s, fraction, zone]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone}`,
  );

/** Any character replaced by another, to hit every separator and digit position. */
const mutated = fc
  .tuple(nearTimestamp, fc.nat(), fc.constantFrom('0', '9', '-', ':', 'T', ' ', 'x', '٣', '.'))
  .map(([s, at, c]) => {
    const i = at % s.length;
    return s.slice(0, i) + c + s.slice(i + 1);
  });

describe('isTimestamp', () => {
  it('agrees with the regular expression and calendar rule on near-timestamps', () => {
    fc.assert(
      fc.property(fc.oneof(nearTimestamp, mutated, fc.string()), (s) => {
        expect(isTimestamp(s)).toBe(reference(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts each form once and refuses their near misses', () => {
    expect(isTimestamp('2024-02-29T23:59:59.123456789Z')).toBe(true);
    expect(isTimestamp('2024-02-29T23:59:59.1234567890Z')).toBe(false);
    expect(isTimestamp('2023-02-29T00:00:00Z')).toBe(false);
    expect(isTimestamp('2025-01-15T10:00:00+00:00')).toBe(true);
    expect(isTimestamp('2025-01-15T10:00:00.Z')).toBe(false);
    expect(isTimestamp('2025-01-15T10:00:00+00:000')).toBe(false);
  });
});
