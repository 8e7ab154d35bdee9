import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ceil,
  compare,
  down,
  floor,
  formatDecimal,
  halfAwayFromZero,
  halfEven,
  parseDecimalUnsafe,
  type Rounding,
  type Scale,
  scaleOf,
  subtract,
  up,
} from '../../../src/core/decimal/index';
import { decimalString } from '../../arbitraries';

const Reference = BigJs();

function scale(n: number): Scale {
  const s = scaleOf(n);
  if (s._tag === 'Left') throw new Error(s.left.message);
  return s.right;
}

const round = (mode: Rounding, value: string, places: number) =>
  formatDecimal(mode(parseDecimalUnsafe(value), scale(places)));

describe('rounding modes, by hand', () => {
  // value, places, half away from zero, half even, up, down, ceil, floor
  it.each([
    ['2.345', 2, '2.35', '2.34', '2.35', '2.34', '2.35', '2.34'],
    ['-2.345', 2, '-2.35', '-2.34', '-2.35', '-2.34', '-2.34', '-2.35'],
    ['2.355', 2, '2.36', '2.36', '2.36', '2.35', '2.36', '2.35'],
    ['2.341', 2, '2.34', '2.34', '2.35', '2.34', '2.35', '2.34'],
    ['-2.349', 2, '-2.35', '-2.35', '-2.35', '-2.34', '-2.34', '-2.35'],
    ['0.5', 0, '1', '0', '1', '0', '1', '0'],
    ['-0.5', 0, '-1', '0', '-1', '0', '0', '-1'],
    ['1.5', 0, '2', '2', '2', '1', '2', '1'],
    ['1250', -2, '1300', '1200', '1300', '1200', '1300', '1200'],
    ['-1250', -2, '-1300', '-1200', '-1300', '-1200', '-1200', '-1300'],
    ['1234.5', -3, '1000', '1000', '2000', '1000', '2000', '1000'],
    ['7', 2, '7', '7', '7', '7', '7', '7'],
  ])('%s to %i places', (value, places, away, even, upward, downward, ceiling, flooring) => {
    expect(round(halfAwayFromZero, value, places)).toBe(away);
    expect(round(halfEven, value, places)).toBe(even);
    expect(round(up, value, places)).toBe(upward);
    expect(round(down, value, places)).toBe(downward);
    expect(round(ceil, value, places)).toBe(ceiling);
    expect(round(floor, value, places)).toBe(flooring);
  });

  it('refuses an invalid scale before any rounding', () => {
    expect(scaleOf(1.5)).toMatchObject({ _tag: 'Left', left: { code: 'out_of_range' } });
    expect(scaleOf(1001)).toMatchObject({ _tag: 'Left', left: { code: 'out_of_range' } });
    expect(scaleOf(-1000)).toMatchObject({ _tag: 'Right', right: -1000 });
  });
});

describe('rounding laws', () => {
  const places = fc.integer({ min: -5, max: 20 });

  it('floor ≤ value ≤ ceil, and down is never further from zero than the value', () => {
    fc.assert(
      fc.property(decimalString(), places, (text, p) => {
        const value = parseDecimalUnsafe(text);
        expect(compare(floor(value, scale(p)), value)).toBeLessThanOrEqual(0);
        expect(compare(ceil(value, scale(p)), value)).toBeGreaterThanOrEqual(0);
        const magnitude = new Reference(text).abs();
        expect(new Reference(formatDecimal(down(value, scale(p)))).abs().lte(magnitude)).toBe(true);
        expect(new Reference(formatDecimal(up(value, scale(p)))).abs().gte(magnitude)).toBe(true);
      }),
    );
  });

  it('half modes are within half a unit of the last place', () => {
    fc.assert(
      fc.property(decimalString(), places, (text, p) => {
        const value = parseDecimalUnsafe(text);
        const half = new Reference(`5e${-p - 1}`);
        for (const mode of [halfAwayFromZero, halfEven]) {
          const error = new Reference(formatDecimal(subtract(mode(value, scale(p)), value))).abs();
          expect(error.lte(half)).toBe(true);
        }
      }),
    );
  });

  it('rounding is idempotent', () => {
    fc.assert(
      fc.property(decimalString(), places, (text, p) => {
        for (const mode of [halfAwayFromZero, halfEven, up, down, ceil, floor]) {
          const once = mode(parseDecimalUnsafe(text), scale(p));
          expect(formatDecimal(mode(once, scale(p)))).toBe(formatDecimal(once));
        }
      }),
    );
  });
});
