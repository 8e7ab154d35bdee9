/**
 * The ClickHouse table of usage events, laid out as the reference system stores its events
 * (subscription, code, timestamp, transaction id, properties as JSON text) with typed columns
 * for the queries that filter and sort: its DDL lives here and only here. It runs on
 * ClickHouse 18.16 (Debian's package) and on current releases, and the same columns serve a
 * `Distributed` table over it.
 *
 * | column | type | holds |
 * | --- | --- | --- |
 * | `external_subscription_id` | `Nullable(String)` | the subscription; `NULL` when the event names none |
 * | `external_customer_id` | `Nullable(String)` | the customer; `NULL` when none |
 * | `code` | `String` | the billable metric's code |
 * | `transaction_id` | `String` | the event's id (unique per subscription) |
 * | `timestamp` | `DateTime('UTC')` | when it happened, whole seconds (partitions and sorting) |
 * | `timestamp_ms` | `Int64` | when it happened, unix milliseconds (period filters) |
 * | `timestamp_json` | `String` | the timestamp as the event wrote it, as JSON (`"2026-11-01T10:00:00Z"` or `1793527200.5`) |
 * | `properties` | `String` | the properties as JSON text (`visitParamExtract*` reads flat ones); `''` when the event has none |
 * | `precise_total_amount_cents` | `Nullable(String)` | the dynamic charge model's amount, exact decimal text |
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { eventTimeMs } from '@feecast/engine/internal';
import type { UsageEvent } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';

/** A row of the events table, as `JSONEachRow` writes it. */
export interface ClickhouseEventRow {
  readonly external_subscription_id: string | null;
  readonly external_customer_id: string | null;
  readonly code: string;
  readonly transaction_id: string;
  /** Unix seconds (a `DateTime` column). */
  readonly timestamp: number;
  readonly timestamp_ms: number;
  readonly timestamp_json: string;
  readonly properties: string;
  readonly precise_total_amount_cents: string | null;
}

/** The columns of the events table and their types, in order. */
export const CLICKHOUSE_EVENT_COLUMNS: readonly (readonly [keyof ClickhouseEventRow, string])[] = [
  ['external_subscription_id', 'Nullable(String)'],
  ['external_customer_id', 'Nullable(String)'],
  ['code', 'String'],
  ['transaction_id', 'String'],
  ['timestamp', "DateTime('UTC')"],
  ['timestamp_ms', 'Int64'],
  ['timestamp_json', 'String'],
  ['properties', 'String'],
  ['precise_total_amount_cents', 'Nullable(String)'],
];

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A table's name (`events`, or `database.events`) quoted for ClickHouse, or an
 * `invalid_input` error: each part is letters, digits and `_`, not starting with a digit.
 *
 * @example
 * clickhouseTableName('usage.events') // => right('`usage`.`events`')
 */
export function clickhouseTableName(table: string): Either<FeecastError, string> {
  const parts = table.split('.');
  if (parts.length > 2 || !parts.every((part) => NAME.test(part))) {
    return left(
      feecastError(
        'invalid_input',
        `The ClickHouse table ${JSON.stringify(table)} is not a name: give letters, digits and _ (not starting with a digit), as events or database.events.`,
        ['table'],
      ),
    );
  }
  return right(parts.map((part) => `\`${part}\``).join('.'));
}

/**
 * A ClickHouse string literal (quotes and backslashes escaped).
 *
 * @example
 * clickhouseString("it's") // => "'it\\'s'"
 */
export function clickhouseString(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/**
 * The `CREATE TABLE IF NOT EXISTS` statement of the events table `table` (a quoted name, see
 * {@link clickhouseTableName}): a `MergeTree` partitioned by month and sorted by subscription,
 * code, time and transaction id, so that one subscription's events are read without a scan.
 *
 * @example
 * clickhouseEventsTable('`events`').startsWith('CREATE TABLE IF NOT EXISTS `events` (') // => true
 */
export function clickhouseEventsTable(table: string): string {
  const columns = CLICKHOUSE_EVENT_COLUMNS.map(([name, type]) => `  ${name} ${type}`).join(',\n');
  return `CREATE TABLE IF NOT EXISTS ${table} (\n${columns}\n) ENGINE = MergeTree()
PARTITION BY toYYYYMM(timestamp)
ORDER BY (ifNull(external_subscription_id, ''), code, timestamp, transaction_id)`;
}

/**
 * The `CREATE TABLE IF NOT EXISTS` statement of a `Distributed` table `table` over the events
 * table `local` (`database.table`, unquoted parts) on each shard of `cluster`: the same columns,
 * queried with the same SQL.
 *
 * @example
 * const sql = clickhouseDistributedTable('`events_all`', 'feecast_local', 'default', 'events');
 * sql.startsWith('CREATE TABLE IF NOT EXISTS `events_all` (\n  external_subscription_id Nullable(String),') // => true
 * sql.endsWith(') ENGINE = Distributed(feecast_local, default, events, rand())') // => true
 */
export function clickhouseDistributedTable(
  table: string,
  cluster: string,
  database: string,
  local: string,
): string {
  const columns = CLICKHOUSE_EVENT_COLUMNS.map(([name, type]) => `  ${name} ${type}`).join(',\n');
  return `CREATE TABLE IF NOT EXISTS ${table} (\n${columns}\n) ENGINE = Distributed(${cluster}, ${database}, ${local}, rand())`;
}

/** The latest instant a `DateTime` holds: 2106-02-07T06:28:15Z. */
const MAX_DATETIME_SECONDS = 4_294_967_295;

/**
 * The row of the events table that holds `event`, or an `invalid_timestamp` error when its
 * timestamp is not an instant or is past what a `DateTime` holds (2106).
 *
 * @example
 * import { decode, UsageEvent } from '@feecast/models';
 *
 * const event = decode(UsageEvent, { transaction_id: 'tr_1', code: 'api_calls', timestamp: 1793527200.5 });
 * if (event._tag === 'Right') {
 *   clickhouseRow(event.right)
 *   // ~> right({ timestamp: 1793527200, timestamp_ms: 1793527200500, timestamp_json: '1793527200.5', properties: '' })
 * }
 */
export function clickhouseRow(event: UsageEvent): Either<FeecastError, ClickhouseEventRow> {
  const ms = eventTimeMs(event.timestamp);
  if (ms === undefined || Math.floor(ms / 1000) > MAX_DATETIME_SECONDS) {
    return left(
      feecastError(
        'invalid_timestamp',
        `The event ${JSON.stringify(event.transaction_id)} has a timestamp a ClickHouse DateTime cannot hold: ${JSON.stringify(event.timestamp)}.`,
        ['timestamp'],
      ),
    );
  }
  return right({
    external_subscription_id: event.external_subscription_id ?? null,
    external_customer_id: event.external_customer_id ?? null,
    code: event.code,
    transaction_id: event.transaction_id,
    timestamp: Math.floor(ms / 1000),
    timestamp_ms: ms,
    timestamp_json: JSON.stringify(event.timestamp),
    properties: event.properties === undefined ? '' : JSON.stringify(event.properties),
    precise_total_amount_cents: event.precise_total_amount_cents ?? null,
  });
}
