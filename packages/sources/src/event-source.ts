/**
 * Usage events as an `AsyncIterable<UsageEvent>`, for code that prices a stream: the records
 * that are not events go to a callback with their line, and an error of the whole file is
 * kept for the caller to check after iterating.
 */
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import type { LocatedItem } from './event-decoder';
import { createEventTally, type RejectionListener } from './event-tally';
import { type ReadEventsOptions, readLocatedEvents } from './read-events';

/** Settings of {@link eventSource}. */
export interface EventSourceOptions extends ReadEventsOptions {
  /**
   * Hears each record that is not JSON or not a valid event, and reading goes on past it.
   * Without it, the first bad record ends the events (see `error`).
   */
  readonly onRejected?: RejectionListener;
}

/** The events of a file as an async iterable, and how reading them went. */
export interface AsyncEventSource {
  /** The events, read as they are iterated; each iteration reads the file anew. */
  readonly events: AsyncIterable<UsageEvent>;
  /** Why the last iteration stopped early; `undefined` when every event was read. */
  error(): FeecastError | undefined;
  /** How many events the last iteration yielded so far. */
  count(): number;
  /** The line (Parquet: row) of the last event yielded (0 before the first). */
  line(): number;
}

/**
 * The usage events of `file` (any format {@link readEvents} reads) as an
 * `AsyncIterable<UsageEvent>`, in constant memory. Bad records go to `onRejected` with their
 * line (or, without it, end the events and are kept for `error()`); an error of the whole
 * file (it cannot be opened, damaged gzip, broken JSON structure) ends the events and is kept
 * for `error()`: check it after iterating. Never throws.
 *
 * @example
 * const rejected: string[] = [];
 * const source = eventSource('examples/cli/events.ndjson', { onRejected: (error) => rejected.push(error.message) });
 * let calls = 0;
 * for await (const event of source.events) if (event.code === 'api_calls') calls += 1;
 * calls // => 80
 * source.error() // => undefined
 * rejected // => []
 */
export function eventSource(file: string, options: EventSourceOptions = {}): AsyncEventSource {
  return locatedSource(() => readLocatedEvents(file, options), options.onRejected);
}

/**
 * An {@link AsyncEventSource} of the located items `read` gives anew for each iteration (a
 * file's, a database query's): bad records go to `onRejected` with their line (or row), or,
 * without it, end the events; an error of the whole source ends them and is kept for
 * `error()`. Never throws.
 *
 * @example
 * const source = locatedSource(() => readLocatedEvents('examples/cli/events.ndjson'), undefined);
 * let count = 0;
 * for await (const _event of source.events) count += 1;
 * count // => 200
 * source.error() // => undefined
 */
export function locatedSource(
  read: () => AsyncIterable<LocatedItem>,
  onRejected: RejectionListener | undefined,
): AsyncEventSource {
  let tally = createEventTally(onRejected);
  async function* events(): AsyncGenerator<UsageEvent, void, undefined> {
    tally = createEventTally(onRejected);
    for await (const located of read()) {
      const event = tally.take(located);
      if (tally.stopped) return;
      if (event !== undefined) yield event;
    }
  }
  return {
    events: { [Symbol.asyncIterator]: events },
    error: () => tally.error(),
    count: () => tally.count(),
    line: () => tally.line(),
  };
}
