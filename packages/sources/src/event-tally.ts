/**
 * What the readers of plain events (`eventSource`, `readEventsSync`) keep while they read: the
 * rejected records go to the listener, the first error that stops reading is kept, and the
 * events are counted with the line of the last one.
 */
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import { isRight } from 'fp-ts/lib/Either.js';
import type { LocatedItem } from './event-decoder';

/** Hears a record that is not a valid event, and the line (Parquet: row) it starts on. */
export type RejectionListener = (error: FeecastError, line: number) => void;

/** The tally of one pass over a file. */
export interface EventTally {
  /**
   * Takes an item: its event, or `undefined` for a record given to the listener or for the
   * error that stops the pass (then `stopped` is `true`).
   */
  take(located: LocatedItem): UsageEvent | undefined;
  /** Whether the pass must stop (an error of the file, or a bad record with no listener). */
  readonly stopped: boolean;
  error(): FeecastError | undefined;
  count(): number;
  line(): number;
  /** Records an error that stops the pass (if none was kept before). */
  fail(error: FeecastError): void;
}

/**
 * A new tally. A bad record (an error with a line) goes to `onRejected` when there is one;
 * otherwise, like an error of the whole file, it stops the pass and is kept.
 *
 * @example
 * const rejected: number[] = [];
 * const tally = createEventTally((_error, line) => rejected.push(line));
 * const decoder = createLocatedEventDecoder({ file: 'events.ndjson' });
 * const located = decoder.push('{"transaction_id": "t1", "code": "api_calls", "timestamp": 1762000000}\n{"code": 1}\n');
 * const events = located.map((item) => tally.take(item)).filter((event) => event !== undefined);
 * events.length // => 1
 * rejected // => [2]
 * tally.count() // => 1
 */
export function createEventTally(onRejected: RejectionListener | undefined): EventTally {
  let error: FeecastError | undefined;
  let count = 0;
  let line = 0;
  return {
    take({ item, line: at }) {
      if (isRight(item)) {
        count++;
        line = at ?? 0;
        return item.right;
      }
      if (onRejected !== undefined && at !== undefined) onRejected(item.left, at);
      else error ??= item.left;
      return undefined;
    },
    get stopped() {
      return error !== undefined;
    },
    error: () => error,
    count: () => count,
    line: () => line,
    fail(stop) {
      error ??= stop;
    },
  };
}
