import { describe, expect, it } from 'vitest';
import { createWalletTransactions } from '../../src/wallets/index';
import { leftOf, rightOf, wallet, walletTransactionRequest } from './builders';

describe('paid credits that round to zero (invoicing.md §6.1 rounds_to_zero?)', () => {
  const now = '2025-03-01T00:00:00Z';
  it('refuses 0.4 credits at rate 0.01 EUR: 0.004 EUR is 0 cents', () => {
    const w = wallet({ name: 'w', balance_cents: 0, rate_amount: '0.01' });
    const result = createWalletTransactions({
      wallet: w,
      wallet_transaction: walletTransactionRequest(w, { paid_credits: '0.4' }),
      now,
    });
    expect(leftOf(result)).toMatchObject({
      code: 'amount_rounds_to_zero',
      path: ['wallet_transaction', 'paid_credits'],
    });
  });

  it('accepts 1 credit at rate 0.01 EUR: 1 cent', () => {
    const w = wallet({ name: 'w', balance_cents: 0, rate_amount: '0.01' });
    const result = rightOf(
      createWalletTransactions({
        wallet: w,
        wallet_transaction: walletTransactionRequest(w, { paid_credits: '1' }),
        now,
      }),
    );
    expect(result.wallet_transactions.map((t) => t.amount)).toEqual(['0.01']);
  });
});
