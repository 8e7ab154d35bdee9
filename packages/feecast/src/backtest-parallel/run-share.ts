/**
 * One share of a backtest split across worker threads: its own backtest over its events of
 * the file, with what the worker tells the command (progress, then the outcome).
 */
import { backtest, type FeecastError } from '@feecast/engine';
import type { BacktestShare, SharedResult } from '@feecast/engine/internal';
import { isLeft } from 'fp-ts/lib/Either.js';
import { type ShareFile, type ShareReading, shareEvents } from './share-events';

/** What a worker is given: the file, its share and where every subscription goes. */
export interface ShareTask {
  /** The events file (none: no events). */
  readonly file: ShareFile | undefined;
  /** The share's index (share 0 also accounts for the events of no share). */
  readonly index: number;
  readonly share: BacktestShare;
  /** Each subscription's share, by external id. */
  readonly shareOf: readonly (readonly [string, number])[];
}

/** What a worker tells the command. */
export type ShareMessage =
  | { readonly type: 'progress'; readonly priced: number; readonly invoices: number }
  | { readonly type: 'done'; readonly outcome: ShareOutcome };

/** How a share's backtest went. */
export interface ShareOutcome {
  /** Its rows and event counts (with the events of no share it read), or its error. */
  readonly result:
    | { readonly _tag: 'Right'; readonly right: SharedResult }
    | { readonly _tag: 'Left'; readonly left: FeecastError };
  readonly rejected: { readonly count: number; readonly first?: { line: number; message: string } };
  /** The error of the whole file that ended its reading. */
  readonly fileError?: FeecastError;
}

/** The reading of no file. */
const NO_EVENTS: ShareReading = {
  events: [],
  others: () => 0,
  rejected: () => ({ count: 0 }),
  error: () => undefined,
};

/** Posts pricing progress at most every this many invoices (and at the start and end). */
const PROGRESS_EVERY = 50;

/** Runs a share's backtest (in a worker thread, or in the calling thread). */
export function runShare(task: ShareTask, post: (message: ShareMessage) => void): ShareOutcome {
  const reading =
    task.file === undefined ? NO_EVENTS : shareEvents(task.file, task.index, new Map(task.shareOf));
  const result = backtest({
    ...task.share.input,
    events: reading.events,
    onProgress: ({ priced, invoices }) => {
      if (priced % PROGRESS_EVERY === 0 || priced === invoices) {
        post({ type: 'progress', priced, invoices });
      }
    },
  });
  const fileError = reading.error();
  const others = reading.others();
  return {
    result: isLeft(result)
      ? result
      : {
          _tag: 'Right',
          right: {
            rows: result.right.rows,
            events: {
              ...result.right.summary.events,
              read: result.right.summary.events.read + others,
              unassigned: result.right.summary.events.unassigned + others,
            },
          },
        },
    rejected: reading.rejected(),
    ...(fileError === undefined ? {} : { fileError }),
  };
}
