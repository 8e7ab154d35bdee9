/**
 * Usage events read by DuckDB (embedded, no server): a table of a DuckDB database file, or a
 * Parquet, CSV or NDJSON file that DuckDB reads in place. The rows are streamed a chunk at a
 * time (constant memory) and decoded as the file readers decode theirs.
 */
import type { DuckDBConnection, DuckDBInstance, DuckDBResult, DuckDBValue } from '@duckdb/node-api';
import { type FeecastError, feecastError } from '@feecast/engine';
import { isLeft } from 'fp-ts/lib/Either.js';
import { CSV_HINT } from './csv-events';
import { type DuckdbSettings, openDuckdb } from './duckdb-instance';
import { type DuckdbApi, duckdbPlain } from './duckdb-value';
import { HINTS, type LocatedItem } from './event-decoder';
import { type AsyncEventSource, locatedSource } from './event-source';
import type { RejectionListener } from './event-tally';
import { type EventFormat, formatFromName } from './file-format';
import { parseJsonText } from './json-text';
import { PARQUET_HINT } from './parquet-hint';
import { decodedRows, propertyLayout, rowEvent, type TableRow } from './row-event';

/** What DuckDB reads: a table of a database file, or an events file. */
export type DuckdbTarget = (
  | { readonly database: string; readonly table: string }
  | { readonly file: string; readonly format?: Exclude<EventFormat, 'json'> }
) &
  DuckdbSettings;

/** Settings of {@link duckdbEvents}. */
export interface DuckdbEventsOptions {
  /** Hears each row that is not a valid event, with its row number; reading goes on. */
  readonly onRejected?: RejectionListener;
  /**
   * Only the rows of this subscription (`external_subscription_id`), and the rows that name
   * none (the engine counts those as the subscription's): the filter runs in DuckDB.
   */
  readonly subscription?: string;
  /** Hears the rows read so far, after each chunk. */
  readonly onRows?: (rowsRead: number) => void;
  /** Only the rows of this billable metric code (the filter runs in DuckDB). */
  readonly code?: string;
  /**
   * An open connection to read with (left open), instead of a new instance of the target's
   * database: the target's `database` then only names it in messages.
   */
  readonly connection?: DuckDBConnection;
}

const TABLE_HINT =
  'a DuckDB table of events has one row per event, with columns transaction_id, external_subscription_id, code, timestamp (a TIMESTAMP, ISO 8601 text or unix seconds), and the properties as properties.<name> columns or one properties column (JSON text, a STRUCT or a MAP).';

const NDJSON_HINT = HINTS.ndjson;

/** A SQL string literal. */
export function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A SQL identifier, each dot-separated part quoted (`main.events` is `"main"."events"`). */
function identifier(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
}

/**
 * The name of the target in messages: `duckdb:<database>#<table>`, or the file's path.
 *
 * @example
 * duckdbName({ database: 'usage.duckdb', table: 'events' }) // => 'duckdb:usage.duckdb#events'
 */
export function duckdbName(target: DuckdbTarget): string {
  return 'database' in target ? `duckdb:${target.database}#${target.table}` : target.file;
}

/**
 * The target of a `duckdb:<database file>#<table>` address (the table may be `schema.table`),
 * or `undefined` when the text is not one.
 *
 * @example
 * parseDuckdbAddress('duckdb:usage.duckdb#events') // => { database: 'usage.duckdb', table: 'events' }
 */
export function parseDuckdbAddress(text: string): DuckdbTarget | undefined {
  const match = /^duckdb:(.+)#([^#]+)$/.exec(text);
  if (match === null) return undefined;
  const [, database = '', table = ''] = match;
  return { database, table };
}

/** How a target is read: the relation to select from, and how its rows become events. */
export interface Relation {
  readonly from: string;
  /** NDJSON: row `n` is line `n` of the file, as text. */
  readonly lines: boolean;
  readonly hint: string;
}

/** How `target` is read (the pushdown reads the same relation). @internal */
export function relationOf(target: DuckdbTarget): Relation {
  if ('database' in target)
    return { from: identifier(target.table), lines: false, hint: TABLE_HINT };
  const format = target.format ?? formatFromName(target.file) ?? 'ndjson';
  const path = literal(target.file);
  if (format === 'parquet')
    return { from: `read_parquet(${path})`, lines: false, hint: PARQUET_HINT };
  // Every CSV cell is read as text, as the CSV reader reads it: no column becomes a float.
  if (format === 'csv') {
    return {
      from: `read_csv(${path}, header = true, all_varchar = true)`,
      lines: false,
      hint: CSV_HINT,
    };
  }
  // NDJSON: each line as text (row n is line n, blank lines included), parsed by feecast, so
  // that a line that is not JSON is rejected with its number, as the NDJSON reader does. JSON
  // text holds no raw control character, so the delimiter \x01 never splits a line.
  const lines = `read_csv(${path}, columns = {'line': 'VARCHAR'}, header = false, delim = '\x01', quote = '', escape = '', auto_detect = false)`;
  return { from: lines, lines: true, hint: NDJSON_HINT };
}

function unreadable(name: string, error: unknown): FeecastError {
  const reason = error instanceof Error ? error.message : String(error);
  return feecastError('unreadable_file', `Cannot read ${name}: ${reason}`, undefined, {
    file: name,
  });
}

function badColumns(name: string, problem: string, hint: string): FeecastError {
  return feecastError('invalid_input', `${name}: ${problem}\nHint: ${hint}`, undefined, {
    file: name,
  });
}

/** The query of the target's rows (of one subscription, of one code, when asked), given its columns. */
function selectOf(
  relation: Relation,
  columns: readonly string[],
  options: DuckdbEventsOptions,
): string {
  // NDJSON lines are filtered once parsed (see `lineRow`), keeping row n as line n.
  const where: string[] = [];
  const { subscription, code } = options;
  if (
    !relation.lines &&
    subscription !== undefined &&
    columns.includes('external_subscription_id')
  ) {
    where.push(
      `(external_subscription_id IS NULL OR CAST(external_subscription_id AS VARCHAR) = ${literal(subscription)})`,
    );
  }
  if (!relation.lines && code !== undefined && columns.includes('code')) {
    where.push(`CAST(code AS VARCHAR) = ${literal(code)}`);
  }
  const filter = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  return `SELECT * FROM ${relation.from}${filter}`;
}

/**
 * The raw event of line `row` of an NDJSON file: `undefined` for a blank line or an event of
 * another subscription than `subscription`, a rejected row when the line is not JSON.
 */
function lineRow(
  text: DuckDBValue,
  row: number,
  name: string,
  subscription: string | undefined,
): TableRow | undefined {
  if (text === null || String(text).trim() === '') return undefined;
  const parsed = parseJsonText(String(text), { file: name, line: row, hint: NDJSON_HINT });
  if (isLeft(parsed)) return { rejected: parsed.left, row };
  const json = parsed.right;
  if (subscription !== undefined && typeof json === 'object' && json !== null) {
    const named: unknown = Reflect.get(json, 'external_subscription_id');
    if (typeof named === 'string' && named !== subscription) return undefined;
  }
  return { event: json, row };
}

/**
 * The rows of `target` as raw events (before decoding), streamed: what {@link duckdbEvents}
 * decodes, for readers that copy them first (the command spools them to a file). An error of
 * the table is a final row with `error`. Never throws.
 *
 * @example
 * let rows = 0;
 * for await (const { event, error } of duckdbRows({ file: 'examples/cli/events.ndjson', format: 'ndjson' })) {
 *   if (error !== undefined) throw new Error(error.message);
 *   if (event !== undefined) rows += 1;
 * }
 * rows // => 200
 */
export function duckdbRows(
  target: DuckdbTarget,
  options: DuckdbEventsOptions = {},
): AsyncGenerator<TableRow, void, undefined> {
  return rowsOf(target, duckdbName(target), relationOf(target), options);
}

async function* rowsOf(
  target: DuckdbTarget,
  name: string,
  relation: Relation,
  options: DuckdbEventsOptions,
): AsyncGenerator<TableRow, void, undefined> {
  let instance: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  try {
    let result: DuckDBResult;
    let columns: string[];
    let api: DuckdbApi;
    try {
      // Loaded here, not when the package is imported (its native library is slow to load).
      api = await import('@duckdb/node-api');
      if (options.connection === undefined) {
        ({ instance, connection } = await openDuckdb(
          'database' in target ? target.database : ':memory:',
          'database' in target,
          target,
        ));
      }
      const reader = options.connection ?? connection;
      if (reader === undefined) throw new Error('no connection');
      const head = await reader.stream(`SELECT * FROM ${relation.from} LIMIT 0`);
      columns = head.columnNames();
      result = await reader.stream(selectOf(relation, columns, options));
    } catch (error) {
      yield { error: unreadable(name, error), row: 0 };
      return;
    }
    const layout = relation.lines ? false : propertyLayout(columns);
    if (typeof layout === 'string') {
      yield { error: badColumns(name, layout, relation.hint), row: 0 };
      return;
    }
    let row = 0;
    try {
      for await (const chunk of result.yieldRows()) {
        for (const values of chunk) {
          row++;
          if (relation.lines) {
            const line = lineRow(values[0] ?? null, row, name, options.subscription);
            if (line !== undefined) yield line;
            continue;
          }
          const entries = columns.map((column, i): [string, unknown] => [
            column,
            duckdbPlain(values[i] ?? null, api),
          ]);
          yield { event: rowEvent(entries, layout), row };
        }
        options.onRows?.(row);
      }
    } catch (error) {
      yield { error: unreadable(name, error), row: 0 };
    }
  } finally {
    connection?.closeSync();
    instance?.closeSync();
  }
}

/**
 * The usage events DuckDB reads from `target`: a table of a DuckDB database file (opened read
 * only), or a Parquet, CSV or NDJSON file read in place (the format from `format`, else the
 * name: `.parquet`, `.csv`, anything else NDJSON). Rows are streamed a chunk (2,048 rows) at a
 * time: constant memory, whatever the table's size. Values come out exact, as the file readers
 * give them: DECIMAL as decimal text, integers as integer text, TIMESTAMP as unix seconds, CSV
 * cells as the text written (DuckDB reads them as VARCHAR), an NDJSON line as its JSON. The
 * columns are the event's keys and its properties as one `properties` column (JSON text, a
 * STRUCT, a MAP) or `properties.<name>` columns; another column is an error of the table. A row
 * that is not a valid event goes to `onRejected` with its row number (in the order DuckDB
 * returns the rows); a table or file that cannot be read ends the events with an error kept
 * for `error()`. Never throws.
 *
 * @example
 * // DuckDB reads the file (CSV, NDJSON or Parquet) or a table of a database:
 * const source = duckdbEvents({ file: 'examples/cli/events.ndjson', format: 'ndjson' }, { subscription: 'sub_acme_starter' });
 * let count = 0;
 * for await (const _event of source.events) count += 1;
 * count // => 200
 * source.error() // => undefined
 */
export function duckdbEvents(
  target: DuckdbTarget,
  options: DuckdbEventsOptions = {},
): AsyncEventSource {
  const name = duckdbName(target);
  return locatedSource((): AsyncIterable<LocatedItem> => {
    const relation = relationOf(target);
    const unit = relation.lines ? 'line' : 'row';
    return decodedRows(rowsOf(target, name, relation, options), name, relation.hint, unit);
  }, options.onRejected);
}
