/**
 * Credits <-> money (invoicing.md §6.1): every figure of the section, the errors, and the
 * round-trip law of money through credits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditsRoundToZero,
  walletCredit,
  walletCreditFromCents,
} from '../../../src/invoice/wallets/index';
import { leftOf, rightOf } from './builders';

describe('walletCredit (invoicing.md §6.1)', () => {
  it('§6.1: rate 0.001, 1034 credits -> amount 1.03, 103 cents, credits re-derived to 1030', () => {
    expect(
      rightOf(walletCredit({ credits: '1034', rate_amount: '0.001', currency: 'EUR' })),
    ).toEqual({
      credits: '1030',
      amount: '1.03',
      amount_cents: 103,
    });
  });

  it('§6.1: non-invoiceable credits (granted, voided) are kept as given', () => {
    expect(
      rightOf(
        walletCredit({
          credits: '1034',
          rate_amount: '0.001',
          currency: 'EUR',
          invoiceable: false,
        }),
      ),
    ).toEqual({ credits: '1034', amount: '1.03', amount_cents: 103 });
  });

  it('§6.1: from 103.4589 cents -> 103 cents, 1030 credits', () => {
    expect(
      rightOf(
        walletCreditFromCents({ amount_cents: '103.4589', rate_amount: '0.001', currency: 'EUR' }),
      ),
    ).toEqual({ credits: '1030', amount: '1.03', amount_cents: 103 });
  });

  it('§6.1: rate 0.01, "0.4" credits round to zero and "1.0" does not', () => {
    expect(
      rightOf(creditsRoundToZero({ credits: '0.4', rate_amount: '0.01', currency: 'EUR' })),
    ).toBe(true);
    expect(
      rightOf(creditsRoundToZero({ credits: '1.0', rate_amount: '0.01', currency: 'EUR' })),
    ).toBe(false);
  });

  it('§6.1: KWD (3 decimals) at rate 0.001, "1.0" credit is worth 1 fils, so it does not round to zero', () => {
    expect(
      rightOf(creditsRoundToZero({ credits: '1.0', rate_amount: '0.001', currency: 'KWD' })),
    ).toBe(false);
    expect(
      rightOf(walletCredit({ credits: '1.0', rate_amount: '0.001', currency: 'KWD' })),
    ).toEqual({
      credits: '1',
      amount: '0.001',
      amount_cents: 1,
    });
  });

  it('a zero or negative rate and an unknown currency are errors naming the input', () => {
    expect(leftOf(walletCredit({ credits: '1', rate_amount: '0', currency: 'EUR' }))).toMatchObject(
      {
        code: 'invalid_input',
        path: ['rate_amount'],
      },
    );
    expect(
      leftOf(walletCredit({ credits: '1', rate_amount: '1', currency: 'EURO' })),
    ).toMatchObject({
      code: 'unknown_currency',
      path: ['currency'],
    });
    expect(
      leftOf(walletCredit({ credits: 'ten', rate_amount: '1', currency: 'EUR' })),
    ).toMatchObject({
      code: 'invalid_decimal',
      path: ['credits'],
    });
  });

  it('money -> credits -> money gives the same minor units back, for rates up to 100', () => {
    const rate = fc
      .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 4 }))
      .map(([n, scale]) => (n / 10 ** scale).toFixed(scale))
      .filter((r) => Number(r) > 0 && Number(r) <= 100);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), rate, (cents, rate_amount) => {
        const credits = rightOf(
          walletCreditFromCents({ amount_cents: cents, rate_amount, currency: 'EUR' }),
        );
        const back = rightOf(
          walletCredit({ credits: credits.credits, rate_amount, currency: 'EUR' }),
        );
        expect(back.amount_cents).toBe(cents);
      }),
    );
  });
});
