/**
 * Usage events from a file (or standard input), streamed, with progress reports.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type EventFormat, eventsFromChunks } from './event-stream';
import { fileError } from './read-text-file';

/** How far reading has got. */
export interface ReadProgress {
  readonly bytesRead: number;
  /** The file's size; `undefined` for standard input and other streams. */
  readonly totalBytes: number | undefined;
}

/** Settings of {@link readEvents}. */
export interface ReadEventsOptions {
  /** The layout; sniffed from the first non-blank character by default. */
  readonly format?: EventFormat;
  /** Called after each chunk read (64 KiB). */
  readonly onProgress?: (progress: ReadProgress) => void;
  /** What `-` reads (default: `process.stdin`). */
  readonly stdin?: AsyncIterable<string | Uint8Array>;
  /** The longest event accepted, in characters (default 16 Mi). */
  readonly maxRecordChars?: number;
}

/** Bytes read from the file per chunk. */
const CHUNK_BYTES = 64 * 1024;

async function sizeOf(file: string): Promise<Either<FeecastError, number | undefined>> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return left(fileError(file, { code: 'EISDIR' }));
    return right(info.isFile() ? info.size : undefined);
  } catch (error) {
    return left(fileError(file, error));
  }
}

/**
 * The usage events of `file` (NDJSON or a JSON array; `-` for standard input), one at a
 * time, as {@link eventsFromChunks} yields them: constant memory whatever the file's size.
 * A file that cannot be opened gives one `Left` (`unreadable_file`). `onProgress` hears the
 * bytes read and the file's size.
 *
 * @example
 * for await (const item of readEvents('examples/cli/events.ndjson', { onProgress: bar.update })) {
 *   if (item._tag === 'Left') return fail(item.left);
 *   accumulator.add(item.right);
 * }
 */
export async function* readEvents(
  file: string,
  options: ReadEventsOptions = {},
): AsyncGenerator<Either<FeecastError, UsageEvent>, void, undefined> {
  let chunks: AsyncIterable<string | Uint8Array>;
  let totalBytes: number | undefined;
  if (file === '-') {
    chunks = options.stdin ?? process.stdin;
  } else {
    const size = await sizeOf(file);
    if (size._tag === 'Left') {
      yield size;
      return;
    }
    totalBytes = size.right;
    chunks = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  }
  const { onProgress } = options;
  yield* eventsFromChunks(chunks, {
    file: file === '-' ? 'standard input' : file,
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.maxRecordChars === undefined ? {} : { maxRecordChars: options.maxRecordChars }),
    ...(onProgress === undefined
      ? {}
      : { onBytes: (bytesRead: number) => onProgress({ bytesRead, totalBytes }) }),
  });
}

/**
 * Every event of a stream in an array, or the first error: for files that fit in memory
 * (the engine's operations take arrays and iterables).
 *
 * @example
 * const events = await collectEvents(readEvents('examples/cli/events.ndjson'));
 * if (events._tag === 'Right') events.right.length; // 200
 */
export async function collectEvents(
  events: AsyncIterable<Either<FeecastError, UsageEvent>>,
): Promise<Either<FeecastError, UsageEvent[]>> {
  const all: UsageEvent[] = [];
  for await (const item of events) {
    if (item._tag === 'Left') return item;
    all.push(item.right);
  }
  return right(all);
}
