/**
 * When the next work falls due, remembered while the state it depends on stays the same: a
 * server on the real clock asks before each request (and each second) whether anything is
 * due, and computing it asks the engine for every active subscription's next run. Events move
 * no date, so a stream of `POST /events` keeps the answer.
 */
import type { Operations } from '../routes/operations';
import type { ServerState } from '../state/state';
import { nextDue } from './due-work';

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
    state.wallets,
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
