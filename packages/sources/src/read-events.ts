/**
 * Usage events from a file (or standard input), streamed, with progress reports.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import type { EventItem } from './event-decoder';
import { eventsFromChunks } from './event-stream';
import { CHUNK_BYTES, decoderOptions, type ReadOptions, sizeFromStats } from './read-options';
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
): AsyncGenerator<EventItem, void, undefined> {
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
  yield* eventsFromChunks(chunks, decoderOptions(file, options, totalBytes));
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
  events: AsyncIterable<EventItem>,
): Promise<Either<FeecastError, UsageEvent[]>> {
  const all: UsageEvent[] = [];
  for await (const item of events) {
    if (item._tag === 'Left') return item;
    all.push(item.right);
  }
  return right(all);
}
