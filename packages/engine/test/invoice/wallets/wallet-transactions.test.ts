/**
 * `POST /wallet_transactions` (invoicing.md §6.2), paid top-up bounds (§6.3) and the
 * settlement of a paid top-up.
 */
import type { WalletTransactionInput } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPaidTopUp,
  createWalletTransactions,
  settlePaidTransaction,
} from '../../../src/invoice/wallets/index';
import { leftOf, rightOf, unchecked, wallet, walletTransactionRequest } from './builders';

const NOW = '2025-03-01T08:00:12Z';
const tenEuros = wallet({ name: 'w', balance_cents: 1000 });

function create(request: Readonly<Record<string, unknown>>, w = tenEuros) {
  return createWalletTransactions({
    wallet: w,
    now: NOW,
    wallet_transaction: walletTransactionRequest(w, request),
  });
}

describe('createWalletTransactions (invoicing.md §6.2)', () => {
  it('§6.2: balance 10.00, paid 10 + granted 15 + voided 3 -> 3 transactions, balance 22.00 (paid still pending)', () => {
    const result = rightOf(
      create({ paid_credits: '10', granted_credits: '15', voided_credits: '3' }),
    );
    expect(
      result.wallet_transactions.map((t) => [
        t.transaction_type,
        t.status,
        t.transaction_status,
        t.credit_amount,
      ]),
    ).toEqual([
      ['inbound', 'pending', 'purchased', '10'],
      ['inbound', 'settled', 'granted', '15'],
      ['outbound', 'settled', 'voided', '3'],
    ]);
    expect(result.wallet).toMatchObject({
      balance_cents: 2200,
      credits_balance: '22',
      consumed_credits: '3',
    });
  });

  it('§6.2: a granted transaction is settled at once with its remaining amount; a pending purchase has none yet', () => {
    const [paid, granted] = rightOf(
      create({ paid_credits: '10', granted_credits: '15' }),
    ).wallet_transactions;
    expect(granted).toMatchObject({
      settled_at: NOW,
      remaining_amount_cents: 1500,
      remaining_credit_amount: '15',
      source: 'manual',
      priority: 50,
    });
    expect(paid).toMatchObject({ settled_at: null, remaining_amount_cents: null, amount: '10' });
  });

  it('§6.2: amounts are floored to 5 decimals and a zero granted or voided amount creates nothing', () => {
    const result = rightOf(create({ granted_credits: '1.234569', voided_credits: '0' }));
    expect(result.wallet_transactions).toHaveLength(1);
    expect(result.wallet_transactions[0]?.credit_amount).toBe('1.23456');
    expect(result.wallet.balance_cents).toBe(1123);
  });

  it('§6.1 in §6.2: paid credits are re-derived from the rounded amount, granted ones are kept', () => {
    const w = wallet({ name: 'milli', balance_cents: 0, rate_amount: '0.001' });
    const [paid, granted] = rightOf(
      create({ paid_credits: '1034', granted_credits: '1034' }, w),
    ).wallet_transactions;
    expect(paid).toMatchObject({ amount: '1.03', credit_amount: '1030' });
    expect(granted).toMatchObject({ amount: '1.03', credit_amount: '1034' });
  });

  it('§6.2 validation: not a decimal, negative, more voided than the balance, terminated or another wallet', () => {
    const raw = (fields: Record<string, unknown>) =>
      createWalletTransactions({
        wallet: tenEuros,
        now: NOW,
        wallet_transaction: unchecked<WalletTransactionInput>({
          wallet_id: tenEuros.svc_id,
          ...fields,
        }),
      });
    expect(leftOf(raw({ paid_credits: 'ten' }))).toMatchObject({
      code: 'invalid_amount',
      path: ['wallet_transaction', 'paid_credits'],
    });
    expect(leftOf(create({ granted_credits: '-1' }))).toMatchObject({
      code: 'invalid_amount',
      path: ['wallet_transaction', 'granted_credits'],
    });
    expect(leftOf(create({ voided_credits: '10.00001' }))).toMatchObject({
      code: 'insufficient_credits',
      path: ['wallet_transaction', 'voided_credits'],
    });
    expect(
      leftOf(
        create(
          { granted_credits: '1' },
          wallet({ name: 'gone', balance_cents: 0, status: 'terminated' }),
        ),
      ),
    ).toMatchObject({ code: 'wallet_is_terminated' });
    expect(
      leftOf(
        createWalletTransactions({
          wallet: tenEuros,
          now: NOW,
          wallet_transaction: { ...walletTransactionRequest(tenEuros, {}), wallet_id: 'other' },
        }),
      ),
    ).toMatchObject({ code: 'invalid_input', path: ['wallet_transaction', 'wallet_id'] });
  });

  it('the request fields are copied onto the transactions; identifiers are the same for the same request', () => {
    const request = {
      granted_credits: '2',
      name: 'Promo',
      metadata: [{ key: 'campaign', value: 'spring' }],
    };
    const once = rightOf(create(request));
    expect(once.wallet_transactions[0]).toMatchObject({
      name: 'Promo',
      metadata: [{ key: 'campaign', value: 'spring' }],
      created_at: NOW,
    });
    expect(rightOf(create(request)).wallet_transactions[0]?.svc_id).toBe(
      once.wallet_transactions[0]?.svc_id,
    );
  });
});

describe('paid top-up bounds (invoicing.md §6.3)', () => {
  const bounded = wallet({
    name: 'bounded',
    balance_cents: 0,
    paid_top_up_min_amount_cents: 500,
    paid_top_up_max_amount_cents: 10_000,
  });

  it('§6.3: below the minimum, above the maximum (bounds inclusive), ignored on request, granted never limited', () => {
    expect(leftOf(create({ paid_credits: '4.99' }, bounded))).toMatchObject({
      code: 'amount_below_minimum',
      path: ['wallet_transaction', 'paid_credits'],
    });
    expect(leftOf(create({ paid_credits: '100.01' }, bounded))).toMatchObject({
      code: 'amount_above_maximum',
      path: ['wallet_transaction', 'paid_credits'],
    });
    expect(rightOf(create({ paid_credits: '5' }, bounded)).wallet_transactions).toHaveLength(1);
    expect(rightOf(create({ paid_credits: '100' }, bounded)).wallet_transactions).toHaveLength(1);
    expect(
      rightOf(create({ paid_credits: '1', ignore_paid_top_up_limits: true }, bounded))
        .wallet_transactions,
    ).toHaveLength(1);
    expect(rightOf(create({ granted_credits: '1000' }, bounded)).wallet.balance_cents).toBe(
      100_000,
    );
  });

  it('§6.3: a rejected paid top-up drops the whole request, granted part included', () => {
    expect(leftOf(create({ paid_credits: '1', granted_credits: '50' }, bounded)).code).toBe(
      'amount_below_minimum',
    );
  });

  it('§6.3: checkPaidTopUp says what the top-up is worth, or why it is refused', () => {
    expect(rightOf(checkPaidTopUp({ wallet: bounded, paid_credits: '12.345' }))).toEqual({
      credits: '12.35',
      amount: '12.35',
      amount_cents: 1235,
    });
    const inverted = wallet({
      name: 'inverted',
      balance_cents: 0,
      paid_top_up_min_amount_cents: 500,
      paid_top_up_max_amount_cents: 100,
    });
    expect(leftOf(checkPaidTopUp({ wallet: inverted, paid_credits: '2' }))).toMatchObject({
      code: 'invalid_input',
      path: ['wallet', 'paid_top_up_max_amount_cents'],
    });
  });

  it('a paid top-up within the bounds is accepted, one outside is refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (a, b, cents) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const w = wallet({
            name: 'w',
            balance_cents: 0,
            paid_top_up_min_amount_cents: min,
            paid_top_up_max_amount_cents: max,
          });
          const result = checkPaidTopUp({ wallet: w, paid_credits: (cents / 100).toFixed(2) });
          // 0 credits is no top-up at all (§6.3: paid credits are a positive decimal).
          if (cents === 0) expect(leftOf(result).code).toBe('invalid_amount');
          else if (cents < min) expect(leftOf(result).code).toBe('amount_below_minimum');
          else if (cents > max) expect(leftOf(result).code).toBe('amount_above_maximum');
          else expect(rightOf(result).amount_cents).toBe(cents);
        },
      ),
    );
  });
});

describe('settlePaidTransaction (invoicing.md §6.2)', () => {
  const [pending] = rightOf(create({ paid_credits: '10' })).wallet_transactions;

  it('§6.2: on payment the purchase is settled and the balance grows; on failure it is failed', () => {
    if (pending === undefined) throw new Error('no transaction');
    const paid = rightOf(
      settlePaidTransaction({
        wallet: tenEuros,
        transaction: pending,
        succeeded: true,
        now: '2025-03-02T00:00:00Z',
      }),
    );
    expect(paid.wallet).toMatchObject({ balance_cents: 2000, credits_balance: '20' });
    expect(paid.transaction).toMatchObject({
      status: 'settled',
      remaining_amount_cents: 1000,
      settled_at: '2025-03-02T00:00:00Z',
    });
    const failed = rightOf(
      settlePaidTransaction({
        wallet: tenEuros,
        transaction: pending,
        succeeded: false,
        now: '2025-03-02T00:00:00Z',
      }),
    );
    expect(failed.wallet).toBe(tenEuros);
    expect(failed.transaction).toMatchObject({
      status: 'failed',
      failed_at: '2025-03-02T00:00:00Z',
    });
    expect(
      leftOf(
        settlePaidTransaction({
          wallet: tenEuros,
          transaction: paid.transaction,
          succeeded: true,
          now: NOW,
        }),
      ).code,
    ).toBe('invalid_input');
  });
});
