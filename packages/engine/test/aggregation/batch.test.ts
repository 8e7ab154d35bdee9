import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBatchColumnar } from '../../src/aggregation/batch-kernel';
import {
  type AggregateOptions,
  aggregate,
  aggregateCharges,
  type BillableMetricInput,
  compileMetricIn,
  createAccumulator,
  type EventBatch,
  type EventColumns,
  eventBatch,
  eventBatchFromColumns,
  eventTimeMs,
  FULL_METRIC_LANGUAGE,
  prepareCompiledChargesAccumulator,
  sumKind,
  type UsageEvent,
} from '../../src/aggregation/index';
import { AGGREGATION_TYPES, decimalString } from '../arbitraries';
import { event, MARCH, metric, run } from './support';

const FROM = Date.UTC(2025, 2, 1);
const END = Date.UTC(2025, 3, 1);
const DAY = 86_400_000;

function batchOf(events: readonly unknown[]): EventBatch {
  const batch = eventBatch(events as UsageEvent[]);
  if (batch._tag === 'Left') throw new Error(batch.left.message);
  return batch.right;
}

/**
 * The events as a columnar reader holds them: one array per field (`undefined` where a row has
 * no such field); with `epochMs`, the times already read into a `Float64Array`.
 */
function columnsOf(events: readonly unknown[], epochMs: boolean): EventColumns {
  const rows = events.map((e) =>
    typeof e === 'object' && e !== null ? (e as Record<string, unknown>) : {},
  );
  const keys = new Set<string>();
  for (const row of rows) {
    const props = row.properties;
    if (typeof props === 'object' && props !== null) for (const key in props) keys.add(key);
  }
  const properties: Record<string, unknown[]> = {};
  for (const key of keys) {
    properties[key] = rows.map(
      (row) => (row.properties as Record<string, unknown> | undefined)?.[key],
    );
  }
  const timestamps = rows.map((row) => row.timestamp);
  return {
    transaction_id: rows.map((row) => row.transaction_id),
    code: rows.map((row) => row.code),
    timestamp: epochMs
      ? Float64Array.from(timestamps, (t) => eventTimeMs(t) ?? Number.NaN)
      : timestamps,
    external_subscription_id: rows.map((row) => row.external_subscription_id),
    properties,
  };
}

function fromColumns(columns: EventColumns): EventBatch {
  const batch = eventBatchFromColumns(columns);
  if (batch._tag === 'Left') throw new Error(batch.left.message);
  return batch.right;
}

/** A result as plain data: the lazily written rejections read, every field compared. */
function plain(result: unknown): unknown {
  return JSON.parse(JSON.stringify(result));
}

/**
 * Values an event log holds: decimals of every shape (up to 20 digits, exponents), numbers,
 * junk, null, missing, and texts shared between a number and a string (`1` and `"1"`).
 */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: decimalString({ maxDigits: 20, exponent: true }) },
  { weight: 2, arbitrary: fc.constantFrom('1', '2.5', '-3', '0.001', '10') },
  { weight: 2, arbitrary: fc.constantFrom(1, 2.5, -3, 1e21, 0.1) },
  { weight: 1, arbitrary: fc.constantFrom('abc', '', ' 1', null, true, [], {}, Number.NaN) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** History-shaped events: several months, any order, repeated ids, both timestamp forms, junk. */
const history: fc.Arbitrary<unknown[]> = fc.array(
  fc.oneof(
    {
      weight: 30,
      arbitrary: fc
        .record({
          id: fc.integer({ min: 0, max: 40 }),
          code: fc.constantFrom('m', 'm', 'm', 'other'),
          // Some on a few shared instants: ties, which the stream order decides.
          offset: fc.oneof(
            fc.integer({ min: -40 * DAY, max: END - FROM + 20 * DAY }),
            fc.constantFrom(0, DAY, 2 * DAY),
          ),
          form: fc.constantFrom('iso', 'seconds', 'text-seconds', 'offset', 'bad'),
          subscription: fc.constantFrom(undefined, 'sub_1', 'sub_2', null),
          v: value,
          u: fc.oneof(
            { weight: 12, arbitrary: fc.constantFrom('a', 'b', 'c', 'd') },
            { weight: 1, arbitrary: fc.constantFrom(1, '1', null, undefined) },
          ),
          region: fc.oneof(fc.constantFrom('eu', 'us', 'apac', ''), fc.constant(undefined)),
          tier: fc.constantFrom('free', 'pro', undefined),
          operation: fc.constantFrom(undefined, 'add', 'remove', 'delete'),
        })
        .map(({ id, code, offset, form, subscription, v, u, region, tier, operation }) => {
          // Whole seconds for the numeric forms; any millisecond for ISO text.
          const ms = FROM + offset;
          const seconds = Math.floor(ms / 1000);
          const timestamp =
            form === 'iso'
              ? new Date(ms).toISOString()
              : form === 'seconds'
                ? seconds
                : form === 'text-seconds'
                  ? String(seconds)
                  : form === 'offset'
                    ? new Date(seconds * 1000 + 3_600_000).toISOString().replace('Z', '+01:00')
                    : 'yesterday';
          const properties: Record<string, unknown> = {};
          if (v !== undefined) properties.v = v;
          if (u !== undefined) properties.u = u;
          if (region !== undefined) properties.region = region;
          if (tier !== undefined) properties.tier = tier;
          if (operation !== undefined) properties.operation_type = operation;
          return {
            transaction_id: `t${id}`,
            code,
            timestamp,
            ...(subscription === undefined ? {} : { external_subscription_id: subscription }),
            properties,
          };
        }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        null,
        42,
        { code: 'm', timestamp: '2025-03-02T00:00:00Z', properties: { v: '1' } },
        { transaction_id: '', code: 'm', timestamp: '2025-03-02T00:00:00Z' },
      ),
    },
  ),
  { maxLength: 80 },
);

const options: fc.Arbitrary<Partial<AggregateOptions>> = fc.record(
  {
    filters: fc.constantFrom({ region: ['eu'] }, { region: ['eu', 'us'], tier: ['pro'] }),
    grouped_by: fc.constantFrom(['region'], ['region', 'tier'], ['u']),
    deduplicate: fc.boolean(),
    per_event: fc.boolean(),
    prorated: fc.boolean(),
  },
  { requiredKeys: [] },
);

const metricFilters = [
  { key: 'region', values: ['eu', 'us', 'apac'] },
  { key: 'tier', values: ['free', 'pro'] },
];

function metricOf(
  type: (typeof AGGREGATION_TYPES)[number],
  recurring: boolean,
): BillableMetricInput {
  return metric(type, {
    field_name: type === 'count_agg' ? null : type === 'unique_count_agg' ? 'u' : 'v',
    filters: metricFilters,
    recurring: recurring && (type === 'sum_agg' || type === 'unique_count_agg'),
  });
}

/**
 * Events summed by hand in two tests: 1.5 + 2.25 + 9007199254740993 = 9007199254740996.75,
 * the repeat of "a" and the "x" value rejected, the April event outside March (both
 * timestamp forms).
 */
function handSummed(): UsageEvent[] {
  return [
    event('2025-03-02T00:00:00Z', { v: '1.5' }, 'a'),
    event(Date.UTC(2025, 2, 3) / 1000, { v: '2.25' }, 'b'),
    event('2025-03-04T00:00:00Z', { v: '9007199254740993' }, 'c'),
    event('2025-03-05T00:00:00Z', { v: '7' }, 'a'),
    event('2025-03-06T00:00:00Z', { v: 'x' }, 'd'),
    event('2025-04-06T00:00:00Z', { v: '1' }, 'e'),
  ];
}

describe('columnar batches (issue 19 §3)', () => {
  it('a batch aggregates exactly as its events do, for every type, filter, group and option', () => {
    fc.assert(
      fc.property(
        history,
        fc.constantFrom(...AGGREGATION_TYPES),
        fc.boolean(),
        options,
        (events, type, recurring, extra) => {
          const m = metricOf(type, recurring);
          const opts = { ...MARCH, ...extra };
          if (!(opts.prorated === true && m.recurring === true)) delete opts.prorated;
          const objects = aggregate(m, events as UsageEvent[], opts);
          const columns = aggregate(m, batchOf(events), opts);
          expect(plain(columns)).toEqual(plain(objects));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a batch built straight from columns aggregates exactly as the events do', () => {
    fc.assert(
      fc.property(
        history,
        fc.constantFrom(...AGGREGATION_TYPES),
        options,
        (events, type, extra) => {
          const m = metricOf(type, false);
          const opts = { ...MARCH, ...extra };
          delete opts.prorated;
          const objects = plain(aggregate(m, events as UsageEvent[], opts));
          expect(plain(aggregate(m, fromColumns(columnsOf(events, false)), opts))).toEqual(objects);
          // Times given as epoch milliseconds: the same figures (a bad time's message shows NaN).
          const figures = (result: unknown) => {
            const r = (result as { right: Record<string, unknown> }).right;
            return [r.aggregation, r.count, r.rejected_counts, r.outside_period, r.groups];
          };
          const fromMs = plain(aggregate(m, fromColumns(columnsOf(events, true)), opts));
          expect(figures(fromMs)).toEqual(figures(objects));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('columns of different lengths are refused, naming the column', () => {
    const result = eventBatchFromColumns({
      transaction_id: ['t1', 't2'],
      code: ['m', 'm'],
      timestamp: new Float64Array([FROM, FROM]),
      properties: { v: ['1'] },
    });
    expect(result._tag === 'Left' && result.left).toMatchObject({
      code: 'invalid_input',
      path: ['columns', 'properties', 'v'],
      message: 'properties.v must be an array of 2 rows, one per transaction_id.',
    });
  });

  it('a batch feeds every charge of a metric exactly as its events do', () => {
    fc.assert(
      fc.property(
        history,
        fc.constantFrom('count_agg', 'sum_agg', 'unique_count_agg'),
        (events, type) => {
          const charges = [
            { filters: [{ region: ['eu'] }, { region: ['us'] }] },
            { grouped_by: ['tier'] },
            { filters: [{ region: ['eu', 'us'], tier: ['pro'] }], grouped_by: ['u'] },
          ];
          const m = metricOf(type, false);
          const objects = aggregateCharges(m, events as UsageEvent[], charges, MARCH);
          const columns = aggregateCharges(m, batchOf(events), charges, MARCH);
          expect(plain(columns)).toEqual(plain(objects));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an accumulator fed objects, then a batch, equals one fed the objects twice over', () => {
    fc.assert(
      fc.property(history, history, (first, second) => {
        const m = metricOf('sum_agg', false);
        const mixed = createAccumulator(m, MARCH);
        const objects = createAccumulator(m, MARCH);
        if (mixed._tag === 'Left' || objects._tag === 'Left') throw new Error('accumulator');
        mixed.right.addAll(first as UsageEvent[]);
        mixed.right.addAll(batchOf(second));
        objects.right.addAll(first as UsageEvent[]);
        objects.right.addAll(second as UsageEvent[]);
        expect(plain(mixed.right.result())).toEqual(plain(objects.right.result()));
      }),
      { numRuns: 200 },
    );
  });

  it('sums by hand: scaled values, a value beyond 2^53, duplicates and junk, as rows', () => {
    // 1.5 + 2.25 + 9007199254740993 (exact: beyond a double) = 9007199254740996.75; the repeat
    // of "a" and the "x" value are rejected, the April event is outside March.
    const events = handSummed();
    const result = run(metric('sum_agg'), [] as UsageEvent[]);
    expect(result.aggregation).toBe('0');
    const columns = aggregate(metric('sum_agg'), batchOf(events), MARCH);
    if (columns._tag === 'Left') throw new Error(columns.left.message);
    expect(columns.right.aggregation).toBe('9007199254740996.75');
    expect(columns.right.count).toBe(3);
    expect(columns.right.outside_period).toBe(1);
    expect(columns.right.rejected.map((r) => [r.index, r.transaction_id, r.reason])).toEqual([
      [3, 'a', 'duplicate_transaction_id'],
      [4, 'd', 'invalid_value'],
    ]);
  });

  it('a metric compiled without the kernel (a preview’s) reads a batch row by row: the same figures', () => {
    // The events of the test above: 1.5 + 2.25 + 9007199254740993 = 9007199254740996.75, the
    // repeat of "a" and the "x" value rejected, the April event outside March.
    const events = handSummed();
    const language = { kinds: { sum_agg: sumKind }, expression: undefined };
    const figures = (columnar: boolean) => {
      const m = metric('sum_agg');
      const compiled = compileMetricIn(columnar ? FULL_METRIC_LANGUAGE : language, m, ['m']);
      if (compiled._tag === 'Left') throw new Error(compiled.left.message);
      // Only the full language carries the kernel: a preview's bundle does not hold it.
      expect(compiled.right.columnar).toBe(columnar ? addBatchColumnar : undefined);
      const start = prepareCompiledChargesAccumulator(m, compiled.right, [{}], MARCH);
      if (start._tag === 'Left') throw new Error(start.left.message);
      const pass = start.right();
      pass.addAll(batchOf(events));
      return plain(pass.result().charges[0]?.default);
    };
    const rows = figures(false);
    expect(rows).toMatchObject({
      aggregation: '9007199254740996.75',
      count: 3,
      outside_period: 1,
      rejected: [
        { index: 3, transaction_id: 'a', reason: 'duplicate_transaction_id' },
        { index: 4, transaction_id: 'd', reason: 'invalid_value' },
      ],
    });
    expect(rows).toEqual(figures(true));
  });

  it('a unique count settles ties on the timestamp by stream order, as events do', () => {
    // "a" is added then removed at the same instant (the remove is later in the stream: "a"
    // is not active); "b" is added once. 1 unique value.
    const at = '2025-03-02T00:00:00Z';
    const events = [
      event(at, { u: 'a' }, 'e1'),
      event(at, { u: 'a', operation_type: 'remove' }, 'e2'),
      event(at, { u: 'b' }, 'e3'),
    ];
    const m = metric('unique_count_agg', { field_name: 'u' });
    const columns = aggregate(m, batchOf(events), MARCH);
    if (columns._tag === 'Left') throw new Error(columns.left.message);
    expect(columns.right.aggregation).toBe('1');
    expect(plain(columns.right)).toEqual(plain(run(m, events)));
  });

  it('refuses what is not an iterable of events', () => {
    expect(eventBatch(42 as unknown as UsageEvent[])._tag).toBe('Left');
  });
});
