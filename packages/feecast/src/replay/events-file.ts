/**
 * The `--events` file of a command, read anew for each pass (pricing, then checking): in
 * constant memory whatever its size, with a progress bar on a terminal. Standard input,
 * gzip and Parquet are copied to a temporary text file first (see `prepareSyncFile`), so that
 * they too can be read synchronously and more than once.
 */
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import {
  type EventFormat,
  type EventSource,
  prepareSyncFile,
  type ReadEventsSyncOptions,
  type RejectionListener,
  readEventsSync,
  type SyncFile,
} from '@feecast/sources';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  createProgressWriter,
  createRowsProgressWriter,
  type ProgressStream,
} from '../render/progress';
import { eventsAddress, prepareDatabaseRows } from './events-address';

/** An events file that can be read any number of times. */
export interface EventsFile {
  /** The file as messages name it (`standard input` for `-`). */
  readonly name: string;
  /**
   * A new pass over the file. Bad records go to `onRejected` and reading goes on; an error
   * of the whole file ends the pass and is kept (see `error`).
   */
  read(onRejected: RejectionListener): EventSource;
  /** The first error of the whole file that any pass met (check it after each pass). */
  error(): FeecastError | undefined;
  /** Removes what reading standard input left behind; the file cannot be read after. */
  dispose(): Promise<void>;
  /**
   * The text file the passes read and how (`readEventsSync`'s options): for readers in other
   * threads (`feecast backtest --workers`). `undefined` without `--events`.
   */
  readonly text: { readonly path: string; readonly options: ReadEventsSyncOptions } | undefined;
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
 * Opens the `--events` file (`undefined`: none, so no events; `-`: standard input), in the
 * format given (`--events-format`) or told by its name and first bytes: NDJSON, JSON (an array
 * or an envelope), CSV, Parquet; gzip or not. Standard input, gzip and Parquet are copied to a
 * temporary text file first. A database address (`duckdb:<file>#<table>`,
 * `clickhouse://host:port/database?table=<table>`) is read once, only the rows of
 * `subscription` (and those naming none), into such a copy, with a count of rows drawn on
 * `progress`. Each pass draws a progress bar on `progress` while it reads, when that stream is
 * a terminal. Making the copy can fail: a `Left` naming the file or table.
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
  format?: EventFormat,
  subscription?: string,
): Promise<Either<FeecastError, EventsFile>> {
  let path: string | undefined;
  let options: ReadEventsSyncOptions = {};
  let dispose: () => Promise<void> = async () => undefined;
  let name = file === '-' ? 'standard input' : (file ?? '');
  if (file !== undefined) {
    const address = eventsAddress(file);
    if (isLeft(address)) return address;
    let prepared: Either<FeecastError, SyncFile>;
    if (address.right === undefined) {
      prepared = await prepareSyncFile(file, {
        name,
        stdin,
        ...(format === undefined ? {} : { format }),
      });
    } else {
      name = address.right.name;
      const counter = progress === undefined ? undefined : createRowsProgressWriter(progress, name);
      prepared = await prepareDatabaseRows(address.right, subscription, counter?.update);
      counter?.done();
    }
    if (isLeft(prepared)) return prepared;
    ({ path, options, dispose } = prepared.right);
  }
  let first: FeecastError | undefined;
  const passes: EventSource[] = [];
  return right({
    name,
    read(onRejected) {
      if (path === undefined) return NO_EVENTS;
      const bar = progress === undefined ? undefined : createProgressWriter(progress, name);
      const source = readEventsSync(path, {
        ...options,
        onRejected,
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
    text: path === undefined ? undefined : { path, options },
  });
}
