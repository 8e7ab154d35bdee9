import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type AggregationState,
  driveSync,
  type Fed,
  type Feeding,
  type UsageEvent,
  type WithAsyncEvents,
  withEvents,
} from '../../aggregation/index';
import { extended, type FeecastError, feecastError } from '../../core/index';
import type { ChargeFee } from './charge-fee';
import { chargeMetricIndex } from './charge-metric';
import { type ChargeSetup, setupCharge } from './charge-setup';
import { feeContext } from './fee-context';
import { type PassAggregation, passAggregation } from './fees-pass';
import type {
  ChargeFeesCharge,
  ChargeFeesMetric,
  ChargeFeesOptions,
  ChargesPeriod,
} from './inputs';
import {
  type ChargeFeesReport,
  checkMetric,
  type MetricCharges,
  priceMetricsSteps,
} from './price-metrics';

export type { ChargeFeesReport } from './price-metrics';

/** The input of {@link planChargeFees}. */
export interface PlanChargeFeesInput extends Omit<ChargeFeesOptions, 'currency'> {
  /** The plan (a wire `Plan` fits): its charges, and its currency. */
  readonly plan: {
    readonly charges: readonly ChargeFeesCharge[];
    readonly amount_currency?: string;
  };
  /** The billable metrics the charges are priced on (others are ignored). */
  readonly billableMetrics: readonly ChargeFeesMetric[];
  /** Usage events of every metric (any iterable, read once). */
  readonly events: Iterable<UsageEvent>;
  /** Default: the plan's `amount_currency`. */
  readonly currency?: string;
  /** What recurring metrics carry from the previous period, by metric code. */
  readonly previous?: Readonly<Record<string, AggregationState>>;
  /**
   * Metrics whose events were aggregated elsewhere (a database, a worker), by metric code:
   * the `state()` of a charges accumulator of the charges and options
   * {@link planAggregations} gives for the metric (docs/aggregation-state.md). The metric's
   * fees start from its state; its events in `events`, if any, are added to it as a later part
   * of the stream (give each event to one side only: transaction ids are not kept in a state).
   */
  readonly aggregates?: Readonly<Record<string, unknown>> | null;
  /**
   * The charges period that follows `period`, when the fees are for the invoice that closes
   * `period`: each pay-in-advance charge of a recurring metric then also bills, in the report's
   * `carried`, the units it carries into that period (aggregations.md §1.8, §4).
   */
  readonly next_period?: ChargesPeriod;
}

/**
 * The fees of every charge of a plan, with the events read in one pass per billable metric
 * (the "done when" of the fee assembler: each event is routed by its `code` to its metric's
 * one aggregation pass, which serves every charge of that metric), and the events left out.
 * The fees are those of {@link chargeFees} for each charge, in the plan's charge order; with
 * `next_period`, `carried` holds what recurring pay-in-advance charges bill for that period.
 *
 * @example
 * planChargeFeesReport({ plan, billableMetrics, events: readEvents(), period, purpose: 'invoice' })
 * // right({ fees: [...], carried: [], rejected: [{ transaction_id: 'e9', reason: 'invalid_value', ... }] })
 */
export function planChargeFeesReport(
  input: PlanChargeFeesInput,
): Either<FeecastError, ChargeFeesReport> {
  return driveSync(planChargeFeesSteps(input));
}

/**
 * `planChargeFeesReport` as steps that read the events once, from an iterable or a feed
 * of asynchronous events (see `withEvents`).
 *
 * @example
 * const report = yield* planChargeFeesSteps({ ...input, events: subscriptionEvents(feed, 'sub_1') });
 *
 * With `compiled` ({@link compilePlanCharges} of the same plan, metrics, pricing units and
 * currency), the charges are not checked and compiled again: a caller pricing one plan over
 * many periods compiles it once.
 * @internal
 */
export function* planChargeFeesSteps(
  input: Fed<PlanChargeFeesInput>,
  compiled?: CompiledPlanCharges,
): Feeding<Either<FeecastError, ChargeFeesReport>> {
  const checked = metricChargesOf(input, compiled);
  if (isLeft(checked)) return checked;
  const { currency, metrics } = checked.right;
  return yield* priceMetricsSteps(
    feeContext(extended(input, { currency })),
    metrics,
    input.events,
    input.plan.charges.length,
    { deduplicate: input.deduplicate, feeId: input.feeId, nextPeriod: input.next_period },
  );
}

/** What one billable metric's pass aggregates for the plan (see {@link planAggregations}). */
export interface MetricAggregation extends PassAggregation {
  /** The metric's code (the key of its state in `aggregates`). */
  readonly code: string;
  /** The billable metric, as given. */
  readonly metric: ChargeFeesMetric;
}

/**
 * What pricing the plan's charges aggregates, per billable metric (in the order of the
 * metrics' first charges): the charges and options of the one charges accumulator of each
 * metric. A caller that aggregates a metric's events elsewhere (a database, a worker) with a
 * charges accumulator of these charges and options gives its `state()` back in `aggregates`,
 * keyed by the metric's code; `needsEvents` says when that cannot be (the metric's events must
 * then be given).
 *
 * @example
 * const aggregations = planAggregations({
 *   plan,
 *   billableMetrics,
 *   period: { charges_from_datetime: '2026-11-01T00:00:00Z', charges_to_datetime: '2026-11-30T23:59:59Z' },
 * });
 * aggregations._tag === 'Right' && aggregations.right.map((aggregation) => aggregation.code)
 * // => ['api_calls', 'storage_gb', 'seats', 'payments', 'compute_hours']
 */
export function planAggregations(
  input: Omit<PlanChargeFeesInput, 'events' | 'aggregates'>,
): Either<FeecastError, MetricAggregation[]> {
  return compiledAggregations(input);
}

/**
 * {@link planAggregations}, from the plan's charges compiled once ({@link compilePlanCharges}
 * of the same input) when given.
 * @internal
 */
export function compiledAggregations(
  input: Omit<PlanChargeFeesInput, 'events' | 'aggregates'>,
  compiled?: CompiledPlanCharges,
): Either<FeecastError, MetricAggregation[]> {
  const checked = metricChargesOf(input, compiled);
  if (isLeft(checked)) return checked;
  const context = feeContext(extended(input, { currency: checked.right.currency }));
  return right(
    checked.right.metrics.map((entry) => ({
      code: entry.metric.code,
      metric: entry.metric,
      ...passAggregation(entry.setups, {
        period: context.period,
        timezone: context.timezone,
        previous: entry.previous,
        deduplicate: input.deduplicate,
        metricPath: entry.metricPath,
      }),
    })),
  );
}

/**
 * A plan's charges checked and compiled, grouped by billable metric: what pricing them over
 * any period starts from (the metric compiled, each charge's setup: its models, filters and
 * group keys), without the period's states.
 * @internal
 */
export interface CompiledPlanCharges {
  readonly currency: string;
  readonly metrics: readonly MetricCharges[];
}

/** Checks the plan and groups its charges by billable metric, with each metric's given state. */
function metricChargesOf(
  input: Omit<PlanChargeFeesInput, 'events'>,
  compiled: CompiledPlanCharges | undefined,
): Either<FeecastError, CompiledPlanCharges> {
  const checked = compiled === undefined ? compilePlanCharges(input) : right(compiled);
  if (isLeft(checked)) return checked;
  const { currency, metrics } = checked.right;
  const grouped = new Map<string, MetricCharges>();
  for (const entry of metrics) grouped.set(entry.metric.code, entry);
  const states = givenStates(input.aggregates, grouped);
  if (isLeft(states)) return states;
  if (input.previous === undefined && states.right.size === 0) return checked;
  const list = metrics.map((entry) => {
    const previous = input.previous?.[entry.metric.code];
    const state = states.right.get(entry.metric.code);
    return previous === undefined && state === undefined
      ? entry
      : extended(entry, state === undefined ? { previous } : { previous, state });
  });
  return right({ currency, metrics: list });
}

/**
 * Checks a plan's charges against their billable metrics and compiles them once, grouped by
 * metric (in the order of the metrics' first charges): {@link planChargeFeesSteps} and
 * {@link compiledAggregations} price from it at any period. The plan, metrics, pricing units
 * and currency are those of the input; its period, states and events are not read.
 * @internal
 */
export function compilePlanCharges(
  input: Pick<PlanChargeFeesInput, 'plan' | 'billableMetrics' | 'currency' | 'pricing_units'>,
): Either<FeecastError, CompiledPlanCharges> {
  if (typeof input !== 'object' || input === null || !Array.isArray(input.plan?.charges)) {
    return left(
      feecastError('invalid_input', 'planChargeFees needs a plan with its charges.', [
        'plan',
        'charges',
      ]),
    );
  }
  const currency = input.currency ?? input.plan.amount_currency;
  if (currency === undefined) {
    return left(
      feecastError('invalid_input', "Give the currency, or the plan's amount_currency.", [
        'currency',
      ]),
    );
  }
  const metrics = Array.isArray(input.billableMetrics) ? input.billableMetrics : [];
  const grouped = new Map<number, MetricCharges & { setups: ChargeSetup[]; order: number[] }>();
  for (const [i, charge] of input.plan.charges.entries()) {
    const path = ['plan', 'charges', String(i)];
    const found = chargeMetricIndex(charge, metrics, path);
    if (isLeft(found)) return found;
    const { index: m, metric } = found.right;
    const known = grouped.get(m);
    // A metric is compiled once, for its first charge.
    const compiled =
      known === undefined
        ? checkMetric(metric, ['billableMetrics', String(m)])
        : right(known.compiled);
    if (isLeft(compiled)) return compiled;
    const setup = setupCharge(charge, compiled.right, path, input.pricing_units);
    if (isLeft(setup)) return setup;
    const entry: MetricCharges & { setups: ChargeSetup[]; order: number[] } = known ?? {
      metric,
      compiled: compiled.right,
      metricPath: ['billableMetrics', String(m)],
      setups: [],
      order: [],
    };
    entry.setups.push(setup.right);
    entry.order.push(i);
    grouped.set(m, entry);
  }
  return right({ currency, metrics: Array.from(grouped.values()) });
}

/** The states given in `aggregates`, by metric code: each must be a metric the plan prices. */
function givenStates(
  aggregates: PlanChargeFeesInput['aggregates'],
  grouped: ReadonlyMap<string, MetricCharges>,
): Either<FeecastError, Map<string, { value: unknown; path: readonly string[] }>> {
  const found = new Map<string, { value: unknown; path: readonly string[] }>();
  if (aggregates === undefined || aggregates === null) return right(found);
  if (typeof aggregates !== 'object' || Array.isArray(aggregates)) {
    return left(
      feecastError(
        'invalid_input',
        'aggregates must be an object of aggregation states by billable metric code.',
        ['aggregates'],
      ),
    );
  }
  for (const code of Object.keys(aggregates)) {
    if (!grouped.has(code)) {
      return left(
        feecastError(
          'invalid_input',
          `No charge of the plan is priced on a billable metric of code ${JSON.stringify(code)}: give states only for the plan's metrics (planAggregations lists them).`,
          ['aggregates', code],
        ),
      );
    }
    found.set(code, { value: aggregates[code], path: ['aggregates', code] });
  }
  return right(found);
}

/**
 * The fees of every charge of a plan over an event stream read once, one aggregation pass
 * per billable metric (see `planChargeFeesReport`, which also lists the events left
 * out). Equal, charge by charge, to {@link chargeFees}.
 *
 * With `events` given asynchronously (an `AsyncIterable` or a `ReadableStream`), the same
 * fees as a `Promise`, the stream read once as it comes.
 *
 * @example
 * // Starter's five charges over November: 210.95 + 9.76 + 84.00 + 123.20 + 75.00 = 502.91 EUR.
 * const fees = planChargeFees({
 *   plan,
 *   billableMetrics,
 *   events,
 *   period: { charges_from_datetime: '2026-11-01T00:00:00Z', charges_to_datetime: '2026-11-30T23:59:59Z' },
 * });
 * fees._tag === 'Right' && fees.right.reduce((total, fee) => total + fee.amount_cents, 0) // => 50291
 */
export function planChargeFees(
  input: WithAsyncEvents<PlanChargeFeesInput>,
): Promise<Either<FeecastError, ChargeFee[]>>;
export function planChargeFees(input: PlanChargeFeesInput): Either<FeecastError, ChargeFee[]>;
export function planChargeFees(
  input: PlanChargeFeesInput | WithAsyncEvents<PlanChargeFeesInput>,
): Either<FeecastError, ChargeFee[]> | Promise<Either<FeecastError, ChargeFee[]>> {
  return withEvents(input, function* (fed) {
    const report = yield* planChargeFeesSteps(fed);
    return isLeft(report) ? report : right(report.right.fees);
  });
}
