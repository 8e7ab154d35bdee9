import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { down, halfAwayFromZero, parseDecimalUnsafe, toCents } from '../../src/core/decimal/index';
import { centsToUnits, moneyOf, roundCents, truncateCents } from '../../src/core/index';
import { decimalString } from '../arbitraries';

const currencies = fc.constantFrom('EUR', 'JPY', 'KWD', 'USD');

describe('whole minor units of an amount in minor units', () => {
  it('equal rounding the amount in currency units to the currency exponent', () => {
    fc.assert(
      fc.property(decimalString({ maxDigits: 20 }), currencies, (text, currency) => {
        const cents = parseDecimalUnsafe(text);
        const money = moneyOf(currency, []);
        if (money._tag === 'Left') throw new Error(money.left.message);
        const units = centsToUnits(cents, money.right);
        const rounded = toCents(units, currency, halfAwayFromZero);
        const truncated = toCents(units, currency, down);
        // The same whole number, or the same kind of error (beyond the safe integers).
        for (const [got, want] of [
          [roundCents(cents, currency, []), rounded],
          [truncateCents(cents, currency, []), truncated],
        ] as const) {
          if (want._tag === 'Right') expect(got).toEqual(want);
          else expect(got).toMatchObject({ _tag: 'Left', left: { code: want.left.code } });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('round half away from zero and truncate toward zero, by hand', () => {
    const at = (text: string) => parseDecimalUnsafe(text);
    expect(roundCents(at('83.5'), 'EUR', [])).toEqual({ _tag: 'Right', right: 84 });
    expect(roundCents(at('-83.5'), 'EUR', [])).toEqual({ _tag: 'Right', right: -84 });
    expect(roundCents(at('-0.4'), 'EUR', [])).toEqual({ _tag: 'Right', right: 0 });
    expect(truncateCents(at('1333.99999'), 'EUR', [])).toEqual({ _tag: 'Right', right: 1333 });
    expect(roundCents(at('1e16'), 'EUR', ['x'])).toMatchObject({
      _tag: 'Left',
      left: { code: 'out_of_range', path: ['x'] },
    });
    expect(roundCents(at('1'), 'eur', ['x'])).toMatchObject({
      _tag: 'Left',
      left: { code: 'unknown_currency' },
    });
  });
});
