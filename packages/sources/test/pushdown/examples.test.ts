// Worked examples of the pushdown, with figures computed by hand: a DuckDB database file's
// table, typed property columns, exact sums of long decimals, the plan of what falls back (and
// that the fallback gives the in-process state), and the same figures from ClickHouse.
import { DuckDBInstance } from '@duckdb/node-api';
import type { UsageEvent } from '@feecast/engine';
import type { UsageEvent as WireEvent } from '@feecast/models';
import {
  type AggregatesSpec,
  clickhouseAggregates,
  duckdbAggregates,
  loadClickhouseEvents,
  pushdownPlan,
} from '@feecast/sources';
import { describe, expect, it } from 'vitest';
import { tempPath } from '../builders';
import { describeClickhouse, freshTable } from '../clickhouse-server';
import { duckdbDatabase } from '../duckdb-database';
import { inProcessState } from './in-process';

const MARCH = { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' };
const metric = {
  code: 'storage',
  aggregation_type: 'sum_agg',
  field_name: 'gb',
  filters: [{ key: 'region', values: ['eu', 'us'] }],
};
const charges = [{ filters: [{ region: ['eu'] }], grouped_by: ['team'] }, {}];
const spec: AggregatesSpec = { metric, charges, options: MARCH, subscription: 'sub_1' };

const event = (id: string, at: string, properties: Record<string, unknown>, code = 'storage') => ({
  transaction_id: id,
  external_subscription_id: 'sub_1',
  code,
  timestamp: at,
  properties,
});
const EVENTS: UsageEvent[] = [
  event('t1', '2025-03-02T10:00:00Z', { gb: '10.5', region: 'eu', team: 'a' }),
  event('t2', '2025-03-03T10:00:00Z', { gb: '0.25', region: 'eu', team: 'b' }),
  event('t3', '2025-03-04T10:00:00Z', { gb: '100', region: 'us' }),
  // An exponent: DuckDB gives the text back, and it is added in-process (1e2 = 100).
  event('t4', '2025-03-05T10:00:00Z', { gb: '1e2', region: 'eu', team: 'a' }),
  event('t5', '2025-03-06T10:00:00Z', { gb: 'n/a', region: 'eu', team: 'a' }),
  event('t1', '2025-03-07T10:00:00Z', { gb: '999', region: 'eu', team: 'a' }),
  event('t6', '2025-02-20T10:00:00Z', { gb: '7', region: 'eu', team: 'a' }),
  event('t7', '2025-03-08T10:00:00Z', { gb: '5', region: 'eu' }, 'api_calls'),
];
const sum = (count: number, total: string) => ({
  count,
  sum: total,
  sum_before_period: '0',
});
/**
 * By hand: the repeat of t1 is left out (duplicate), t5's "n/a" too (invalid value), t6 is
 * in February (outside), t7 is another metric's. Charge 0, EU by team: a = 10.5 + 100 = 110.5
 * (t1, t4), b = 0.25 (t2); its default bucket: US, 100 (t3). Charge 1, everything:
 * 10.5 + 0.25 + 100 + 100 = 210.75, 4 events.
 */
const EXPECTED = {
  format: 'feecast.aggregation-state.v1',
  aggregation_type: 'sum_agg',
  rejected_counts: { duplicate_transaction_id: 1, invalid_value: 1 },
  outside_period: 1,
  charges: [
    {
      prorated: false,
      filters: [
        {
          groups: [
            { grouped_by: { team: 'a' }, state: sum(2, '110.5') },
            { grouped_by: { team: 'b' }, state: sum(1, '0.25') },
          ],
        },
      ],
      default: { groups: [{ grouped_by: { team: null }, state: sum(1, '100') }] },
    },
    {
      prorated: false,
      filters: [],
      default: { groups: [{ grouped_by: {}, state: sum(4, '210.75') }] },
    },
  ],
};

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const rows = (events: readonly UsageEvent[]) =>
  events
    .map(
      (e) =>
        `(${quote(e.transaction_id)}, 'sub_1', ${quote(e.code)}, ${quote(String(e.timestamp))}, ${quote(JSON.stringify(e.properties))})`,
    )
    .join(', ');

describe('duckdbAggregates, worked examples', () => {
  it('computes the figures by hand from a database file, in SQL', async () => {
    const database = await duckdbDatabase('pushdown-example.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
      `INSERT INTO events VALUES ${rows(EVENTS)}`,
    ]);
    const result = await duckdbAggregates({ database, table: 'events' }, spec);
    expect(result._tag).toBe('Right');
    if (result._tag === 'Left') return;
    expect(result.right.plan).toEqual({
      charges: [
        { charge: 0, pushed: true },
        { charge: 1, pushed: true },
      ],
    });
    expect(result.right.states).toEqual([{ subscription: 'sub_1', state: EXPECTED }]);
    expect(inProcessState(spec, EVENTS, 'sub_1')).toEqual(EXPECTED);
  });

  it('sums long decimals exactly, beyond what a DOUBLE or a DECIMAL(38, 18) holds', async () => {
    const values = [
      '0.1',
      '0.2',
      // 25 decimals: summed in SQL as four 64-bit parts, its fraction in two.
      '0.1234567890123456789012345',
      // 18 integer and 18 fraction digits: summed in SQL, one part each side.
      '123456789012345678.123456789012345678',
      '-0.000000000000000001',
    ];
    const events = values.map((gb, i) =>
      event(`v${i}`, '2025-03-10T00:00:00Z', { gb, region: 'us' }),
    );
    const database = await duckdbDatabase('pushdown-exact.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
      `INSERT INTO events VALUES ${rows(events)}`,
    ]);
    const result = await duckdbAggregates(
      { database, table: 'events' },
      { ...spec, charges: [{}] },
    );
    // 0.1 + 0.2 = 0.3; + 0.1234567890123456789012345 = 0.4234567890123456789012345;
    // + 123456789012345678.123456789012345678 (its fraction 0.1234567890123456780000000)
    // = 123456789012345678.5469135780246913569012345;
    // − 0.000000000000000001 = 123456789012345678.5469135780246913559012345.
    expect(result._tag === 'Right' && result.right.states[0]?.state.charges[0]?.default).toEqual({
      groups: [
        {
          grouped_by: {},
          state: sum(5, '123456789012345678.5469135780246913559012345'),
        },
      ],
    });
  });

  it('reads properties.<name> columns and a TIMESTAMP column: a unique count with removes', async () => {
    const database = await duckdbDatabase('pushdown-columns.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, code VARCHAR, timestamp TIMESTAMP, "properties.seat" VARCHAR, "properties.operation_type" VARCHAR, "properties.floor" BIGINT)',
      `INSERT INTO events VALUES
        ('s1', 'seats', '2025-03-02 09:00:00', 'seat_1', 'add', 3),
        ('s2', 'seats', '2025-03-03 09:00:00', 'seat_2', NULL, 3),
        ('s3', 'seats', '2025-03-05 09:00:00', 'seat_1', 'remove', 4),
        ('s4', 'seats', '2025-03-06 09:00:00', NULL, 'add', 4)`,
    ]);
    const seats: AggregatesSpec = {
      metric: { code: 'seats', aggregation_type: 'unique_count_agg', field_name: 'seat' },
      charges: [{ grouped_by: ['floor'] }],
      options: MARCH,
      subscription: 'sub_1',
    };
    const result = await duckdbAggregates({ database, table: 'events' }, seats);
    expect(result._tag).toBe('Right');
    if (result._tag === 'Left') return;
    expect(result.right.plan.charges).toEqual([{ charge: 0, pushed: true }]);
    const at = (day: number) => Date.UTC(2025, 2, day, 9);
    // Floor 3: seat_1 added (2 March), seat_2 added (3 March). Floor 4: seat_1 removed
    // (5 March), and an event without a seat (the one value null), added (6 March).
    expect(result.right.states[0]?.state.charges[0]?.default.groups).toEqual([
      {
        grouped_by: { floor: '3' },
        state: {
          values: [
            { value: 'seat_1', operation: 'add', at: at(2) },
            { value: 'seat_2', operation: 'add', at: at(3) },
          ],
          values_before_period: [],
        },
      },
      {
        grouped_by: { floor: '4' },
        state: {
          values: [
            { value: null, operation: 'add', at: at(6) },
            { value: 'seat_1', operation: 'remove', at: at(5) },
          ],
          values_before_period: [],
        },
      },
    ]);
  });

  it('plans what falls back, and why; the fallback gives the in-process state', async () => {
    const recurring = { ...metric, recurring: true };
    const mixed: AggregatesSpec = {
      metric: recurring,
      charges: [{ prorated: true }, { per_event: true }, { grouped_by: ['team'] }],
      options: MARCH,
      subscription: 'sub_1',
    };
    const plan = {
      charges: [
        {
          charge: 0,
          pushed: false,
          reason: 'prorated sum: per-day sums need the time zone’s calendar',
        },
        {
          charge: 1,
          pushed: false,
          reason:
            'per_event views: the charge is priced from each event’s value, which only the rows give',
        },
        { charge: 2, pushed: true },
      ],
    };
    expect(pushdownPlan(mixed)).toEqual(plan);
    const file = tempPath('pushdown-mixed.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      await connection.run(
        'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
      );
      await connection.run(`INSERT INTO events VALUES ${rows(EVENTS)}`);
      await connection.run(`COPY events TO ${quote(file)} (FORMAT parquet)`);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    const result = await duckdbAggregates({ file }, mixed);
    expect(result._tag).toBe('Right');
    if (result._tag === 'Left') return;
    expect(result.right.plan).toEqual(plan);
    expect(result.right.states).toEqual([
      { subscription: 'sub_1', state: inProcessState(mixed, EVENTS, 'sub_1') },
    ]);

    const expression = { ...metric, expression: 'event.properties.gb * 2' };
    const computed = await duckdbAggregates({ file }, { ...spec, metric: expression });
    expect(computed._tag === 'Right' && computed.right.plan.reason).toBe(
      'expression not compiled: the metric computes its value with an expression, evaluated in-process',
    );
    expect(computed._tag === 'Right' && computed.right.states).toEqual([
      {
        subscription: 'sub_1',
        state: inProcessState({ ...spec, metric: expression }, EVENTS, 'sub_1'),
      },
    ]);
  });

  it('carries a previous period into recurring sums and unique counts, as in-process', async () => {
    const database = await duckdbDatabase('pushdown-previous.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
      `INSERT INTO events VALUES ${rows(EVENTS)}`,
    ]);
    const previous: AggregatesSpec[] = [
      {
        metric: { ...metric, recurring: true },
        charges: [{}],
        options: { ...MARCH, previous: { value: '5' } },
        subscription: 'sub_1',
      },
      {
        metric: {
          ...metric,
          aggregation_type: 'unique_count_agg',
          field_name: 'team',
          recurring: true,
        },
        // A carried state applies to one ungrouped bucket: no filters, no groups.
        charges: [{}],
        options: { ...MARCH, previous: { active_values: ['z', 'a'] } },
        subscription: 'sub_1',
      },
    ];
    for (const carried of previous) {
      const result = await duckdbAggregates({ database, table: 'events' }, carried);
      expect(result._tag === 'Right' ? result.right.plan : result.left).toEqual({
        charges: [{ charge: 0, pushed: true }],
      });
      expect(result._tag === 'Right' && result.right.states).toEqual([
        { subscription: 'sub_1', state: inProcessState(carried, EVENTS, 'sub_1') },
      ]);
    }
  });

  it('falls back when a row holds a value SQL does not read as the rows are read', async () => {
    // 12345678901234567890123 as a JSON number is the double 1.2345678901234568e+22 once read:
    // SQL would sum its 23 digits, the rows give 12345678901234568000000. The run streams them.
    const database = await duckdbDatabase('pushdown-doubt.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
      `INSERT INTO events VALUES ('d1', 'sub_1', 'storage', '2025-03-02T00:00:00Z', '{"gb": 12345678901234567890123, "region": "us"}'),
        ('d2', 'sub_1', 'storage', '2025-03-02T00:00:00Z', '{"gb": "0.2", "region": "us"}')`,
    ]);
    const result = await duckdbAggregates(
      { database, table: 'events' },
      { ...spec, charges: [{}] },
    );
    expect(result._tag).toBe('Right');
    if (result._tag === 'Left') return;
    expect(result.right.plan.charges).toEqual([
      { charge: 0, pushed: false, reason: expect.stringMatching(/^1 row\(s\) of the metric/) },
    ]);
    expect(result.right.states[0]?.state.charges[0]?.default).toEqual({
      // 12345678901234568000000 + 0.2.
      groups: [{ grouped_by: {}, state: sum(2, '12345678901234568000000.2') }],
    });
  });

  it('reads a CSV file by streaming its rows, and says so', async () => {
    const file = tempPath('pushdown-events.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      file,
      'transaction_id,external_subscription_id,code,timestamp,properties.gb,properties.region\nc1,sub_1,storage,2025-03-02T00:00:00Z,2.5,us\n',
    );
    const result = await duckdbAggregates({ file }, { ...spec, charges: [{}] });
    expect(result._tag === 'Right' && result.right.plan.reason).toMatch(
      /^a CSV file read in place/,
    );
    expect(result._tag === 'Right' && result.right.states[0]?.state.charges[0]?.default).toEqual({
      groups: [{ grouped_by: {}, state: sum(1, '2.5') }],
    });
  });

  it('answers a Left for a bad spec and for a missing table, never a throw', async () => {
    const bad = await duckdbAggregates(
      { file: tempPath('none.parquet') },
      { ...spec, metric: { ...metric, aggregation_type: 'median' } },
    );
    expect(bad._tag === 'Left' && bad.left.path).toEqual(['billable_metric', 'aggregation_type']);
    const missing = await duckdbAggregates({ file: tempPath('none.parquet') }, spec);
    expect(missing._tag === 'Left' && missing.left.code).toBe('unreadable_file');
  });
});

describeClickhouse('clickhouseAggregates, worked examples', (server) => {
  it('computes the same figures by hand, in SQL', async () => {
    // ClickHouse keeps the earliest of repeated transaction ids: the repeat of t1 is later.
    const target = { url: server, table: freshTable('pushdown_example') };
    const loaded = await loadClickhouseEvents(target, EVENTS as unknown as readonly WireEvent[]);
    expect(loaded._tag).toBe('Right');
    const result = await clickhouseAggregates(target, spec);
    expect(result._tag).toBe('Right');
    if (result._tag === 'Left') return;
    expect(result.right.plan.charges.every((c) => c.pushed)).toBe(true);
    expect(result.right.states).toEqual([{ subscription: 'sub_1', state: EXPECTED }]);
  });
});
