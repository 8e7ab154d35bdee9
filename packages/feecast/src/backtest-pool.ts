/**
 * `feecast backtest --workers N`: the backtest split by customer (`backtestShares`) across
 * worker threads, each reading its share of the events file (`shareEvents`) and pricing it,
 * or, with `--pushdown`, pricing its subscriptions' states computed by DuckDB, and the
 * shares combined into what one thread gives (`combineBacktests`).
 *
 * The workers run the built `backtest-worker.js` beside this module. Run from the sources (the
 * package's own tests), there is no such file: the shares then run one after the other in
 * this thread, through the same code but the thread.
 */
import { Worker } from 'node:worker_threads';
import {
  type Backtest,
  type BacktestInput,
  type FeecastError,
  feecastError,
} from '@feecast/engine';
import {
  type BacktestShare,
  type BacktestSplit,
  type BacktestStates,
  backtestShares,
  combineBacktests,
  inWholeInput,
} from '@feecast/engine/internal';
import {
  type BacktestPushdownPlan,
  type DuckdbTarget,
  pushdownBacktest,
  type StatesPricer,
} from '@feecast/sources';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  runShare,
  type ShareMessage,
  type ShareOutcome,
  type ShareTask,
} from './backtest-parallel/run-share';
import type { ShareFile } from './backtest-parallel/share-events';

/** What the shares gave, as one backtest: its result, the records not read, a broken file. */
export interface PooledBacktest {
  readonly result: Either<FeecastError, Backtest>;
  readonly rejected: { readonly count: number; readonly first?: string };
  readonly fileError: FeecastError | undefined;
  /** With `pushdown`: how the events were aggregated (by DuckDB, or read in process and why). */
  readonly pushdown?: BacktestPushdownPlan;
}

/** Options of {@link backtestInWorkers}. */
export interface PoolOptions {
  /** How many worker threads at most (no more than the customers). */
  readonly workers: number;
  /** The events file (none: no events). */
  readonly file: ShareFile | undefined;
  /**
   * A DuckDB table or Parquet file of the events, instead of `file`: DuckDB computes every
   * accumulator's state in one run of its queries (`pushdownBacktest` of `@feecast/sources`),
   * the workers price them, each its customers' (`feecast backtest --pushdown`); with 1
   * worker, in the calling thread.
   */
  readonly pushdown?: DuckdbTarget;
  readonly input: Omit<BacktestInput, 'events' | 'onProgress'>;
  /** The invoices priced so far by all the workers, out of all they have to price. */
  readonly onProgress?: (priced: number, invoices: number) => void;
}

const WORKER = new URL('./backtest-worker.js', import.meta.url);
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/**
 * Each worker's young generation, in MB (V8's default is a few MB, its semi-spaces growing
 * to 16 MB each on 64-bit): pricing an invoice allocates about 1 MB of short-lived objects
 * (fees, taxes, the invoice), and with the default the scavenges that copy the live ones
 * were a large share of a worker's time. 192 MB is what `node --max-semi-space-size=64`
 * gives (two semi-spaces and the new large-object space, 64 MB each); an upper bound, not
 * an allocation: the semi-spaces grow to it only as the scavenges find it pays.
 */
const YOUNG_GENERATION_MB = 192;

/** Runs one share in a worker thread (in this thread when run from the sources). */
function runTask(task: ShareTask, hear: (message: ShareMessage) => void): Promise<ShareOutcome> {
  if (FROM_SOURCES) return Promise.resolve(runShare(task, hear));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: task,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.on('message', (message: ShareMessage) => {
      if (message.type === 'done') resolve(message.outcome);
      else hear(message);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`backtest worker ${task.index} stopped with code ${code}`));
    });
  });
}

/**
 * The backtest of `input` over the events of `file`, split by customer across at most
 * `workers` threads: the same rows, summary and counts as one thread's. A share's error
 * names the whole input (`inWholeInput`); of several, the first share's is given. It never
 * rejects: what goes wrong is the `result`'s `Left`.
 *
 * @example
 * // acme's November 2026 on its own plan, Starter, and on Growth, from the bundled events:
 * // Starter's fees 551.91 EUR, Growth's 199.00 + 41.76 + 5.22 + 60.00 + 97.66 + 52.00 =
 * // 455.64 EUR (examples/cli/README.md), before taxes. (One customer: one thread of the two.)
 * const run = await backtestInWorkers({
 *   workers: 2,
 *   file: { path: 'examples/cli/events.ndjson', name: 'events.ndjson' },
 *   input: {
 *     plans: [growth], subscriptions: [{ customer, subscription, plan }], billableMetrics,
 *     from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z',
 *   },
 * });
 * run.result // ~> right({ summary: { revenue: [{ plan: 'current', revenue_cents: 55191 }, { plan: 'growth', revenue_cents: 45564 }] } })
 * run.rejected // => { count: 0 }
 */
export async function backtestInWorkers(options: PoolOptions): Promise<PooledBacktest> {
  const none = { count: 0 };
  if (typeof options !== 'object' || options === null) {
    const problem = feecastError(
      'invalid_input',
      'backtestInWorkers expects { workers, file, input, onProgress? }.',
    );
    return { result: left(problem), rejected: none, fileError: undefined };
  }
  if (options.pushdown !== undefined) return await pushdownInWorkers(options, options.pushdown);
  const split = backtestShares(options.input, options.workers);
  if (isLeft(split)) return { result: split, rejected: none, fileError: undefined };
  const shareOf = [...split.right.shareOf];
  return await runShares(
    split.right,
    (share, index) => ({ from: 'file', file: options.file, index, share, shareOf }),
    options.onProgress,
  );
}

/** {@link backtestInWorkers} of the states DuckDB computes from `target`. */
async function pushdownInWorkers(
  options: PoolOptions,
  target: DuckdbTarget,
): Promise<PooledBacktest> {
  const tell = options.onProgress;
  const pushed = await pushdownBacktest(
    {
      ...options.input,
      ...(tell === undefined
        ? {}
        : { onProgress: ({ priced, invoices }) => tell(priced, invoices) }),
    },
    target,
    options.workers > 1 ? { price: statesInWorkers(options.workers) } : {},
  );
  return isLeft(pushed)
    ? { result: pushed, rejected: { count: 0 }, fileError: undefined }
    : {
        result: right(pushed.right.backtest),
        rejected: { count: 0 },
        fileError: undefined,
        pushdown: pushed.right.plan,
      };
}

/** No events counted: the counts of every share but the first, given states. */
const NO_COUNTS = { read: 0, unassigned: 0, invalid_timestamp: 0, unreadable: 0 };

/**
 * A {@link StatesPricer} for `pushdownBacktest`: the invoices priced from DuckDB's states split
 * by customer across at most `workers` threads, each given its subscriptions' states; the same
 * rows and summary as `backtestOfStates` in one thread. The input's `onProgress` is told the
 * invoices priced by all.
 */
function statesInWorkers(workers: number): StatesPricer {
  return async (input, states) => {
    const { onProgress, ...rest } = input;
    const split = backtestShares(rest, workers);
    if (isLeft(split)) return split;
    const pooled = await runShares(
      split.right,
      (share, index) => ({ from: 'states', index, share, states: statesOf(share, states, index) }),
      onProgress === undefined ? undefined : (priced, invoices) => onProgress({ priced, invoices }),
    );
    return pooled.result;
  };
}

/** The states of a share's subscriptions; the counts of every row go to the first share. */
function statesOf(share: BacktestShare, states: BacktestStates, index: number): BacktestStates {
  const bySubscription = new Map<
    string,
    ReadonlyMap<string, readonly (ReadonlyMap<string, unknown> | undefined)[]>
  >();
  for (const subscription of share.subscriptions) {
    const own = states.bySubscription.get(subscription);
    if (own !== undefined) bySubscription.set(subscription, own);
  }
  return { bySubscription, counts: index === 0 ? states.counts : NO_COUNTS };
}

/**
 * Runs every share of `split` (its task made by `taskOf`) in a worker thread of its own, and
 * combines their outcomes into one backtest's. It never rejects.
 */
async function runShares(
  split: BacktestSplit,
  taskOf: (share: BacktestShare, index: number) => ShareTask,
  onProgress: ((priced: number, invoices: number) => void) | undefined,
): Promise<PooledBacktest> {
  const none = { count: 0 };
  const progress: ({ priced: number; invoices: number } | undefined)[] = split.shares.map(
    () => undefined,
  );
  // Told once every share has counted its invoices (each tells it before pricing).
  const tell = () => {
    if (progress.includes(undefined)) return;
    let priced = 0;
    let invoices = 0;
    for (const one of progress) {
      priced += one?.priced ?? 0;
      invoices += one?.invoices ?? 0;
    }
    onProgress?.(priced, invoices);
  };
  let outcomes: ShareOutcome[];
  try {
    outcomes = await Promise.all(
      split.shares.map((share, index) =>
        runTask(taskOf(share, index), (message) => {
          if (message.type !== 'progress') return;
          progress[index] = { priced: message.priced, invoices: message.invoices };
          tell();
        }),
      ),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      result: left(feecastError('unexpected_error', `A backtest worker failed: ${message}`)),
      rejected: none,
      fileError: undefined,
    };
  }
  let count = 0;
  let first: { line: number; message: string } | undefined;
  for (const outcome of outcomes) {
    count += outcome.rejected.count;
    const seen = outcome.rejected.first;
    if (seen !== undefined && (first === undefined || seen.line < first.line)) first = seen;
  }
  const rejected = {
    count,
    ...(first === undefined ? {} : { first: `line ${first.line}: ${first.message}` }),
  };
  const fileError = outcomes.find((outcome) => outcome.fileError !== undefined)?.fileError;
  const results = [];
  for (const [index, outcome] of outcomes.entries()) {
    const share = split.shares[index];
    if (isLeft(outcome.result)) {
      const error =
        share === undefined ? outcome.result.left : inWholeInput(outcome.result.left, share);
      return { result: left(error), rejected, fileError };
    }
    results.push(outcome.result.right);
  }
  return { result: combineBacktests(split, results), rejected, fileError };
}
