/**
 * The hand-written DuckDB SQL of the pushdown benchmark: the figures the 10-charge plan
 * ({@link PUSHDOWN_PLAN}) is priced from, written as a user who knows the events would write
 * them, over the Parquet file's typed columns: per metric, one query that drops repeated
 * transaction ids and sums (counts, takes the maximum of, counts the active users of) the
 * period's values per filter bucket and group, for one subscription or for every one.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import Big from 'big.js';

/** November 2026, as the plan's charges period at `NOW` (UTC). */
const PERIOD = `"timestamp" BETWEEN TIMESTAMP '2026-11-01 00:00:00' AND TIMESTAMP '2026-11-30 23:59:59'`;

/** The period's rows of one metric, each transaction id once per subscription. */
function rows(file: string, code: string, subscription: string | undefined): string {
  const own = subscription === undefined ? '' : ` AND external_subscription_id = '${subscription}'`;
  return `(SELECT * FROM read_parquet('${file}') WHERE code = '${code}'${own} AND ${PERIOD}
    QUALIFY row_number() OVER (PARTITION BY external_subscription_id, transaction_id) = 1)`;
}

/** The queries of every metric; `by` groups per subscription (all subscriptions) or not. */
export function peerQueries(file: string, subscription: string | undefined): string[] {
  const by = subscription === undefined ? 'external_subscription_id, ' : '';
  return [
    `SELECT ${by}"properties.region", sum("properties.calls") FROM ${rows(file, 'api_calls', subscription)} GROUP BY ALL`,
    `SELECT ${by}"properties.region", "properties.tier", sum("properties.hours") FROM ${rows(file, 'compute', subscription)} GROUP BY ALL`,
    `SELECT ${by}"properties.region", max("properties.gb") FROM ${rows(file, 'storage', subscription)} GROUP BY ALL`,
    `SELECT ${by}count(*) FILTER (WHERE last = 'add') FROM (SELECT ${by}"properties.user",
       arg_max("properties.operation_type", "timestamp") AS last FROM ${rows(file, 'seats', subscription)} GROUP BY ALL) GROUP BY ALL`,
    `SELECT ${by}"properties.channel", count(*) FROM ${rows(file, 'messages', subscription)} GROUP BY ALL`,
  ];
}

/** Runs the queries; answers their rows as text (what a caller prices from). */
export async function runPeer(
  connection: DuckDBConnection,
  queries: readonly string[],
): Promise<string[][][]> {
  const answers: string[][][] = [];
  for (const sql of queries) {
    const reader = await connection.runAndReadAll(sql);
    answers.push(reader.getRows().map((row) => row.map((cell) => String(cell))));
  }
  return answers;
}

/**
 * The units of each metric's charges for one subscription, from the peer's answers (by metric
 * code: the total of a sum or count, the maximum and the sum of the per-region maxima of
 * storage, the active seats), as exact decimal text (big.js); the benchmark checks them
 * against feecast's.
 */
export function peerUnits(
  answers: readonly (readonly (readonly string[])[])[],
): Record<string, string[]> {
  const last = (row: readonly string[]) => new Big(row.at(-1) ?? '0');
  const total = (rows: readonly (readonly string[])[] | undefined) =>
    (rows ?? []).reduce((sum, row) => sum.plus(last(row)), new Big(0)).toFixed();
  const [calls, hours, gb, seats, messages] = answers;
  const max = (gb ?? []).reduce((top, row) => (last(row).gt(top) ? last(row) : top), new Big(0));
  return {
    api_calls: [total(calls)],
    compute: [total(hours)],
    storage: [max.toFixed(), total(gb)],
    seats: [total(seats)],
    messages: [total(messages)],
  };
}
