import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatDecimalFixed,
  parseDecimal,
  parseDecimalUnsafe,
} from '../../../src/core/decimal/index';
import { decimalString } from '../../arbitraries';

const Reference = BigJs();

describe('parseDecimal accepts plain and exponent decimals', () => {
  it.each([
    ['12', '12'],
    ['-0.005', '-0.005'],
    ['1.5e3', '1500'],
    ['2E-4', '0.0002'],
    ['1e+21', '1000000000000000000000'],
    ['007.50', '7.5'],
    ['-0', '0'],
    ['0.000', '0'],
    ['123456789012345678901234567890.123', '123456789012345678901234567890.123'],
  ])('%s reads as %s', (input, expected) => {
    expect(formatDecimal(parseDecimalUnsafe(input))).toBe(expected);
  });

  it.each([
    [12, '12'],
    [-0.1, '-0.1'],
    [1e21, '1000000000000000000000'],
    [1.5e-7, '0.00000015'],
    [-0, '0'],
  ])('the JSON number %s reads as %s', (input, expected) => {
    expect(formatDecimal(parseDecimalUnsafe(input))).toBe(expected);
  });
});

describe('parseDecimal refuses everything else with a Left naming the problem', () => {
  it.each([
    ['', 'empty', 'invalid_decimal'],
    [' 1', 'padded', 'invalid_decimal'],
    ['1 ', 'padded', 'invalid_decimal'],
    ['0x1A', 'hexadecimal', 'invalid_decimal'],
    ['-0X1a', 'hexadecimal', 'invalid_decimal'],
    ['NaN', 'not_finite', 'invalid_decimal'],
    ['-Infinity', 'not_finite', 'invalid_decimal'],
    ['+1', 'malformed', 'invalid_decimal'],
    ['1.', 'malformed', 'invalid_decimal'],
    ['.5', 'malformed', 'invalid_decimal'],
    ['1,5', 'malformed', 'invalid_decimal'],
    ['1e', 'malformed', 'invalid_decimal'],
    ['--1', 'malformed', 'invalid_decimal'],
    ['-', 'malformed', 'invalid_decimal'],
    ['1_000', 'malformed', 'invalid_decimal'],
    ['١٢', 'malformed', 'invalid_decimal'],
    ['1e1001', 'exponent_out_of_range', 'out_of_range'],
    [Number.NaN, 'not_finite', 'invalid_decimal'],
    [Number.POSITIVE_INFINITY, 'not_finite', 'invalid_decimal'],
    [null, 'not_a_number', 'invalid_decimal'],
    [true, 'not_a_number', 'invalid_decimal'],
    [{ value: '1' }, 'not_a_number', 'invalid_decimal'],
    [10n, 'not_a_number', 'invalid_decimal'],
  ])('%s is refused as %s', (input, problem, code) => {
    const result = parseDecimal(input, ['events', '0', 'properties', 'value']);
    expect(result).toMatchObject({
      _tag: 'Left',
      left: { code, path: ['events', '0', 'properties', 'value'], details: { problem } },
    });
  });

  it('says what to fix', () => {
    expect(parseDecimal(' 12.5')).toMatchObject({
      left: {
        message:
          'Expected a decimal number such as "12.50", got " 12.5": remove the spaces around it.',
      },
    });
    expect(parseDecimal('0x1A')).toMatchObject({
      left: {
        message:
          'Expected a decimal number such as "12.50", got "0x1A": hexadecimal is not accepted.',
      },
    });
  });

  it('shows a long array by its length, without writing it out', () => {
    // A sparse array of length 2^31 - 1: written out as JSON it would be ~10 GB of "null,".
    const sparse: unknown[] = [];
    sparse[2 ** 31 - 2] = 1;
    const result = parseDecimal({ values: sparse });
    expect(result._tag === 'Left' && result.left.details).toMatchObject({
      value: '{"values":"an array of 2147483647 items"}',
    });
  });

  it('parseDecimalUnsafe throws the same message', () => {
    expect(() => parseDecimalUnsafe('abc')).toThrow(/got "abc"/);
  });
});

describe('formatting', () => {
  it('never uses exponent notation', () => {
    expect(formatDecimal(parseDecimalUnsafe('1e-30'))).toBe(`0.${'0'.repeat(29)}1`);
    expect(formatDecimal(parseDecimalUnsafe('1e30'))).toBe(`1${'0'.repeat(30)}`);
  });

  it('pads to fixed places without rounding', () => {
    expect(formatDecimalFixed(parseDecimalUnsafe('10'), 1)).toBe('10.0');
    expect(formatDecimalFixed(parseDecimalUnsafe('1.2345'), 2)).toBe('1.2345');
    expect(formatDecimalFixed(parseDecimalUnsafe('-0'), 2)).toBe('0.00');
  });
});

describe('laws', () => {
  it('parsing a decimal string equals big.js reading it', () => {
    fc.assert(
      fc.property(decimalString(), (text) => {
        expect(formatDecimal(parseDecimalUnsafe(text))).toBe(new Reference(text).toFixed());
      }),
    );
  });

  it('format then parse is the identity, and the text is plain notation', () => {
    fc.assert(
      fc.property(decimalString(), (text) => {
        const formatted = formatDecimal(parseDecimalUnsafe(text));
        expect(formatted).toMatch(/^-?\d+(\.\d*[1-9])?$/);
        expect(formatDecimal(parseDecimalUnsafe(formatted))).toBe(formatted);
      }),
    );
  });

  it('parseDecimal never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withNullPrototype: true }), (input) => {
        const result = parseDecimal(input);
        expect(['Left', 'Right']).toContain(result._tag);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (input) => {
        expect(['Left', 'Right']).toContain(parseDecimal(input)._tag);
      }),
    );
  });

  it('a finite JSON number reads as the decimal its JSON text denotes', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = JSON.stringify(n);
        expect(formatDecimal(parseDecimalUnsafe(n))).toBe(new Reference(text).toFixed());
      }),
    );
  });
});
