// Wallets as the clock moves (issue 24 §2, invoicing.md §6.4): an interval rule tops up on
// its anniversaries, a threshold rule when the ongoing balance is at or below its threshold;
// the engine's recurringTopUp decides when and how much.
import type {
  RecurringTransactionRule,
  Timestamp,
  Wallet,
  WalletTransaction,
} from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { asDecimalString } from '../../../src/server/state/brands';
import type { ServerState } from '../../../src/server/state/state';
import { acmeWallet, clockState, moveClock, withFundedWallet } from './clock-state';

const START = '2025-01-15T00:00:00.000Z' as Timestamp;

/** An empty wallet of `acme` with one rule. */
const walletWith = (rule: Partial<RecurringTransactionRule>): Wallet => acmeWallet(0, rule);

function moveTo(state: ServerState, now: string) {
  return moveClock(state, now, START);
}

describe('recurring top-ups', () => {
  it('an interval rule, monthly from 1 January: 10 granted credits on 1 February and 1 March', () => {
    const state = {
      ...clockState([]),
      wallets: [walletWith({ trigger: 'interval', interval: 'monthly' })],
    };
    const moved = moveTo(state, '2025-03-15T00:00:00Z');
    expect(
      moved.logs.map((log) => [log.logged_at, log.activity_type, log.activity_source]),
    ).toEqual([
      ['2025-02-01T00:00:00.000Z', 'wallet_transaction.created', 'system'],
      ['2025-02-01T00:00:00.000Z', 'wallet.updated', 'system'],
      ['2025-03-01T00:00:00.000Z', 'wallet_transaction.created', 'system'],
      ['2025-03-01T00:00:00.000Z', 'wallet.updated', 'system'],
    ]);
    const transactions = moved.state.wallet_transactions as readonly WalletTransaction[];
    expect(
      transactions.map((t) => [t.source, t.transaction_status, t.status, t.credit_amount]),
    ).toEqual([
      ['interval', 'granted', 'settled', '10.0'],
      ['interval', 'granted', 'settled', '10.0'],
    ]);
    // 0 + 10 + 10 = 20 credits, 20.00 USD.
    expect(moved.state.wallets[0]?.credits_balance).toBe('20.0');
    // Moving to the same instant again tops up nothing.
    expect(moveTo(moved.state, '2025-03-15T00:00:00Z').logs).toEqual([]);
  });

  it('a threshold rule: at or below 5 credits, 10 granted credits, once', () => {
    const state = {
      ...clockState([]),
      wallets: [walletWith({ trigger: 'threshold', threshold_credits: asDecimalString('5.0') })],
    };
    const moved = moveTo(state, '2025-01-16T00:00:00Z');
    expect(moved.logs.map((log) => log.activity_type)).toEqual([
      'wallet_transaction.created',
      'wallet.updated',
    ]);
    // 0 ≤ 5: 10 credits granted; 10 > 5 then, so nothing more.
    expect(moved.state.wallets[0]?.credits_balance).toBe('10.0');
    expect(moveTo(moved.state, '2025-02-16T00:00:00Z').logs).toEqual([]);
  });
});

describe('expirations', () => {
  it('a wallet expires at its expiration_at: terminated with its rules, its credits unused', () => {
    const wallet = acmeWallet(
      0,
      { trigger: 'interval', interval: 'monthly' },
      { expiration_at: '2025-01-20T12:00:00Z' as Timestamp },
    );
    const state = withFundedWallet(clockState(), '30', START, wallet);
    const moved = moveTo(state, '2025-02-15T00:00:00Z');
    const terminated = moved.logs.filter((log) => log.activity_type === 'wallet.terminated');
    expect(terminated.map((log) => [log.logged_at, log.activity_source, log.resource_id])).toEqual([
      ['2025-01-20T12:00:00.000Z', 'system', wallet.svc_id],
    ]);
    const after = moved.state.wallets[0] as Wallet;
    expect([after.status, after.terminated_at]).toEqual(['terminated', '2025-01-20T12:00:00.000Z']);
    expect(after.recurring_transaction_rules.map((rule) => rule.status)).toEqual(['terminated']);
    // As the reference: no voided transaction; the 30 credits stay, never used again.
    expect([after.credits_balance, after.balance_cents]).toEqual(['30.0', 3000]);
    expect(moved.state.wallet_transactions).toHaveLength(1);
    // January's invoice (100.00, no usage) on 1 February takes nothing from it, and the
    // monthly rule tops nothing up.
    const invoice = moved.state.invoices.at(0);
    expect([invoice?.total_amount_cents, invoice?.prepaid_credit_amount_cents]).toEqual([10000, 0]);
    expect(moved.logs.map((log) => log.activity_type)).toEqual([
      'wallet.terminated',
      'invoice.drafted',
      'invoice.created',
    ]);
  });
});
