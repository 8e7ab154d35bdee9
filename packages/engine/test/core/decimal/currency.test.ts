import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatDecimal,
  fromCents,
  halfAwayFromZero,
  halfEven,
  parseDecimalUnsafe,
  toCents,
} from '../../../src/core/decimal/index';
import { decimalString } from '../../arbitraries';

describe('ISO 4217 minor units', () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['XOF', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['TND', 3],
    ['CLF', 4],
    ['UYW', 4],
    ['MGA', 2],
    ['XCG', 2],
    ['ZWG', 2],
  ])('%s has %i decimal places', (code, exponent) => {
    expect(currencyExponent(code)).toEqual({ _tag: 'Right', right: exponent });
  });

  it.each([
    ['eur', 'Currency codes are upper case: use "EUR".'],
    ['EURO', 'Use an active ISO 4217 code'],
    ['XAU', 'Use an active ISO 4217 code'],
    ['HRK', 'Use an active ISO 4217 code'],
    ['', 'Use an active ISO 4217 code'],
  ])('%j is an unknown currency', (code, hint) => {
    const result = currencyExponent(code, ['plan', 'amount_currency']);
    expect(result).toMatchObject({
      _tag: 'Left',
      left: { code: 'unknown_currency', path: ['plan', 'amount_currency'] },
    });
    expect(result._tag === 'Left' && result.left.message).toContain(hint);
  });
});

describe('cents', () => {
  it.each([
    ['12.345', 'EUR', 1235],
    ['-12.345', 'EUR', -1235],
    ['12.5', 'JPY', 13],
    ['100.50', 'KWD', 100500],
    ['100.50', 'EUR', 10050],
    ['0.00049', 'CLF', 5],
    ['-0.001', 'EUR', 0],
  ])('%s %s is %i minor units (half away from zero)', (amount, currency, cents) => {
    expect(toCents(parseDecimalUnsafe(amount), currency, halfAwayFromZero)).toEqual({
      _tag: 'Right',
      right: cents,
    });
  });

  it('uses the rounding it is given', () => {
    expect(toCents(parseDecimalUnsafe('0.125'), 'EUR', halfEven)).toEqual({
      _tag: 'Right',
      right: 12,
    });
  });

  it('refuses results beyond the safe integer range', () => {
    expect(toCents(parseDecimalUnsafe('1e20'), 'EUR', halfAwayFromZero)).toMatchObject({
      left: { code: 'out_of_range' },
    });
  });

  it.each([
    [1235, 'EUR', '12.35'],
    [1235, 'KWD', '1.235'],
    [1235, 'JPY', '1235'],
    [-5, 'EUR', '-0.05'],
  ])('%i minor units of %s are %s', (cents, currency, amount) => {
    const result = fromCents(cents, currency);
    expect(result._tag === 'Right' && formatDecimal(result.right)).toBe(amount);
  });

  it('refuses fractional minor units', () => {
    expect(fromCents(12.5, 'EUR')).toMatchObject({ left: { code: 'invalid_input' } });
  });

  it('fromCents(toCents(x)) is x rounded to the currency', () => {
    fc.assert(
      fc.property(
        decimalString({ maxDigits: 11, exponent: false }),
        fc.constantFrom('EUR', 'JPY', 'KWD', 'CLF'),
        (text, currency) => {
          const amount = parseDecimalUnsafe(text);
          // 11 digits × 10^4 stays a safe integer, so every currency here converts.
          const cents = toCents(amount, currency, halfAwayFromZero);
          const exponent = currencyExponent(currency);
          if (cents._tag === 'Left' || exponent._tag === 'Left')
            throw new Error('unreachable: 11 digits fit');
          const back = fromCents(cents.right, currency);
          expect(back._tag === 'Right' && formatDecimal(back.right)).toBe(
            formatDecimal(halfAwayFromZero(amount, exponent.right)),
          );
        },
      ),
    );
  });
});
