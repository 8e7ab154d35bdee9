/**
 * The pushdown on DuckDB (embedded): the states of a metric's charges computed by DuckDB where
 * the events are (a table of a database file, a Parquet file read in place, or a table of an
 * open connection), the charges it cannot compute streamed into the in-process accumulator.
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type DuckdbTarget, duckdbEvents, duckdbName, relationOf } from '../duckdb-events';
import { openDuckdb } from '../duckdb-instance';
import type { AsyncEventSource } from '../event-source';
import { formatFromName } from '../file-format';
import { duckdbDialect } from './dialect';
import { type DuckdbColumn, duckdbRowSource } from './duckdb-source';
import type { RowSource } from './row-source';
import { type Aggregates, type Database, type RunOptions, runAggregates } from './run';
import type { AggregatesSpec } from './spec';

/**
 * What DuckDB aggregates: a target of `duckdbEvents`, a table of an open connection, or a file
 * read in place on an open connection (`{ connection, file }`: the caller's instance, kept
 * across calls, reads it; see docs/pushdown.md).
 */
export type DuckdbAggregatesTarget =
  | DuckdbTarget
  | { readonly connection: DuckDBConnection; readonly table: string }
  | {
      readonly connection: DuckDBConnection;
      readonly file: string;
      readonly format?: NonNullable<Extract<DuckdbTarget, { file: string }>['format']>;
    };

/** The file variant of a `duckdbEvents` target. */
type FileTarget = Extract<DuckdbTarget, { file: string }>;

function failed(name: string, error: unknown): FeecastError {
  const reason = error instanceof Error ? error.message : String(error);
  return feecastError('unreadable_file', `Cannot aggregate ${name}: ${reason}`, undefined, {
    file: name,
  });
}

/**
 * A Parquet file read in place with its row numbers (`file_row_number`, its read order), or
 * why a file of another format has no read order in SQL.
 */
export function parquetRelation(target: FileTarget): { from: string; order: string } | string {
  const format = target.format ?? formatFromName(target.file) ?? 'ndjson';
  if (format !== 'parquet') {
    return `a ${format.toUpperCase()} file read in place has no row order in SQL (the first of repeated transaction ids): its rows are streamed`;
  }
  const from = relationOf(target).from.replace(/\)$/, ', file_row_number = true)');
  return { from, order: 'file_row_number' };
}

/** The relation SQL reads, and its read order, or why its rows are streamed instead. */
function relationFor(target: DuckdbTarget): { from: string; order: string } | string {
  if ('database' in target) return { from: relationOf(target).from, order: 'rowid' };
  return parquetRelation(target);
}

/**
 * The connection of a DuckDB target, opened on first use (a database file read only, a
 * Parquet file in memory) unless the caller gives one, and closed by `close` (a given
 * connection is left open). One connector serves many queries over the same target (the
 * metrics of `pushdownUsageOfAll`, one after another): one instance opened and closed, not one
 * per query.
 */
export interface DuckdbConnector {
  readonly connect: () => Promise<DuckDBConnection>;
  /** The connection, once opened (or the caller's). */
  readonly opened: () => DuckDBConnection | undefined;
  /**
   * The columns of the relation `from` (DuckDB's `DESCRIBE`, `file_row_number` left out), asked
   * once per connector: the metrics of one call read the same file.
   */
  readonly columns: (from: string) => Promise<readonly DuckdbColumn[]>;
  readonly close: () => void;
}

/**
 * The events a target reads, as `duckdbEvents` takes them (with an open connection: its table,
 * or the file it reads).
 */
export function eventsTarget(target: DuckdbAggregatesTarget): DuckdbTarget {
  if (!('connection' in target)) return target;
  if ('table' in target) return { database: 'connection', table: target.table };
  return target.format === undefined
    ? { file: target.file }
    : { file: target.file, format: target.format };
}

/** The columns of the relation `from` on `connection` (DuckDB's `DESCRIBE`), `file_row_number` left out. */
export async function describeColumns(
  connection: DuckDBConnection,
  from: string,
): Promise<readonly DuckdbColumn[]> {
  const rows = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${from}`);
  return rows
    .getRowObjectsJson()
    .map((row) => ({ name: String(row.column_name), type: String(row.column_type) }))
    .filter((column) => column.name !== 'file_row_number');
}

/** The {@link DuckdbConnector} of `target`. */
export function duckdbConnector(target: DuckdbAggregatesTarget): DuckdbConnector {
  const given = 'connection' in target ? target.connection : undefined;
  const events = eventsTarget(target);
  let instance: DuckDBInstance | undefined;
  let opened: DuckDBConnection | undefined;
  const described = new Map<string, Promise<readonly DuckdbColumn[]>>();
  const connect = async () => {
    if (given !== undefined) return given;
    if (opened !== undefined) return opened;
    const made = await openDuckdb(
      'database' in events ? events.database : ':memory:',
      'database' in events,
      events,
    );
    instance = made.instance;
    opened = made.connection;
    return opened;
  };
  const describe = async (from: string) => describeColumns(await connect(), from);
  return {
    connect,
    opened: () => given ?? opened,
    columns: (from) => {
      const known = described.get(from);
      if (known !== undefined) return known;
      const asked = describe(from);
      described.set(from, asked);
      return asked;
    },
    close: () => {
      opened?.closeSync();
      instance?.closeSync();
      opened = undefined;
      instance = undefined;
    },
  };
}

/**
 * The DuckDB events `target` as the runner reads them, on the connection of `shared` (left
 * open: its owner closes it) or of a connector of its own (closed by `close`).
 */
export function duckdbDatabase(
  target: DuckdbAggregatesTarget,
  shared?: DuckdbConnector,
): {
  readonly database: Database;
  readonly name: string;
  /** The events of the whole table (every code and subscription), on the same connection. */
  readonly events: () => AsyncEventSource;
  readonly close: () => void;
} {
  const events = eventsTarget(target);
  const name =
    'table' in target && 'connection' in target ? `the table ${target.table}` : duckdbName(events);
  const connector = shared ?? duckdbConnector(target);
  const connect = connector.connect;
  const database: Database = {
    dialect: duckdbDialect,
    async source(): Promise<Either<FeecastError, RowSource | string>> {
      const relation = relationFor(events);
      if (typeof relation === 'string') return right(relation);
      try {
        const columns = await connector.columns(relation.from);
        return right(duckdbRowSource(relation.from, relation.order, columns));
      } catch (error) {
        return left(failed(name, error));
      }
    },
    async *query(sql) {
      try {
        const connection = await connect();
        const result = await connection.stream(sql);
        for await (const rows of result.yieldRowObjectJson()) {
          yield right(rows as Record<string, unknown>[]);
        }
      } catch (error) {
        yield left(failed(name, error));
      }
    },
    // Read order is the order SQL breaks ties by: the rows come in it in any case.
    stream(code, subscription) {
      // The connection `source` opened (a database file is opened once), or the caller's.
      const connection = connector.opened();
      return duckdbEvents(events, {
        code,
        ...(subscription === undefined ? {} : { subscription }),
        ...(connection === undefined ? {} : { connection }),
        onRejected: () => undefined,
      });
    },
  };
  return {
    database,
    name,
    events: () => {
      const connection = connector.opened();
      return duckdbEvents(events, connection === undefined ? {} : { connection });
    },
    close: () => {
      if (shared === undefined) connector.close();
    },
  };
}

/**
 * The charges accumulator state of `spec` (a metric, its charges, the period options, and one
 * subscription or all) over the events of `target`, computed by DuckDB: a database file's
 * table (opened read only), a Parquet file read in place, or `{ connection, table }` or
 * `{ connection, file }` (the caller's connection reads the table or the file, and is left
 * open). Each charge is aggregated in SQL or, where SQL cannot
 * give the engine's figures (`plan` says which and why), by streaming the metric's rows into
 * the in-process accumulator; the states equal the in-process `state()` of the same rows.
 * Never throws: a bad spec or an unreadable table is a `Left`.
 *
 * @example
 * import { restoreChargesAccumulator } from '@feecast/engine';
 *
 * // The sum of `calls` in `eu` over November, computed by DuckDB: 54,874.5 calls.
 * const result = await duckdbAggregates({ file: 'examples/cli/events.ndjson', format: 'ndjson' }, {
 *   metric: apiCalls, charges: [{ filters: [{ region: ['eu'] }] }], options: NOVEMBER, subscription: 'sub_acme_starter',
 * });
 * if (result._tag === 'Right') {
 *   const [saved] = result.right.states;
 *   const restored = restoreChargesAccumulator(apiCalls, [{ filters: [{ region: ['eu'] }] }], NOVEMBER, saved?.state);
 *   restored._tag === 'Right' && restored.right.result().charges[0]?.filters[0]?.aggregation // => '54874.5'
 * }
 */
export function duckdbAggregates(
  target: DuckdbAggregatesTarget,
  spec: AggregatesSpec,
): Promise<Either<FeecastError, Aggregates>> {
  return duckdbAggregatesWith(target, spec, {});
}

/**
 * {@link duckdbAggregates} with the runner's options (feecast's own callers), on the connection
 * of `shared` when given (left open).
 */
export async function duckdbAggregatesWith(
  target: DuckdbAggregatesTarget,
  spec: AggregatesSpec,
  options: RunOptions,
  shared?: DuckdbConnector,
): Promise<Either<FeecastError, Aggregates>> {
  const { database, name, close } = duckdbDatabase(target, shared);
  try {
    return await runAggregates(database, spec, options);
  } catch (error) {
    return left(failed(name, error));
  } finally {
    close();
  }
}
