/**
 * Current and projected usage priced where the events are: the engine says what each billable
 * metric of the plan aggregates (`usageAggregations`), the database computes those states
 * (`duckdbAggregates`, `clickhouseAggregates`), the engine prices them (`currentUsage`/`projectedUsage` with
 * `aggregates`). A metric whose charges are priced from each event has its rows streamed to
 * the engine instead. The figures are those of pricing the same events in process.
 */
import {
  currentUsage,
  type FeecastError,
  type MetricAggregation,
  projectedUsage,
  type UsageAggregations,
  type UsageInput,
  usageAggregations,
} from '@feecast/engine';
import {
  type PreparedSubscription,
  type PreparedUsage,
  prepareUsage,
} from '@feecast/engine/internal';
import type {
  CustomerProjectedUsageResponse,
  CustomerUsageResponse,
  UsageEvent,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { clickhouseEvents } from '../clickhouse-events';
import type { ClickhouseTarget } from '../clickhouse-target';
import { duckdbEvents } from '../duckdb-events';
import type { AsyncEventSource } from '../event-source';
import { clickhouseAggregatesWith } from './clickhouse-aggregates';
import {
  type DuckdbAggregatesTarget,
  type DuckdbConnector,
  duckdbAggregatesWith,
  duckdbConnector,
  eventsTarget,
} from './duckdb-aggregates';
import { limited } from './limited';
import type { ChargePlan } from './plan';
import { type Aggregates, period } from './run';
import type { AggregatesSpec } from './spec';
import { type StagedPeriod, stagedRows } from './staged-rows';

/** Where the events of a pushed-down usage are: read by DuckDB, or a ClickHouse table. */
export type UsageTable =
  | { readonly duckdb: DuckdbAggregatesTarget }
  | { readonly clickhouse: ClickhouseTarget };

/** A usage operation's input without its events: what is priced, and when. */
export type UsageContext = Omit<UsageInput, 'events' | 'aggregates'>;

/** How one billable metric was aggregated. */
export interface MetricUsagePlan {
  readonly code: string;
  /**
   * `database`: its state was computed by the database (its `charges` say, per charge,
   * whether in SQL or by the rows streamed into the in-process accumulator); `events`: its
   * rows were streamed to the engine, which priced them (`reason` says why).
   */
  readonly source: 'database' | 'events';
  readonly reason?: string;
  readonly charges?: readonly ChargePlan[];
  /** The SQL the database ran for it. */
  readonly sql?: readonly string[];
}

/** Usage priced by pushdown, and how each metric was aggregated. */
export interface PushdownUsage<U> {
  readonly usage: U;
  readonly plan: readonly MetricUsagePlan[];
}

/** The options of {@link pushdownUsage}. */
export interface PushdownUsageOptions {
  /** Projected usage (`projectedUsage`) rather than current usage. */
  readonly projected?: boolean;
}

/** @inline */
type Usage = CustomerUsageResponse | CustomerProjectedUsageResponse;

/** The spec of a metric's aggregation, for one subscription or (without) every one. */
function specOf(metric: MetricAggregation, subscription: string | undefined): AggregatesSpec {
  return {
    metric: metric.metric,
    charges: metric.charges,
    options: metric.options,
    ...(subscription === undefined ? {} : { subscription }),
  };
}

/**
 * A metric's states for a usage: only the period's rows are read (a usage does not report the
 * others), and the states are checked by the pricing that restores them; on DuckDB, on the
 * connection of `shared` when given (one instance for every metric's query).
 */
function aggregatesOf(table: UsageTable, spec: AggregatesSpec, shared?: DuckdbConnector) {
  const options = { periodRowsOnly: true, pricedNext: true };
  return 'duckdb' in table
    ? duckdbAggregatesWith(table.duckdb, spec, options, shared)
    : clickhouseAggregatesWith(table.clickhouse, spec, options);
}

/**
 * The rows every metric of a usage reads: from the earliest period's start (from the start of
 * time when one reads its history: a recurring sum or unique count) to the latest period's
 * end; none when a metric is priced from its events in process (all its rows are given).
 */
function stagedPeriod(metrics: readonly MetricAggregation[]): StagedPeriod | undefined {
  let fromMs: number | undefined;
  let endMs: number | undefined;
  let history = false;
  for (const metric of metrics) {
    if (metric.needsEvents !== undefined) return undefined;
    const bounds = period(specOf(metric, undefined));
    const type = metric.metric.aggregation_type;
    if (metric.metric.recurring === true && (type === 'sum_agg' || type === 'unique_count_agg')) {
      history = true;
    }
    fromMs = fromMs === undefined ? bounds.fromMs : Math.min(fromMs, bounds.fromMs);
    endMs = endMs === undefined ? bounds.endMs : Math.max(endMs, bounds.endMs);
  }
  return endMs === undefined ? undefined : { fromMs: history ? undefined : fromMs, endMs };
}

/** The rows of one code of one subscription (and those naming none), decoded. */
function rowsOf(table: UsageTable, code: string, subscription: string): AsyncEventSource {
  if ('clickhouse' in table) return clickhouseEvents(table.clickhouse, { code, subscription });
  const target = table.duckdb;
  return 'connection' in target
    ? duckdbEvents(eventsTarget(target), { code, subscription, connection: target.connection })
    : duckdbEvents(target, { code, subscription });
}

/** The rows of the metrics that need their events, for one subscription, one code after another. */
async function* streamed(
  table: UsageTable,
  codes: readonly string[],
  subscription: string,
  failure: { error?: FeecastError },
): AsyncGenerator<UsageEvent> {
  for (const code of codes) {
    const source = rowsOf(table, code, subscription);
    yield* source.events;
    const error = source.error();
    if (error !== undefined) {
      failure.error ??= error;
      return;
    }
  }
}

/** Prices one subscription's usage from its metrics' states and streamed rows. */
async function priced(
  context: UsageContext,
  wanted: UsageAggregations,
  states: ReadonlyMap<string, { readonly state: unknown; readonly aggregates: Aggregates }>,
  table: UsageTable,
  options: PushdownUsageOptions,
  prepared?: PreparedSubscription,
): Promise<Either<FeecastError, PushdownUsage<Usage>>> {
  const aggregates: Record<string, unknown> = {};
  const plan: MetricUsagePlan[] = [];
  const codes: string[] = [];
  for (const metric of wanted.metrics) {
    if (metric.needsEvents !== undefined) {
      codes.push(metric.code);
      plan.push({ code: metric.code, source: 'events', reason: metric.needsEvents });
      continue;
    }
    const found = states.get(metric.code);
    if (found !== undefined) aggregates[metric.code] = found.state;
    plan.push({
      code: metric.code,
      source: 'database',
      ...(found === undefined
        ? {}
        : { charges: found.aggregates.plan.charges, sql: found.aggregates.sql }),
    });
  }
  const failure: { error?: FeecastError } = {};
  const price = options.projected === true ? projectedUsage : currentUsage;
  // Without a streamed metric the states are all there is: priced synchronously, with no
  // stream to open (most plans, and every subscription of pushdownUsageOfAll).
  // With the plan prepared (pushdownUsageOfAll), the subscription's part is already read and
  // checked: only its states are read.
  const usage =
    codes.length === 0 && prepared !== undefined
      ? options.projected === true
        ? prepared.projected(aggregates)
        : prepared.current(aggregates)
      : codes.length === 0
        ? price({ ...context, events: [], aggregates })
        : await price({
            ...context,
            events: streamed(table, codes, wanted.external_subscription_id, failure),
            aggregates,
          });
  if (failure.error !== undefined) return left(failure.error);
  return isLeft(usage) ? usage : right({ usage: usage.right, plan });
}

/**
 * The current usage (with `projected`, the projected usage) of one subscription, its events'
 * aggregations computed by the database where they are (see `duckdbAggregates`,
 * `clickhouseAggregates`), priced by the
 * engine: the figures of `currentUsage` over the same events, and, per billable metric, how it
 * was aggregated (in SQL, by streaming the rows into the accumulator, or priced from its rows).
 * Never throws: bad input or an unreadable table is a `Left`.
 *
 * @example
 * // November's usage priced from the aggregates DuckDB computes over the file: 502.91 EUR.
 * const result = await pushdownUsage(
 *   { customer, subscription, plan, billableMetrics, now: '2026-11-30T23:59:59Z' },
 *   { duckdb: { file: 'examples/cli/events.ndjson', format: 'ndjson' } },
 * );
 * result._tag === 'Right' && result.right.usage.customer_usage.amount_cents // => 50291
 */
export function pushdownUsage(
  context: UsageContext,
  table: UsageTable,
  options?: { readonly projected?: false },
): Promise<Either<FeecastError, PushdownUsage<CustomerUsageResponse>>>;
export function pushdownUsage(
  context: UsageContext,
  table: UsageTable,
  options: { readonly projected: true },
): Promise<Either<FeecastError, PushdownUsage<CustomerProjectedUsageResponse>>>;
export function pushdownUsage(
  context: UsageContext,
  table: UsageTable,
  options: PushdownUsageOptions,
): Promise<Either<FeecastError, PushdownUsage<Usage>>>;
export async function pushdownUsage(
  context: UsageContext,
  table: UsageTable,
  options: PushdownUsageOptions = {},
): Promise<Either<FeecastError, PushdownUsage<Usage>>> {
  const wanted = usageAggregations(context);
  if (isLeft(wanted)) return wanted;
  const subscription = wanted.right.external_subscription_id;
  // A Parquet file is scanned once for all the metrics: the subscription's rows of the
  // metrics' periods are staged.
  const staged =
    'duckdb' in table
      ? await stagedRows(
          table.duckdb,
          [...new Set(wanted.right.metrics.map((metric) => metric.code))],
          subscription,
          stagedPeriod(wanted.right.metrics),
        )
      : undefined;
  const from: UsageTable = staged === undefined ? table : { duckdb: staged.target };
  try {
    const states = new Map<string, { state: unknown; aggregates: Aggregates }>();
    const pushed = wanted.right.metrics.filter((metric) => metric.needsEvents === undefined);
    const aggregates = (metric: MetricAggregation) =>
      aggregatesOf(from, specOf(metric, subscription));
    // A ClickHouse server runs the metrics' queries side by side (each over its own
    // connection); a DuckDB connection runs one at a time, so they are asked in turn.
    const asked = 'clickhouse' in from ? pushed.map(aggregates) : undefined;
    for (const [i, metric] of pushed.entries()) {
      const result = await (asked?.[i] ?? aggregates(metric));
      if (isLeft(result)) {
        if (asked !== undefined) await Promise.all(asked);
        return result;
      }
      const [own] = result.right.states;
      if (own !== undefined)
        states.set(metric.code, { state: own.state, aggregates: result.right });
    }
    return await priced(context, wanted.right, states, from, options);
  } finally {
    staged?.close();
  }
}

/**
 * {@link pushdownUsage} for many subscriptions at once: the subscriptions that aggregate the
 * same way (the same metrics, charges and period) share one query per metric, grouped by
 * subscription, instead of one query each. The answers are in the order of `contexts`; the
 * first problem is a `Left` naming the context (`["contexts", "3", ...]`).
 *
 * @example
 * // One query per metric for every subscription of the file (here the one of the examples).
 * const all = await pushdownUsageOfAll(
 *   [{ customer, subscription, plan, billableMetrics, now: '2026-11-30T23:59:59Z' }],
 *   { duckdb: { file: 'examples/cli/events.ndjson', format: 'ndjson' } },
 * );
 * all._tag === 'Right' && all.right.map((one) => one.usage.customer_usage.amount_cents) // => [50291]
 */
export function pushdownUsageOfAll(
  contexts: readonly UsageContext[],
  table: UsageTable,
  options?: { readonly projected?: false },
): Promise<Either<FeecastError, PushdownUsage<CustomerUsageResponse>[]>>;
export function pushdownUsageOfAll(
  contexts: readonly UsageContext[],
  table: UsageTable,
  options: { readonly projected: true },
): Promise<Either<FeecastError, PushdownUsage<CustomerProjectedUsageResponse>[]>>;
export function pushdownUsageOfAll(
  contexts: readonly UsageContext[],
  table: UsageTable,
  options: PushdownUsageOptions,
): Promise<Either<FeecastError, PushdownUsage<Usage>[]>>;
export async function pushdownUsageOfAll(
  contexts: readonly UsageContext[],
  table: UsageTable,
  options: PushdownUsageOptions = {},
): Promise<Either<FeecastError, PushdownUsage<Usage>[]>> {
  // On DuckDB, every metric's query runs on one instance, opened once and closed at the end
  // (its queries are all answered by then, refused or not).
  const connector = 'duckdb' in table ? duckdbConnector(table.duckdb) : undefined;
  try {
    return await usageOfAll(contexts, table, options, connector);
  } finally {
    connector?.close();
  }
}

/** {@link pushdownUsageOfAll}, DuckDB's queries on the connection of `connector` when given. */
async function usageOfAll(
  contexts: readonly UsageContext[],
  table: UsageTable,
  options: PushdownUsageOptions,
  connector: DuckdbConnector | undefined,
): Promise<Either<FeecastError, PushdownUsage<Usage>[]>> {
  const wanted: UsageAggregations[] = [];
  const keys: string[][] = [];
  const plans = preparedPlans();
  const prepared: (PreparedSubscription | undefined)[] = [];
  const keyOf = aggregationKeys();
  // One grouped query per metric and per distinct aggregation (metric, charges, options),
  // started as soon as a context first asks for it: the database runs it while the next
  // contexts are checked.
  const queries = limited(QUERIES_AT_ONCE, (spec: AggregatesSpec) =>
    aggregatesOf(table, spec, connector),
  );
  const pending = new Map<string, Promise<Either<FeecastError, Aggregates> | undefined>>();
  // Who reads each aggregation's states: the context, and the metric's code.
  const readers = new Map<string, [number, string][]>();
  const refused = async (error: FeecastError) => {
    queries.stop();
    await Promise.all(pending.values());
    return left(error);
  };
  for (const [i, context] of contexts.entries()) {
    // With the plan prepared, the context's own part is read and checked once, for its
    // aggregations and its pricing.
    const plan = plans(context);
    const part = plan === undefined ? undefined : plan.usage.subscription(plan.own);
    if (part !== undefined && isLeft(part)) return refused(within(part.left, i));
    const found = part === undefined ? usageAggregations(context) : right(part.right.aggregations);
    if (isLeft(found)) return refused(within(found.left, i));
    const own = found.right.metrics.map(keyOf);
    for (const [m, metric] of found.right.metrics.entries()) {
      const key = own[m] as string;
      if (metric.needsEvents === undefined && !pending.has(key)) {
        pending.set(key, queries.add(specOf(metric, undefined)));
      }
      const list = readers.get(key) ?? [];
      list.push([i, metric.code]);
      readers.set(key, list);
    }
    wanted.push(found.right);
    keys.push(own);
    prepared.push(part?.right);
    // The queries started go on (their connections open, their rows are read) between contexts.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((next) => setImmediate(next));
  }
  const shared = new Map<string, Map<string | null, { state: unknown; aggregates: Aggregates }>>();
  let remaining = pending.size;
  for (const [key, query] of pending) {
    const result = await query;
    remaining--;
    if (result === undefined) continue;
    if (isLeft(result)) return refused(result.left);
    // `null`: the rows naming no subscription alone, the state of a subscription without rows.
    const bySubscription = new Map<string | null, { state: unknown; aggregates: Aggregates }>();
    for (const { subscription, state } of result.right.states) {
      bySubscription.set(subscription, { state, aggregates: result.right });
    }
    shared.set(key, bySubscription);
    // While the next metric's query runs, this metric's charges are priced for each prepared
    // subscription (the last metric's are priced with the usage: nothing runs meanwhile).
    if (remaining > 0)
      await pricedAhead(readers.get(key) ?? [], bySubscription, wanted, prepared, options);
  }
  const answers: PushdownUsage<Usage>[] = [];
  for (const [i, own] of wanted.entries()) {
    const states = new Map<string, { state: unknown; aggregates: Aggregates }>();
    for (const [m, metric] of own.metrics.entries()) {
      const of = shared.get(keys[i]?.[m] ?? '');
      const found = of?.get(own.external_subscription_id) ?? of?.get(null);
      if (found !== undefined) states.set(metric.code, found);
    }
    const context = contexts[i] as UsageContext;
    const usage = await priced(context, own, states, table, options, prepared[i]);
    if (isLeft(usage)) return left(within(usage.left, i));
    answers.push(usage.right);
  }
  return right(answers);
}

/** How many contexts are checked between two turns of the event loop (for the queries started). */
const YIELD_EVERY = 50;

/** How many subscriptions' charges are priced ahead between two turns of the event loop. */
const PRICE_AHEAD_EVERY = 25;

/**
 * Prices ahead, for each prepared subscription that reads them (`readers`: its context and the
 * metric's code), the charges of one metric from its states (`priceAhead`: its usage then
 * prices only the other metrics, with the same figures), turning the event loop between
 * slices so that the next metric's query goes on.
 */
async function pricedAhead(
  readers: readonly (readonly [number, string])[],
  bySubscription: ReadonlyMap<string | null, { readonly state: unknown }>,
  wanted: readonly UsageAggregations[],
  prepared: readonly (PreparedSubscription | undefined)[],
  options: PushdownUsageOptions,
): Promise<void> {
  const kind = options.projected === true ? 'projected' : 'current';
  for (const [n, [i, code]] of readers.entries()) {
    const part = prepared[i];
    const id = wanted[i]?.external_subscription_id;
    const found =
      id === undefined ? undefined : (bySubscription.get(id) ?? bySubscription.get(null));
    if (part !== undefined && found !== undefined) part.priceAhead(code, found.state, kind);
    if (n % PRICE_AHEAD_EVERY === PRICE_AHEAD_EVERY - 1) {
      await new Promise((next) => setImmediate(next));
    }
  }
}

/**
 * The key of a metric's aggregation (its metric, charges and options as JSON): the same for
 * the subscriptions that share one query. A metric or charges object met again (a prepared
 * plan gives the same metric to each subscription) is not written again.
 */
function aggregationKeys(): (metric: MetricAggregation) => string {
  const texts = new WeakMap<object, string>();
  const text = (value: object): string => {
    const known = texts.get(value);
    if (known !== undefined) return known;
    const written = JSON.stringify(value);
    texts.set(value, written);
    return written;
  };
  // JSON holds no raw line break: the three texts joined by one are read back unambiguously.
  return (metric) =>
    `${text(metric.metric)}\n${text(metric.charges)}\n${JSON.stringify(metric.options)}`;
}

/**
 * How many metric queries run at once: one. Two at a time (each DuckDB instance with its own
 * threads, so the database runs one while feecast reads the other's rows) was measured on the
 * benchmark's 10,010,000 rows (bench/README.md, "pushdown: the Node side"): no faster, and
 * more CPU time, with two instances' memory at once. On DuckDB the queries now share one
 * instance and its connection, which runs them one at a time in any case.
 */
const QUERIES_AT_ONCE = 1;

/** A plan prepared once, and a context's own part (what is read again for each subscription). */
interface Prepared {
  readonly usage: PreparedUsage;
  readonly own: Omit<UsageContext, 'plan' | 'billableMetrics' | 'pricingUnits'>;
}

/** The keys of a usage context that the prepared plan holds. */
const PLAN_KEYS: ReadonlySet<string> = new Set(['plan', 'billableMetrics', 'pricingUnits']);

/**
 * The usage of each plan prepared once (`prepareUsage`: its plan and billable metrics read and
 * checked, its charges compiled, for all its subscriptions), by the identity of the context's
 * plan, metrics and pricing units, with the context's own part (the plan's keys left out, so
 * that they are not copied again for each call); `undefined` for a plan the engine refuses,
 * whose contexts then answer as `usageAggregations` and `currentUsage` do on their own (the
 * same error).
 */
function preparedPlans(): (context: UsageContext) => Prepared | undefined {
  const plans = new Map<unknown, Map<unknown, Map<unknown, PreparedUsage | undefined>>>();
  const of = (context: UsageContext): Prepared | undefined => {
    const byMetrics = plans.get(context.plan) ?? new Map();
    plans.set(context.plan, byMetrics);
    const byUnits = byMetrics.get(context.billableMetrics) ?? new Map();
    byMetrics.set(context.billableMetrics, byUnits);
    if (!byUnits.has(context.pricingUnits)) {
      const made = prepareUsage({
        plan: context.plan,
        billableMetrics: context.billableMetrics,
        ...(context.pricingUnits === undefined ? {} : { pricingUnits: context.pricingUnits }),
      });
      byUnits.set(context.pricingUnits, isLeft(made) ? undefined : made.right);
    }
    const usage = byUnits.get(context.pricingUnits);
    if (usage === undefined || typeof context !== 'object' || context === null) return undefined;
    const own: Record<string, unknown> = {};
    for (const key of Object.keys(context)) {
      if (!PLAN_KEYS.has(key)) own[key] = (context as unknown as Record<string, unknown>)[key];
    }
    return { usage, own: own as Prepared['own'] };
  };
  return (context) => {
    // A context that is not an object, or whose plan cannot be read, answers on its own.
    try {
      return of(context);
    } catch {
      return undefined;
    }
  };
}

/** An error of the `i`-th context, its path under `contexts`. */
function within(error: FeecastError, i: number): FeecastError {
  return { ...error, path: ['contexts', String(i), ...(error.path ?? [])] };
}
