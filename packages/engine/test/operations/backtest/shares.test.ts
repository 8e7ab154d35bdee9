/**
 * Issue 22 §2's law: a backtest split by customer into shares (`backtestShares`), each run on
 * the events naming its subscriptions, and combined (`combineBacktests`) is the backtest of
 * everything: the same rows in the same order, the same summary and event counts, for
 * generated histories and 1 to 4 shares.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../../src/aggregation/index';
import {
  backtestShares,
  combineBacktests,
  inWholeInput,
  type SharedResult,
} from '../../../src/internal';
import { backtest } from '../../../src/runtime';
import { billableMetrics, growth, history, starter } from '../generated-history';
import { customer, leftOf, ok, subscription } from '../preview-invoice/builders';

/** Three customers: sub_1 and sub_2 are cust_1's (one share), sub_9 is cust_9's, sub_4 cust_4's. */
function without<T extends object>(value: T, key: string): T {
  const copy = { ...value } as Record<string, unknown>;
  delete copy[key];
  return copy as unknown as T;
}
const owner = (id: string) => ({ ...without(customer(), 'svc_id'), external_id: id });
const ownedBy = (id: string, customerId: string) => ({
  ...without(subscription({ external_id: id }), 'svc_customer_id'),
  external_customer_id: customerId,
});
const subscriptions = [
  { customer: customer(), subscription: subscription(), plan: starter },
  { customer: owner('cust_9'), subscription: ownedBy('sub_9', 'cust_9') },
  {
    customer: customer(),
    subscription: subscription({ external_id: 'sub_2', started_at: '2025-03-05T00:00:00Z' }),
    plan: starter,
  },
  { customer: owner('cust_4'), subscription: ownedBy('sub_4', 'cust_4'), plan: growth },
];
const input = {
  plans: [growth],
  subscriptions,
  billableMetrics,
  from: '2025-02-10T00:00:00Z',
  to: '2025-04-20T00:00:00Z',
  top: 2,
};

/** Each share's backtest on the events naming its subscriptions, the others counted apart. */
function inShares(events: readonly UsageEvent[], count: number) {
  const split = ok(backtestShares(input, count));
  const results: SharedResult[] = split.shares.map((share, s) => {
    const own = events.filter((e) => split.shareOf.get(e.external_subscription_id as string) === s);
    const result = ok(backtest({ ...share.input, events: own }));
    // The events of no share are read and unassigned (counted here by share 0).
    const others =
      s === 0
        ? events.length -
          events.filter((e) => split.shareOf.has(e.external_subscription_id as string)).length
        : 0;
    return {
      rows: result.rows,
      events: {
        ...result.summary.events,
        read: result.summary.events.read + others,
        unassigned: result.summary.events.unassigned + others,
      },
    };
  });
  return { split, combined: ok(combineBacktests(split, results)) };
}

describe('backtest shares', () => {
  it('split by customer and combined, equal the backtest of everything', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 1, max: 4 }), (events, count) => {
        const whole = ok(backtest({ ...input, events }));
        const { split, combined } = inShares(events, count);
        // Three customers: never more shares than customers.
        expect(split.shares).toHaveLength(Math.min(count, 3));
        expect(combined).toEqual(whole);
      }),
      { numRuns: 30 },
    );
  });

  it('puts a customer with all its subscriptions in one share, customers dealt in turn', () => {
    const split = ok(backtestShares(input, 2));
    // Customers in the order of their first subscription: cust_1, cust_9, cust_4.
    expect(split.customers).toEqual(['cust_1', 'cust_9', 'cust_4']);
    expect(split.shares.map((share) => share.subscriptions)).toEqual([
      ['sub_1', 'sub_2', 'sub_4'],
      ['sub_9'],
    ]);
    expect(split.shares[0]?.indexes.subscriptions).toEqual([0, 2, 3]);
    expect(split.plans).toEqual(['current', 'growth']);
  });

  it("names the whole input's subscription in a share's error", () => {
    const split = ok(backtestShares(input, 2));
    const [share] = split.shares;
    if (share === undefined) throw new Error('no share');
    const bad = {
      ...share.input,
      subscriptions: share.input.subscriptions.map((entry, i) =>
        i === 2 ? { ...entry, subscription: { ...entry.subscription, started_at: 'soon' } } : entry,
      ),
    };
    const error = leftOf(backtest({ ...bad, events: [] }));
    expect(error.path?.slice(0, 2)).toEqual(['subscriptions', '2']);
    // The share's third subscription is the whole input's fourth (sub_4).
    expect(inWholeInput(error, share).path?.slice(0, 2)).toEqual(['subscriptions', '3']);
  });

  it('gives the Left of backtest for bad input', () => {
    expect(leftOf(backtestShares({ ...input, to: input.from }, 2)).path).toEqual(['to']);
  });
});
