/**
 * Usage events from a file (or standard input) of any format, streamed, with progress reports.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { type FeecastError, feecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { EventItem, LocatedItem } from './event-decoder';
import { locatedEventsFromChunks } from './event-stream';
import { type EventFormat, formatFromName, hasParquetMagic } from './file-format';
import { parquetEvents } from './parquet';
import {
  CHUNK_BYTES,
  decoderOptions,
  displayName,
  type ReadOptions,
  sizeFromStats,
} from './read-options';
import { fileError } from './read-text-file';

export type { ReadProgress } from './read-options';

/** Settings of {@link readEvents}. */
export interface ReadEventsOptions extends ReadOptions {
  /** What `-` reads (default: `process.stdin`). */
  readonly stdin?: AsyncIterable<string | Uint8Array>;
}

async function sizeOf(file: string): Promise<Either<FeecastError, number | undefined>> {
  try {
    return sizeFromStats(file, await stat(file));
  } catch (error) {
    return left(fileError(file, error));
  }
}

/** Whether the file starts as a Parquet file does (`false` when it cannot be read). */
async function startsAsParquet(file: string): Promise<boolean> {
  try {
    const handle = await open(file, 'r');
    try {
      const head = new Uint8Array(4);
      await handle.read(head, 0, 4, 0);
      return hasParquetMagic(head);
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

/**
 * The format of `file`: the option, else its name's (`.csv`, `.parquet`), else Parquet when
 * its first bytes are Parquet's; `undefined` leaves NDJSON or JSON to the text itself.
 *
 * @example
 * await eventFormatOf('usage.csv.gz', {}) // => 'csv'
 */
export async function eventFormatOf(
  file: string,
  options: ReadOptions,
): Promise<EventFormat | undefined> {
  const format = options.format ?? (file === '-' ? undefined : formatFromName(file));
  if (format !== undefined || file === '-') return format;
  return (await startsAsParquet(file)) ? 'parquet' : undefined;
}

/** The error of Parquet asked of standard input: it is read from its end, so from a file. */
function parquetFromStdin(name: string): FeecastError {
  return feecastError(
    'invalid_usage',
    `Cannot read Parquet from ${name}: a Parquet file is read from its end; give its path, or save the stream to a file first.`,
    undefined,
    { file: name },
  );
}

/**
 * {@link readEvents}, with each item's line (a Parquet file's row; none for an error of the
 * whole file).
 *
 * @example
 * let last = 0;
 * for await (const { item, line } of readLocatedEvents('examples/cli/events.ndjson')) {
 *   if (item._tag === 'Left') throw new Error(item.left.message);
 *   last = line ?? last;
 * }
 * last // => 200
 */
export async function* readLocatedEvents(
  file: string,
  options: ReadEventsOptions = {},
): AsyncGenerator<LocatedItem, void, undefined> {
  const name = displayName(file, options);
  const format = await eventFormatOf(file, options);
  if (file === '-') {
    if (format === 'parquet') {
      yield { item: left(parquetFromStdin(name)) };
      return;
    }
    const chunks = options.stdin ?? process.stdin;
    yield* locatedEventsFromChunks(chunks, decoderOptions(file, options, undefined, format));
    return;
  }
  const size = await sizeOf(file);
  if (isLeft(size)) {
    yield { item: size };
    return;
  }
  const totalBytes = size.right;
  if (format === 'parquet') {
    const { onProgress } = options;
    const onRows =
      onProgress === undefined || totalBytes === undefined
        ? undefined
        : (rows: number, total: number) =>
            onProgress({ bytesRead: Math.floor((totalBytes * rows) / total), totalBytes });
    yield* parquetEvents(file, name, onRows);
    return;
  }
  const chunks = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  yield* locatedEventsFromChunks(chunks, decoderOptions(file, options, totalBytes, format));
}

/**
 * The usage events of `file` (`-` for standard input), one at a time, as `right(event)` or
 * `left(error)`: NDJSON, a JSON array or envelope `{"events": [...]}`, CSV with a header, or
 * Parquet (see `ReadOptions.format` for how the format is told); text formats may be
 * gzip-compressed. Constant memory whatever the file's size (for Parquet: one row group). A
 * record that is not an event gives a `Left` naming its file and line (row, for Parquet) and
 * reading goes on; a file that cannot be opened or is broken gives one final `Left`
 * (`unreadable_file`, `invalid_json` or `invalid_input`). `onProgress` hears the bytes read
 * and the file's size. Never throws.
 *
 * @example
 * // The bundled events, one at a time as the file is read: 80 of them are API calls.
 * let calls = 0;
 * for await (const item of readEvents('examples/cli/events.ndjson')) {
 *   if (item._tag === 'Left') throw new Error(item.left.message);
 *   if (item.right.code === 'api_calls') calls += 1;
 * }
 * calls // => 80
 */
export async function* readEvents(
  file: string,
  options: ReadEventsOptions = {},
): AsyncGenerator<EventItem, void, undefined> {
  for await (const located of readLocatedEvents(file, options)) yield located.item;
}

/**
 * Every event of a stream in an array, or the first error: for files that fit in memory
 * (the engine's operations take arrays and iterables).
 *
 * @example
 * const read = await collectEvents(readEvents('examples/cli/events.ndjson'));
 * read._tag === 'Right' && read.right.length // => 200
 */
export async function collectEvents(
  events: AsyncIterable<EventItem>,
): Promise<Either<FeecastError, UsageEvent[]>> {
  const all: UsageEvent[] = [];
  for await (const item of events) {
    if (isLeft(item)) return item;
    all.push(item.right);
  }
  return right(all);
}
