/**
 * What becomes due as the clock moves (issue 24 §2): pending subscriptions that start, the
 * billing runs of active subscriptions (period ends and terminations at `ending_at`), drafts
 * whose grace period ends, wallets that expire (`expiration_at`), wallets' interval top-ups.
 * Each has an instant; the clock runs, after its position, the
 * earliest instant's work first. What was due at or before the position is past: the clock
 * never runs work from before it started (a state loaded with an overdue draft keeps it).
 */
import type { Invoice, Subscription, Timestamp, Wallet } from '@feecast/models';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import type { Operations } from '../routes/operations';
import { epochMs } from '../state/instant';
import type { ServerState } from '../state/state';
import { DAY_MS, graceDays } from './grace-period';
import { nextRun } from './period-invoice';
import { intervalTopUpsAfter } from './wallet-top-ups';

/** One piece of due work. */
export type DueItem =
  | { readonly kind: 'start'; readonly subscription: Subscription }
  | { readonly kind: 'run'; readonly subscription: Subscription; readonly terminating: boolean }
  | { readonly kind: 'finalize'; readonly invoice: Invoice }
  | { readonly kind: 'expire'; readonly wallet: Wallet }
  | { readonly kind: 'top_up'; readonly wallet: Wallet };

/** The work due at one instant (epoch milliseconds), in the order it runs. */
export interface DueBatch {
  readonly at: number;
  readonly items: readonly DueItem[];
}

/** Why a subscription's next run could not be computed (it is then not billed). */
export interface DueProblem {
  readonly resource_type: 'Subscription' | 'Invoice' | 'Wallet' | 'Customer';
  readonly resource_id: string;
  readonly error: ApiErrorResponse;
}

/**
 * Starts, then runs, then finalizations, then expirations, then top-ups: a plan change ends
 * the old subscription first, an invoice is paid from the balance before the day's top-up, and
 * a wallet that expires gets no top-up.
 */
const ORDER: Readonly<Record<DueItem['kind'], number>> = {
  start: 0,
  run: 1,
  finalize: 2,
  expire: 3,
  top_up: 4,
};

/**
 * The earliest work due strictly after `position` (epoch milliseconds), all of it at that
 * instant, or `undefined` when nothing is ever due; and the subscriptions whose run the engine
 * refused.
 *
 * @example
 * nextDue(state, Date.parse('2025-01-01T00:00:00Z'), defaultOperations);
 * // { batch: { at: Date.parse('2025-02-01T00:00:00Z'), items: [{ kind: 'run', subscription, terminating: false }] }, problems: [] }
 */
export function nextDue(
  state: ServerState,
  position: number,
  operations: Operations,
): { readonly batch: DueBatch | undefined; readonly problems: readonly DueProblem[] } {
  const due: { readonly at: number; readonly item: DueItem }[] = [];
  const problems: DueProblem[] = [];
  const positionText = new Date(position).toISOString() as Timestamp;
  for (const subscription of state.subscriptions) {
    if (subscription.status === 'pending') {
      const at = subscription.subscription_at ? epochMs(subscription.subscription_at) : NaN;
      if (at > position) due.push({ at, item: { kind: 'start', subscription } });
    } else if (subscription.status === 'active') {
      const run = nextRun(state, subscription, positionText, operations);
      if (isLeft(run)) {
        problems.push({
          resource_type: 'Subscription',
          resource_id: subscription.svc_id,
          error: run.left,
        });
        continue;
      }
      const at = epochMs(run.right.at);
      if (at > position) {
        due.push({ at, item: { kind: 'run', subscription, terminating: run.right.terminating } });
      }
    }
  }
  for (const invoice of state.invoices) {
    if (invoice.status !== 'draft') continue;
    const customer = state.customers.find((c) => c.svc_id === invoice.customer.svc_id);
    const at = epochMs(invoice.created_at) + graceDays(state, customer) * DAY_MS;
    if (at > position) due.push({ at, item: { kind: 'finalize', invoice } });
  }
  for (const wallet of state.wallets) {
    if (wallet.status !== 'active' || wallet.expiration_at === null) continue;
    const at = epochMs(wallet.expiration_at);
    if (at > position) due.push({ at, item: { kind: 'expire', wallet } });
  }
  for (const { at, wallet } of intervalTopUpsAfter(state, position)) {
    due.push({ at, item: { kind: 'top_up', wallet } });
  }
  let earliest = Number.POSITIVE_INFINITY;
  for (const entry of due) if (entry.at < earliest) earliest = entry.at;
  if (earliest === Number.POSITIVE_INFINITY) return { batch: undefined, problems };
  const items = due
    .filter((entry) => entry.at === earliest)
    .map((entry) => entry.item)
    .sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  return { batch: { at: earliest, items }, problems };
}
