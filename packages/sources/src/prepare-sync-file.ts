/**
 * Any events file made readable by {@link readEventsSync}: standard input is saved to a
 * temporary file, gzip is decompressed into one, and a Parquet file's rows are written to one
 * as NDJSON (row `n` on line `n`), so that the synchronous reader gives the same events,
 * rejections and lines (rows) as the asynchronous readers, in constant memory (the copy is on
 * disk).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FeecastError } from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { formatFromName, hasGzipMagic, hasParquetMagic } from './file-format';
import { gunzipIfCompressed } from './gzip';
import { parquetRows } from './parquet';
import type { ReadEventsSyncOptions } from './read-events-sync';
import { CHUNK_BYTES, displayName, type ReadOptions } from './read-options';
import type { TableRow } from './row-event';
import { spoolStream } from './spool';

/** Settings of {@link prepareSyncFile}. */
export interface PrepareOptions extends Pick<ReadOptions, 'format' | 'name'> {
  /** What `-` reads (default: `process.stdin`). */
  readonly stdin?: AsyncIterable<string | Uint8Array>;
}

/** A file that {@link readEventsSync} reads, with the settings to read it with. */
export interface SyncFile {
  /** The path to give `readEventsSync`. */
  readonly path: string;
  /** The settings to give `readEventsSync` (the name, the format, what a line is called). */
  readonly options: ReadEventsSyncOptions;
  /** Deletes the copies made (none for a plain text file); never throws. */
  dispose(): Promise<void>;
}

/** The first bytes of a file (fewer when it is shorter; none when it cannot be read). */
async function headOf(path: string): Promise<Uint8Array> {
  try {
    const handle = await open(path, 'r');
    try {
      const head = new Uint8Array(4);
      const { bytesRead } = await handle.read(head, 0, 4, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    // readEventsSync reports the file that cannot be read, with the reason.
    return new Uint8Array(0);
  }
}

/**
 * Rows of a table as NDJSON text, line `n` holding row `n`, in batches; an error of the table
 * is kept in `failed`. A row rejected on its own (no raw event) is written as `null`, which the
 * reader rejects on the same line.
 */
async function* rowsAsNdjson(
  rows: AsyncIterable<TableRow>,
  failed: { error?: FeecastError },
): AsyncGenerator<string, void, undefined> {
  let batch = '';
  for await (const { event, error } of rows) {
    if (error !== undefined) {
      failed.error = error;
      return;
    }
    batch += `${JSON.stringify(event ?? null)}\n`;
    if (batch.length >= CHUNK_BYTES) {
      yield batch;
      batch = '';
    }
  }
  if (batch !== '') yield batch;
}

/**
 * `file` (`-`: standard input) made readable by `readEventsSync`: a text file as it is; standard
 * input saved to a temporary file; gzip decompressed into one; Parquet written into one as
 * NDJSON whose line `n` is row `n` (messages then say `row`). The format is told as
 * `readEvents` tells it. A stream that cannot be saved, gzip data that cannot be decompressed
 * or a Parquet file that cannot be read is a `Left`, and leaves no file behind. Call `dispose`
 * when done.
 *
 * @example
 * const prepared = await prepareSyncFile('examples/cli/events.ndjson');
 * if (prepared._tag === 'Right') {
 *   let read = 0;
 *   for (let pass = 0; pass < 2; pass++) {
 *     // One synchronous read of the file per pass, as many passes as needed:
 *     for (const _event of readEventsSync(prepared.right.path, prepared.right.options).events) read += 1;
 *   }
 *   read // => 400
 *   await prepared.right.dispose();
 * }
 */
export async function prepareSyncFile(
  file: string,
  options: PrepareOptions = {},
): Promise<Either<FeecastError, SyncFile>> {
  const name = displayName(file, options);
  const copies: (() => Promise<void>)[] = [];
  const dispose = async () => {
    for (const remove of copies.splice(0)) await remove();
  };
  let path = file;
  if (file === '-') {
    const spooled = await spoolStream(options.stdin ?? process.stdin, name);
    if (isLeft(spooled)) return spooled;
    copies.push(spooled.right.dispose);
    path = spooled.right.path;
  }
  const format = options.format ?? (file === '-' ? undefined : formatFromName(file));
  const head = await headOf(path);
  if (hasGzipMagic(head)) {
    const plain = await spoolStream(
      gunzipIfCompressed(createReadStream(path, { highWaterMark: CHUNK_BYTES })),
      name,
    );
    if (isLeft(plain)) {
      await dispose();
      return plain;
    }
    copies.push(plain.right.dispose);
    path = plain.right.path;
  } else if (format === 'parquet' || (format === undefined && hasParquetMagic(head))) {
    const rows = await prepareSyncRows(parquetRows(path, name), name);
    if (isLeft(rows)) await dispose();
    else copies.push(rows.right.dispose);
    return isLeft(rows) ? rows : right({ ...rows.right, dispose });
  }
  return right({
    path,
    options: { name, ...(format === undefined ? {} : { format }) },
    dispose,
  });
}

/**
 * Rows of a table (a Parquet file's, a database query's) made readable by `readEventsSync`:
 * written to a temporary NDJSON file whose line `n` is row `n` (messages then say `row`), in
 * constant memory (the copy is on disk). An error of the table (or of writing the copy) is a
 * `Left`, and leaves no file behind. Call `dispose` when done.
 *
 * @example
 * // Rows of a database, spooled to a file that synchronous passes read:
 * const prepared = await prepareSyncRows(duckdbRows({ file: 'examples/cli/events.ndjson', format: 'ndjson' }), 'events');
 * if (prepared._tag === 'Right') {
 *   const source = readEventsSync(prepared.right.path, prepared.right.options);
 *   for (const _event of source.events);
 *   source.count() // => 200
 *   await prepared.right.dispose();
 * }
 */
export async function prepareSyncRows(
  rows: AsyncIterable<TableRow>,
  name: string,
): Promise<Either<FeecastError, SyncFile>> {
  const failed: { error?: FeecastError } = {};
  const spooled = await spoolStream(rowsAsNdjson(rows, failed), name);
  if (isLeft(spooled)) return spooled;
  if (failed.error !== undefined) {
    await spooled.right.dispose();
    return left(failed.error);
  }
  return right({
    path: spooled.right.path,
    options: { name, format: 'ndjson', unit: 'row' },
    dispose: spooled.right.dispose,
  });
}
