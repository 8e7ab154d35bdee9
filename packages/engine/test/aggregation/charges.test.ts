import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateCharges,
  createChargesAccumulator,
  eventBatch,
  type UsageEvent,
} from '../../src/aggregation/index';
import { eventValue } from '../arbitraries';
import { event, MARCH, metric, run } from './support';

const Reference = BigJs();
const calls = metric('sum_agg', {
  filters: [
    { key: 'region', values: ['eu', 'us', 'apac'] },
    { key: 'tier', values: ['a', 'b'] },
  ],
});
const byRegion = [{ region: ['eu'] }, { region: ['eu'], tier: ['a'] }];

function pass(events: readonly UsageEvent[], charges: Parameters<typeof aggregateCharges>[2]) {
  const result = aggregateCharges(calls, events, charges, MARCH);
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

describe('aggregateCharges: one pass for every charge of a metric', () => {
  const events = [
    event('2025-03-02T00:00:00Z', { v: '1', region: 'eu', tier: 'a' }),
    event('2025-03-03T00:00:00Z', { v: '10', region: 'eu', tier: 'b' }),
    event('2025-03-04T00:00:00Z', { v: '100', region: 'us', tier: 'a' }),
    event('2025-03-05T00:00:00Z', { v: '1000', region: 'eu' }),
  ];

  it('routes each event to the most specific filter of each charge, else the default bucket', () => {
    const [filtered, grouped] = pass(events, [
      { filters: byRegion },
      { grouped_by: ['region'] },
    ]).charges;
    // eu/a goes to the two-key filter; eu/b and eu (no tier) to the one-key filter; us to the default.
    expect(filtered?.filters.map((f) => f.aggregation)).toEqual(['1010', '1']);
    expect(filtered?.default.aggregation).toBe('100');
    expect(grouped?.filters).toEqual([]);
    expect(grouped?.default.groups?.map((g) => [g.grouped_by, g.aggregation])).toEqual([
      [{ region: 'eu' }, '1011'],
      [{ region: 'us' }, '100'],
    ]);
  });

  it('reports each rejected event once, for every charge alike', () => {
    const bad = [...events, event('2025-03-06T00:00:00Z', { v: 'n/a', region: 'eu' })];
    const result = pass(bad, [{ filters: byRegion }, {}]);
    expect(result.rejected.map((r) => r.reason)).toEqual(['invalid_value']);
    expect(result.charges[1]?.default.aggregation).toBe('1111');
  });

  it('gives a filter error the path of the charge and filter', () => {
    const result = aggregateCharges(calls, [], [{}, { filters: [{ region: ['mars'] }] }], MARCH);
    expect(result._tag === 'Left' && result.left.path).toEqual([
      'charges',
      '1',
      'filters',
      '0',
      'values',
      'region',
    ]);
  });

  it('keeps per-event views for the charges that ask for them only', () => {
    const [kept, plain] = pass(events, [{ per_event: true, filters: byRegion }, {}]).charges;
    // In time order: eu/a (1) wins the two-key filter, eu/b (10) and eu (1000) the one-key one.
    expect(kept?.filters.map((f) => f.event_values)).toEqual([['10', '1000'], ['1']]);
    expect(kept?.default.in_advance_increments).toEqual(['100']);
    expect(plain?.default.aggregation).toBe('1111');
    expect(plain?.default.event_values).toBeUndefined();
    expect(plain?.default.in_advance_increments).toBeUndefined();
  });

  it('keeps them from a columnar batch too (the columnar kernel writes no views)', () => {
    const batch = eventBatch(events);
    if (batch._tag === 'Left') throw new Error(batch.left.message);
    const result = aggregateCharges(calls, batch.right, [{ per_event: true }, {}], MARCH);
    if (result._tag === 'Left') throw new Error(result.left.message);
    expect(result.right.charges[0]?.default.event_values).toEqual(['1', '10', '100', '1000']);
    expect(result.right.charges[1]?.default.event_values).toBeUndefined();
  });

  it('refuses to prorate a non-recurring metric, naming the charge', () => {
    const result = aggregateCharges(calls, [], [{ prorated: true }], MARCH);
    expect(result._tag === 'Left' && result.left.path).toEqual(['charges', '0', 'prorated']);
  });
});

const regions = ['eu', 'us', 'apac', undefined] as const;
const tiers = ['a', 'b', undefined] as const;
const streams: fc.Arbitrary<UsageEvent[]> = fc
  .array(
    fc.tuple(
      fc.integer({ min: 0, max: 30 * 86_400_000 }),
      eventValue,
      fc.constantFrom(...regions),
      fc.constantFrom(...tiers),
    ),
    { maxLength: 50 },
  )
  .map((rows) =>
    rows.map(([offset, v, region, tier], i) => ({
      transaction_id: `t${i}`,
      code: 'm',
      timestamp: new Date(Date.UTC(2025, 2, 1) + offset).toISOString(),
      properties: { v, ...(region ? { region } : {}), ...(tier ? { tier } : {}) },
    })),
  );

describe('aggregateCharges laws', () => {
  it('the buckets of a charge add up to the unfiltered total', () => {
    fc.assert(
      fc.property(streams, (events) => {
        const charge = pass(events, [{ filters: byRegion }]).charges[0];
        const parts = [...(charge?.filters ?? []), charge?.default].map(
          (r) => new Reference(r?.aggregation ?? 'NaN'),
        );
        const total = parts.reduce((a, b) => a.plus(b), new Reference(0));
        expect(total.eq(new Reference(run(calls, events).aggregation))).toBe(true);
      }),
    );
  });

  it('one pass equals a separate aggregation per bucket', () => {
    fc.assert(
      fc.property(streams, (events) => {
        const charge = pass(events, [{ filters: byRegion, grouped_by: ['tier'] }]).charges[0];
        const specific = run(calls, events, { ...MARCH, filters: { region: ['eu'], tier: ['a'] } });
        expect(charge?.filters[1]?.aggregation).toBe(specific.aggregation);
        const eu = run(calls, events, { ...MARCH, filters: { region: ['eu'] } });
        const rest = new Reference(eu.aggregation).minus(specific.aggregation);
        expect(new Reference(charge?.filters[0]?.aggregation ?? 'NaN').eq(rest)).toBe(true);
      }),
    );
  });

  it('merged charge accumulators equal one pass', () => {
    fc.assert(
      fc.property(streams, fc.nat(), (events, cut) => {
        const at = cut % (events.length + 1);
        const charges = [{ filters: byRegion }, { grouped_by: ['region', 'tier'] }];
        const first = createChargesAccumulator(calls, charges, MARCH);
        const second = createChargesAccumulator(calls, charges, MARCH);
        if (first._tag === 'Left' || second._tag === 'Left') throw new Error('options');
        first.right.addAll(events.slice(0, at));
        second.right.addAll(events.slice(at));
        const merged = first.right.merge(second.right);
        if (merged._tag === 'Left') throw new Error(merged.left.message);
        expect(merged.right.result()).toEqual(pass(events, charges));
      }),
    );
  });
});
