// Wallets' ongoing balances (issue 24, invoicing.md §6.6): they follow the customer's usage as
// events are stored and as the clock bills it, and a wallet that runs out logs one
// `wallet.depleted_ongoing_balance` per depletion. `acme`'s plan `basic` prices cpu seconds at
// 0.50 USD; its wallet holds 100 credits at 1.00 USD.
import type { ActivityLog, Timestamp, UsageThreshold, Wallet } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { reduce } from '../../../src/server/routes/reducer';
import type { ServerState } from '../../../src/server/state/state';
import { apiRequest } from '../builders';
import { BASIC, clockState, moveClock, withFundedWallet } from './clock-state';

const NOW = '2025-01-15T00:00:00.000Z' as Timestamp;
const DEPLETED = 'wallet.depleted_ongoing_balance';

let sequence = 0;

/** `state` after `count` events of 1 cpu second (0.50 USD each) of `sub_acme` at `now`. */
function events(state: ServerState, count: number, now: Timestamp = NOW): ServerState {
  let current = state;
  for (let i = 0; i < count; i++) {
    sequence += 1;
    const answer = reduce(
      current,
      apiRequest('POST', '/api/v1/events', {
        event: {
          transaction_id: `tx_${sequence}`,
          code: 'cpu',
          external_subscription_id: 'sub_acme',
          properties: { cpu_seconds: '1' },
        },
      }),
      now,
    );
    expect(answer.response.status).toBe(200);
    current = answer.state;
  }
  return current;
}

function funded(state: ServerState, credits: string): ServerState {
  return withFundedWallet(state, credits, NOW);
}

function wallet(state: ServerState): Wallet {
  return state.wallets[0] as Wallet;
}

function depletions(state: ServerState): ActivityLog[] {
  return state.activity_logs.filter((log) => log.activity_type === DEPLETED);
}

function ongoing(state: ServerState) {
  const w = wallet(state);
  return [
    w.ongoing_balance_cents,
    w.ongoing_usage_balance_cents,
    w.credits_ongoing_balance,
    w.credits_ongoing_usage_balance,
  ];
}

describe('the ongoing balance follows the events', () => {
  const start = funded(clockState(), '100');

  it('150 events of 0.50: 100.00 - 75.00 = 25.00; the balance itself does not move', () => {
    const after = events(start, 150);
    // 150 × 0.50 = 75.00 of usage; 100.00 - 75.00 = 25.00 ongoing.
    expect(ongoing(after)).toEqual([2500, 7500, '25.0', '75.0']);
    expect(wallet(after).balance_cents).toBe(10000);
    expect(wallet(after).credits_balance).toBe('100.0');
    expect(wallet(after).last_balance_sync_at).toBe(NOW);
    expect(depletions(after)).toEqual([]);
  });

  it('200 events: 100.00 - 100.00 = 0, depleted once; 10 more (-5.00) log nothing more', () => {
    const at199 = events(start, 199);
    // 199 × 0.50 = 99.50: 0.50 left, not depleted.
    expect(ongoing(at199)).toEqual([50, 9950, '0.5', '99.5']);
    expect(depletions(at199)).toEqual([]);
    const at200 = events(at199, 1);
    expect(ongoing(at200)).toEqual([0, 10000, '0.0', '100.0']);
    const logged = depletions(at200);
    expect(logged.map((log) => [log.activity_source, log.resource_type, log.logged_at])).toEqual([
      ['system', 'Wallet', NOW],
    ]);
    expect(logged[0]?.activity_object).toMatchObject({
      ongoing_balance_cents: 0,
      credits_ongoing_balance: '0.0',
    });
    const at210 = events(at200, 10);
    // 210 × 0.50 = 105.00: 100.00 - 105.00 = -5.00, still the one depletion.
    expect(ongoing(at210)).toEqual([-500, 10500, '-5.0', '105.0']);
    expect(depletions(at210)).toHaveLength(1);
  });

  it('depleted again only after a top-up made it positive: -5.00 + 20.00 = 15.00, then 30 events', () => {
    const depleted = events(start, 210);
    const topped = reduce(
      depleted,
      apiRequest('POST', '/api/v1/wallet_transactions', {
        wallet_transaction: { wallet_id: wallet(depleted).svc_id, granted_credits: '20' },
      }),
      NOW,
    );
    expect(topped.response.status).toBe(200);
    // 120.00 - 105.00 = 15.00.
    expect(ongoing(topped.state)).toEqual([1500, 10500, '15.0', '105.0']);
    const at239 = events(topped.state, 29);
    // 29 more × 0.50 = 14.50: 0.50 left.
    expect(ongoing(at239)).toEqual([50, 11950, '0.5', '119.5']);
    expect(depletions(at239)).toHaveLength(1);
    expect(depletions(events(at239, 1))).toHaveLength(2);
  });

  it('a customer without a wallet stores its events as before', () => {
    const plain = events(clockState(), 3);
    expect(plain.wallets).toEqual([]);
    expect(plain.activity_logs).toEqual([]);
  });
});

describe('the ongoing balance as the clock bills the usage', () => {
  it("January's invoice (100.00 + 150 × 0.50 = 175.00) takes the 100.00: 0 ongoing, depleted at the run", () => {
    const january = events(funded(clockState(), '100'), 150);
    expect(ongoing(january)).toEqual([2500, 7500, '25.0', '75.0']);
    const moved = moveClock(january, '2025-02-01T12:00:00Z', NOW);
    // The run applies the wallet's 100.00 to the 175.00 invoice: balance 0; February's usage
    // starts at 0, so the ongoing balance is 0 - 0 = 0: depleted, at the run's instant.
    expect(wallet(moved.state).balance_cents).toBe(0);
    expect(ongoing(moved.state)).toEqual([0, 0, '0.0', '0.0']);
    expect(
      moved.logs
        .filter((log) => log.activity_type === DEPLETED)
        .map((log) => [log.logged_at, log.activity_source]),
    ).toEqual([['2025-02-01T00:00:00.000Z', 'system']]);
  });

  it('a draft invoice still counts: with a grace period of 3 days the ongoing usage is its total', () => {
    const base = clockState();
    const customer = base.customers[0];
    if (customer === undefined) throw new Error('no customer');
    const graced: ServerState = {
      ...base,
      customers: [
        {
          ...customer,
          billing_configuration: { ...customer.billing_configuration, invoice_grace_period: 3 },
        } as typeof customer,
      ],
    };
    const january = events(funded(graced, '500'), 150);
    const moved = moveClock(january, '2025-02-02T00:00:00Z', NOW);
    // The draft of January: 100.00 + 75.00 = 175.00, not invoiced yet: 500.00 - 175.00 = 325.00.
    expect(ongoing(moved.state)).toEqual([32500, 17500, '325.0', '175.0']);
    // Finalized on 4 February: the wallet pays 175.00 (balance 325.00), no usage left.
    const finalized = moveClock(moved.state, '2025-02-05T00:00:00Z', NOW);
    expect(wallet(finalized.state).balance_cents).toBe(32500);
    expect(ongoing(finalized.state)).toEqual([32500, 0, '325.0', '0.0']);
  });
});

describe('a progressive-billing invoice', () => {
  it('is not counted again: the wallet paid it, the current usage less its fees is what is left', () => {
    const base = clockState();
    const threshold: UsageThreshold = {
      svc_id: 'a0000000-0000-4000-8000-000000000001' as UsageThreshold['svc_id'],
      threshold_display_name: '50.00',
      amount_cents: 5000 as UsageThreshold['amount_cents'],
      recurring: false,
      created_at: '2024-12-01T00:00:00Z' as UsageThreshold['created_at'],
      updated_at: '2024-12-01T00:00:00Z' as UsageThreshold['updated_at'],
    };
    const plans = [{ ...BASIC, usage_thresholds: [threshold] }, ...base.plans.slice(1)];
    const after = events(funded({ ...base, plans }, '100'), 120);
    const progressive = after.invoices.filter((i) => i.invoice_type === 'progressive_billing');
    // The 100th event takes the usage to 100 × 0.50 = 50.00, the threshold: one invoice of
    // 50.00, paid by the wallet (100.00 - 50.00 = 50.00 left).
    expect(progressive.map((i) => [i.fees_amount_cents, i.prepaid_credit_amount_cents])).toEqual([
      [5000, 5000],
    ]);
    expect(wallet(after).balance_cents).toBe(5000);
    // 120 × 0.50 = 60.00 of usage, 50.00 of it invoiced: 10.00 ongoing, 50.00 - 10.00 = 40.00
    // (counting it again would give 50.00 - 60.00 = -10.00, and a depletion).
    expect(ongoing(after)).toEqual([4000, 1000, '40.0', '10.0']);
    expect(depletions(after)).toEqual([]);
  });
});
