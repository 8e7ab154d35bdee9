// The period filter of a usage's scan: the database reads only the period's rows (and, for a
// metric that reads its history, those before it), pruned on the timestamp column in both of
// its forms (ISO 8601 text, unix seconds as text). Events outside the period in the same table
// do not change the figures, and are not read: the query's own count of the rows it read
// outside the period (`outside_period`) holds only those within a day of it.
import type { UsageEvent } from '@feecast/engine';
import type { UsageEvent as WireEvent } from '@feecast/models';
import { type AggregatesSpec, loadClickhouseEvents } from '@feecast/sources';
import { describe, expect, it } from 'vitest';
import { clickhouseAggregatesWith } from '../../src/pushdown/clickhouse-aggregates';
import { duckdbAggregatesWith } from '../../src/pushdown/duckdb-aggregates';
import type { Aggregates } from '../../src/pushdown/run';
import { describeClickhouse, freshTable } from '../clickhouse-server';
import { duckdbDatabase } from '../duckdb-database';
import { sqlValues } from './duckdb-tables';
import { inProcessState } from './in-process';

const MARCH = { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' };

const event = (id: string, at: string | number, gb: string): UsageEvent =>
  ({
    transaction_id: id,
    external_subscription_id: 'sub_1',
    code: 'storage',
    timestamp: at,
    properties: { gb },
  }) as UsageEvent;

/** Unix seconds of an ISO instant, as the text a file holds. */
const unix = (iso: string) => String(Date.parse(iso) / 1000);

const INSIDE = [
  event('in1', '2025-03-02T10:00:00Z', '1.5'),
  event('in2', unix('2025-03-15T00:00:00Z'), '2'),
  // 1 March 00:30 UTC, written an hour behind: in the period, its text on 28 February.
  event('in3', '2025-02-28T23:30:00-01:00', '0.25'),
  event('in4', '2025-03-31T23:59:59Z', '10'),
];
/** Within a day of the period, outside it: read (the pruning is by whole days), not counted. */
const NEAR = [
  // 28 February 23:00 UTC, written two hours ahead: its text on 1 March.
  event('near1', '2025-03-01T01:00:00+02:00', '100'),
  event('near2', unix('2025-04-01T00:00:00Z'), '100'),
];
/** Far from the period, before and after, in both forms: never read. */
const FAR = Array.from({ length: 300 }, (_, i) =>
  i % 2 === 0
    ? event(`before${i}`, `2024-0${1 + (i % 9)}-10T00:00:00Z`, '1000')
    : event(`after${i}`, unix(`2025-0${5 + (i % 5)}-10T00:00:00Z`), '1000'),
);
const EVENTS = [...FAR.slice(0, 150), ...INSIDE, ...NEAR, ...FAR.slice(150)];

const metric = (recurring: boolean) => ({
  code: 'storage',
  aggregation_type: 'sum_agg',
  field_name: 'gb',
  recurring,
});
const spec = (recurring: boolean): AggregatesSpec => ({
  metric: metric(recurring),
  charges: [{}],
  options: MARCH,
  subscription: 'sub_1',
});

const rows = (events: readonly UsageEvent[]) =>
  sqlValues(events, { subscription: 'sub_1', code: 'storage' });

/** The one state of a run, without its count of rows outside the period. */
function figures(result: { _tag: 'Left' } | { _tag: 'Right'; right: Aggregates }) {
  if (result._tag === 'Left') throw new Error('the run failed');
  const [own] = result.right.states;
  return { ...own?.state, outside_period: undefined };
}
const outside = (result: { _tag: 'Left' } | { _tag: 'Right'; right: Aggregates }) =>
  result._tag === 'Right' ? result.right.states[0]?.state.outside_period : undefined;

/**
 * The expectations of both engines: the figures of the in-process state, and of the 302 rows
 * outside the period only `near` read (DuckDB prunes text by whole days: both near rows;
 * ClickHouse by seconds: none). A plain sum: 1.5 + 2 + 0.25 + 10 = 13.75. A recurring sum also
 * reads the rows before the period (150 × 1000 and the 100 of 28 February 23:00), which are
 * not outside: of the rows after it, `nearAfter` read.
 */
async function check(
  near: number,
  nearAfter: number,
  run: (
    spec: AggregatesSpec,
    options: { periodRowsOnly?: boolean },
  ) => Promise<{ _tag: 'Left' } | { _tag: 'Right'; right: Aggregates }>,
): Promise<void> {
  const plain = spec(false);
  const pruned = await run(plain, { periodRowsOnly: true });
  const whole = await run(plain, {});
  expect(figures(pruned)).toEqual({
    ...inProcessState(plain, EVENTS, 'sub_1'),
    outside_period: undefined,
  });
  expect(figures(pruned)).toEqual(figures(whole));
  expect(figures(pruned).charges?.[0]?.default.groups[0]?.state).toEqual({
    count: 4,
    sum: '13.75',
    sum_before_period: '0',
  });
  expect([outside(pruned), outside(whole)]).toEqual([near, 302]);

  const recurring = spec(true);
  const history = await run(recurring, { periodRowsOnly: true });
  expect(figures(history)).toEqual({
    ...inProcessState(recurring, EVENTS, 'sub_1'),
    outside_period: undefined,
  });
  // 150 × 1000 + 100 (28 February) before the period; its 155 events counted in all.
  expect(figures(history).charges?.[0]?.default.groups[0]?.state).toEqual({
    count: 155,
    sum: '13.75',
    sum_before_period: '150100',
  });
  expect(outside(history)).toBe(nearAfter);
}

describe('duckdbAggregates for a usage: only the period’s rows', () => {
  it('reads a text timestamp column (ISO and unix seconds) pruned to the period', async () => {
    const database = await duckdbDatabase('period-rows.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
      `INSERT INTO events VALUES ${rows(EVENTS)}`,
    ]);
    await check(2, 1, (s, options) =>
      duckdbAggregatesWith({ database, table: 'events' }, s, options),
    );
  });

  it('reads a TIMESTAMP column pruned to the period itself', async () => {
    // The same instants as TIMESTAMP values (UTC): compared to the period's own bounds, so
    // neither near row (28 February 23:00, 1 April 00:00) is read.
    const at = (e: UsageEvent) => {
      const text = String(e.timestamp);
      const ms = /^[0-9]+$/.test(text) ? Number(text) * 1000 : Date.parse(text);
      return `TIMESTAMP '${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')}'`;
    };
    const values = EVENTS.map(
      (e) =>
        `('${e.transaction_id}', 'sub_1', 'storage', ${at(e)}, '${JSON.stringify(e.properties)}')`,
    );
    const database = await duckdbDatabase('period-rows-typed.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp TIMESTAMP, properties VARCHAR)',
      `INSERT INTO events VALUES ${values.join(', ')}`,
    ]);
    await check(0, 0, (s, options) =>
      duckdbAggregatesWith({ database, table: 'events' }, s, options),
    );
  });
});

describeClickhouse('clickhouseAggregates for a usage: only the period’s rows', (server) => {
  it('reads the partitions and granules of the period', async () => {
    const target = { url: server, table: freshTable('period_rows') };
    const loaded = await loadClickhouseEvents(target, EVENTS as unknown as readonly WireEvent[]);
    expect(loaded).toEqual({ _tag: 'Right', right: EVENTS.length });
    await check(0, 0, (s, options) => clickhouseAggregatesWith(target, s, options));
  });
});
