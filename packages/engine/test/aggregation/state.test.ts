import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccumulatorState,
  type AggregateOptions,
  type AggregationResult,
  type BillableMetricInput,
  type ChargeBuckets,
  compileMetric,
  createAccumulator,
  createChargesAccumulator,
  type PassOptions,
  restoreAccumulator,
  restoreChargesAccumulator,
  restoreChargesPass,
  restoreCompiledChargesPass,
  sharedState,
  type UsageEvent,
} from '../../src/aggregation/index';
import { eventValue } from '../arbitraries';
import { MARCH, metric } from './support';

const FROM = Date.UTC(2025, 2, 1);
const END = Date.UTC(2025, 3, 1);
const DAY = 86_400_000;

/**
 * Events of metric `m` around March: some before it and after it, some with values that are
 * not decimals or no value, some repeating the previous event's transaction id, each with its
 * own timestamp (ties would make latest and unique counts depend on the order of chunks).
 */
const events: fc.Arbitrary<UsageEvent[]> = fc
  .uniqueArray(fc.integer({ min: -40 * DAY, max: END - FROM + 5 * DAY }), { maxLength: 40 })
  .chain((offsets) =>
    fc.tuple(
      ...offsets.map((offset) =>
        fc.record({
          offset: fc.constant(offset),
          value: fc.oneof(
            { weight: 8, arbitrary: eventValue },
            { weight: 1, arbitrary: fc.constantFrom('abc', '1e3x', undefined) },
          ),
          user: fc.constantFrom('a', 'b', 'c', 'd'),
          remove: fc.boolean(),
          region: fc.constantFrom('eu', 'us', 'apac'),
          tier: fc.constantFrom('gold', 'silver', ''),
          repeat: fc.boolean(),
        }),
      ),
    ),
  )
  .map((rows) => {
    const list: UsageEvent[] = [];
    rows.forEach(({ offset, value, user, remove, region, tier, repeat }, i) => {
      const id = repeat && i > 0 ? `t${i - 1}` : `t${i}`;
      list.push({
        transaction_id: id,
        code: 'm',
        timestamp: new Date(FROM + offset).toISOString(),
        properties: {
          ...(value === undefined ? {} : { v: value }),
          u: user,
          region,
          tier,
          ...(remove ? { operation_type: 'remove' } : {}),
        },
      });
    });
    return list;
  });

/** Where to cut a list in two without separating events of one transaction id. */
function cutAt(list: readonly UsageEvent[], cut: number): number {
  let at = cut % (list.length + 1);
  while (at > 0 && at < list.length && list[at]?.transaction_id === list[at - 1]?.transaction_id)
    at++;
  return at;
}

const recurringSum = metric('sum_agg', { recurring: true });
const recurringUnique = metric('unique_count_agg', { field_name: 'u', recurring: true });
const filtered = { filters: { region: ['eu', 'us'] } };
const grouped = { grouped_by: ['region', 'tier'] };

/** Every kind, recurring and prorated variants, with filters and groups. */
const CASES: readonly [string, BillableMetricInput, AggregateOptions][] = [
  ['count', metric('count_agg'), MARCH],
  [
    'count, filtered and grouped',
    metric('count_agg', { filters: REGIONS() }),
    { ...MARCH, ...filtered, ...grouped },
  ],
  ['sum', metric('sum_agg'), { ...MARCH, grouped_by: ['region'] }],
  ['sum, filtered', metric('sum_agg', { filters: REGIONS() }), { ...MARCH, ...filtered }],
  ['recurring sum with a carried value', recurringSum, { ...MARCH, previous: { value: '7.25' } }],
  ['prorated sum', recurringSum, { ...MARCH, prorated: true, grouped_by: ['region'] }],
  ['max', metric('max_agg'), { ...MARCH, ...grouped }],
  ['latest', metric('latest_agg'), { ...MARCH, grouped_by: ['region'] }],
  ['unique count', metric('unique_count_agg', { field_name: 'u' }), { ...MARCH, ...grouped }],
  [
    'recurring unique count, carried values',
    recurringUnique,
    { ...MARCH, previous: { active_values: ['b', 'z'] } },
  ],
  ['prorated unique count', recurringUnique, { ...MARCH, prorated: true, grouped_by: ['tier'] }],
  [
    'prorated unique count, carried values',
    recurringUnique,
    { ...MARCH, prorated: true, previous: { active_values: ['a', 'z'] } },
  ],
  ['weighted sum', metric('weighted_sum_agg'), { ...MARCH, grouped_by: ['region'] }],
  [
    'recurring weighted sum',
    metric('weighted_sum_agg', { recurring: true }),
    { ...MARCH, previous: { value: '3' } },
  ],
];

function REGIONS() {
  return [{ key: 'region', values: ['eu', 'us', 'apac'] }];
}

function accumulate(
  m: BillableMetricInput,
  options: AggregateOptions,
  list: readonly UsageEvent[],
) {
  const acc = createAccumulator(m, options);
  if (acc._tag === 'Left') throw new Error(acc.left.message);
  acc.right.addAll(list);
  return acc.right;
}

function restore(m: BillableMetricInput, options: AggregateOptions, state: unknown) {
  const acc = restoreAccumulator(m, options, state);
  if (acc._tag === 'Left') throw new Error(`${acc.left.message} at ${acc.left.path?.join('.')}`);
  return acc.right;
}

/** A state through JSON text, as it travels between processes. */
const travelled = (state: AccumulatorState): unknown => JSON.parse(JSON.stringify(state));

/** A result's figures (the rejected events themselves are not part of a state). */
function figures(result: AggregationResult) {
  const { rejected: _rejected, ...rest } = result;
  return JSON.parse(JSON.stringify(rest)) as unknown;
}

describe.each(CASES)('the state of a %s', (_name, m, options) => {
  it('survives JSON text, and restores to the same state and figures', () => {
    fc.assert(
      fc.property(events, (list) => {
        const acc = accumulate(m, options, list);
        const state = acc.state();
        expect(travelled(state)).toStrictEqual(state);
        const restored = restore(m, options, travelled(state));
        expect(restored.state()).toStrictEqual(state);
        expect(figures(restored.result())).toEqual(figures(acc.result()));
      }),
    );
  });

  it('merge(state(a), state(b)) = state(a ++ b), figures included', () => {
    fc.assert(
      fc.property(events, fc.nat(), (list, cut) => {
        const at = cutAt(list, cut);
        const a = accumulate(m, options, list.slice(0, at)).state();
        const b = accumulate(m, options, list.slice(at)).state();
        const merged = restore(m, options, travelled(a));
        const merge = merged.merge(restore(m, options, travelled(b)));
        expect(merge._tag).toBe('Right');
        const whole = accumulate(m, options, list);
        expect(merged.state()).toStrictEqual(whole.state());
        expect(figures(merged.result())).toEqual(figures(whole.result()));
      }),
    );
  });

  it('a restored state goes on adding events as the original would', () => {
    fc.assert(
      fc.property(events, fc.nat(), (list, cut) => {
        const at = cutAt(list, cut);
        const restored = restore(
          m,
          options,
          travelled(accumulate(m, options, list.slice(0, at)).state()),
        );
        restored.addAll(list.slice(at));
        const whole = accumulate(m, options, list);
        // Ids are not part of a state: only chunks without shared ids compare (cutAt keeps them apart).
        expect(restored.state()).toStrictEqual(whole.state());
      }),
    );
  });
});

describe.each(CASES)('the charges state of a %s', (_name, m, options) => {
  const { from_datetime, to_datetime } = options;
  const period = { from_datetime, to_datetime };
  // Proration is for recurring sums and unique counts (aggregations.md §1.8).
  const recurring = m.recurring === true && m.aggregation_type !== 'weighted_sum_agg';
  const charges: ChargeBuckets[] = [
    { filters: [{ region: ['eu'] }, { region: ['us', 'apac'] }], grouped_by: ['tier'] },
    { grouped_by: ['region', 'tier'], prorated: recurring },
    {},
  ];
  const withFilters = { ...m, filters: REGIONS() };
  const pass = (list: readonly UsageEvent[]) => {
    const acc = createChargesAccumulator(withFilters, charges, period);
    if (acc._tag === 'Left') throw new Error(acc.left.message);
    acc.right.addAll(list);
    return acc.right;
  };
  const restoreCharges = (state: unknown) => {
    const acc = restoreChargesAccumulator(withFilters, charges, period, state);
    if (acc._tag === 'Left') throw new Error(`${acc.left.message} at ${acc.left.path?.join('.')}`);
    return acc.right;
  };

  it('merge(state(a), state(b)) = state(a ++ b) per charge, filter bucket and group', () => {
    fc.assert(
      fc.property(events, fc.nat(), (list, cut) => {
        const at = cutAt(list, cut);
        const a = JSON.parse(JSON.stringify(pass(list.slice(0, at)).state())) as unknown;
        const b = JSON.parse(JSON.stringify(pass(list.slice(at)).state())) as unknown;
        const merged = restoreCharges(a);
        expect(merged.merge(restoreCharges(b))._tag).toBe('Right');
        const whole = pass(list);
        expect(merged.state()).toStrictEqual(whole.state());
        // The rejected events are not part of a state (their counts are).
        const figuresOf = (value: unknown) =>
          JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === 'rejected' ? undefined : v)));
        expect(figuresOf(merged.result())).toEqual(figuresOf(whole.result()));
      }),
    );
  });

  it('restores the same from the compiled metric, its charges compiled once', () => {
    const compiled = compileMetric(withFilters);
    if (compiled._tag === 'Left') throw new Error(compiled.left.message);
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    fc.assert(
      fc.property(events, (list) => {
        const state = plain(pass(list).state());
        const expected = restoreCharges(state);
        // Twice with the same charge objects: the second restore reuses the first's buckets.
        for (let i = 0; i < 2; i++) {
          const restored = restoreCompiledChargesPass(
            withFilters,
            compiled.right,
            charges,
            period,
            state,
          );
          if (restored._tag === 'Left') throw new Error(restored.left.message);
          expect(restored.right.state()).toStrictEqual(expected.state());
          expect(plain(restored.right.result())).toEqual(plain(expected.result()));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('restores a shared state to the figures of its JSON, for its period or another', () => {
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    const restorePass = (state: unknown, options: typeof period) => {
      const acc = restoreChargesPass(withFilters, charges, options, state);
      if (acc._tag === 'Left') throw new Error(acc.left.message);
      return acc.right;
    };
    const april = { from_datetime: to_datetime, to_datetime: '2025-05-01T00:00:00Z' };
    fc.assert(
      fc.property(events, (list) => {
        const source = restorePass(plain(pass(list).state()), period);
        const shared = sharedState(source);
        const json = plain(source.state());
        expect(plain(shared)).toEqual(json);
        for (const options of [period, april]) {
          const restored = restorePass(shared, options);
          const expected = restorePass(json, options);
          expect(restored.state()).toStrictEqual(expected.state());
          expect(plain(restored.result())).toEqual(plain(expected.result()));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('names the path of a charge whose buckets do not fit', () => {
    const state = pass([]).state();
    const fewer = {
      ...state,
      charges: [{ ...state.charges[0], filters: [] }, ...state.charges.slice(1)],
    };
    const restored = restoreChargesAccumulator(withFilters, charges, period, fewer);
    expect(restored._tag === 'Left' && restored.left.path).toEqual([
      'state',
      'charges',
      '0',
      'filters',
    ]);
  });
});

describe('a shared state', () => {
  const count = metric('count_agg');
  const period: PassOptions = {
    from_datetime: MARCH.from_datetime,
    to_datetime: MARCH.to_datetime,
  };
  const april: PassOptions = {
    from_datetime: MARCH.to_datetime,
    to_datetime: '2025-05-01T00:00:00Z',
  };
  const event = (id: string) => ({
    transaction_id: id,
    code: 'm',
    timestamp: '2025-03-10T00:00:00Z',
  });
  const countOf = (state: unknown, options: PassOptions) => {
    const acc = restoreChargesPass(count, [{}], options, state);
    if (acc._tag === 'Left') throw new Error(acc.left.message);
    return acc.right;
  };

  it("shares its accumulator's bucket states with a restore of the same shape and period, and only then", () => {
    const source = createChargesAccumulator(count, [{}], period);
    if (source._tag === 'Left') throw new Error(source.left.message);
    source.right.add(event('t1'));
    const shared = sharedState(source.right as Parameters<typeof sharedState>[0]);
    const same = countOf(shared, period);
    const other = countOf(shared, april);
    const copied = countOf(JSON.parse(JSON.stringify(shared)), period);
    // The source takes another event (a shared state's source must not: here it does, to tell).
    source.right.add(event('t2'));
    const counts = [same, other, copied].map((acc) => acc.result().charges[0]?.default.count);
    // March's restore shares the source's state (2 events now); April's (a state restores into
    // any period) and the JSON's are copies of it as it was (1 event).
    expect(counts).toEqual([2, 1, 1]);
  });
});

describe('a bad state', () => {
  const sum = metric('sum_agg');
  const good = (): AccumulatorState =>
    accumulate(sum, { ...MARCH, grouped_by: ['region'] }, [
      {
        transaction_id: 't1',
        code: 'm',
        timestamp: '2025-03-02T00:00:00Z',
        properties: { v: '1.5', region: 'eu' },
      },
      {
        transaction_id: 't2',
        code: 'm',
        timestamp: '2025-03-03T00:00:00Z',
        properties: { v: 'x', region: 'eu' },
      },
    ]).state();

  it('is a Left naming the path of the wrong field', () => {
    const options = { ...MARCH, grouped_by: ['region'] };
    const cases: [unknown, string[]][] = [
      [null, ['state']],
      [{ ...good(), format: 'v0' }, ['state', 'format']],
      [{ ...good(), aggregation_type: 'max_agg' }, ['state', 'aggregation_type']],
      [{ ...good(), rejected_counts: { nope: 1 } }, ['state', 'rejected_counts', 'nope']],
      [
        { ...good(), rejected_counts: { invalid_value: -1 } },
        ['state', 'rejected_counts', 'invalid_value'],
      ],
      [{ ...good(), outside_period: 1.5 }, ['state', 'outside_period']],
      [{ ...good(), prorated: true }, ['state', 'prorated']],
      [
        {
          ...good(),
          groups: [
            { grouped_by: { tier: 'x' }, state: { count: 1, sum: '1', sum_before_period: '0' } },
          ],
        },
        ['state', 'groups', '0', 'grouped_by'],
      ],
      [
        {
          ...good(),
          groups: [
            { grouped_by: { region: 'eu' }, state: { count: 1, sum: 1.5, sum_before_period: '0' } },
          ],
        },
        ['state', 'groups', '0', 'state', 'sum'],
      ],
      [
        {
          ...good(),
          groups: [
            {
              grouped_by: { region: 'eu' },
              state: { count: 1, sum: '1e', sum_before_period: '0' },
            },
          ],
        },
        ['state', 'groups', '0', 'state', 'sum'],
      ],
      [
        { ...good(), groups: [...good().groups, ...good().groups] },
        ['state', 'groups', '1', 'grouped_by'],
      ],
    ];
    for (const [state, path] of cases) {
      const restored = restoreAccumulator(sum, options, state);
      expect(restored._tag, JSON.stringify(state)).toBe('Left');
      if (restored._tag === 'Left') expect(restored.left.path).toEqual(path);
    }
  });

  it('of a unique count names the repeated value or the wrong operation', () => {
    const users = metric('unique_count_agg', { field_name: 'u' });
    const state = (values: unknown) => ({
      format: 'feecast.aggregation-state.v1',
      aggregation_type: 'unique_count_agg',
      prorated: false,
      groups: [{ grouped_by: {}, state: { values, values_before_period: [] } }],
      rejected_counts: {},
      outside_period: 0,
    });
    /** The path of the error restoring a state of these entries gives (false when none). */
    const failedAt = (entries: Parameters<typeof state>[0]) => {
      const restored = restoreAccumulator(users, MARCH, state(entries));
      return restored._tag === 'Left' && restored.left.path;
    };
    expect(
      failedAt([
        { value: 'a', operation: 'add', at: FROM },
        { value: 'a', operation: 'remove', at: FROM + 1 },
      ]),
    ).toEqual(['state', 'groups', '0', 'state', 'values', '1', 'value']);
    expect(failedAt([{ value: 'a', operation: 'delete', at: FROM }])).toEqual([
      'state',
      'groups',
      '0',
      'state',
      'values',
      '0',
      'operation',
    ]);
    // A time that is not whole epoch milliseconds, after a well-formed entry.
    expect(
      failedAt([
        { value: 'a', operation: 'add', at: FROM },
        { value: 'b', operation: 'add', at: FROM + 0.5 },
      ]),
    ).toEqual(['state', 'groups', '0', 'state', 'values', '1', 'at']);
  });

  it('is never a throw, whatever the value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything()), (value) => {
        const restored = restoreAccumulator(metric('sum_agg'), MARCH, value);
        expect(restored._tag).toBe('Left');
      }),
    );
  });

  it('per-event views are not part of a state', () => {
    const restored = restoreAccumulator(sum, { ...MARCH, per_event: true }, good());
    expect(restored._tag === 'Left' && restored.left.path).toEqual(['options', 'per_event']);
  });
});

/** Aggregates each chunk alone, sends its state through JSON text, restores and merges them. */
function throughStates(
  m: BillableMetricInput,
  options: AggregateOptions,
  chunks: readonly (readonly UsageEvent[])[],
): { states: unknown[]; result: AggregationResult } {
  const states = chunks.map((chunk) => travelled(accumulate(m, options, chunk).state()));
  const [first, ...rest] = states.map((state) => restore(m, options, state));
  if (first === undefined) throw new Error('no chunk');
  for (const other of rest) first.merge(other);
  return { states, result: first.result() };
}

const at = (timestamp: string, properties: Record<string, unknown>, id: string): UsageEvent => ({
  transaction_id: id,
  code: 'm',
  timestamp,
  properties,
});

describe("the reference's worked figures, from the states of separate chunks", () => {
  it('weighted sum (aggregations.md §1.6): +2 on Jan 11, −1 on Jan 21 of a 31-day January = 1', () => {
    const january = { from_datetime: '2023-01-01T00:00:00Z', to_datetime: '2023-01-31T23:59:59Z' };
    const { states, result } = throughStates(metric('weighted_sum_agg'), january, [
      [at('2023-01-11T00:00:00Z', { v: '2' }, 't1')],
      [at('2023-01-21T00:00:00Z', { v: '-1' }, 't2')],
    ]);
    // 2 × (Feb 1 − Jan 11 = 21 days = 1,814,400,000 ms) = 3,628,800,000;
    // −1 × (Feb 1 − Jan 21 = 11 days = 950,400,000 ms) = −950,400,000.
    expect((states[0] as AccumulatorState).groups[0]?.state).toEqual({
      count: 1,
      weighted_ms: '3628800000',
      variation: '2',
    });
    expect((states[1] as AccumulatorState).groups[0]?.state).toEqual({
      count: 1,
      weighted_ms: '-950400000',
      variation: '-1',
    });
    // (3,628,800,000 − 950,400,000) / (31 × 86,400,000 = 2,678,400,000) = 1.
    expect(result.aggregation).toBe('1');
    expect(result.count).toBe(2);
  });

  it('prorated sum (§1.8): 10 persisted units and +31 on Jan 31: 10·31/31 + 31·1/31 = 11, full 41', () => {
    const january = {
      from_datetime: '2025-01-01T00:00:00Z',
      to_datetime: '2025-01-31T23:59:59Z',
      prorated: true,
    };
    const { states, result } = throughStates(metric('sum_agg', { recurring: true }), january, [
      [at('2024-12-10T08:00:00Z', { v: '10' }, 't1')],
      [at('2025-01-31T12:00:00Z', { v: '31' }, 't2')],
    ]);
    expect((states[0] as AccumulatorState).groups[0]?.state).toEqual({
      count: 1,
      sum_before_period: '10',
      sums_by_days: [],
    });
    // Jan 31 to Jan 31, both included: 1 day.
    expect((states[1] as AccumulatorState).groups[0]?.state).toEqual({
      count: 1,
      sum_before_period: '0',
      sums_by_days: [{ days: 1, sum: '31' }],
    });
    expect(result.aggregation).toBe('11');
    expect(result.full_units_number).toBe('41');
  });

  it('unique count (§1.5b): a: add, add, remove, add; b: remove; c: add = 2, in three chunks', () => {
    const users = metric('unique_count_agg', { field_name: 'u' });
    const e = (day: number, u: string, remove: boolean) =>
      at(
        `2025-03-${String(day).padStart(2, '0')}T00:00:00Z`,
        remove ? { u, operation_type: 'remove' } : { u },
        `t${day}`,
      );
    const { states, result } = throughStates(users, MARCH, [
      [e(1, 'a', false), e(2, 'a', false), e(3, 'b', true)],
      [e(4, 'a', true), e(5, 'c', false)],
      [e(6, 'a', false)],
    ]);
    // a: 1 + 0 − 1 + 1 = 1; b: 0; c: 1.
    expect(result.aggregation).toBe('2');
    expect((states[1] as AccumulatorState).groups[0]?.state).toEqual({
      values: [
        { value: 'a', operation: 'remove', at: Date.UTC(2025, 2, 4) },
        { value: 'c', operation: 'add', at: Date.UTC(2025, 2, 5) },
      ],
      values_before_period: [],
    });
  });
});

describe('a state restored from a compiled metric', () => {
  it("compiles a charge's buckets per compiled metric: another metric checks them again", () => {
    // One charge object (filter region = eu), restored first for a metric with a region
    // filter, then for one without: the second must refuse the filter, as restoreChargesPass
    // does, not reuse the buckets compiled for the first metric.
    const charges: ChargeBuckets[] = [{ filters: [{ region: ['eu'] }] }];
    const withRegion = metric('sum_agg', { filters: REGIONS() });
    const without = metric('sum_agg');
    const created = createChargesAccumulator(withRegion, charges, MARCH);
    if (created._tag === 'Left') throw new Error(created.left.message);
    created.right.add({
      transaction_id: 't1',
      code: 'm',
      timestamp: '2025-03-02T00:00:00Z',
      properties: { v: '2.5', region: 'eu' },
    });
    const state = JSON.parse(JSON.stringify(created.right.state())) as unknown;
    const first = compileMetric(withRegion);
    const second = compileMetric(without);
    if (first._tag === 'Left' || second._tag === 'Left') throw new Error('metric');
    const restored = restoreCompiledChargesPass(withRegion, first.right, charges, MARCH, state);
    // The eu bucket holds the one event: 2.5.
    expect(
      restored._tag === 'Right' && restored.right.result().charges[0]?.filters[0]?.aggregation,
    ).toBe('2.5');
    const refused = restoreCompiledChargesPass(without, second.right, charges, MARCH, state);
    expect(refused._tag).toBe('Left');
    expect(refused).toEqual(restoreChargesPass(without, charges, MARCH, state));
  });
});
