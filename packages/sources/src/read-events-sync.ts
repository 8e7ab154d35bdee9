/**
 * Usage events from a text file (or standard input) as a synchronous iterable, read lazily in
 * 64 KiB chunks as the consumer iterates: what the engine's operations, which iterate an
 * `Iterable<UsageEvent>` once, need to price a file of any size in constant memory. Gzip and
 * Parquet are read asynchronously only: `prepareSyncFile` makes a text copy of them first.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { type FeecastError, feecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { createLocatedEventDecoder, type LocatedItem } from './event-decoder';
import { createEventTally, type RejectionListener } from './event-tally';
import { formatFromName, hasGzipMagic, hasParquetMagic } from './file-format';
import {
  CHUNK_BYTES,
  decoderOptions,
  displayName,
  type ReadOptions,
  sizeFromStats,
} from './read-options';
import { errorCode, fileError } from './read-text-file';

/** Settings of {@link readEventsSync}. */
export interface ReadEventsSyncOptions extends ReadOptions {
  /** The file descriptor `-` reads (default 0, standard input); it is never closed. */
  readonly stdin?: number;
  /**
   * Hears each record that is not JSON or not a valid event, with the line it starts on, and
   * reading goes on past it. Without it, the first bad record ends the events (see `error`).
   * An error of the whole file ends them either way.
   */
  readonly onRejected?: RejectionListener;
  /** What a line is called in messages: `row` for a Parquet file's rows spooled as NDJSON. */
  readonly unit?: 'line' | 'row';
}

/** The events of a file, and how reading them went. */
export interface EventSource {
  /**
   * The events, read from the file as they are iterated. Iterable once: reading stops at the
   * first bad record or broken file (see `error`), and a second iteration yields nothing and
   * records an `unreadable_file` error (the file, or standard input, is read only once).
   */
  readonly events: Iterable<UsageEvent>;
  /** Why reading stopped early, once iterated; `undefined` when every event was read. */
  error(): FeecastError | undefined;
  /** How many events have been yielded so far. */
  count(): number;
  /** The line of the file the last event yielded starts on (0 before the first). */
  line(): number;
}

/** An open file (or standard input) to read from. */
interface OpenSource {
  readonly fd: number;
  /** The file's size; `undefined` for standard input, pipes and devices. */
  readonly totalBytes: number | undefined;
  /** Whether the reader opened the descriptor (and so closes it). */
  readonly owned: boolean;
}

/** What a wait on a non-blocking standard input sleeps on (nothing ever wakes it). */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // The file was only read: nothing is lost if closing it fails.
  }
}

function open(file: string, options: ReadEventsSyncOptions): Either<FeecastError, OpenSource> {
  if (file === '-') return right({ fd: options.stdin ?? 0, totalBytes: undefined, owned: false });
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = sizeFromStats(file, fstatSync(fd));
    if (isLeft(size)) closeQuietly(fd);
    return isLeft(size) ? size : right({ fd, totalBytes: size.right, owned: true });
  } catch (error) {
    if (fd !== undefined) closeQuietly(fd);
    return left(fileError(file, error));
  }
}

/**
 * Reads the next bytes into `buffer`; 0 at the end. A non-blocking descriptor with no data
 * yet (a terminal, some pipes) is waited on, 1 ms at a time; other errors are thrown.
 */
function readSome(fd: number, buffer: Uint8Array): number {
  for (;;) {
    try {
      return readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = errorCode(error);
      // Windows reports the end of a pipe as an error.
      if (code === 'EOF') return 0;
      if (code !== 'EAGAIN') throw error;
      Atomics.wait(PAUSE, 0, 0, 1);
    }
  }
}

/** The error of a file that only the asynchronous readers read. */
function notText(name: string, what: string): FeecastError {
  return feecastError(
    'invalid_usage',
    `Cannot read ${name} synchronously: it is ${what}. Read it with readEvents or eventSource, or make a text copy with prepareSyncFile first.`,
    undefined,
    { file: name },
  );
}

/** Every event and error of the file, as the decoder gives them; the file is closed after. */
function* itemsOf(file: string, options: ReadEventsSyncOptions): Generator<LocatedItem, void> {
  const name = displayName(file, options);
  const format = options.format ?? (file === '-' ? undefined : formatFromName(file));
  if (format === 'parquet') {
    yield { item: left(notText(name, 'Parquet')) };
    return;
  }
  const opened = open(file, options);
  if (isLeft(opened)) {
    yield { item: opened };
    return;
  }
  const { fd, totalBytes, owned } = opened.right;
  const decoder = createLocatedEventDecoder({
    ...decoderOptions(file, options, totalBytes, format),
    ...(options.unit === undefined ? {} : { unit: options.unit }),
  });
  // One buffer for every chunk: the decoder is done with a chunk before the next is read.
  const buffer = new Uint8Array(CHUNK_BYTES);
  let first = true;
  try {
    while (!decoder.done) {
      const size = readSome(fd, buffer);
      if (first && size >= 2) {
        const head = buffer.subarray(0, size);
        const what = hasGzipMagic(head)
          ? 'gzip-compressed'
          : hasParquetMagic(head)
            ? 'Parquet'
            : '';
        if (what !== '') {
          yield { item: left(notText(name, what)) };
          return;
        }
      }
      first = false;
      yield* size === 0 ? decoder.end() : decoder.push(buffer.subarray(0, size));
    }
  } catch (error) {
    yield* decoder.fail(error);
  } finally {
    if (owned) closeQuietly(fd);
  }
}

/** The error of a second iteration of an {@link EventSource}. */
function readTwice(file: string): FeecastError {
  return feecastError(
    'unreadable_file',
    `Cannot read ${file} again: its events were already iterated once; call readEventsSync again for a new pass.`,
    undefined,
    { file, reason: 'already_read' },
  );
}

/**
 * The usage events of `file` (NDJSON or a JSON array; `-` for standard input, read from
 * descriptor 0) as a synchronous iterable, for the engine's operations: the file is opened
 * when iteration starts and read with `readSync` in 64 KiB chunks as the consumer asks for
 * events, so memory holds one chunk and one event whatever the file's size, and closed when
 * iteration ends (or stops early). The events and errors are those {@link readEvents} gives,
 * but the first error (a bad record, a broken file, a file that cannot be opened) ends the
 * events and is kept for `error()`: check it after iterating; with `onRejected`, bad
 * records go to `onRejected` instead and only an error of the whole file ends the events. `line()`
 * tells where the last event yielded is. `events` can be iterated once; a second iteration
 * yields nothing and records an error. Never throws.
 *
 * @example
 * import { currentUsage } from '@feecast/engine';
 *
 * // Synchronous passes over the file, as the engine's operations read events:
 * const source = readEventsSync('examples/cli/events.ndjson');
 * currentUsage({ customer, subscription, plan, billableMetrics, events: source.events, now: '2026-11-30T23:59:59Z' })
 * // ~> right({ customer_usage: { amount_cents: 50291 } })
 * source.error() // => undefined
 * source.count() // => 200
 */
export function readEventsSync(file: string, options: ReadEventsSyncOptions = {}): EventSource {
  const tally = createEventTally(options.onRejected);
  let started = false;
  function* events(): Generator<UsageEvent, void, undefined> {
    if (started) {
      tally.fail(readTwice(displayName(file, options)));
      return;
    }
    started = true;
    for (const located of itemsOf(file, options)) {
      const event = tally.take(located);
      if (tally.stopped) return;
      if (event !== undefined) yield event;
    }
  }
  return {
    events: { [Symbol.iterator]: events },
    error: tally.error,
    count: tally.count,
    line: tally.line,
  };
}
