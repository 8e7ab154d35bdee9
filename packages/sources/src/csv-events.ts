/**
 * The rows of a CSV events file as usage events: the header names the columns (the event's
 * keys, its properties as `properties.<name>` columns or one JSON `properties` column), and
 * each row is one event whose values stay the strings written (exact decimals).
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { CsvRow } from './csv-splitter';
import { EVENT_COLUMNS, PROPERTIES, PROPERTY_PREFIX } from './event-columns';
import { parseJsonText } from './json-text';

/**
 * What a column of the header holds.
 *
 * @inline
 */
type Column =
  | { readonly kind: 'key'; readonly name: string }
  | { readonly kind: 'properties' }
  | { readonly kind: 'property'; readonly name: string };

/** The columns of a CSV events file, from its header. */
export interface CsvHeader {
  readonly columns: readonly Column[];
  /** Whether properties come from `properties.<name>` columns (then every event has some). */
  readonly propertyColumns: boolean;
}

/** What an events CSV file holds, for hints. */
export const CSV_HINT =
  'a CSV events file starts with a header naming its columns: transaction_id, external_subscription_id, code, timestamp (ISO 8601 or unix seconds), and the properties as properties.<name> columns or one properties column of JSON objects; each row below is one event.';

function headerError(file: string, line: number, problem: string): FeecastError {
  return feecastError(
    'invalid_input',
    `${file} line ${line} (the header): ${problem}\nHint: ${CSV_HINT}`,
    undefined,
    { file, line },
  );
}

/**
 * The columns named by the header row of a CSV events file (names are trimmed). An unknown
 * column, a repeated one, or `properties` next to `properties.<name>` columns is an error of
 * the file: no value of it would be read.
 *
 * @example
 * csvHeader({ fields: ['code', 'properties.calls'], line: 1 }, 'events.csv')
 * // ~> right({ columns: [{ kind: 'key', name: 'code' }, { kind: 'property', name: 'calls' }], propertyColumns: true })
 */
export function csvHeader(row: CsvRow, file: string): Either<FeecastError, CsvHeader> {
  if (row.problem !== undefined) return left(headerError(file, row.line, row.problem));
  const seen = new Set<string>();
  const columns: Column[] = [];
  for (const [i, raw] of row.fields.entries()) {
    const name = raw.trim();
    if (seen.has(name)) {
      return left(headerError(file, row.line, `the column ${JSON.stringify(name)} is repeated.`));
    }
    seen.add(name);
    if (EVENT_COLUMNS.has(name)) columns.push({ kind: 'key', name });
    else if (name === PROPERTIES) columns.push({ kind: 'properties' });
    else if (name.startsWith(PROPERTY_PREFIX) && name.length > PROPERTY_PREFIX.length) {
      columns.push({ kind: 'property', name: name.slice(PROPERTY_PREFIX.length) });
    } else {
      const what =
        name === '' ? `column ${i + 1} has no name` : `unknown column ${JSON.stringify(name)}`;
      return left(headerError(file, row.line, `${what}.`));
    }
  }
  const propertyColumns = columns.some((column) => column.kind === 'property');
  if (propertyColumns && seen.has(PROPERTIES)) {
    return left(
      headerError(
        file,
        row.line,
        'both a properties column and properties.<name> columns; use one layout.',
      ),
    );
  }
  return right({ columns, propertyColumns });
}

function rowError(file: string, line: number, problem: string): FeecastError {
  return feecastError(
    'invalid_input',
    `${file} line ${line}: ${problem}\nHint: ${CSV_HINT}`,
    undefined,
    { file, line },
  );
}

/**
 * The raw event of a CSV row (to be decoded as a `UsageEvent`): each non-empty cell under its
 * column's key, property cells under `properties` (an empty cell is an absent property), the
 * `properties` column parsed as JSON. A row whose field count differs from the header's, or
 * whose quoting is wrong, or whose `properties` cell is not JSON, is a `Left` naming its line.
 *
 * @example
 * const header = csvHeader({ fields: ['code', 'properties.calls'], line: 1 }, 'events.csv');
 * if (header._tag === 'Right') {
 *   csvRecord(header.right, { fields: ['api_calls', '12.50'], line: 2 }, 'events.csv')
 *   // => right({ code: 'api_calls', properties: { calls: '12.50' } })
 * }
 */
export function csvRecord(
  header: CsvHeader,
  row: CsvRow,
  file: string,
): Either<FeecastError, Record<string, unknown>> {
  if (row.problem !== undefined) return left(rowError(file, row.line, `${row.problem}.`));
  const { columns } = header;
  if (row.fields.length !== columns.length) {
    return left(
      rowError(
        file,
        row.line,
        `the row has ${row.fields.length} fields where the header has ${columns.length} columns.`,
      ),
    );
  }
  const event: Record<string, unknown> = {};
  // Entries, not assignment: a property named __proto__ is a key like any other.
  const properties: [string, string][] = [];
  for (const [i, column] of columns.entries()) {
    const cell = row.fields[i] ?? '';
    if (cell === '') continue;
    if (column.kind === 'key') event[column.name] = cell;
    else if (column.kind === 'property') properties.push([column.name, cell]);
    else {
      const json = parseJsonText(cell, { file, line: row.line, what: 'the properties column' });
      if (isLeft(json)) return json;
      event[PROPERTIES] = json.right;
    }
  }
  if (header.propertyColumns) event[PROPERTIES] = Object.fromEntries(properties);
  return right(event);
}
