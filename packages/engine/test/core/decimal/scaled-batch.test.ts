import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaledBatch, scaledText } from '../../../src/core/decimal/scaled-batch';
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
});
