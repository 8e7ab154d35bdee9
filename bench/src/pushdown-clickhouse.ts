/**
 * The ClickHouse side of the pushdown benchmark: the generated events loaded into the events
 * table (`clickhouseEventsTable`) by the server itself (an `INSERT ... FORMAT JSONEachRow` of
 * the rows file `pushdownFiles` writes), and the hand-written ClickHouse SQL for the sums the
 * 10-charge plan is priced from: per metric, each transaction id once per subscription
 * (`LIMIT 1 BY`), the period's values read from the JSON properties with `visitParamExtract*`,
 * summed as `Decimal128`.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { clickhouseEventsTable } from '@feecast/sources';

/**
 * Runs `sql` on the server; answers its `TabSeparated` rows. A query without a body is sent
 * again once when the connection was closed under it (ClickHouse closes idle keep-alive
 * connections after a few seconds, and fetch may reuse one).
 */
export async function clickhouseRun(url: string, sql: string, body?: string): Promise<string[][]> {
  try {
    return await send(url, sql, body);
  } catch (error) {
    if (body !== undefined || !(error instanceof TypeError)) throw error;
    return await send(url, sql, body);
  }
}

async function send(url: string, sql: string, body: string | undefined): Promise<string[][]> {
  const response = await fetch(`${url}/?query=${encodeURIComponent(sql)}`, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : {
          body: Readable.toWeb(createReadStream(body)) as ReadableStream,
          duplex: 'half',
        }),
  } as RequestInit);
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse refused ${sql.slice(0, 200)}: ${text}`);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** Creates `table` and loads the rows file into it (the server parses the rows). */
export async function loadClickhouse(url: string, table: string, rows: string): Promise<number> {
  await clickhouseRun(url, `DROP TABLE IF EXISTS ${table}`);
  await clickhouseRun(url, clickhouseEventsTable(table));
  await clickhouseRun(url, `INSERT INTO ${table} FORMAT JSONEachRow`, rows);
  const [[count] = []] = await clickhouseRun(url, `SELECT count() FROM ${table}`);
  return Number(count);
}

const PERIOD =
  "timestamp >= toDateTime('2026-11-01 00:00:00', 'UTC') AND timestamp <= toDateTime('2026-11-30 23:59:59', 'UTC')";

/** The hand-written queries of every metric, for one subscription or (grouped) for every one. */
export function clickhouseQueries(table: string, subscription: string | undefined): string[] {
  const by = subscription === undefined ? 'external_subscription_id, ' : '';
  const own = subscription === undefined ? '' : ` AND external_subscription_id = '${subscription}'`;
  const rows = (code: string, columns: string) =>
    `(SELECT external_subscription_id, timestamp, ${columns} FROM ${table}
      WHERE code = '${code}'${own} AND ${PERIOD} LIMIT 1 BY external_subscription_id, transaction_id)`;
  const text = (name: string) => `visitParamExtractString(properties, '${name}')`;
  const decimal = (name: string) => `toDecimal128(${text(name)}, 4)`;
  return [
    `SELECT ${by}region, sum(v) FROM ${rows('api_calls', `${text('region')} AS region, ${decimal('calls')} AS v`)} GROUP BY ${by}region`,
    `SELECT ${by}region, tier, sum(v) FROM ${rows('compute', `${text('region')} AS region, ${text('tier')} AS tier, ${decimal('hours')} AS v`)} GROUP BY ${by}region, tier`,
    `SELECT ${by}region, max(v) FROM ${rows('storage', `${text('region')} AS region, ${decimal('gb')} AS v`)} GROUP BY ${by}region`,
    `SELECT ${by}countIf(last = 'add') FROM (SELECT ${by}user, argMax(op, timestamp) AS last FROM ${rows('seats', `${text('user')} AS user, ${text('operation_type')} AS op`)} GROUP BY ${by}user)${subscription === undefined ? ' GROUP BY external_subscription_id' : ''}`,
    `SELECT ${by}channel, count() FROM ${rows('messages', `${text('channel')} AS channel`)} GROUP BY ${by}channel`,
  ];
}
