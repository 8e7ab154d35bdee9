/**
 * One subscription's rows of a Parquet file, read once for all of a plan's metrics: a
 * one-subscription usage aggregates several metrics, each by one query; over the file each
 * query would scan all of it. The rows of the subscription (and those naming none) of the
 * plan's codes are copied, in the file's row order, into a table of an in-memory database,
 * which each metric's query (and any streamed metric) then reads: one scan of the file. Given
 * a period, only its rows are copied (see `RowSource.periodRows`: a condition on the file's
 * timestamp column that DuckDB prunes row groups on).
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { openDuckdb } from '../duckdb-instance';
import type { DuckdbAggregatesTarget } from './duckdb-aggregates';
import { describeColumns, eventsTarget, parquetRelation } from './duckdb-aggregates';
import { duckdbRowSource } from './duckdb-source';

/** The rows a usage's metrics read: those before `endMs`, and from `fromMs` when given. */
export interface StagedPeriod {
  readonly fromMs: number | undefined;
  readonly endMs: number;
}

/** The staged rows: a table of an open connection, closed by `close`. */
export interface StagedRows {
  readonly target: { readonly connection: DuckDBConnection; readonly table: string };
  close(): void;
}

const TABLE = 'feecast_staged_rows';

/**
 * Stages `subscription`'s rows of `codes` when `target` is a Parquet file; `undefined` for any
 * other target, or when the file cannot be staged (its metrics then read it themselves, and
 * say why it cannot be read).
 */
export async function stagedRows(
  target: DuckdbAggregatesTarget,
  codes: readonly string[],
  subscription: string,
  period?: StagedPeriod,
): Promise<StagedRows | undefined> {
  // A file on the caller's connection is staged in an instance of its own, as any file is
  // (the caller's database is not written to).
  const file = eventsTarget(target);
  if (!('file' in file) || codes.length === 0) return undefined;
  const relation = parquetRelation(file);
  if (typeof relation === 'string') return undefined;
  let instance: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  const close = () => {
    connection?.closeSync();
    instance?.closeSync();
  };
  try {
    ({ instance, connection } = await openDuckdb(':memory:', false, file));
    const text = (s: string) => `'${s.replaceAll("'", "''")}'`;
    const sub = 'CAST(external_subscription_id AS VARCHAR)';
    const where = [
      `CAST(code AS VARCHAR) IN (${codes.map(text).join(', ')})`,
      `(${sub} IS NULL OR ${sub} = ${text(subscription)})`,
    ];
    if (period !== undefined) {
      const columns = await describeColumns(connection, relation.from);
      const source = duckdbRowSource(relation.from, relation.order, columns);
      const rows =
        typeof source === 'string' ? undefined : source.periodRows?.(period.fromMs, period.endMs);
      if (rows !== undefined) where.push(rows);
    }
    // Ordered by the file's row order: the table's `rowid` is then the file's read order.
    await connection.run(
      `CREATE TABLE ${TABLE} AS SELECT * EXCLUDE (file_row_number) FROM ${relation.from} WHERE ${where.join(' AND ')} ORDER BY file_row_number`,
    );
    return { target: { connection, table: TABLE }, close };
  } catch {
    close();
    return undefined;
  }
}
