// Wallets as the clock moves (issue 24 §2, invoicing.md §6.4): an interval rule tops up on
// its anniversaries, a threshold rule when the ongoing balance is at or below its threshold;
// the engine's recurringTopUp decides when and how much.
import type {
  ActivityLog,
  RecurringTransactionRule,
  Timestamp,
  Wallet,
  WalletTransaction,
} from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { clockRequest } from '../../../src/server/routes/clock';
import { defaultOperations } from '../../../src/server/routes/operations';
import { asDecimalString } from '../../../src/server/state/brands';
import type { ServerState } from '../../../src/server/state/state';
import { example } from '../builders';
import { CUSTOMER, clockState } from './clock-state';

const START = '2025-01-15T00:00:00.000Z' as Timestamp;
const template = example().wallets[0] as Wallet;
const templateRule = (template.recurring_transaction_rules ?? [])[0] as RecurringTransactionRule;

/** An empty wallet of `acme` (1 credit = 1.00 USD) with one rule. */
function walletWith(rule: Partial<RecurringTransactionRule>): Wallet {
  return {
    ...template,
    svc_customer_id: CUSTOMER.svc_id,
    external_customer_id: 'acme',
    status: 'active',
    rate_amount: '1.0' as Wallet['rate_amount'],
    currency: 'USD' as Wallet['currency'],
    credits_balance: '0.0' as Wallet['credits_balance'],
    balance_cents: 0 as Wallet['balance_cents'],
    credits_ongoing_balance: '0.0' as Wallet['credits_ongoing_balance'],
    ongoing_balance_cents: 0 as Wallet['ongoing_balance_cents'],
    created_at: '2025-01-01T00:00:00Z' as Timestamp,
    expiration_at: null,
    paid_top_up_min_amount_cents: null,
    paid_top_up_max_amount_cents: null,
    recurring_transaction_rules: [
      {
        ...templateRule,
        method: 'fixed',
        paid_credits: '0.0',
        granted_credits: '10.0',
        started_at: '2025-01-01T00:00:00Z',
        expiration_at: null,
        status: 'active',
        ...rule,
      } as RecurringTransactionRule,
    ],
  };
}

function moveTo(state: ServerState, now: string) {
  const answer = clockRequest(
    state.clock === undefined ? { ...state, clock: { now: START, pinned: true } } : state,
    { method: 'POST', body: JSON.stringify({ now }) },
    state.clock?.now ?? START,
    true,
    defaultOperations,
  );
  expect(answer.response.status).toBe(200);
  const logs = (answer.response.body as { activity_logs: ActivityLog[] }).activity_logs;
  return { state: answer.state, logs };
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
