import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../../core/index';
import type { Backtest } from './backtest';
import type { EventCounts } from './event-grid';
import { type BacktestInput, CURRENT, readBacktestInput } from './inputs';
import type { BacktestRow } from './rows';
import { backtestSummary } from './summary';

/** One share of a backtest split by customer: its own input, without events. */
export interface BacktestShare {
  /** The backtest's input restricted to the share's customers (their subscriptions, coupons, wallets). */
  readonly input: Omit<BacktestInput, 'events' | 'onProgress'>;
  /** The external ids of the share's subscriptions: the events to give it. */
  readonly subscriptions: readonly string[];
  /** Per subscription, coupon and wallet of `input`: its index in the whole input. */
  readonly indexes: {
    readonly subscriptions: readonly number[];
    readonly coupons: readonly number[];
    readonly wallets: readonly number[];
  };
}

/** A backtest split by customer (see {@link backtestShares}). */
export interface BacktestSplit {
  readonly shares: readonly BacktestShare[];
  /** Which share each subscription (by external id) is in. */
  readonly shareOf: ReadonlyMap<string, number>;
  /** The customers in the order of their first subscription: the order of the rows. */
  readonly customers: readonly string[];
  /** The plans in the order of the rows and summary (`"current"` first, when priced). */
  readonly plans: readonly string[];
  readonly top: number;
}

/**
 * Splits a backtest (its input without events) into at most `count` shares by customer
 * (customer `k`, in the order of their first subscription, goes to share `k mod count`), so
 * that each share can run as a `backtest` of its own (a worker thread) and
 * {@link combineBacktests} gives what one backtest of everything gives. Each share must be
 * given exactly the events that name one of its `subscriptions`; every other event (naming
 * another subscription, or none: with several subscriptions, none takes it) is counted by the
 * caller as read and unassigned in the counts given to `combineBacktests`. Bad input is the
 * `Left` that `backtest` gives for it.
 */
export function backtestShares(
  input: Omit<BacktestInput, 'events' | 'onProgress'>,
  count: number,
): Either<FeecastError, BacktestSplit> {
  const read = readBacktestInput({ ...input, events: [] });
  if (isLeft(read)) return read;
  const facts = read.right;
  const customers: string[] = [];
  const shareOfCustomer = new Map<string, number>();
  const parts = Math.max(
    1,
    Math.min(count, new Set(facts.entries.map((e) => e.external_customer_id)).size),
  );
  for (const entry of facts.entries) {
    if (shareOfCustomer.has(entry.external_customer_id)) continue;
    shareOfCustomer.set(entry.external_customer_id, customers.length % parts);
    customers.push(entry.external_customer_id);
  }
  const built = Array.from({ length: parts }, () => ({
    subscriptions: [] as BacktestInput['subscriptions'][number][],
    ids: [] as string[],
    coupons: [] as NonNullable<BacktestInput['coupons']>[number][],
    wallets: [] as NonNullable<BacktestInput['wallets']>[number][],
    indexes: { subscriptions: [] as number[], coupons: [] as number[], wallets: [] as number[] },
  }));
  const shareOf = new Map<string, number>();
  for (const [i, entry] of facts.entries.entries()) {
    const share = built[shareOfCustomer.get(entry.external_customer_id) ?? 0];
    const given = input.subscriptions[i];
    if (share === undefined || given === undefined) continue;
    share.subscriptions.push(given);
    share.ids.push(entry.external_subscription_id);
    share.indexes.subscriptions.push(i);
    shareOf.set(
      entry.external_subscription_id,
      shareOfCustomer.get(entry.external_customer_id) ?? 0,
    );
  }
  for (const coupon of facts.coupons) {
    const share = built[shareOfCustomer.get(coupon.customer) ?? 0];
    share?.coupons.push(coupon.value);
    share?.indexes.coupons.push(coupon.index);
  }
  for (const wallet of facts.wallets) {
    const share = built[shareOfCustomer.get(wallet.customer) ?? 0];
    share?.wallets.push(wallet.value);
    share?.indexes.wallets.push(wallet.index);
  }
  const priced = facts.entries.some((entry) => entry.candidates.some((c) => c.key === CURRENT));
  const plans = [
    ...(priced ? [CURRENT] : []),
    ...(facts.entries[0]?.candidates ?? []).filter((c) => c.key !== CURRENT).map((c) => c.key),
  ];
  return right({
    shares: built.map((share) => ({
      input: {
        ...input,
        subscriptions: share.subscriptions,
        coupons: share.coupons,
        wallets: share.wallets,
      },
      subscriptions: share.ids,
      indexes: share.indexes,
    })),
    shareOf,
    customers,
    plans,
    top: facts.top,
  });
}

/**
 * An error of a share's backtest, with the indexes of the whole input in its path
 * (`['subscriptions', '0', ...]` of the share is the whole input's subscription it holds).
 */
export function inWholeInput(error: FeecastError, share: BacktestShare): FeecastError {
  const [head, second, ...rest] = error.path ?? [];
  const list =
    head === 'subscriptions'
      ? share.indexes.subscriptions
      : head === 'coupons'
        ? share.indexes.coupons
        : head === 'wallets'
          ? share.indexes.wallets
          : undefined;
  const index = list?.[Number(second)];
  return list === undefined || index === undefined || head === undefined
    ? error
    : { ...error, path: [head, String(index), ...rest] };
}

/** What one share's backtest gave: its rows, and its event counts (with the events it was not given). */
export interface SharedResult {
  readonly rows: readonly BacktestRow[];
  readonly events: EventCounts;
}

/**
 * The backtest of every share (in the order of `split.shares`) as one backtest of the whole
 * input gives it: the rows per customer in the order of their first subscription (each
 * customer's rows are one share's, in its order), the event counts summed, the summary of
 * all rows.
 */
export function combineBacktests(
  split: BacktestSplit,
  results: readonly SharedResult[],
): Either<FeecastError, Backtest> {
  const byCustomer = new Map<string, BacktestRow[]>();
  for (const customer of split.customers) byCustomer.set(customer, []);
  const events: EventCounts = { read: 0, unassigned: 0, invalid_timestamp: 0, unreadable: 0 };
  for (const result of results) {
    for (const row of result.rows) byCustomer.get(row.external_customer_id)?.push(row);
    events.read += result.events.read;
    events.unassigned += result.events.unassigned;
    events.invalid_timestamp += result.events.invalid_timestamp;
    events.unreadable += result.events.unreadable;
  }
  const rows: BacktestRow[] = [];
  for (const list of byCustomer.values()) for (const row of list) rows.push(row);
  const summary = backtestSummary(rows, split.plans, split.top, events);
  if (isLeft(summary)) return summary;
  return right({ rows, summary: summary.right });
}
