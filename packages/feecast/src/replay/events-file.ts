/**
 * The `--events` file of a command, read anew for each pass (pricing, then checking): in
 * constant memory whatever its size, with a progress bar on a terminal. Standard input is
 * kept in a temporary file first, so that it too can be read more than once.
 */
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import { type EventSource, readEventsSync, spoolStream } from '@feecast/sources';
import { type Either, right } from 'fp-ts/lib/Either.js';
import { createProgressWriter, type ProgressStream } from '../render/progress';

/** Hears a record that is not JSON or not a valid event, and the line it starts on. */
export type BadRecordListener = (error: FeecastError, line: number) => void;

/** An events file that can be read any number of times. */
export interface EventsFile {
  /** The file as messages name it (`standard input` for `-`). */
  readonly name: string;
  /**
   * A new pass over the file. Bad records go to `onBadRecord` and reading goes on; an error
   * of the whole file ends the pass and is kept (see `error`).
   */
  read(onBadRecord: BadRecordListener): EventSource;
  /** The first error of the whole file that any pass met (check it after each pass). */
  error(): FeecastError | undefined;
  /** Removes what reading standard input left behind; the file cannot be read after. */
  dispose(): Promise<void>;
}

/** The events of `events`, then `done()` (also when the consumer stops early). */
function* drawn<T>(events: Iterable<T>, done: () => void): Generator<T, void, undefined> {
  try {
    yield* events;
  } finally {
    done();
  }
}

/** A source with no events: no `--events` was given. */
const NO_EVENTS: EventSource = {
  events: [],
  error: () => undefined,
  count: () => 0,
  line: () => 0,
};

/**
 * Opens the `--events` file (`undefined`: none, so no events; `-`: standard input, saved to a
 * temporary file first). Each pass draws a progress bar on `progress` while it reads, when
 * that stream is a terminal. Saving standard input can fail: a `Left` (`unreadable_file`).
 *
 * @example
 * const file = await openEventsFile('examples/cli/events.ndjson', process.stderr);
 * if (file._tag === 'Right') {
 *   const pass = file.right.read((error, line) => bad.push({ error, line }));
 *   for (const event of pass.events) ...;
 *   file.right.error(); // undefined: the whole file was read
 * }
 */
export async function openEventsFile(
  file: string | undefined,
  progress: ProgressStream | undefined,
  stdin: AsyncIterable<string | Uint8Array> = process.stdin,
): Promise<Either<FeecastError, EventsFile>> {
  let path = file;
  let dispose: () => Promise<void> = async () => undefined;
  const name = file === '-' ? 'standard input' : (file ?? '');
  if (file === '-') {
    const spooled = await spoolStream(stdin, name);
    if (spooled._tag === 'Left') return spooled;
    path = spooled.right.path;
    dispose = spooled.right.dispose;
  }
  let first: FeecastError | undefined;
  const passes: EventSource[] = [];
  return right({
    name,
    read(onBadRecord) {
      if (path === undefined) return NO_EVENTS;
      const bar = progress === undefined ? undefined : createProgressWriter(progress, name);
      const source = readEventsSync(path, {
        name,
        onBadRecord,
        ...(bar === undefined ? {} : { onProgress: bar.update }),
      });
      passes.push(source);
      const events: Iterable<UsageEvent> = {
        [Symbol.iterator]: () => drawn(source.events, () => bar?.done()),
      };
      return { ...source, events };
    },
    error() {
      first ??= passes.map((pass) => pass.error()).find((error) => error !== undefined);
      return first;
    },
    dispose,
  });
}
