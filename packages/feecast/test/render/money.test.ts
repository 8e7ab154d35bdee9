// Money and units for people: the currency's minor unit, digits grouped by thousands, exact.
import { formatDecimal, parseDecimalUnsafe } from '@feecast/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMoney,
  formatUnits,
  groupDigits,
  sumCents,
} from '../../src/render/index';

describe('formatMoney: cents in the currency minor unit', () => {
  it.each([
    [123456, 'EUR', '1,234.56 EUR'],
    [5, 'EUR', '0.05 EUR'],
    [-5, 'EUR', '-0.05 EUR'],
    [0, 'USD', '0.00 USD'],
    [500, 'JPY', '500 JPY'],
    [1500, 'KWD', '1.500 KWD'],
    [123456789012, 'EUR', '1,234,567,890.12 EUR'],
  ])('%i %s is %s', (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toEqual({ _tag: 'Right', right: text });
  });

  it('an unknown currency and fractional cents are refused', () => {
    expect(formatMoney(100, 'EURO')).toMatchObject({
      _tag: 'Left',
      left: { code: 'unknown_currency' },
    });
    expect(formatMoney(100.5, 'EUR')).toMatchObject({
      _tag: 'Left',
      left: { code: 'invalid_input' },
    });
  });
});

describe('formatAmount and formatUnits: decimals, never rounded', () => {
  it.each([
    ['71.44375', 'EUR', '71.44375 EUR'],
    ['3', 'EUR', '3.00 EUR'],
    ['1234.5', 'EUR', '1,234.50 EUR'],
    ['0.0125', 'EUR', '0.0125 EUR'],
    ['1234.5', 'JPY', '1,234.5 JPY'],
  ])('amount %s %s is %s', (amount, currency, text) => {
    expect(formatAmount(amount, currency)).toEqual({ _tag: 'Right', right: text });
  });

  it.each([
    ['1234567.5', '1,234,567.5'],
    ['1e3', '1,000'],
    ['18.0', '18'],
    ['0.000001', '0.000001'],
  ])('units %s are %s', (units, text) => {
    expect(formatUnits(units)).toEqual({ _tag: 'Right', right: text });
  });

  it('a unit count that is not a decimal is refused', () => {
    expect(formatUnits('NaN')._tag).toBe('Left');
  });

  it('grouping digits only inserts commas', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.nat({ max: 999_999 }), (whole, fraction) => {
        const text = `${whole}.${fraction}`;
        expect(groupDigits(text).replaceAll(',', '')).toBe(text);
        expect(groupDigits(text)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d+$/);
      }),
    );
  });

  it('sumCents adds exactly: 1050 + 250 cents = 13 EUR', () => {
    const total = sumCents([1050, 250], 'EUR');
    expect(total._tag === 'Right' && formatDecimal(total.right)).toBe('13');
    const sum = sumCents([1, 2], 'EUR');
    expect(sum._tag === 'Right' && formatDecimal(sum.right)).toBe(
      formatDecimal(parseDecimalUnsafe('0.03')),
    );
  });
});
