/**
 * The runner shared by both databases: checks the spec with the engine, plans it, runs the
 * compiled queries for the pushed charges, streams the rows into the in-process accumulator
 * for the others (or for all, when a row is one SQL does not read exactly), and gives one
 * state per subscription, each checked by restoring it into the engine (or, for a usage, by
 * the engine's pricing, which restores it: `pricedNext`).
 */
import {
  type AggregationType,
  type ChargeBuckets,
  type ChargesAccumulator,
  type ChargesAccumulatorState,
  createChargesAccumulator,
  type FeecastError,
  feecastError,
  restoreChargesAccumulator,
} from '@feecast/engine';
import { eventTimeMs } from '@feecast/engine/internal';
import type { UsageEvent } from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import type { AsyncEventSource } from '../event-source';
import { type CompiledQueries, compileQueries } from './compile';
import type { Dialect } from './dialect';
import { type PushdownPlan, pushdownPlan } from './plan';
import type { RowSource } from './row-source';
import type { AggregatesSpec } from './spec';
import { type Buckets, type FigureContext, type Header, readBuckets, stateOf } from './state-rows';
import { dependsOnTieOrder } from './tie-order';

/** One subscription's state. */
export interface SubscriptionState {
  /**
   * The subscription; `null` for the rows that name none, alone (every subscription's state
   * already holds them, as a one-subscription run does).
   */
  readonly subscription: string | null;
  readonly state: ChargesAccumulatorState;
}

/** What a pushdown gives: the states, and how each charge was aggregated. */
export interface Aggregates {
  /**
   * With `spec.subscription`: one state, that subscription's. Without: one per subscription
   * whose rows hold the metric, sorted by id, then the rows naming none alone (`null`).
   */
  readonly states: readonly SubscriptionState[];
  /** Which charges the database aggregated, which fell back to streaming, and why. */
  readonly plan: PushdownPlan;
  /**
   * The SQL whose rows gave the states (one query per pushdown: a first run whose rows named
   * no subscription where ties matter, run again with them joined, is not listed), for the
   * curious and the benchmark.
   */
  readonly sql: readonly string[];
}

/** What a database gives the runner. */
export interface Database {
  readonly dialect: Dialect;
  /** The table as SQL reads it, or why it cannot be read in SQL (every charge falls back). */
  source(): Promise<Either<FeecastError, RowSource | string>>;
  /**
   * The rows of `sql`, in the batches the database streams them (never all at once): a
   * failure is a `Left`, before the first batch or in place of the next one.
   */
  query(sql: string): AsyncIterable<Either<FeecastError, readonly Record<string, unknown>[]>>;
  /**
   * The rows of the metric's code (and of the subscription and those naming none), decoded;
   * the rows the reader refuses are not events, for either path. `tieOrder`: rows at one
   * instant in the order SQL breaks their ties (tie-order.ts).
   */
  stream(code: string, subscription: string | undefined, tieOrder: boolean): AsyncEventSource;
}

/** The subscription key of an event in a run over every subscription. */
function subscriptionOf(event: UsageEvent): string | null {
  return event.external_subscription_id ?? null;
}

/**
 * Streams the rows into one accumulator of `charges` per subscription (or one in all), rows at
 * one instant in their tie order when it matters (`tieOrder`). Then, over every subscription,
 * the rows naming none join each subscription's (tie-order.ts): each of them goes to
 * every accumulator, and a subscription's accumulator, made at its first row, first takes those
 * read before: they are kept until the end of the stream.
 */
async function streamStates(
  database: Database,
  spec: AggregatesSpec,
  charges: readonly ChargeBuckets[],
  tieOrder: boolean,
): Promise<Either<FeecastError, Map<string | null, ChargesAccumulator>>> {
  const accumulators = new Map<string | null, ChargesAccumulator>();
  const single = spec.subscription !== undefined;
  const joined = !single && tieOrder;
  const none: UsageEvent[] = [];
  const accumulatorOf = (key: string | null): Either<FeecastError, ChargesAccumulator> => {
    const known = accumulators.get(key);
    if (known !== undefined) return right(known);
    const created = createChargesAccumulator(spec.metric, charges, spec.options);
    if (isRight(created)) {
      accumulators.set(key, created.right);
      for (const earlier of none) created.right.add(earlier);
    }
    return created;
  };
  if (single) {
    const first = accumulatorOf(spec.subscription ?? null);
    if (isLeft(first)) return first;
  }
  const source = database.stream(spec.metric.code, spec.subscription, tieOrder);
  for await (const event of source.events) {
    const key = single ? (spec.subscription ?? null) : subscriptionOf(event);
    if (joined && key === null) {
      const alone = accumulatorOf(null);
      if (isLeft(alone)) return alone;
      for (const accumulator of accumulators.values()) accumulator.add(event);
      none.push(event);
      continue;
    }
    const accumulator = accumulatorOf(key);
    if (isLeft(accumulator)) return accumulator;
    accumulator.right.add(event);
  }
  const error = source.error();
  return error === undefined ? right(accumulators) : left(error);
}

/** Restores a SQL state into a new accumulator (so carried values and checks are the engine's). */
function restored(
  spec: AggregatesSpec,
  charges: readonly ChargeBuckets[],
  state: unknown,
): Either<FeecastError, ChargesAccumulator> {
  const from = restoreChargesAccumulator(spec.metric, charges, spec.options, state);
  if (isLeft(from)) {
    return left(
      feecastError(
        'unexpected_error',
        `The pushdown gave a state the engine refuses (${from.left.message}).`,
        from.left.path,
      ),
    );
  }
  // A carried `previous` is the new accumulator's: merged in. Without one, the restored state
  // is already the accumulator (one restore per subscription, not a restore and a merge).
  if (spec.options.previous === undefined) return from;
  const into = createChargesAccumulator(spec.metric, charges, spec.options);
  return isLeft(into) ? into : into.right.merge(from.right);
}

/** Adds the rows naming none to a subscription's accumulator. */
function withNone(
  accumulator: ChargesAccumulator,
  none: ChargesAccumulator | undefined,
): Either<FeecastError, ChargesAccumulator> {
  return none === undefined ? right(accumulator) : accumulator.merge(none);
}

/** Splices the pushed charges' and the streamed charges' states into one, in charge order. */
function combined(
  chargeCount: number,
  pushed: readonly number[],
  sql: ChargesAccumulatorState | undefined,
  streamed: ChargesAccumulatorState | undefined,
  fallback: readonly number[],
): ChargesAccumulatorState | undefined {
  const header = streamed ?? sql;
  if (header === undefined) return undefined;
  const charges = Array.from({ length: chargeCount }, (_, c) => {
    const p = pushed.indexOf(c);
    if (p >= 0 && sql !== undefined) return sql.charges[p];
    return streamed?.charges[fallback.indexOf(c)];
  });
  return {
    format: header.format,
    aggregation_type: header.aggregation_type,
    rejected_counts: header.rejected_counts,
    outside_period: header.outside_period,
    charges: charges.filter((c) => c !== undefined),
  };
}

/** The period bounds the engine uses (options.ts): from, and the end of to_datetime's second. */
export function period(spec: AggregatesSpec): { fromMs: number; endMs: number } {
  const fromMs = eventTimeMs(spec.options.from_datetime) ?? 0;
  const toMs = eventTimeMs(spec.options.to_datetime) ?? 0;
  return { fromMs, endMs: (Math.floor(toMs / 1000) + 1) * 1000 };
}

/** How a pushdown runs, for feecast's own callers. */
export interface RunOptions {
  /**
   * Read only the rows of the period (and before it, for a metric that reads its history),
   * pruned by the database on its timestamp column: the figures are the same, but the
   * states' `outside_period` counts only the rows the pruning let through. For a usage, which
   * does not report it.
   */
  readonly periodRowsOnly?: boolean;
  /**
   * The states go to the engine's pricing, which checks each as it restores it: a state SQL
   * gives alone (no rows naming none, no carried `previous`, no streamed charge to merge) is
   * given as read, not restored here first. For a usage.
   */
  readonly pricedNext?: boolean;
}

/** Runs a pushdown on `database` (see `duckdbAggregates`, `clickhouseAggregates`). */
export async function runAggregates(
  database: Database,
  spec: AggregatesSpec,
  options: RunOptions = {},
): Promise<Either<FeecastError, Aggregates>> {
  const checked = createChargesAccumulator(spec.metric, spec.charges, spec.options);
  if (isLeft(checked)) return checked;
  const source = await database.source();
  if (isLeft(source)) return source;
  // Checked by the engine above: one of its aggregation types, every one of which compiles.
  const type = spec.metric.aggregation_type as AggregationType;
  let plan = pushdownPlan(spec, typeof source.right === 'string' ? source.right : undefined);
  let pushed = plan.charges.filter((c) => c.pushed).map((c) => c.charge);
  const single = spec.subscription !== undefined;
  // Over every subscription, whether each one's rows are read with those naming none.
  const tieOrder = dependsOnTieOrder(type);
  const joined = !single && tieOrder;
  const { fromMs, endMs } = period(spec);
  const sql: string[] = [];
  let sqlStates = new Map<string | null, unknown>();
  if (pushed.length > 0 && typeof source.right !== 'string') {
    const rows = source.right;
    const compile = (noneWithEach: boolean): CompiledQueries | string =>
      compileQueries(
        {
          type: type,
          fieldName: spec.metric.field_name ?? undefined,
          recurring: spec.metric.recurring === true,
          metricFilters: spec.metric.filters ?? [],
          charges: spec.charges,
          pushed,
          fromMs,
          endMs,
          deduplicate: spec.options.deduplicate !== false,
          perSubscription: !single,
          code: spec.metric.code,
          subscription: spec.subscription,
          periodRowsOnly: options.periodRowsOnly === true,
          noneWithEach,
        },
        rows,
        database.dialect,
      );
    const context = { type, fromMs, endMs, charges: spec.charges };
    let compiled = compile(false);
    if (typeof compiled === 'string') {
      plan = pushdownPlan(spec, compiled);
      pushed = [];
    } else {
      let read = await queryBuckets(database, compiled.buckets, context);
      // Rows naming none, where ties matter: read again, each with every subscription's rows
      // (tie-order.ts). Most tables have none, and their one query lists no subscriptions.
      if (joined && isRight(read) && read.right.headers.has(null)) {
        const again = compile(true);
        if (typeof again !== 'string') {
          compiled = again;
          read = await queryBuckets(database, compiled.buckets, context);
        }
      }
      sql.push(compiled.buckets);
      if (isLeft(read)) return read;
      const { headers, buckets, doubt, overflow } = read.right;
      if (overflow > 0) {
        plan = pushdownPlan(
          spec,
          `${overflow} group(s) of the metric have weighted sums that could exceed what the database sums exactly (rows × 10^18 × milliseconds to the period's end reaching 2^63 × 10^18): the rows are streamed`,
        );
        pushed = [];
      } else if (doubt > 0) {
        plan = pushdownPlan(
          spec,
          `${doubt} row(s) of the metric hold a timestamp, transaction id or property that SQL does not read exactly as the rows are read (a text the reader refuses, a JSON number beyond 15 digits or not plain, a decimal column as a filter or group): the rows are streamed`,
        );
        pushed = [];
      } else {
        const pushedCharges = pushed.map((index) => ({
          index,
          charge: spec.charges[index] ?? {},
        }));
        sqlStates = new Map(
          [...headers.keys()].map((key) => [
            key,
            stateOf(type, headers.get(key), buckets.get(key), pushedCharges),
          ]),
        );
        if (single && sqlStates.size === 0) {
          sqlStates.set('', stateOf(type, undefined, undefined, pushedCharges));
        }
      }
    }
  }
  const fallback = plan.charges.filter((c) => !c.pushed).map((c) => c.charge);
  const pushedList = spec.charges.filter((_, c) => pushed.includes(c));
  const fallbackList = spec.charges.filter((_, c) => fallback.includes(c));
  let streamed = new Map<string | null, ChargesAccumulator>();
  if (fallback.length > 0) {
    const states = await streamStates(database, spec, fallbackList, tieOrder);
    if (isLeft(states)) return states;
    streamed = states.right;
  }
  // The states, per subscription: SQL's restored (with the rows naming none merged in, unless
  // joined already), and the streamed ones likewise.
  const pushedOf = (key: string | null): Either<FeecastError, ChargesAccumulator> | undefined => {
    const state = sqlStates.get(key);
    return state === undefined ? undefined : restored(spec, pushedList, state);
  };
  const keys = single
    ? [spec.subscription ?? null]
    : [...new Set([...sqlStates.keys(), ...streamed.keys()])]
        .filter((k): k is string => k !== null)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const noneSql = single ? undefined : pushedOf(null);
  if (noneSql !== undefined && isLeft(noneSql)) return noneSql;
  const noneStreamed = single ? undefined : streamed.get(null);
  const states: SubscriptionState[] = [];
  for (const key of keys) {
    let sqlState: ChargesAccumulatorState | undefined;
    const alone =
      options.pricedNext === true &&
      fallback.length === 0 &&
      (noneSql === undefined || joined) &&
      spec.options.previous === undefined
        ? sqlStates.get(single ? '' : key)
        : undefined;
    if (alone !== undefined) {
      states.push({ subscription: key, state: alone as ChargesAccumulatorState });
      continue;
    }
    if (pushed.length > 0) {
      const mine =
        pushedOf(single ? '' : key) ??
        createChargesAccumulator(spec.metric, pushedList, spec.options);
      if (isLeft(mine)) return mine;
      const merged = joined ? right(mine.right) : withNone(mine.right, noneSql?.right);
      if (isLeft(merged)) return merged;
      sqlState = merged.right.state();
    }
    let streamedState: ChargesAccumulatorState | undefined;
    if (fallback.length > 0) {
      const mine = streamed.get(key);
      const base = mine ?? createChargesAccumulator(spec.metric, fallbackList, spec.options);
      const accumulator = 'add' in base ? right(base) : base;
      if (isLeft(accumulator)) return accumulator;
      const merged =
        single || joined ? right(accumulator.right) : withNone(accumulator.right, noneStreamed);
      if (isLeft(merged)) return merged;
      streamedState = merged.right.state();
    }
    const state = combined(spec.charges.length, pushed, sqlState, streamedState, fallback);
    if (state !== undefined) states.push({ subscription: key, state });
  }
  if (!single) {
    const noneState = combined(
      spec.charges.length,
      pushed,
      noneSql?.right.state(),
      noneStreamed?.state(),
      fallback,
    );
    if (noneState !== undefined) states.push({ subscription: null, state: noneState });
  }
  return right({ states, plan, sql });
}

/** The figures of a compiled buckets query (`readBuckets`, batch after batch), per state key. */
export interface QueriedBuckets {
  readonly headers: ReadonlyMap<string | null, Header>;
  readonly buckets: ReadonlyMap<string | null, Buckets>;
  /**
   * How many rows SQL reads in doubt (the in-process reader would read them otherwise), and
   * groups whose figures may not be exact (`overflow`, counted here too).
   */
  readonly doubt: number;
  /** How many groups have weighted sums that may exceed what the database sums exactly. */
  readonly overflow: number;
}

/** Runs a compiled buckets query and reads its rows as they stream, never all at once. */
export async function queryBuckets(
  database: Database,
  sql: string,
  context: FigureContext,
): Promise<Either<FeecastError, QueriedBuckets>> {
  const headers = new Map<string | null, Header>();
  const buckets = new Map<string | null, Buckets>();
  for await (const rows of database.query(sql)) {
    if (isLeft(rows)) return rows;
    readBuckets(rows.right, context, headers, buckets);
  }
  let doubt = 0;
  let overflow = 0;
  for (const h of headers.values()) {
    doubt += h.doubt;
    overflow += h.overflow ?? 0;
  }
  return right({ headers, buckets, doubt, overflow });
}
