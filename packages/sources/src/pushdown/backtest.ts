/**
 * A backtest priced from states DuckDB computes: every accumulator of the backtest
 * (subscription x plan x period x metric, `backtestAggregations`) is one state key of a query
 * per metric and charge set, whose rows join the periods (a `VALUES` list) of their
 * subscription; the engine prices the states (`backtestOfStates`, from the series found once).
 * What SQL cannot compute exactly makes the whole backtest run in process over the rows
 * instead, and the plan says why.
 */
import {
  type AggregationType,
  type Backtest,
  type BacktestInput,
  backtest,
  type EventCounts,
  type FeecastError,
} from '@feecast/engine';
import {
  type BacktestSlot,
  type BacktestStates,
  backtestAggregations,
} from '@feecast/engine/internal';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { compileQueries, type PeriodRow } from './compile';
import { type DuckdbAggregatesTarget, duckdbDatabase } from './duckdb-aggregates';
import { pushdownPlan } from './plan';
import type { RowSource } from './row-source';
import { type Database, queryBuckets } from './run';
import type { AggregatesSpec } from './spec';
import { stateOf } from './state-rows';

/** How a backtest's events were aggregated. */
export interface BacktestPushdownPlan {
  /**
   * `database`: every accumulator's state was computed by DuckDB; `events`: the rows were
   * streamed into the in-process backtest (`reason` says why).
   */
  readonly source: 'database' | 'events';
  readonly reason?: string;
  /** The queries run: one per billable metric and set of charges, over all its periods. */
  readonly queries: readonly {
    readonly code: string;
    readonly charges: number;
    readonly periods: number;
    readonly sql: string;
  }[];
}

/**
 * How the invoices of a backtest are priced from the states DuckDB computed (per subscription,
 * plain data): `backtestOfStates` in the calling thread by default; `backtestInWorkers` of
 * `feecast` (`feecast backtest --pushdown`) gives one that splits them across worker threads
 * by customer, with the same result.
 */
export type StatesPricer = (
  input: Omit<BacktestInput, 'events'>,
  states: BacktestStates,
) => Promise<Either<FeecastError, Backtest>>;

/** A backtest priced by pushdown, and how its events were aggregated. */
export interface PushdownBacktest {
  readonly backtest: Backtest;
  readonly plan: BacktestPushdownPlan;
}

/** The accumulators that aggregate alike (one metric, its charges and options): one query. */
interface Job {
  readonly spec: AggregatesSpec;
  /** Per state key (`String(index)`): its period row. */
  readonly periods: PeriodRow[];
  /** Per period (`[subscription, fromMs, endMs]` as JSON): its state key. */
  readonly keyOf: Map<string, string>;
  /** Per accumulator of the backtest (its slot and metric): its job's state key. */
  readonly slotKeys: { slot: BacktestSlot; code: string; key: string }[];
}

/** Why some accumulator is not computed in SQL, or `undefined`. */
function jobsOf(slots: readonly BacktestSlot[]): { jobs: Map<string, Job>; reason?: string } {
  const jobs = new Map<string, Job>();
  for (const slot of slots) {
    for (const metric of slot.metrics) {
      if (metric.needsEvents !== undefined) {
        return { jobs, reason: `${metric.code}: ${metric.needsEvents}` };
      }
      if (metric.options.previous !== undefined) {
        return { jobs, reason: `${metric.code}: a carried previous state is merged in process` };
      }
      // The period's bounds are joined; its length and zone are read only by prorated charges,
      // which are not pushed down: the periods of a metric and its charges share one query.
      const {
        from_datetime: _from,
        to_datetime: _to,
        charges_duration: _days,
        timezone: _zone,
        ...rest
      } = metric.options;
      const id = JSON.stringify([metric.metric, metric.charges, rest]);
      let job = jobs.get(id);
      if (job === undefined) {
        const spec = { metric: metric.metric, charges: metric.charges, options: metric.options };
        const plan = pushdownPlan(spec);
        const refused = plan.charges.find((c) => !c.pushed);
        if (refused !== undefined) return { jobs, reason: `${metric.code}: ${refused.reason}` };
        job = { spec, periods: [], keyOf: new Map(), slotKeys: [] };
        jobs.set(id, job);
      }
      const window = JSON.stringify([slot.external_subscription_id, slot.fromMs, slot.endMs]);
      let key = job.keyOf.get(window);
      if (key === undefined) {
        key = String(job.periods.length);
        job.keyOf.set(window, key);
        job.periods.push({
          key,
          subscription: slot.external_subscription_id,
          fromMs: slot.fromMs,
          endMs: slot.endMs,
        });
      }
      job.slotKeys.push({ slot, code: metric.code, key });
    }
  }
  return { jobs };
}

/** The counts of the rows as the in-process backtest reads them, and how many SQL doubts. */
async function countRows(
  database: Database,
  source: RowSource,
  subscriptions: readonly string[],
  only: string | undefined,
): Promise<Either<FeecastError, { counts: EventCounts; doubt: number; sql: string }>> {
  const d = database.dialect;
  const sub =
    only === undefined
      ? source.subscription
      : `coalesce(${source.subscription}, ${d.string(only)})`;
  const listed = subscriptions.map((s) => d.string(s)).join(', ');
  const doubts = [
    ...source.doubts.map((x) => `coalesce(${x}, FALSE)`),
    `${source.code} IS NULL`,
    ...(source.timeRequired ? ['__t IS NULL'] : []),
  ];
  const inner = `SELECT coalesce(${sub} IN (${listed}), FALSE) AS __a, ${source.code} AS __c, ${source.timeMs} AS __t, * FROM ${source.from}`;
  const sql = `SELECT count(*) AS n, count(*) FILTER (WHERE NOT __a) AS u, count(*) FILTER (WHERE __a AND __c IS NOT NULL AND __t IS NULL) AS i, count(*) FILTER (WHERE ${doubts.join(' OR ')}) AS d FROM (${inner}) AS q`;
  let row: Readonly<Record<string, unknown>> | undefined;
  for await (const rows of database.query(sql)) {
    if (isLeft(rows)) return rows;
    row ??= rows.right[0];
  }
  const n = (key: string) => Number(row?.[key] ?? 0);
  return right({
    counts: { read: n('n'), unassigned: n('u'), invalid_timestamp: n('i'), unreadable: 0 },
    doubt: n('d'),
    sql,
  });
}

/** The states of one job, by state key, or why SQL cannot give them. */
async function jobStates(
  database: Database,
  source: RowSource,
  job: Job,
  only: string | undefined,
): Promise<Either<FeecastError, { states: Map<string, unknown>; sql: string } | string>> {
  const { metric, charges, options } = job.spec;
  const type = metric.aggregation_type as AggregationType;
  const pushed = charges.map((_, c) => c);
  const compiled = compileQueries(
    {
      type,
      fieldName: metric.field_name ?? undefined,
      recurring: metric.recurring === true,
      metricFilters: metric.filters ?? [],
      charges,
      pushed,
      fromMs: 0,
      endMs: 0,
      deduplicate: options.deduplicate !== false,
      perSubscription: true,
      code: metric.code,
      subscription: undefined,
      periods: { list: job.periods, only },
    },
    source,
    database.dialect,
  );
  if (typeof compiled === 'string') return right(compiled);
  const periods = new Map(job.periods.map((p) => [p.key, p]));
  const read = await queryBuckets(database, compiled.buckets, {
    type,
    fromMs: 0,
    endMs: 0,
    charges,
    periods,
  });
  if (isLeft(read)) return read;
  const { headers, buckets, doubt } = read.right;
  if (doubt > 0) {
    return right(
      `${doubt} row(s) of ${metric.code} hold a timestamp, transaction id or property that SQL does not read exactly as the rows are read`,
    );
  }
  const list = pushed.map((index) => ({ index, charge: charges[index] ?? {} }));
  const states = new Map<string, unknown>();
  for (const p of job.periods) {
    states.set(p.key, stateOf(type, headers.get(p.key), buckets.get(p.key), list));
  }
  return right({ states, sql: compiled.buckets });
}

/**
 * The `backtest` of `input` over the events of a DuckDB table or Parquet file, each
 * accumulator's state (subscription x plan x billing period x billable metric) computed by
 * DuckDB, then priced by the engine: the result of `backtest` over the same rows read in
 * process (`duckdbEvents`). The periods (each subscription's own billing time, interval,
 * anniversary and time zone) are computed by the engine and joined to the rows as a `VALUES`
 * list: one query per billable metric and set of charges reads that metric's rows once for
 * every subscription and period. When SQL cannot give the engine's figures (a metric priced
 * from each event, a prorated charge, an expression, rows SQL does not read exactly, a CSV or
 * NDJSON file), the rows are streamed into the in-process backtest instead, and `plan` says
 * why. The states are priced by `options.price` (`backtestOfStates` in this thread when not
 * given, from the series found for the slots, not again). Never throws: bad input or an
 * unreadable table is a `Left`.
 *
 * @example
 * // November on Starter (the subscription's plan) and on Growth, from the events file.
 * const result = await pushdownBacktest(
 *   { plans: [growth], subscriptions: [{ customer, subscription, plan }], billableMetrics,
 *     from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' },
 *   { file: 'examples/cli/events.ndjson', format: 'ndjson' },
 * );
 * result._tag === 'Right' && result.right.backtest.rows.map((row) => row.revenue_cents)
 * // => [55191, 45564]
 */
export async function pushdownBacktest(
  input: Omit<BacktestInput, 'events'>,
  target: DuckdbAggregatesTarget,
  options: { readonly price?: StatesPricer } = {},
): Promise<Either<FeecastError, PushdownBacktest>> {
  const wanted = backtestAggregations(input);
  if (isLeft(wanted)) return wanted;
  const { database, events, close } = duckdbDatabase(target);
  const queries: { code: string; charges: number; periods: number; sql: string }[] = [];
  const inProcess = async (reason: string): Promise<Either<FeecastError, PushdownBacktest>> => {
    const rows = events();
    const result = await backtest({ ...input, events: rows.events });
    const error = rows.error();
    if (error !== undefined) return left(error);
    if (isLeft(result)) return result;
    return right({ backtest: result.right, plan: { source: 'events', reason, queries } });
  };
  try {
    const subscriptions = wanted.right.subscriptions;
    const only = subscriptions.length === 1 ? subscriptions[0] : undefined;
    const { jobs, reason } = jobsOf(wanted.right.slots);
    if (reason !== undefined) return await inProcess(reason);
    const source = await database.source();
    if (isLeft(source)) return source;
    if (typeof source.right === 'string') return await inProcess(source.right);
    const counted = await countRows(database, source.right, subscriptions, only);
    if (isLeft(counted)) return counted;
    if (counted.right.doubt > 0) {
      return await inProcess(
        `${counted.right.doubt} row(s) hold a code, timestamp, transaction id or properties that SQL does not read exactly as the rows are read`,
      );
    }
    const states = new Map<Job, Map<string, unknown>>();
    for (const job of jobs.values()) {
      const found = await jobStates(database, source.right, job, only);
      if (isLeft(found)) return found;
      if (typeof found.right === 'string') return await inProcess(found.right);
      states.set(job, found.right.states);
      queries.push({
        code: job.spec.metric.code,
        charges: job.spec.charges.length,
        periods: job.periods.length,
        sql: found.right.sql,
      });
    }
    const bySubscription = new Map<string, Map<string, (Map<string, unknown> | undefined)[]>>();
    for (const [job, own] of states) {
      for (const { slot, code, key } of job.slotKeys) {
        let plans = bySubscription.get(slot.external_subscription_id);
        if (plans === undefined) {
          plans = new Map();
          bySubscription.set(slot.external_subscription_id, plans);
        }
        let periods = plans.get(slot.plan);
        if (periods === undefined) {
          periods = [];
          plans.set(slot.plan, periods);
        }
        let codes = periods[slot.period];
        if (codes === undefined) {
          codes = new Map();
          periods[slot.period] = codes;
        }
        codes.set(code, own.get(key));
      }
    }
    const given = { bySubscription, counts: counted.right.counts };
    // In this thread, the states are priced from the series found for the slots (the
    // periods are not found again); a pricer of its own (worker threads) reads its share.
    const priced =
      options.price === undefined
        ? wanted.right.priceStates(given, input.onProgress)
        : await options.price(input, given);
    if (isLeft(priced)) return priced;
    return right({ backtest: priced.right, plan: { source: 'database', queries } });
  } finally {
    close();
  }
}
