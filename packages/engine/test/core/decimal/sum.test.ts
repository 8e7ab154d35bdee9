import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createDecimalSum,
  formatDecimal,
  parseDecimalUnsafe,
} from '../../../src/core/decimal/index';
import { decimalString, eventValue } from '../../arbitraries';

const Reference = BigJs();

/** The reference: a naive big.js sum. */
function referenceSum(values: readonly (string | number)[]): string {
  return values
    .reduce<BigJs.Big>((total, v) => total.plus(new Reference(String(v))), new Reference(0))
    .toFixed();
}

function sumOf(values: readonly unknown[]): string {
  const total = createDecimalSum();
  for (const v of values) total.add(v);
  return formatDecimal(total.result());
}

describe('the exact accumulator, by hand', () => {
  it('sums event values exactly where binary floats do not', () => {
    expect(sumOf(['0.1', '0.2'])).toBe('0.3');
    expect(sumOf(['12.3456', '-0.0456', '7'])).toBe('19.3');
    expect(sumOf([])).toBe('0');
    expect(sumOf(['1e3', '2.5E-2', 0.5])).toBe('1000.525');
  });

  it('crosses the exact range of a double without losing a unit', () => {
    expect(sumOf(['9007199254740991', '1', '1'])).toBe('9007199254740993');
    expect(sumOf(['-9007199254740991', '-9007199254740991'])).toBe('-18014398509481982');
    expect(sumOf(['123456789012345678901234567890', '0.000000000000000000000000000001'])).toBe(
      '123456789012345678901234567890.000000000000000000000000000001',
    );
    expect(sumOf(['0.9999999999999999', '0.0000000000000001'])).toBe('1');
  });

  it('adds values that arrive as decimals (expression results) exactly, mixed with text', () => {
    const total = createDecimalSum();
    total.add('0.1');
    expect(total.add(parseDecimalUnsafe('0.2'))).toBeUndefined();
    total.add(parseDecimalUnsafe('1e-30'));
    expect(formatDecimal(total.result())).toBe('0.300000000000000000000000000001');
  });

  it('reports values it cannot add and leaves the total unchanged', () => {
    const total = createDecimalSum();
    expect(total.add('10.5')).toBeUndefined();
    expect(total.add('abc')).toBe('malformed');
    expect(total.add('')).toBe('empty');
    expect(total.add(Number.NaN)).toBe('not_finite');
    expect(total.add(null)).toBe('not_a_number');
    expect(total.add(' 1')).toBe('padded');
    expect(formatDecimal(total.result())).toBe('10.5');
  });
});

describe('the exact accumulator equals big.js', () => {
  it('on up to 30 significant digits, negatives, mixed scales and exponents', () => {
    fc.assert(
      fc.property(fc.array(decimalString(), { maxLength: 50 }), (values) => {
        expect(sumOf(values)).toBe(referenceSum(values));
      }),
    );
  });

  it('on long sequences of event-like values', () => {
    fc.assert(
      fc.property(fc.array(eventValue, { minLength: 500, maxLength: 3000 }), (values) => {
        expect(sumOf(values)).toBe(referenceSum(values));
      }),
      { numRuns: 30 },
    );
  });

  it('on values near the safe-integer boundary', () => {
    const nearLimit = fc
      .bigInt({ min: 2n ** 52n, max: 2n ** 54n })
      .chain((n) => fc.tuple(fc.constant(n), fc.boolean(), fc.integer({ min: 0, max: 6 })))
      .map(([n, negative, places]) => {
        const digits = n.toString();
        const cut = digits.length - places;
        return `${negative ? '-' : ''}${digits.slice(0, cut)}${places > 0 ? `.${digits.slice(cut)}` : ''}`;
      });
    fc.assert(
      fc.property(fc.array(fc.oneof(nearLimit, eventValue), { maxLength: 40 }), (values) => {
        expect(sumOf(values)).toBe(referenceSum(values));
      }),
    );
  });

  it('on JSON numbers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 })),
        (values) => {
          expect(sumOf(values)).toBe(referenceSum(values.map((v) => JSON.stringify(v))));
        },
      ),
    );
  });

  it('chunked and merged equals one pass', () => {
    fc.assert(
      fc.property(
        fc.array(decimalString({ maxDigits: 20 }), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (values, cuts) => {
          const bounds = [
            0,
            ...cuts.map((c) => c % (values.length + 1)).sort((a, b) => a - b),
            values.length,
          ];
          const merged = createDecimalSum();
          for (let i = 0; i + 1 < bounds.length; i++) {
            const chunk = createDecimalSum();
            for (const v of values.slice(bounds[i], bounds[i + 1])) chunk.add(v);
            merged.merge(chunk);
          }
          expect(formatDecimal(merged.result())).toBe(sumOf(values));
        },
      ),
    );
  });

  it('does not depend on the order of the values', () => {
    fc.assert(
      fc.property(
        fc
          .array(decimalString(), { maxLength: 30 })
          .chain((v) => fc.tuple(fc.constant(v), fc.shuffledSubarray(v, { minLength: v.length }))),
        ([values, shuffled]) => {
          expect(sumOf(shuffled)).toBe(sumOf(values));
        },
      ),
    );
  });
});
