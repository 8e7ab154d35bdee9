/**
 * The events of the pushdown benchmarks (issue 21 §3): a history of `n` usage events of 1,000
 * subscriptions over September to November 2026 (unsorted, one in a thousand sent twice, as a
 * retry sends it), made by DuckDB from a seeded hash of each event's index, written twice:
 *
 * - a Parquet file with typed columns (a `TIMESTAMP`, `DECIMAL(18, 4)` values, one
 *   `properties.<name>` column per property): what DuckDB reads in place;
 * - an NDJSON file of the same events (timestamps alternately ISO 8601 and unix seconds, values
 *   as decimal text): what in-process pricing reads.
 *
 * Five billable metrics and a 10-charge plan with filters and groups price them
 * ({@link PUSHDOWN_PLAN}).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/** 1 September 2026, 00:00 UTC, in unix seconds, and the 91 days to 1 December. */
const SEPTEMBER_1 = 1_788_220_800;
const SPAN_SECONDS = 91 * 86_400;

/** The subscriptions: `sub_0000` to `sub_0999`; event `i` is subscription `i mod 1000`'s. */
export const SUBSCRIPTIONS = 1_000;

/** The instant the benchmark prices at: its charges period is November 2026. */
export const NOW = '2026-11-15T00:00:00Z';

export const METRICS = [
  { code: 'api_calls', name: 'API calls', aggregation_type: 'sum_agg', field_name: 'calls' },
  {
    code: 'compute',
    name: 'Compute hours',
    aggregation_type: 'sum_agg',
    field_name: 'hours',
    filters: [
      { key: 'region', values: ['eu', 'us', 'asia'] },
      { key: 'tier', values: ['gold', 'silver'] },
    ],
  },
  { code: 'storage', name: 'Storage', aggregation_type: 'max_agg', field_name: 'gb' },
  { code: 'seats', name: 'Seats', aggregation_type: 'unique_count_agg', field_name: 'user' },
  {
    code: 'messages',
    name: 'Messages',
    aggregation_type: 'count_agg',
    filters: [{ key: 'channel', values: ['sms', 'email', 'push'] }],
  },
] as const;

const filter = (values: Record<string, string[]>, amount: string) => ({
  values,
  properties: { amount },
});

/** Ten charges on the five metrics: standard, graduated, package and volume, with filters and groups. */
export const PUSHDOWN_PLAN = {
  code: 'scale',
  interval: 'monthly',
  amount_cents: 0,
  amount_currency: 'EUR',
  charges: [
    {
      billable_metric_code: 'api_calls',
      charge_model: 'standard',
      properties: { amount: '0.001', pricing_group_keys: ['region'] },
    },
    {
      billable_metric_code: 'api_calls',
      charge_model: 'graduated',
      properties: {
        graduated_ranges: [
          { from_value: 0, to_value: 10_000, per_unit_amount: '0', flat_amount: '0' },
          { from_value: 10_001, to_value: null, per_unit_amount: '0.0005', flat_amount: '1' },
        ],
      },
    },
    {
      billable_metric_code: 'compute',
      charge_model: 'standard',
      properties: { amount: '0.15' },
      filters: [
        filter({ region: ['eu'] }, '0.12'),
        filter({ region: ['us'] }, '0.10'),
        filter({ region: ['eu'], tier: ['gold'] }, '0.20'),
      ],
    },
    {
      billable_metric_code: 'compute',
      charge_model: 'standard',
      properties: { amount: '0.01', pricing_group_keys: ['region', 'tier'] },
    },
    {
      billable_metric_code: 'storage',
      charge_model: 'volume',
      properties: {
        volume_ranges: [
          { from_value: 0, to_value: 100, per_unit_amount: '0.5', flat_amount: '0' },
          { from_value: 101, to_value: null, per_unit_amount: '0.25', flat_amount: '0' },
        ],
      },
    },
    {
      billable_metric_code: 'storage',
      charge_model: 'standard',
      properties: { amount: '0.02', pricing_group_keys: ['region'] },
    },
    { billable_metric_code: 'seats', charge_model: 'standard', properties: { amount: '5' } },
    {
      billable_metric_code: 'messages',
      charge_model: 'package',
      properties: { amount: '2', free_units: 100, package_size: 1_000 },
    },
    {
      billable_metric_code: 'messages',
      charge_model: 'standard',
      properties: { amount: '0.001' },
      filters: [filter({ channel: ['sms'] }, '0.05'), filter({ channel: ['email'] }, '0.0002')],
    },
    {
      billable_metric_code: 'messages',
      charge_model: 'graduated',
      properties: {
        graduated_ranges: [
          { from_value: 0, to_value: 500, per_unit_amount: '0', flat_amount: '0' },
          { from_value: 501, to_value: null, per_unit_amount: '0.0001', flat_amount: '0' },
        ],
      },
    },
  ],
} as const;

/** The usage input of subscription `s` (no events yet). */
export function usageContext(s: number) {
  const id = `sub_${String(s).padStart(4, '0')}`;
  return {
    customer: { external_id: `cust_${id}` },
    subscription: { external_id: id, started_at: '2026-01-01T00:00:00Z' },
    plan: PUSHDOWN_PLAN,
    billableMetrics: METRICS,
    now: NOW,
  };
}

/** The files of one generated history. */
export interface PushdownFiles {
  readonly parquet: string;
  readonly ndjson: string;
  /**
   * With `clickhouse`: the rows of the ClickHouse events table (`clickhouseEventsTable`) as
   * `JSONEachRow`, for an `INSERT ... FORMAT JSONEachRow` (the server parses them).
   */
  readonly clickhouse?: string;
  /** Events written (with the repeats). */
  readonly events: number;
  remove(): void;
}

/** Writes `n` generated events (and their repeats) as Parquet and as NDJSON (and ClickHouse rows). */
export async function pushdownFiles(
  n: number,
  { clickhouse = false } = {},
): Promise<PushdownFiles> {
  const dir = mkdtempSync(join(tmpdir(), 'feecast-pushdown-'));
  const parquet = join(dir, 'events.parquet');
  const ndjson = join(dir, 'events.ndjson');
  const rowsFile = join(dir, 'clickhouse.ndjson');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const pick = (list: string, salt: number, size: number) =>
    `${list}[1 + CAST(hash(i * ${salt}) % ${size} AS INTEGER)]`;
  try {
    await connection.run(`CREATE TABLE generated AS
      WITH base AS (
        SELECT i, 'sub_' || lpad(CAST(i % ${SUBSCRIPTIONS} AS VARCHAR), 4, '0') AS subscription,
          to_timestamp(${SEPTEMBER_1} + CAST(hash(i * 3 + 1) % ${SPAN_SECONDS} AS BIGINT)) AS ts
        FROM range(${n}) r(i))
      SELECT i, 'tr_' || CAST(i AS VARCHAR) AS transaction_id, subscription,
        ${pick("['api_calls','compute','storage','seats','messages']", 1, 5)} AS code, ts,
        CAST(CAST(hash(i * 5 + 2) % 100000 AS DECIMAL(18, 4)) / 100 AS DECIMAL(18, 4)) AS amount,
        ${pick("['eu','us','asia']", 7, 3)} AS region,
        ${pick("['gold','silver']", 11, 2)} AS tier,
        'u' || CAST(hash(i * 13 + 5) % 200 AS VARCHAR) AS user_id,
        CASE WHEN hash(i * 17 + 6) % 10 = 0 THEN 'remove' ELSE 'add' END AS operation,
        ${pick("['sms','email','push']", 19, 3)} AS channel
      FROM base`);
    // One in a thousand sent twice; the files' order is a hash of the index (unsorted).
    await connection.run(`CREATE TABLE ordered AS SELECT * FROM (SELECT * FROM generated
      UNION ALL SELECT * FROM generated WHERE i % 1000 = 7) ORDER BY hash(i + 99), i`);
    await connection.run('DROP TABLE generated');
    const rows = 'ordered';
    const when = (codes: string, column: string) =>
      `CASE WHEN code IN (${codes}) THEN ${column} END`;
    await connection.run(`COPY (SELECT transaction_id, subscription AS external_subscription_id,
        code, CAST(ts AS TIMESTAMP) AS timestamp,
        ${when("'api_calls'", 'amount')} AS "properties.calls",
        ${when("'compute'", 'amount')} AS "properties.hours",
        ${when("'storage'", 'amount')} AS "properties.gb",
        ${when("'api_calls', 'compute', 'storage'", 'region')} AS "properties.region",
        ${when("'compute'", 'tier')} AS "properties.tier",
        ${when("'seats'", 'user_id')} AS "properties.user",
        ${when("'seats'", 'operation')} AS "properties.operation_type",
        ${when("'messages'", 'channel')} AS "properties.channel"
      FROM ${rows}) TO '${parquet}' (FORMAT PARQUET)`);
    // The events as JSON: timestamps alternately ISO 8601 and unix seconds, values as text.
    await connection.run(`CREATE VIEW wire AS SELECT i, transaction_id, subscription, code, ts,
        CASE WHEN i % 2 = 0 THEN to_json(strftime(ts, '%Y-%m-%dT%H:%M:%SZ'))
          ELSE to_json(CAST(epoch(ts) AS BIGINT)) END AS timestamp,
        CASE code
          WHEN 'api_calls' THEN json_object('calls', CAST(amount AS VARCHAR), 'region', region)
          WHEN 'compute' THEN json_object('hours', CAST(amount AS VARCHAR), 'region', region, 'tier', tier)
          WHEN 'storage' THEN json_object('gb', CAST(amount AS VARCHAR), 'region', region)
          WHEN 'seats' THEN json_object('user', user_id, 'operation_type', operation)
          ELSE json_object('channel', channel) END AS properties
      FROM ${rows}`);
    await connection.run(`COPY (SELECT transaction_id, subscription AS external_subscription_id,
        code, timestamp, properties FROM wire) TO '${ndjson}' (FORMAT JSON)`);
    if (clickhouse) {
      await connection.run(`COPY (SELECT subscription AS external_subscription_id,
          NULL AS external_customer_id, code, transaction_id,
          strftime(ts, '%Y-%m-%d %H:%M:%S') AS timestamp, CAST(epoch_ms(ts) AS BIGINT) AS timestamp_ms,
          CAST(timestamp AS VARCHAR) AS timestamp_json, CAST(properties AS VARCHAR) AS properties,
          NULL AS precise_total_amount_cents FROM wire) TO '${rowsFile}' (FORMAT JSON)`);
    }
    const reader = await connection.runAndReadAll(
      `SELECT count(*) FROM read_parquet('${parquet}')`,
    );
    const events = Number(reader.getRows()[0]?.[0] ?? 0);
    return {
      parquet,
      ndjson,
      ...(clickhouse ? { clickhouse: rowsFile } : {}),
      events,
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
