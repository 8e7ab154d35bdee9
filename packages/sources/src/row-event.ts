/**
 * A row of a table of events (a Parquet file, a DuckDB or ClickHouse query) as the raw event
 * to decode: the event's own columns under their keys, the properties from one `properties`
 * column (JSON text, or an object) or from `properties.<name>` columns.
 */
import type { FeecastError } from '@feecast/engine';
import { UsageEvent } from '@feecast/models';
import { left } from 'fp-ts/lib/Either.js';
import { decodeIn } from './decode-in';
import { EVENT_COLUMNS, PROPERTIES, PROPERTY_PREFIX } from './event-columns';
import type { LocatedItem } from './event-decoder';

/** A row of a table of events: its raw event (JSON values only), or an error of the table. */
export interface TableRow {
  /** The row's event, before decoding; `undefined` with `error`. */
  readonly event?: unknown;
  /** What stops the reading (the table cannot be read, a column is not an event's). */
  readonly error?: FeecastError;
  /** What is wrong with this row alone (its JSON text is not JSON): it is rejected. */
  readonly rejected?: FeecastError;
  /** The row's number (1-based); 0 with `error`. */
  readonly row: number;
}

/**
 * How the columns named `names` hold the properties: `true` for `properties.<name>` columns,
 * `false` for one `properties` column (or none); a problem in words for a column that is not
 * an event's, or for both layouts at once.
 *
 * @example
 * propertyLayout(['code', 'properties.calls']) // => true
 * propertyLayout(['code', 'amount']) // => 'unknown column "amount".'
 */
export function propertyLayout(names: Iterable<string>): boolean | string {
  let propertyColumns = false;
  let hasProperties = false;
  for (const name of names) {
    if (name.startsWith(PROPERTY_PREFIX)) propertyColumns = true;
    else if (name === PROPERTIES) hasProperties = true;
    else if (!EVENT_COLUMNS.has(name)) return `unknown column ${JSON.stringify(name)}.`;
  }
  if (propertyColumns && hasProperties) {
    return 'both a properties column and properties.<name> columns; use one.';
  }
  return propertyColumns;
}

/**
 * The raw event (to decode) of a row given as `[column, value]` entries whose values are
 * plain JSON (`undefined`: the cell is empty, and the key or property is absent). A
 * `properties` text is parsed as JSON; one that is not JSON stays text, which the decoder then
 * rejects. With `propertyColumns`, the event always has properties (maybe none).
 *
 * @example
 * rowEvent([['code', 'api_calls'], ['properties.calls', '12.5']], true)
 * // => { code: 'api_calls', properties: { calls: '12.5' } }
 */
export function rowEvent(
  entries: Iterable<readonly [string, unknown]>,
  propertyColumns: boolean,
): Record<string, unknown> {
  // Entries, not assignment: a property named __proto__ is a key like any other.
  const properties: [string, unknown][] = [];
  const keys: [string, unknown][] = [];
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    if (name.startsWith(PROPERTY_PREFIX)) {
      properties.push([name.slice(PROPERTY_PREFIX.length), value]);
    } else if (name === PROPERTIES && typeof value === 'string') {
      try {
        keys.push([PROPERTIES, JSON.parse(value) as unknown]);
      } catch {
        keys.push([PROPERTIES, value]);
      }
    } else keys.push([name, value]);
  }
  if (propertyColumns) keys.push([PROPERTIES, Object.fromEntries(properties)]);
  return Object.fromEntries(keys);
}

/**
 * The usage events of `rows`, each decoded, with its row number as its `line`: a row that is
 * not a valid event is a `Left` naming `source` and the row (`unit`: what messages call it)
 * with `hint` for what to fix, and
 * reading goes on; an error of the table is a final `Left`. Never throws.
 *
 * @example
 * async function* rows() {
 *   yield { event: { transaction_id: 't1', code: 'api_calls', timestamp: 1762000000 }, row: 1 };
 * }
 * const items: string[] = [];
 * for await (const { item, line } of decodedRows(rows(), 'events table', 'Hint: check the table.', 'row')) {
 *   items.push(`${line}: ${item._tag}`);
 * }
 * items // => ['1: Right']
 */
export async function* decodedRows(
  rows: AsyncIterable<TableRow>,
  source: string,
  hint: string,
  unit: 'line' | 'row' = 'row',
): AsyncGenerator<LocatedItem, void, undefined> {
  for await (const { event, error, rejected, row } of rows) {
    if (error !== undefined) {
      yield { item: left(error) };
      return;
    }
    if (rejected !== undefined) {
      yield { item: left(rejected), line: row };
      continue;
    }
    const context = { file: source, line: row, prefix: '', hint, unit };
    yield { item: decodeIn(UsageEvent, event, context), line: row };
  }
}
