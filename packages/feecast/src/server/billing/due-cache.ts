/**
 * When the next work falls due, remembered while the state it depends on stays the same: a
 * server on the real clock asks before each request (and each second) whether anything is
 * due, and computing it asks the engine for every active subscription's next run. Events move
 * no date, so a stream of `POST /events` keeps the answer: the ongoing balances an event
 * refreshes (billing/wallet-ongoing.ts) are not part of what decides a wallet's due work.
 */
import type { Wallet } from '@feecast/models';
import type { Operations } from '../routes/operations';
import type { ServerState } from '../state/state';
import { nextDue } from './due-work';

/**
 * The wallets' fields that decide their due work (expirations, interval top-ups), by list: the
 * ongoing balance only for a wallet with an interval rule of method `target` (whose top-up, and
 * so whether it fires, depends on it).
 */
const schedules = new WeakMap<readonly Wallet[], string>();

function walletSchedule(wallets: readonly Wallet[]): string {
  let known = schedules.get(wallets);
  if (known === undefined) {
    known = JSON.stringify(
      wallets.map((w) => [
        w.svc_id,
        w.status,
        w.created_at,
        w.expiration_at,
        w.svc_customer_id,
        w.recurring_transaction_rules,
        w.recurring_transaction_rules.some((r) => r.trigger === 'interval' && r.method === 'target')
          ? w.credits_ongoing_balance
          : null,
      ]),
    );
    schedules.set(wallets, known);
  }
  return known;
}

/** The parts of a state that decide when work falls due. */
function dueKey(state: ServerState): readonly unknown[] {
  return [
    state.subscriptions,
    state.invoices,
    state.plans,
    state.plan_overrides,
    state.customers,
    state.billing_entities,
    state.billable_metrics,
    walletSchedule(state.wallets),
    state.wallet_transactions,
  ];
}

function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** The earliest due instant after a position, for one state, remembered. */
export class DueCache {
  private key: readonly unknown[] = [];
  private from = Number.NaN;
  private earliest: number | undefined;

  constructor(private readonly operations: Operations) {}

  /**
   * Whether anything of `state` falls due after `from` and at or before `to` (epoch ms).
   *
   * @example
   * const cache = new DueCache(defaultOperations);
   * cache.anyDue(state, Date.parse('2025-01-01T00:00:00Z'), Date.now()); // true once a period has ended
   */
  anyDue(state: ServerState, from: number, to: number): boolean {
    const key = dueKey(state);
    const valid =
      sameKey(key, this.key) &&
      from >= this.from &&
      (this.earliest === undefined || from < this.earliest);
    if (!valid) {
      this.key = key;
      this.from = from;
      this.earliest = nextDue(state, from, this.operations).batch?.at;
    }
    return this.earliest !== undefined && this.earliest <= to;
  }
}
