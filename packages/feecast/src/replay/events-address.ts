/**
 * The `--events` of a command that names a database table rather than a file:
 * `duckdb:<database file>#<table>` (DuckDB, embedded) or
 * `clickhouse://[user[:password]@]host[:port]/[database]?table=<table>` (ClickHouse over HTTP;
 * `clickhouses://` for HTTPS). The command reads the subscription's rows once, into a temporary
 * NDJSON file, and replays them as it replays a file.
 */
import type { FeecastError } from '@feecast/engine';
import {
  type ClickhouseTarget,
  clickhouseName,
  clickhouseRows,
  type DuckdbTarget,
  duckdbName,
  duckdbRows,
  parseClickhouseUrl,
  parseDuckdbAddress,
  prepareSyncRows,
  type SyncFile,
} from '@feecast/sources';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';

/** A database table of events, as `--events` names it. */
export type EventsTable =
  | { readonly kind: 'duckdb'; readonly name: string; readonly target: DuckdbTarget }
  | { readonly kind: 'clickhouse'; readonly name: string; readonly target: ClickhouseTarget };

/**
 * The table `--events` names: `right(undefined)` for a file (or `-`), the table for a
 * `duckdb:` or `clickhouse://` address, an `invalid_usage` error for a ClickHouse URL that
 * names no table or host.
 *
 * @example
 * eventsAddress('duckdb:usage.duckdb#events') // right({ kind: 'duckdb', name: 'duckdb:usage.duckdb#events', ... })
 * eventsAddress('events.ndjson') // right(undefined)
 */
export function eventsAddress(text: string): Either<FeecastError, EventsTable | undefined> {
  const duckdb = parseDuckdbAddress(text);
  if (duckdb !== undefined)
    return right({ kind: 'duckdb', name: duckdbName(duckdb), target: duckdb });
  if (!/^clickhouses?:\/\//i.test(text)) return right(undefined);
  const clickhouse = parseClickhouseUrl(text);
  if (isLeft(clickhouse)) return clickhouse;
  return right({
    kind: 'clickhouse',
    name: clickhouseName(clickhouse.right),
    target: clickhouse.right,
  });
}

/**
 * The rows of `table` for `subscription` (all rows without one), filtered in the database,
 * copied to a temporary NDJSON file that `readEventsSync` replays (row `n` on line `n`);
 * `onRows` hears the rows copied so far. A table that cannot be read is a `Left`.
 *
 * @example
 * await prepareDatabaseRows(table, 'sub_1', counter.update) // right({ path, options, dispose })
 */
export function prepareDatabaseRows(
  table: EventsTable,
  subscription: string | undefined,
  onRows?: (rows: number) => void,
): Promise<Either<FeecastError, SyncFile>> {
  const options = {
    ...(subscription === undefined ? {} : { subscription }),
    ...(onRows === undefined ? {} : { onRows }),
  };
  const rows =
    table.kind === 'duckdb'
      ? duckdbRows(table.target, options)
      : clickhouseRows(table.target, options);
  return prepareSyncRows(rows, table.name);
}
