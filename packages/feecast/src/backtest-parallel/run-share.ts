/**
 * One share of a backtest split across worker threads: its own backtest over its events of
 * the file, or priced from its subscriptions' states (computed by DuckDB), with what the
 * worker tells the command (progress, then the outcome).
 */
import { type Backtest, type BacktestProgress, backtest, type FeecastError } from '@feecast/engine';
import {
  type BacktestShare,
  type BacktestStates,
  backtestOfStates,
  type SharedResult,
} from '@feecast/engine/internal';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';
import { type ShareFile, type ShareReading, shareEvents } from './share-events';

/**
 * What a worker is given: its share, and either the file and where every subscription goes
 * (`from: 'file'`) or its subscriptions' states (`from: 'states'`).
 */
export type ShareTask = (
  | {
      readonly from: 'file';
      /** The events file (none: no events). */
      readonly file: ShareFile | undefined;
      /** Each subscription's share, by external id. */
      readonly shareOf: readonly (readonly [string, number])[];
    }
  | {
      readonly from: 'states';
      /** The states of the share's subscriptions; the counts of every row for share 0, else none. */
      readonly states: BacktestStates;
    }
) & {
  /** The share's index (share 0 also accounts for the events of no share). */
  readonly index: number;
  readonly share: BacktestShare;
};

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

/** Posts the pricing's progress now and then. */
function progressTo(post: (message: ShareMessage) => void) {
  return ({ priced, invoices }: BacktestProgress) => {
    if (priced % PROGRESS_EVERY === 0 || priced === invoices) {
      post({ type: 'progress', priced, invoices });
    }
  };
}

/** A share's rows and counts, or its error. */
function sharedOf(result: Either<FeecastError, Backtest>, others: number): ShareOutcome['result'] {
  if (isLeft(result)) return result;
  const events = result.right.summary.events;
  return {
    _tag: 'Right',
    right: {
      rows: result.right.rows,
      events: { ...events, read: events.read + others, unassigned: events.unassigned + others },
    },
  };
}

/** Runs a share's backtest (in a worker thread, or in the calling thread). */
export function runShare(task: ShareTask, post: (message: ShareMessage) => void): ShareOutcome {
  if (task.from === 'states') {
    const result = backtestOfStates(
      { ...task.share.input, onProgress: progressTo(post) },
      task.states,
    );
    return { result: sharedOf(result, 0), rejected: { count: 0 } };
  }
  const reading =
    task.file === undefined ? NO_EVENTS : shareEvents(task.file, task.index, new Map(task.shareOf));
  const result = backtest({
    ...task.share.input,
    events: reading.events,
    onProgress: progressTo(post),
  });
  const fileError = reading.error();
  return {
    result: sharedOf(result, reading.others()),
    rejected: reading.rejected(),
    ...(fileError === undefined ? {} : { fileError }),
  };
}
