/**
 * The law of recurring metrics paid in advance: a carried unit is billed once per period,
 * never twice. Over generated histories of September to November 2025 (seat adds and removes,
 * or storage deltas), for each period, with a standard price of 1.00 a unit:
 *
 * - the units carried into it (billed by the preview of the previous period's invoice) plus
 *   what each of its events is estimated at, at its own instant, equal the units the period
 *   bills (its current usage at its end), which are the highest level reached in the period,
 *   its start included (aggregations.md §4, §6.2; estimate-and-usage.md §3.5);
 * - an add of a seat already active (carried or added earlier) is estimated at 0;
 * - the units carried out of a period are those active at its end.
 *
 * The expected figures come from a plain replay of the history in the test, not from the
 * engine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../src/aggregation/index';
import { createEstimator, currentUsage } from '../../src/operations/index';
import { previewInvoice } from '../../src/operations/preview-invoice/index';
import {
  charge,
  customer,
  feesOf,
  input,
  metric,
  ok,
  plan,
  subscription,
} from './preview-invoice/builders';

const SEPTEMBER = Date.UTC(2025, 8, 1);
const DECEMBER = Date.UTC(2025, 11, 1);
/** The starts of September, October, November and December 2025. */
const BOUNDS = [SEPTEMBER, Date.UTC(2025, 9, 1), Date.UTC(2025, 10, 1), DECEMBER];
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** One change of the history: a seat's add or remove, or a storage delta. */
interface Change {
  readonly ms: number;
  /** The seat (`null`: the event has no seat field), or the delta. */
  readonly value: string | null;
  readonly remove: boolean;
}

/** Changes at distinct seconds over September to November, in time order. */
function history(value: fc.Arbitrary<string | null>): fc.Arbitrary<Change[]> {
  return fc
    .uniqueArray(
      fc.record({
        second: fc.integer({ min: 0, max: (DECEMBER - SEPTEMBER) / 1000 - 1 }),
        value,
        remove: fc.boolean(),
      }),
      { selector: (c) => c.second, maxLength: 14 },
    )
    .map((changes) =>
      changes
        .map((c) => ({ ms: SEPTEMBER + c.second * 1000, value: c.value, remove: c.remove }))
        .sort((a, b) => a.ms - b.ms),
    );
}

const seats = metric('seats', 'unique_count_agg', 'seat', { recurring: true });
const storage = metric('storage', 'sum_agg', 'gb', { recurring: true });

/** The usage event of change `i` of a history of `kind`. */
function eventOf(kind: 'seats' | 'storage', change: Change, i: number): UsageEvent {
  const field = kind === 'seats' ? 'seat' : 'gb';
  return {
    transaction_id: `tx_${i}`,
    external_subscription_id: 'sub_1',
    code: kind,
    timestamp: iso(change.ms),
    properties: {
      ...(change.value === null ? {} : { [field]: change.value }),
      ...(change.remove && kind === 'seats' ? { operation_type: 'remove' } : {}),
    },
  };
}

/** The level after each change (the seats active, or the storage total), and before the first. */
function levels(changes: readonly Change[], kind: 'seats' | 'storage'): number[] {
  const active = new Set<string | null>();
  let total = 0;
  const out = [0];
  for (const c of changes) {
    if (kind === 'storage') total += Number(c.value);
    else if (c.remove) active.delete(c.value);
    else active.add(c.value);
    out.push(kind === 'storage' ? total : active.size);
  }
  return out;
}

/** Runs the laws over one history of one metric. */
function checkPeriods(changes: readonly Change[], kind: 'seats' | 'storage'): void {
  const m = kind === 'seats' ? seats : storage;
  const events = changes.map((change, i) => eventOf(kind, change, i));
  const thePlan = plan({
    charges: [charge(kind, 'standard', { amount: '1' }, { pay_in_advance: true })],
  });
  const context = {
    customer: customer(),
    subscription: subscription({ started_at: iso(SEPTEMBER) }),
    plan: thePlan,
    billableMetrics: [m],
  };
  const estimator = ok(createEstimator(context));
  const level = levels(changes, kind);
  // The level before change i is level[i], after it level[i + 1].
  let carriedIn = 0;
  for (let p = 0; p < 3; p++) {
    const from = BOUNDS[p] ?? 0;
    const to = BOUNDS[p + 1] ?? 0;
    const inPeriod = changes.flatMap((c, i) => (c.ms >= from && c.ms < to ? [i] : []));
    const startLevel = level[changes.findIndex((c) => c.ms >= from)] ?? level[changes.length];
    const start = startLevel ?? 0;
    // The highest level of the period, its start included, never below 0.
    let highest = Math.max(start, 0);
    for (const i of inPeriod) highest = Math.max(highest, level[i + 1] ?? 0);

    // Each event, estimated at its own instant over the events before it.
    let estimated = 0;
    for (const i of inPeriod) {
      const change = changes[i];
      const own = events[i];
      if (change === undefined || own === undefined) continue;
      const response = ok(
        estimator.estimateFees({
          event: {
            code: own.code,
            external_subscription_id: 'sub_1',
            properties: own.properties ?? {},
          },
          events: events.slice(0, i),
          now: iso(change.ms),
        }),
      );
      const cents = response.fees[0]?.amount_cents ?? Number.NaN;
      estimated += cents;
      // An add of a seat active just before bills nothing: it is already billed this period.
      if (kind === 'seats' && !change.remove) {
        const before = new Set<string | null>();
        for (const c of changes.slice(0, i)) {
          if (c.remove) before.delete(c.value);
          else before.add(c.value);
        }
        if (before.has(change.value)) expect(cents).toBe(0);
      }
    }

    // What the period bills: its current usage at its last second.
    const last = iso(to - 1000);
    const usage = ok(
      currentUsage({
        ...context,
        events: events.filter((e) => String(e.timestamp) <= last),
        now: last,
      }),
    ).customer_usage;
    expect(usage.amount_cents).toBe(highest * 100);
    expect(carriedIn + estimated).toBe(highest * 100);

    // The invoice closing the period bills the units carried out of it, for the next period.
    const end = level[changes.findIndex((c) => c.ms >= to)] ?? level[changes.length] ?? 0;
    const preview = ok(
      previewInvoice(
        input({
          subscriptions: [{ subscription: context.subscription, plan: thePlan }],
          billableMetrics: [m],
          events: events.filter((e) => String(e.timestamp) <= last),
          now: last,
        }),
      ),
    );
    const carried = feesOf(preview, 'charge', kind);
    expect(carried.map((f) => [f.units, f.from_date])).toEqual(
      end > 0 ? [[String(end), iso(to)]] : [],
    );
    carriedIn = carried.reduce((t, f) => t + f.amount_cents, 0);
  }
}

describe('a carried unit is billed once per period, never twice', () => {
  it('seats: adds and removes over three months, a missing seat field included', () => {
    fc.assert(
      fc.property(history(fc.constantFrom('a', 'b', 'c', 'd', null)), (changes) =>
        checkPeriods(changes, 'seats'),
      ),
      { numRuns: 60 },
    );
  });

  it('storage: positive and negative deltas over three months', () => {
    fc.assert(
      fc.property(history(fc.integer({ min: -6, max: 9 }).map(String)), (changes) =>
        checkPeriods(changes, 'storage'),
      ),
      { numRuns: 60 },
    );
  });
});
