/**
 * Usage events from a Parquet file, read one row group at a time with hyparquet (pure
 * JavaScript). Values come out exact: DECIMAL columns as decimal strings, INT64 as integer
 * strings, timestamps as unix seconds; nothing goes through a binary float that the file did
 * not already hold.
 */
import { open } from 'node:fs/promises';
import { type FeecastError, feecastError } from '@feecast/engine';
import {
  type AsyncBuffer,
  type FileMetaData,
  type ParquetParsers,
  parquetMetadataAsync,
  parquetReadObjects,
  type SchemaElement,
} from 'hyparquet';
import type { LocatedItem } from './event-decoder';
import { PARQUET_HINT } from './parquet-hint';
import { fileError } from './read-text-file';
import { decodedRows, propertyLayout, rowEvent, type TableRow } from './row-event';
import { scaled } from './scaled';

/** A big-endian two's complement integer (a DECIMAL stored as bytes). */
function signedBytes(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  const bits = BigInt(bytes.length * 8);
  return bytes.length > 0 && (bytes[0] ?? 0) >= 0x80 ? value - (1n << bits) : value;
}

/** Timestamps and dates as unix seconds, exactly. */
const PARSERS: Partial<ParquetParsers> = {
  timestampFromMilliseconds: (millis: bigint) => scaled(BigInt(millis), 3),
  timestampFromMicroseconds: (micros: bigint) => scaled(BigInt(micros), 6),
  timestampFromNanoseconds: (nanos: bigint) => scaled(BigInt(nanos), 9),
  dateFromDays: (days: number) => String(days * 86_400),
};

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** The scale of a DECIMAL column, or `undefined` when the column is not one. */
function decimalScale(element: SchemaElement): number | undefined {
  const logical = element.logical_type;
  if (logical?.type === 'DECIMAL') return logical.scale;
  return element.converted_type === 'DECIMAL' ? (element.scale ?? 0) : undefined;
}

/**
 * The metadata with the DECIMAL annotation taken off each decimal column (hyparquet would
 * turn them into floats), and the scale of each such column by its top-level name.
 */
function withRawDecimals(metadata: FileMetaData): {
  metadata: FileMetaData;
  scales: Map<string, number>;
} {
  const scales = new Map<string, number>();
  const schema = metadata.schema.map((element) => {
    const scale = decimalScale(element);
    if (scale === undefined) return element;
    scales.set(element.name, scale);
    const { converted_type: _converted, logical_type: _logical, ...raw } = element;
    return raw;
  });
  return { metadata: { ...metadata, schema }, scales };
}

/** A value of a column as an event holds it: exact strings for numbers, text for bytes. */
function plain(value: unknown, scale: number | undefined): unknown {
  if (value === null || value === undefined) return undefined;
  if (scale !== undefined) {
    if (value instanceof Uint8Array) return scaled(signedBytes(value), scale);
    if (typeof value === 'bigint' || typeof value === 'number') {
      return scaled(BigInt(value), scale);
    }
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return String(value);
  if (value instanceof Uint8Array) return utf8.decode(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => plain(item, undefined));
  if (typeof value === 'object') {
    // Entries, not assignment: a key named __proto__ is a key like any other.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, plain(item, undefined)]),
    );
  }
  return value;
}

function invalid(file: string, message: string): FeecastError {
  return feecastError('invalid_input', `${file}: ${message}\nHint: ${PARQUET_HINT}`, undefined, {
    file,
  });
}

/** The top-level columns of the file, or an error for a column that is not an event's. */
function checkColumns(file: string, metadata: FileMetaData): FeecastError | boolean {
  const [, ...elements] = metadata.schema;
  const names: string[] = [];
  let skip = 0;
  for (const element of elements) {
    if (skip > 0) {
      skip += (element.num_children ?? 0) - 1;
      continue;
    }
    skip = element.num_children ?? 0;
    names.push(element.name);
  }
  const layout = propertyLayout(names);
  return typeof layout === 'string' ? invalid(file, layout) : layout;
}

/** The file as hyparquet reads it: slices read with a file handle. */
async function fileBuffer(path: string) {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  const buffer: AsyncBuffer = {
    byteLength: size,
    async slice(start: number, end?: number): Promise<ArrayBuffer> {
      const length = (end ?? size) - start;
      const bytes = new Uint8Array(length);
      let read = 0;
      while (read < length) {
        const got = await handle.read(bytes, read, length - read, start + read);
        if (got.bytesRead === 0) break;
        read += got.bytesRead;
      }
      return bytes.buffer;
    },
  };
  return { buffer, close: () => handle.close() };
}

/** A row of a Parquet events file: its raw event (JSON values only), or an error of the file. */
export type ParquetRow = TableRow;

/**
 * The rows of the Parquet file at `path` (named `file` in messages) as raw events, one row
 * group at a time: memory holds one row group, whatever the number of groups. Values are
 * plain JSON: strings (exact decimals, integers and unix seconds), booleans, objects. A file
 * that cannot be opened or is not Parquet, or a column that is not an event's, gives one final
 * `error`. `onRows` hears the rows read so far and the file's row count. Never throws.
 *
 * @example
 * import { mkdtempSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { DuckDBInstance } from '@duckdb/node-api';
 *
 * // A Parquet file of the bundled events, written by DuckDB:
 * const file = join(mkdtempSync(join(tmpdir(), 'feecast-')), 'events.parquet');
 * const duckdb = await (await DuckDBInstance.create()).connect();
 * await duckdb.run(`COPY (SELECT * FROM read_json('examples/cli/events.ndjson')) TO '${file}' (FORMAT parquet)`);
 * let rows = 0;
 * for await (const { event, error } of parquetRows(file, 'events.parquet')) if (event !== undefined && error === undefined) rows += 1;
 * rows // => 200
 */
export async function* parquetRows(
  path: string,
  file: string,
  onRows?: (rowsRead: number, totalRows: number) => void,
): AsyncGenerator<ParquetRow, void, undefined> {
  let opened: Awaited<ReturnType<typeof fileBuffer>>;
  try {
    opened = await fileBuffer(path);
  } catch (error) {
    yield { error: fileError(file, error), row: 0 };
    return;
  }
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  try {
    let metadata: FileMetaData;
    try {
      metadata = await parquetMetadataAsync(opened.buffer, { parsers: PARSERS });
    } catch (error) {
      yield { error: invalid(file, `not a readable Parquet file (${reason(error)}).`), row: 0 };
      return;
    }
    const columns = checkColumns(file, metadata);
    if (typeof columns !== 'boolean') {
      yield { error: columns, row: 0 };
      return;
    }
    const raw = withRawDecimals(metadata);
    const total = Number(metadata.num_rows);
    let start = 0;
    for (const group of metadata.row_groups) {
      const end = start + Number(group.num_rows);
      let rows: Record<string, unknown>[];
      try {
        rows = await parquetReadObjects({
          file: opened.buffer,
          metadata: raw.metadata,
          rowStart: start,
          rowEnd: end,
          rowFormat: 'object',
          utf8: false,
          parsers: PARSERS,
        });
      } catch (error) {
        const message = `rows ${start + 1} to ${end} cannot be read (${reason(error)}).`;
        yield { error: invalid(file, message), row: 0 };
        return;
      }
      for (const [i, row] of rows.entries()) {
        const values = Object.entries(row).map(([name, value]): [string, unknown] => [
          name,
          plain(value, raw.scales.get(name)),
        ]);
        yield { event: rowEvent(values, columns), row: start + i + 1 };
      }
      start = end;
      onRows?.(start, total);
    }
  } finally {
    await opened.close().catch(() => undefined);
  }
}

/**
 * The usage events of the Parquet file at `path` (see {@link parquetRows}), each decoded, with
 * its row number as its `line`: a row that is not a valid event is a `Left` naming its row,
 * and reading goes on; an error of the file is a final `Left`. Never throws.
 *
 * @example
 * import { mkdtempSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { DuckDBInstance } from '@duckdb/node-api';
 *
 * // A Parquet file of the bundled events, written by DuckDB:
 * const file = join(mkdtempSync(join(tmpdir(), 'feecast-')), 'events.parquet');
 * const duckdb = await (await DuckDBInstance.create()).connect();
 * await duckdb.run(`COPY (SELECT * FROM read_json('examples/cli/events.ndjson')) TO '${file}' (FORMAT parquet)`);
 * let count = 0;
 * for await (const { item } of parquetEvents(file, 'events.parquet')) if (item._tag === 'Right') count += 1;
 * count // => 200
 */
export function parquetEvents(
  path: string,
  file: string,
  onRows?: (rowsRead: number, totalRows: number) => void,
): AsyncGenerator<LocatedItem, void, undefined> {
  return decodedRows(parquetRows(path, file, onRows), file, PARQUET_HINT);
}
