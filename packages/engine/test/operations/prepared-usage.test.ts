/**
 * `prepareUsage` (@feecast/engine/internal): the usage of one plan's subscriptions, the plan
 * read and compiled once. Its law: for every subscription's part, `aggregations`, `current`
 * and `projected` give what `usageAggregations`, `currentUsage` and `projectedUsage` give for
 * the whole input with `events: []` and the same states, errors included.
 */
import fc from 'fast-check';
import { isLeft, right } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { createChargesAccumulator } from '../../src/aggregation/index';
import {
  currentUsage,
  type PreparedSubscription,
  prepareUsage,
  projectedUsage,
  usageAggregations,
} from '../../src/operations/index';
import { anyCharge, cloudMetric, stream } from './arbitraries';
import { charge, customer, event, metric, plan, rightOf, subscription, tax } from './builders';

/**
 * A plan of two metrics, `calls` (API calls, 2.00 each) and `storage` (Storage, 5.00 each),
 * storage's charge first with `storageFirst`, prepared, and a subscription's part of it.
 */
function callsAndStorage(storageFirst = false) {
  const calls = metric('calls', 'count_agg', { name: 'API calls' });
  const storage = metric('storage', 'count_agg', { name: 'Storage' });
  const charges = [
    charge(calls, 'standard', { amount: '2' }),
    charge(storage, 'standard', { amount: '5' }),
  ];
  const shared = {
    plan: plan(storageFirst ? charges.reverse() : charges),
    billableMetrics: [calls, storage],
  };
  const own = {
    customer: customer('UTC'),
    subscription: subscription('2025-01-01T00:00:00Z'),
    now: '2025-03-20T12:00:00Z',
  };
  return { prepared: rightOf(prepareUsage(shared)), own };
}

/** The states of `part`'s metrics over 3 events of `calls` and 1 of the others. */
function statesOf(part: PreparedSubscription): Record<string, unknown> {
  return Object.fromEntries(
    part.aggregations.metrics.map((entry) => {
      const accumulator = rightOf(
        createChargesAccumulator(entry.metric, entry.charges, entry.options),
      );
      const n = entry.code === 'calls' ? 3 : 1;
      for (let k = 0; k < n; k++) {
        accumulator.add(event(entry.code, `2025-03-0${k + 2}T10:00:00Z`));
      }
      return [entry.code, accumulator.state()];
    }),
  );
}

describe('prepareUsage', () => {
  it('answers as usageAggregations, currentUsage and projectedUsage do, subscription after subscription', () => {
    let priced = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('count_agg', 'sum_agg', 'unique_count_agg', 'max_agg').chain((type) => {
          const m = cloudMetric(type);
          return fc.tuple(fc.constant(m), anyCharge(m, false), anyCharge(m, false));
        }),
        stream(),
        fc.array(
          fc.record({
            started: fc.constantFrom('2025-01-01T00:00:00Z', '2025-03-25T00:00:00Z'),
            timezone: fc.constantFrom('UTC', 'Asia/Tokyo'),
            take: fc.nat({ max: 8 }),
            now: fc.constantFrom('2025-03-20T12:00:00Z', '2025-04-05T12:00:00Z'),
            applyTaxes: fc.constantFrom(true, false, null),
            // Another customer's subscription: no_active_subscription.
            foreign: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        ([m, first, second], events, subscriptions) => {
          const calls = metric('calls', 'count_agg');
          const shared = {
            plan: plan([
              first,
              { ...second, svc_id: 'b0000000-0000-4000-8000-000000000001' },
              charge(calls, 'standard', { amount: '0.35' }),
            ]),
            billableMetrics: [m, calls],
          };
          const prepared = rightOf(prepareUsage(shared));
          for (const [i, s] of subscriptions.entries()) {
            const own = {
              customer: customer(s.timezone),
              subscription: {
                ...subscription(s.started),
                external_id: `sub_${i}`,
                ...(s.foreign ? { external_customer_id: 'someone_else' } : {}),
              },
              taxes: { billing_entity: [tax('vat', 20)] },
              now: s.now,
            };
            const whole = { ...shared, ...own };
            const described = usageAggregations(whole);
            expect(prepared.aggregations(own)).toEqual(described);
            const aggregates: Record<string, unknown> = {};
            if (!isLeft(described)) {
              for (const entry of described.right.metrics) {
                const accumulator = rightOf(
                  createChargesAccumulator(entry.metric, entry.charges, entry.options),
                );
                for (const e of events.slice(0, s.take)) {
                  if (e.code === entry.code) accumulator.add(e);
                }
                aggregates[entry.code] = accumulator.state();
              }
            }
            const reading = { ...own, aggregates, applyTaxes: s.applyTaxes };
            const current = prepared.current(reading);
            expect(current).toEqual(currentUsage({ ...whole, ...reading, events: [] }));
            expect(prepared.projected(reading)).toEqual(
              projectedUsage({ ...whole, ...reading, events: [] }),
            );
            // The part read once answers the same, for its aggregations and its usage.
            const part = prepared.subscription({ ...own, applyTaxes: s.applyTaxes });
            if (isLeft(part)) expect(part).toEqual(described);
            else {
              expect(part.right.aggregations).toEqual(rightOf(described));
              expect(part.right.current(aggregates)).toEqual(current);
              expect(part.right.projected(aggregates)).toEqual(prepared.projected(reading));
              // Priced ahead metric by metric (the first metric from a copy of its state, so
              // priced again; the others from the states given next): the same answers.
              for (const kind of ['current', 'projected'] as const) {
                const ahead = rightOf(prepared.subscription({ ...own, applyTaxes: s.applyTaxes }));
                for (const [k, code] of Object.keys(aggregates).entries()) {
                  const state = aggregates[code];
                  expect(
                    ahead.priceAhead(code, k === 0 ? structuredClone(state) : state, kind),
                  ).toEqual(right(undefined));
                }
                expect(ahead[kind](aggregates)).toEqual(part.right[kind](aggregates));
              }
            }
            if (isLeft(current)) refused++;
            else priced++;
          }
        },
      ),
    );
    expect(priced).toBeGreaterThan(15);
    expect(refused).toBeGreaterThan(10);
  });

  it('prices the states of two subscriptions of one plan', () => {
    // sub_a: 3 calls at 2.00 = 600 cents, VAT 20 %: 120. sub_b: 1 call = 200 cents, VAT 40.
    const calls = metric('calls', 'count_agg', { name: 'API calls' });
    const shared = {
      plan: plan([charge(calls, 'standard', { amount: '2' })]),
      billableMetrics: [calls],
    };
    const prepared = rightOf(prepareUsage(shared));
    const now = '2025-03-20T12:00:00Z';
    const amounts = ['sub_a', 'sub_b'].map((id, n) => {
      const own = {
        customer: customer('UTC'),
        subscription: { ...subscription('2025-01-01T00:00:00Z'), external_id: id },
        taxes: { billing_entity: [tax('vat', 20)] },
        now,
      };
      const [entry] = rightOf(prepared.aggregations(own)).metrics;
      if (entry === undefined) throw new Error('the plan aggregates calls');
      const accumulator = rightOf(
        createChargesAccumulator(entry.metric, entry.charges, entry.options),
      );
      for (let k = 0; k < 3 - 2 * n; k++)
        accumulator.add(event('calls', `2025-03-0${k + 2}T10:00:00Z`));
      const usage = rightOf(
        prepared.current({ ...own, aggregates: { calls: accumulator.state() } }),
      );
      return [usage.customer_usage.amount_cents, usage.customer_usage.taxes_amount_cents];
    });
    expect(amounts).toEqual([
      [600, 120],
      [200, 40],
    ]);
  });

  it('prices ahead a metric from its state, known again by identity', () => {
    // 3 calls at 2.00 = 600 cents; 1 GB of storage at 5.00 = 500 cents: 1,100 cents.
    const { prepared, own } = callsAndStorage();
    const part = rightOf(prepared.subscription(own));
    const states = statesOf(part);
    const amount = (usage: ReturnType<typeof part.current>) =>
      isLeft(usage) ? usage.left.message : usage.right.customer_usage.amount_cents;
    expect(amount(part.current(states))).toBe(1100);
    expect(part.priceAhead('calls', states.calls)).toEqual(right(undefined));
    // The state priced ahead is not read again: changed in place afterwards (which a caller
    // must not do), its figures are those it had then.
    Object.assign(states.calls as object, { charges: [] });
    expect(amount(part.current(states))).toBe(1100);
    // Another part, not priced ahead, reads the changed state: the engine refuses it.
    const fresh = rightOf(prepared.subscription(own));
    expect(isLeft(fresh.current(states))).toBe(true);
  });

  it('builds the rows and entries of the metrics priced ahead, and gives each usage its own', () => {
    // 3 calls at 2.00 = 600 cents; 1 GB of storage at 5.00 = 500 cents; listed by metric name
    // (the plan lists storage first).
    const { prepared, own } = callsAndStorage(true);
    const figures = (usage: ReturnType<PreparedSubscription['current']>) =>
      rightOf(usage).customer_usage.charges_usage.map((entry) => [
        entry.billable_metric.code,
        entry.units,
        entry.amount_cents,
      ]);
    const expected = [
      ['calls', '3', 600],
      ['storage', '1', 500],
    ];
    for (const ahead of [['calls'], ['storage'], ['calls', 'storage']]) {
      const part = rightOf(prepared.subscription(own));
      const given = statesOf(part);
      for (const code of ahead)
        expect(part.priceAhead(code, given[code])).toEqual(right(undefined));
      const first = part.current(given);
      expect(figures(first)).toEqual(expected);
      expect(rightOf(first).customer_usage.amount_cents).toBe(1100);
      // Asked again with the same states: the same figures, in entries of its own.
      const again = part.current(given);
      expect(again).toEqual(first);
      expect(rightOf(again).customer_usage.charges_usage[0]).not.toBe(
        rightOf(first).customer_usage.charges_usage[0],
      );
    }
  });

  it('refuses a charge it cannot compile where currentUsage does: after the subscription', () => {
    // A dynamic charge prices a sum only: compiling the plan refuses this count.
    const calls = metric('calls', 'count_agg');
    const shared = { plan: plan([charge(calls, 'dynamic', {})]), billableMetrics: [calls] };
    const prepared = rightOf(prepareUsage(shared));
    const own = {
      customer: customer('UTC'),
      subscription: subscription('2025-01-01T00:00:00Z'),
      now: '2025-03-20T12:00:00Z',
    };
    const refused = prepared.current(own);
    expect(isLeft(refused) && refused.left.path).toEqual(['plan', 'charges', '0', 'charge_model']);
    expect(refused).toEqual(currentUsage({ ...shared, ...own, events: [] }));
    // Before the subscription starts, the subscription's error comes first, as in currentUsage.
    const early = prepared.current({ ...own, now: '2024-12-20T12:00:00Z' });
    expect(isLeft(early) && early.left.code).toBe('no_active_subscription');
    expect(early).toEqual(
      currentUsage({ ...shared, ...own, now: '2024-12-20T12:00:00Z', events: [] }),
    );
  });
});
