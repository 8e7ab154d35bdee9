import { describe, expect, it } from 'vitest';
import { checkPaidTopUp, createWalletTransactions } from '../../../src/invoice/wallets/index';
import { leftOf, rightOf, wallet, walletTransactionRequest } from './builders';

const now = '2025-03-01T00:00:00Z';
/** A wallet at rate 0.01 EUR per credit, no paid bounds: 1 credit is 1 cent. */
const cent = wallet({ name: 'w', balance_cents: 0, rate_amount: '0.01' });

function create(fields: Readonly<Record<string, unknown>>) {
  return createWalletTransactions({
    wallet: cent,
    wallet_transaction: walletTransactionRequest(cent, fields),
    now,
  });
}

describe('paid credits that round to zero (invoicing.md §6.1 rounds_to_zero?)', () => {
  it('refuses 0.4 credits at rate 0.01 EUR: 0.004 EUR is 0 cents', () => {
    expect(leftOf(create({ paid_credits: '0.4' }))).toMatchObject({
      code: 'amount_rounds_to_zero',
      path: ['wallet_transaction', 'paid_credits'],
    });
  });

  it('refuses them even when the paid bounds are ignored, and in checkPaidTopUp', () => {
    expect(leftOf(create({ paid_credits: '0.4', ignore_paid_top_up_limits: true })).code).toBe(
      'amount_rounds_to_zero',
    );
    expect(leftOf(checkPaidTopUp({ wallet: cent, paid_credits: '0.4' }))).toMatchObject({
      code: 'amount_rounds_to_zero',
      path: ['paid_credits'],
    });
  });

  it('accepts 1 credit at rate 0.01 EUR: 1 cent', () => {
    const result = rightOf(create({ paid_credits: '1' }));
    expect(result.wallet_transactions.map((t) => t.amount)).toEqual(['0.01']);
  });
});

describe('a paid top-up of 0 credits (invoicing.md §6.3: paid credits are a positive decimal)', () => {
  it('is invalid_amount, in createWalletTransactions and checkPaidTopUp, whatever else the request holds', () => {
    for (const zero of ['0', '0.0', '0.00000']) {
      expect(leftOf(create({ paid_credits: zero, granted_credits: '5' }))).toMatchObject({
        code: 'invalid_amount',
        path: ['wallet_transaction', 'paid_credits'],
      });
      expect(leftOf(checkPaidTopUp({ wallet: cent, paid_credits: zero }))).toMatchObject({
        code: 'invalid_amount',
        path: ['paid_credits'],
      });
    }
  });

  it('positive credits that the floor to 5 decimals makes 0 buy nothing: amount_rounds_to_zero', () => {
    expect(leftOf(create({ paid_credits: '0.000001' })).code).toBe('amount_rounds_to_zero');
  });
});

describe('granted credits worth less than one minor unit (invoicing.md §6.1)', () => {
  it('refuses 0.4 granted credits at rate 0.01 EUR (0.004 EUR rounds to 0 cents), creating nothing', () => {
    expect(leftOf(create({ granted_credits: '0.4', paid_credits: '1' }))).toMatchObject({
      code: 'amount_rounds_to_zero',
      path: ['wallet_transaction', 'granted_credits'],
    });
    // 0.000004 credits floor to 0 at 5 decimals: worth nothing either.
    expect(leftOf(create({ granted_credits: '0.000004' })).code).toBe('amount_rounds_to_zero');
  });

  it('grants 0.5 credits at rate 0.01 EUR: 0.005 EUR rounds half away from zero to 1 cent', () => {
    const result = rightOf(create({ granted_credits: '0.5' }));
    expect(result.wallet_transactions.map((t) => [t.credit_amount, t.amount])).toEqual([
      ['0.5', '0.01'],
    ]);
    expect(result.wallet.balance_cents).toBe(1);
  });

  it('a grant of 0 still creates nothing (§6.2)', () => {
    expect(rightOf(create({ granted_credits: '0' })).wallet_transactions).toEqual([]);
  });
});
