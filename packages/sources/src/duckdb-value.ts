/**
 * A DuckDB value as an event holds it, exactly as the Parquet reader gives the same column:
 * numbers as their decimal text (DECIMAL exact, without trailing zeros), timestamps and dates
 * as unix seconds, text as text, nested values as JSON objects and arrays of the same.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import { scaled } from './scaled';

/**
 * The DuckDB client module, loaded when a table is first read (not when this package is
 * imported: its native library takes most of a second to load).
 */
export type DuckdbApi = typeof import('@duckdb/node-api');

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * The plain JSON of a DuckDB value (`undefined` for SQL `NULL`: the cell is empty), its
 * classes told with `api`, the loaded client module. A MAP's keys are written as text.
 *
 * @example
 * import * as api from '@duckdb/node-api';
 *
 * duckdbPlain(new api.DuckDBDecimalValue(1250n, 10, 2), api) // => '12.5'
 * duckdbPlain(new api.DuckDBTimestampValue(1762000000123000n), api) // => '1762000000.123'
 */
export function duckdbPlain(value: DuckDBValue, api: DuckdbApi): unknown {
  const {
    DuckDBBlobValue,
    DuckDBDateValue,
    DuckDBDecimalValue,
    DuckDBListValue,
    DuckDBMapValue,
    DuckDBStructValue,
    DuckDBTimestampMillisecondsValue,
    DuckDBTimestampNanosecondsValue,
    DuckDBTimestampSecondsValue,
    DuckDBTimestampTZValue,
    DuckDBTimestampValue,
  } = api;
  if (value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof DuckDBDecimalValue) return scaled(value.value, value.scale);
  if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue) {
    return scaled(value.micros, 6);
  }
  if (value instanceof DuckDBTimestampMillisecondsValue) return scaled(value.millis, 3);
  if (value instanceof DuckDBTimestampSecondsValue) return value.seconds.toString();
  if (value instanceof DuckDBTimestampNanosecondsValue) return scaled(value.nanos, 9);
  if (value instanceof DuckDBDateValue) return String(value.days * 86_400);
  if (value instanceof DuckDBBlobValue) return utf8.decode(value.bytes);
  if (value instanceof DuckDBListValue)
    return value.items.map((item) => duckdbPlain(item, api) ?? null);
  if (value instanceof DuckDBStructValue) {
    // Entries, not assignment: a key named __proto__ is a key like any other.
    return Object.fromEntries(
      Object.entries(value.entries).map(([key, item]) => [key, duckdbPlain(item, api) ?? null]),
    );
  }
  if (value instanceof DuckDBMapValue) {
    return Object.fromEntries(
      value.entries.map(({ key, value: item }) => [
        String(duckdbPlain(key, api)),
        duckdbPlain(item, api) ?? null,
      ]),
    );
  }
  return value.toString();
}
