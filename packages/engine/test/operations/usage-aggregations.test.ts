/**
 * Issue 21 §3, the engine's seam: usage priced from aggregation states computed elsewhere (a
 * database, a worker) gives exactly the figures of pricing the events themselves.
 * `usageAggregations` says what to aggregate; `aggregates` gives the states back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../src/aggregation/index';
import {
  createChargesAccumulator,
  currentUsage,
  projectedUsage,
  usageAggregations,
} from '../../src/runtime';
import { billableMetrics, growth, history, inAdvance, NOW, starter } from './generated-history';
import { customer, leftOf, ok, subscription } from './preview-invoice/builders';

const context = { customer: customer(), subscription: subscription(), billableMetrics, now: NOW };

/** The events usage reads for `sub_1`: those naming it, and those naming none. */
function ofSub1(events: readonly UsageEvent[]): UsageEvent[] {
  return events.filter(
    (e) => e.external_subscription_id === undefined || e.external_subscription_id === 'sub_1',
  );
}

/**
 * The usage input priced from states: each metric that a state can price is aggregated by
 * its own charges accumulator (as a database would) and given as JSON text read back; the
 * events of the others are given as events.
 */
function fromStates(plan: typeof starter, events: readonly UsageEvent[]) {
  const wanted = ok(usageAggregations({ ...context, plan }));
  const aggregates: Record<string, unknown> = {};
  const streamed = new Set<string>();
  for (const m of wanted.metrics) {
    if (m.needsEvents !== undefined) {
      streamed.add(m.code);
      continue;
    }
    const accumulator = ok(createChargesAccumulator(m.metric, m.charges, m.options));
    accumulator.addAll(ofSub1(events).filter((e) => e.code === m.code));
    aggregates[m.code] = JSON.parse(JSON.stringify(accumulator.state()));
  }
  const rest = events.filter((e) => streamed.has(e.code));
  return { ...context, plan, events: rest, aggregates };
}

function same(expected: unknown, actual: unknown): void {
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

describe('usageAggregations', () => {
  it('names, per metric, the charges accumulator to run and whether a state can price it', () => {
    const wanted = ok(usageAggregations({ ...context, plan: starter }));
    expect(wanted).toMatchObject({
      external_subscription_id: 'sub_1',
      from_datetime: '2025-03-01T00:00:00Z',
      to_datetime: '2025-03-31T23:59:59Z',
    });
    same(
      [
        [
          'api_calls',
          [{ filters: [], grouped_by: ['region'], prorated: false, per_event: false }],
          null,
        ],
        ['seats', [{ filters: [], grouped_by: [], prorated: false, per_event: false }], null],
      ],
      wanted.metrics.map((m) => [m.code, m.charges, m.needsEvents ?? null]),
    );
    expect(wanted.metrics[0]?.options).toMatchObject({
      from_datetime: '2025-03-01T00:00:00Z',
      to_datetime: '2025-03-31T23:59:59Z',
    });
    // A pay-in-advance charge is priced from each event: its metric needs the events.
    const advance = ok(usageAggregations({ ...context, plan: inAdvance }));
    expect(advance.metrics[0]?.needsEvents).toMatch(/is priced from each event/);
  });
});

describe('usage priced from aggregation states', { timeout: 60_000 }, () => {
  it('equals usage priced from the events, for every plan (states as JSON text)', () => {
    fc.assert(
      fc.property(history, fc.constantFrom(starter, growth, inAdvance), (events, plan) => {
        const given = fromStates(plan, events);
        same(currentUsage({ ...context, plan, events }), currentUsage(given));
        same(projectedUsage({ ...context, plan, events }), projectedUsage(given));
      }),
      { numRuns: 100 },
    );
  });

  it('adds the events it is given to the states: a state of the first part, the events of the rest', () => {
    const unique = history.map((events) =>
      events.map((e, i) => ({ ...e, transaction_id: `u${i}` }) as UsageEvent),
    );
    fc.assert(
      fc.property(unique, fc.nat(), (events, cut) => {
        const k = events.length === 0 ? 0 : cut % (events.length + 1);
        const before = fromStates(starter, events.slice(0, k));
        const whole = currentUsage({ ...context, plan: starter, events });
        same(whole, currentUsage({ ...before, events: events.slice(k) }));
      }),
      { numRuns: 100 },
    );
  });

  it('prices a state written by hand, as a database answers it', () => {
    // api_calls: 0.01 EUR per call, grouped by region: eu 120.5 calls, us 30 calls;
    // seats: 5 EUR per unique user, 2 active (u2 added then removed).
    // amount = 120.5 x 0.01 + 30 x 0.01 + 2 x 5 = 1.205 + 0.30 + 10 = 11.505 EUR
    // (1.21 + 0.30 + 10.00 in cents per fee: 1,151 cents).
    const header = {
      format: 'feecast.aggregation-state.v1',
      rejected_counts: { invalid_value: 2 },
      outside_period: 4,
    };
    const group = (region: string, count: number, sum: string) => ({
      grouped_by: { region },
      state: { count, sum, sum_before_period: '0' },
    });
    const seat = (value: string, operation: string, day: number) => ({
      value,
      operation,
      at: Date.UTC(2025, 2, day),
    });
    const usage = ok(
      currentUsage({
        ...context,
        plan: starter,
        events: [],
        aggregates: {
          api_calls: {
            ...header,
            aggregation_type: 'sum_agg',
            charges: [
              {
                prorated: false,
                filters: [],
                default: { groups: [group('eu', 3, '120.5'), group('us', 1, '30')] },
              },
            ],
          },
          seats: {
            ...header,
            aggregation_type: 'unique_count_agg',
            rejected_counts: {},
            outside_period: 0,
            charges: [
              {
                prorated: false,
                filters: [],
                default: {
                  groups: [
                    {
                      grouped_by: {},
                      state: {
                        values: [
                          seat('u1', 'add', 2),
                          seat('u2', 'remove', 9),
                          seat('u3', 'add', 4),
                        ],
                        values_before_period: [],
                      },
                    },
                  ],
                },
              },
            ],
          },
        },
      }),
    );
    const rows = usage.customer_usage.charges_usage.map((c) => [
      c.billable_metric.code,
      c.units,
      c.amount_cents,
      c.events_count,
    ]);
    same(
      [
        ['api_calls', '150.5', 151, 4],
        ['seats', '2', 1000, 2],
      ],
      rows,
    );
    expect(usage.customer_usage.amount_cents).toBe(1151);
  });

  it('refuses a state it cannot use, naming what to fix', () => {
    const unknown = leftOf(
      currentUsage({ ...context, plan: starter, events: [], aggregates: { storage: {} } }),
    );
    expect(unknown).toMatchObject({ code: 'invalid_input', path: ['aggregates', 'storage'] });
    expect(unknown.message).toMatch(
      /No charge of the plan is priced on a billable metric of code "storage"/,
    );
    const bad = leftOf(
      currentUsage({
        ...context,
        plan: starter,
        events: [],
        aggregates: {
          seats: {
            format: 'feecast.aggregation-state.v1',
            aggregation_type: 'unique_count_agg',
            rejected_counts: {},
            outside_period: 0,
            charges: [{ prorated: false, filters: [], default: { groups: 'none' } }],
          },
        },
      }),
    );
    expect(bad.path).toEqual(['aggregates', 'seats', 'charges', '0', 'default', 'groups']);
    const perEvent = leftOf(
      currentUsage({ ...context, plan: inAdvance, events: [], aggregates: { api_calls: {} } }),
    );
    expect(perEvent).toMatchObject({ path: ['aggregates', 'api_calls'] });
    expect(perEvent.message).toMatch(
      /cannot price this metric: charge .* is priced from each event/,
    );
  });
});
