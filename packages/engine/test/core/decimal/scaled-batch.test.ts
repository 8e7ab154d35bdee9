import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, compare, equals } from '../../../src/core/decimal/decimal';
import { formatDecimal } from '../../../src/core/decimal/format';
import { parseDecimalUnsafe } from '../../../src/core/decimal/parse';
import {
  scaledBatch,
  scaledDecimal,
  scaledOf,
  scaledText,
} from '../../../src/core/decimal/scaled-batch';
import { decimalString } from '../../arbitraries';

const Big = BigJs();
/** big.js's plain text of a value, as formatDecimal writes it. */
const plain = (value: BigJs.Big) => value.toFixed();

describe('scaled batches: exact decimals as integers at one scale', () => {
  it('reads texts at their largest scale (worked by hand)', () => {
    expect(scaledBatch(['12.5', '-0.25', '3'])).toEqual({ scale: 2, units: [1250, -25, 300] });
    expect(scaledBatch(['1.5e-2', '2'])).toEqual({ scale: 3, units: [15, 2000] });
    expect(scaledBatch([])).toEqual({ scale: 0, units: [] });
  });

  it('gives up where doubles would not be exact, or on a text that is not a decimal', () => {
    expect(scaledBatch(['1e3'])).toBeUndefined(); // a positive exponent
    expect(scaledBatch(['0.0000000000000001'])).toBeUndefined(); // scale 16
    expect(scaledBatch(['9007199254740993'])).toBeUndefined(); // beyond 2^53
    expect(scaledBatch(['4503599627370496', '4503599627370496'])).toBeUndefined(); // Σ = 2^53
    expect(scaledBatch(['1', 'ten'])).toBeUndefined();
  });

  it.each([
    [-1250, 2, '-12.5'],
    [300, 2, '3'],
    [5, 3, '0.005'],
    [-5, 1, '-0.5'],
    [0, 4, '0'],
    [9007199254740991, 15, '9.007199254740991'],
  ])('scaledText(%d, %d) is %s', (units, scale, text) => {
    expect(scaledText(units, scale)).toBe(text);
  });

  it('every value reads back exactly: scaledText of its units equals big.js', () => {
    fc.assert(
      fc.property(
        fc.array(decimalString({ maxDigits: 12, exponent: false }), { maxLength: 20 }),
        (texts) => {
          const batch = scaledBatch(texts);
          if (batch === undefined) return;
          batch.units.forEach((units, i) => {
            expect(scaledText(units, batch.scale)).toBe(plain(new Big(texts[i] ?? '')));
          });
        },
      ),
    );
  });

  it('running totals on the units equal big.js running totals', () => {
    fc.assert(
      fc.property(
        fc.array(decimalString({ maxDigits: 12, exponent: false }), { maxLength: 30 }),
        (texts) => {
          const batch = scaledBatch(texts);
          if (batch === undefined) return;
          let units = 0;
          let exact = new Big(0);
          batch.units.forEach((u, i) => {
            units += u;
            exact = exact.plus(texts[i] ?? '');
            expect(scaledText(units, batch.scale)).toBe(plain(exact));
          });
        },
      ),
    );
  });

  it('leads a batch with a decimal (worked by hand)', () => {
    // 12.5 leads at scale 1, '-0.25' raises the scale to 2: 1250, -25.
    expect(scaledBatch(['-0.25'], parseDecimalUnsafe('12.5'))).toEqual({
      scale: 2,
      units: [1250, -25],
    });
    // 3e2 is 300 at scale 0.
    expect(scaledBatch(['1'], parseDecimalUnsafe('3e2'))).toEqual({ scale: 0, units: [300, 1] });
    expect(scaledBatch(['1'], parseDecimalUnsafe('1e-16'))).toBeUndefined(); // scale 16
  });

  it.each([
    ['-12.50', -125, 1],
    ['3e2', 300, 0],
    ['0', 0, 0],
    ['0.005', 5, 3],
    ['0.999999999999999', 999999999999999, 15], // 15 digits, 15 decimals
  ])('scaledOf(%s) is %d at scale %d', (text, units, scale) => {
    expect(scaledOf(parseDecimalUnsafe(text))).toEqual({ units, scale });
  });

  it('scaledOf gives up beyond 15 digits or 15 decimals', () => {
    expect(scaledOf(parseDecimalUnsafe('1234567890123456'))).toBeUndefined(); // 16 digits
    expect(scaledOf(parseDecimalUnsafe('1e-16'))).toBeUndefined();
    expect(scaledOf(parseDecimalUnsafe('1e16'))).toBeUndefined(); // 10^16 > 2^53
  });

  it.each([
    [-1250, 2, '-12.5'],
    [300, 2, '3'],
    [5, 3, '0.005'],
    [0, 4, '0'],
    [1200, 0, '1200'],
  ])('scaledDecimal(%d, %d) is %s', (units, scale, text) => {
    const value = scaledDecimal(units, scale);
    expect(formatDecimal(value)).toBe(text);
    expect(equals(value, parseDecimalUnsafe(text))).toBe(true);
  });

  it('scaledDecimal is the decimal its text reads as, in every operation', () => {
    fc.assert(
      fc.property(
        fc.array(decimalString({ maxDigits: 12, exponent: false }), { minLength: 1, maxLength: 8 }),
        (texts) => {
          const batch = scaledBatch(texts);
          if (batch === undefined) return;
          batch.units.forEach((units, i) => {
            const built = scaledDecimal(units, batch.scale);
            const read = parseDecimalUnsafe(texts[i] ?? '');
            expect(formatDecimal(built)).toBe(formatDecimal(read));
            expect(compare(built, read)).toBe(0);
            expect(formatDecimal(add(built, read))).toBe(formatDecimal(add(read, read)));
            expect(scaledOf(built)).toEqual(scaledOf(read));
          });
        },
      ),
    );
  });
});
