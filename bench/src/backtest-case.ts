/**
 * One case of the backtest benchmark, run in a process of its own so that its peak memory is
 * its own (`bench/src/backtest.ts` starts it): prints `{ ms, peak_mb, digest, ... }` as JSON.
 *
 * - `aggregate <events.ndjson>`: the baseline, the engine aggregating every event once: the
 *   file read and parsed (`readEventsSync`), each event added to the one charges accumulator
 *   of its subscription and metric over the 12 months (the first plan's charges, filters and
 *   groups; duplicates found), then every accumulator's figures;
 * - `backtest <events.ndjson> <workers> [unique]`: the backtest of `backtestInputs()` (its rows
 *   and summary digested) through `backtestInWorkers` in `workers` threads, what
 *   `feecast backtest --workers N` runs (with 1, one worker thread, with the pool's young
 *   generation); `deduplicate: false` with `unique` (`--unique-ids`);
 * - `duckdb <events.parquet> [workers]`: `pushdownBacktest` of `@feecast/sources` over the
 *   Parquet file (DuckDB computes every accumulator's state, the engine prices them), through
 *   `backtestInWorkers` with `pushdown` (`feecast backtest --pushdown --workers N`; 1 by
 *   default: priced in this thread); its plan's `source` is printed, `database` when nothing
 *   ran in process.
 */
import { createHash } from 'node:crypto';
import {
  type Backtest,
  type ChargesAccumulator,
  createChargesAccumulator,
  type FeecastError,
} from '@feecast/engine';
import { readEventsSync } from '@feecast/sources';
import { backtestInWorkers } from 'feecast';
import { BACKTEST_FROM, BACKTEST_TO, backtestInputs } from './backtest-data';
import { METRICS, PUSHDOWN_PLAN } from './pushdown-data';

const megabytes = () => Math.round(process.resourceUsage().maxRSS / 1024);
/** The processor time of this process so far (user and system, every thread), in ms. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function aggregateOnce(file: string) {
  const plan = PUSHDOWN_PLAN;
  const options = { from_datetime: BACKTEST_FROM, to_datetime: BACKTEST_TO };
  const perSubscription = new Map<string, Map<string, ChargesAccumulator>>();
  const accumulatorsOf = (subscription: string) => {
    let own = perSubscription.get(subscription);
    if (own !== undefined) return own;
    own = new Map();
    for (const metric of METRICS) {
      const charges = plan.charges
        .filter((c) => c.billable_metric_code === metric.code)
        .map((c) => ({
          filters: ('filters' in c ? c.filters : []).map((f) => f.values),
          grouped_by: 'pricing_group_keys' in c.properties ? c.properties.pricing_group_keys : [],
        }));
      const created = createChargesAccumulator(metric, charges, options);
      if (created._tag === 'Left') throw new Error(created.left.message);
      own.set(metric.code, created.right);
    }
    perSubscription.set(subscription, own);
    return own;
  };
  const source = readEventsSync(file);
  let events = 0;
  for (const event of source.events) {
    events++;
    accumulatorsOf(String(event.external_subscription_id)).get(event.code)?.add(event);
  }
  const error = source.error();
  if (error !== undefined) throw new Error(error.message);
  const digest = createHash('sha256');
  for (const [subscription, own] of perSubscription) {
    for (const [code, accumulator] of own) {
      const result = accumulator.result();
      digest.update(
        `${subscription} ${code} ${JSON.stringify(result.charges)} ${result.rejected.length}\n`,
      );
    }
  }
  return { events, digest: digest.digest('hex').slice(0, 16) };
}

/** The rows of a backtest as CSV lines, digested. */
function digestOf(
  result:
    | { readonly _tag: 'Left'; readonly left: FeecastError }
    | { readonly _tag: 'Right'; readonly right: Backtest },
): string {
  if (result._tag === 'Left') throw new Error(result.left.message);
  const digest = createHash('sha256');
  for (const row of result.right.rows) digest.update(`${JSON.stringify(row)}\n`);
  digest.update(JSON.stringify(result.right.summary));
  return digest.digest('hex').slice(0, 16);
}

/**
 * What the first progress report tells (the events all read, or the states all there, and
 * nothing priced yet): the time, the processor time and the peak resident memory until then.
 */
function firstProgress() {
  const start = performance.now();
  let seen: { ms: number; cpu: number; peak: number } | undefined;
  return {
    onProgress: () => {
      seen ??= { ms: performance.now() - start, cpu: cpuMs(), peak: megabytes() };
    },
    figures: () => ({
      read_ms: Math.round(seen?.ms ?? 0),
      read_cpu_ms: Math.round(seen?.cpu ?? 0),
      read_peak_mb: seen?.peak ?? 0,
    }),
  };
}

/**
 * The backtest across `workers` threads (`feecast backtest --workers N`; with 1, one worker
 * thread, as `--workers 1` runs it).
 */
async function backtestInThreads(file: string, workers: number, unique: boolean) {
  // The first progress: every worker has read its events.
  const first = firstProgress();
  const run = await backtestInWorkers({
    workers,
    file: { path: file, name: file },
    input: { ...backtestInputs(), ...(unique ? { deduplicate: false } : {}) },
    onProgress: first.onProgress,
  });
  if (run.fileError !== undefined) throw new Error(run.fileError.message);
  return { ...first.figures(), digest: digestOf(run.result) };
}

/** The backtest priced from the states DuckDB computes over the Parquet file, in `workers` threads. */
async function backtestDuckdb(file: string, workers: number) {
  const start = performance.now();
  // The first progress comes once the states are all there: with 1 worker, before any is
  // priced (the SQL's share); with more, once every worker has started pricing (so it also
  // holds the workers' start and their finding of their share's periods).
  let aggregated = 0;
  let aggregatedCpu = 0;
  let aggregatedPeak = 0;
  const onProgress = () => {
    if (aggregated !== 0) return;
    aggregated = performance.now() - start;
    aggregatedCpu = cpuMs();
    aggregatedPeak = megabytes();
  };
  const run = await backtestInWorkers({
    workers,
    file: undefined,
    pushdown: { file, format: 'parquet' },
    input: backtestInputs(),
    onProgress,
  });
  const result = run.result;
  if (result._tag === 'Left') throw new Error(result.left.message);
  const priced = result.right;
  const plan = run.pushdown ?? { source: 'none', reason: 'no plan', queries: [] };
  const invoices = priced.rows.length;
  const pricingCpu = cpuMs() - aggregatedCpu;
  return {
    aggregated_ms: Math.round(aggregated),
    // The peak resident memory until then (DuckDB's run, the states, the workers' start).
    aggregated_peak_mb: aggregatedPeak,
    // The pricing's processor time (DuckDB is done by then): what a loaded machine's
    // wall clock does not tell, per invoice.
    pricing_cpu_ms: Math.round(pricingCpu),
    invoices,
    cpu_ms_per_invoice: Number((pricingCpu / Math.max(invoices, 1)).toFixed(2)),
    digest: digestOf({ _tag: 'Right', right: priced }),
    source: plan.source,
    ...(plan.reason === undefined ? {} : { reason: plan.reason }),
    queries: plan.queries.length,
  };
}

const [mode, ...args] = process.argv.slice(2);
const started = performance.now();
const outcome =
  mode === 'aggregate'
    ? aggregateOnce(args[0] ?? '')
    : mode === 'duckdb'
      ? await backtestDuckdb(args[0] ?? '', Number(args[1] ?? 1))
      : await backtestInThreads(args[0] ?? '', Number(args[1]), args[2] === 'unique');
process.stdout.write(
  `${JSON.stringify({ ms: Math.round(performance.now() - started), cpu_ms: Math.round(cpuMs()), peak_mb: megabytes(), ...outcome })}\n`,
);
