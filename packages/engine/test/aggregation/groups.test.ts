import { describe, expect, it } from 'vitest';
import { event, MARCH, metric, run } from './support';

describe('grouped_by (aggregations.md §3)', () => {
  const events = [
    event('2025-03-02T10:00:00Z', { v: '10', region: 'eu', tier: 'gold' }),
    event('2025-03-03T10:00:00Z', { v: '5', region: 'us' }),
    event('2025-03-04T10:00:00Z', { v: '2', region: 'eu', tier: '' }),
    event('2025-03-05T10:00:00Z', { v: '1', region: 'eu', tier: 'gold' }),
  ];

  it('one result per distinct value; a missing key and an empty string group as null', () => {
    const r = run(metric('sum_agg'), events, { ...MARCH, grouped_by: ['region', 'tier'] });
    expect(r.groups).toEqual([
      { grouped_by: { region: 'eu', tier: null }, aggregation: '2', count: 1 },
      { grouped_by: { region: 'eu', tier: 'gold' }, aggregation: '11', count: 2 },
      { grouped_by: { region: 'us', tier: null }, aggregation: '5', count: 1 },
    ]);
    expect(r).toMatchObject({ aggregation: '18', count: 4 });
  });

  it('each group is aggregated on its own: latest per group, max per group', () => {
    const latest = run(metric('latest_agg'), events, { ...MARCH, grouped_by: ['region'] });
    expect(latest.groups).toEqual([
      { grouped_by: { region: 'eu' }, aggregation: '1', count: 3 },
      { grouped_by: { region: 'us' }, aggregation: '5', count: 1 },
    ]);
  });

  it('rounds each group', () => {
    const m = metric('sum_agg', { rounding_function: 'ceil', rounding_precision: 0 });
    const r = run(
      m,
      [
        event('2025-03-02T10:00:00Z', { v: '0.2', region: 'eu' }),
        event('2025-03-03T10:00:00Z', { v: '0.2', region: 'us' }),
      ],
      { ...MARCH, grouped_by: ['region'] },
    );
    expect(r.groups?.map((g) => g.aggregation)).toEqual(['1', '1']);
    expect(r.aggregation).toBe('1');
  });

  it('no events: a single zero result whose grouped_by maps every key to null', () => {
    expect(run(metric('sum_agg'), [], { ...MARCH, grouped_by: ['region', 'tier'] }).groups).toEqual(
      [{ grouped_by: { region: null, tier: null }, aggregation: '0', count: 0 }],
    );
  });

  it('a key named __proto__ is an own key of grouped_by and pollutes nothing', () => {
    const r = run(
      metric('count_agg'),
      [event('2025-03-02T10:00:00Z', JSON.parse('{"__proto__": "x"}'))],
      { ...MARCH, grouped_by: ['__proto__'] },
    );
    expect(Object.hasOwn(r.groups?.[0]?.grouped_by ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
