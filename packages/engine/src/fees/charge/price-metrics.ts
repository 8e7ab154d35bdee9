import type { Fee } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type AggregationState,
  type CompiledMetric,
  compileMetricIn,
  driveSync,
  type EventBatch,
  type EventFeed,
  type Feeding,
  FULL_METRIC_LANGUAGE,
  isEventBatch,
  isEventFeed,
  type MetricLanguage,
  type Rejection,
  readEvents,
  type UsageEvent,
} from '../../aggregation/index';
import {
  compare,
  currencyExponent,
  type Decimal,
  type FeecastError,
  feecastError,
  ONE,
  parseDecimal,
  sign,
} from '../../core/index';
import { assembleCarriedFees, assembleChargeFees } from './assemble';
import type { ChargeFee } from './charge-fee';
import type { ChargeSetup } from './charge-setup';
import type { FeeContext } from './fee-context';
import { createFeesPass, type FeesPass } from './fees-pass';
import type { ChargeFeesMetric, ChargesPeriod } from './inputs';

/** A billable metric and the charges priced on its events. */
export interface MetricCharges {
  readonly metric: ChargeFeesMetric;
  readonly compiled: CompiledMetric;
  readonly metricPath: readonly string[];
  readonly setups: readonly ChargeSetup[];
  /** The place of each charge's fees in the output (the charge's index in the plan). */
  readonly order: readonly number[];
  readonly previous?: AggregationState | undefined;
  /** The metric's aggregation computed elsewhere, and where the caller gave it. */
  readonly state?: { readonly value: unknown; readonly path: readonly string[] } | undefined;
}

/** Fees and the events left out. */
export interface ChargeFeesReport {
  /** Every charge's fees, in the plan's charge order. */
  readonly fees: ChargeFee[];
  /**
   * With a next period: the fees recurring metrics' pay-in-advance charges bill for the units
   * they carry into it (`carriedFee`), in the plan's charge order; otherwise none.
   */
  readonly carried: ChargeFee[];
  /** Events left out of the aggregation (bad value, duplicate id, missing field...), and why. */
  readonly rejected: Rejection[];
  /** Events of the plan's metrics dated outside the period: not errors, not counted. */
  readonly outside_period: number;
}

/**
 * Checks a billable metric for fees: aggregation's own checks plus the fields a fee's item
 * names (`svc_id`, `name`).
 *
 * @example
 * checkMetric(metric, ['billableMetric']) // right(compiled)
 * @internal
 */
export function checkMetric(
  metric: ChargeFeesMetric,
  path: readonly string[],
): Either<FeecastError, CompiledMetric> {
  return checkMetricIn(FULL_METRIC_LANGUAGE, metric, path);
}

/**
 * {@link checkMetric} for the aggregation types and expression language of `language` only
 * (`compileMetricIn`: a preview estimator's).
 *
 * @example
 * checkMetricIn({ kinds: { sum_agg: sumKind }, expression: undefined }, metric, ['billableMetric']) // right(compiled)
 * @internal
 */
export function checkMetricIn(
  language: MetricLanguage,
  metric: ChargeFeesMetric,
  path: readonly string[],
): Either<FeecastError, CompiledMetric> {
  const compiled = compileMetricIn(language, metric, path);
  if (isLeft(compiled)) return compiled;
  if (typeof metric.svc_id !== 'string' || typeof metric.name !== 'string') {
    return left(
      feecastError(
        'invalid_input',
        'A billable metric needs its svc_id and name: the fees name them in their item.',
        [...path, typeof metric.svc_id !== 'string' ? 'svc_id' : 'name'],
      ),
    );
  }
  return right(compiled.right);
}

/**
 * `period_ratio` read once per call, for every bucket's projection (none without it): a
 * decimal from "0" to "1", else a `Left`.
 */
function readRatio(ratio: string | undefined): Either<FeecastError, Decimal | undefined> {
  if (ratio === undefined) return right(undefined);
  const parsed = parseDecimal(ratio, ['period_ratio']);
  if (isLeft(parsed)) return parsed;
  if (sign(parsed.right) >= 0 && compare(parsed.right, ONE) <= 0) return parsed;
  return left(
    feecastError(
      'invalid_input',
      `period_ratio is the elapsed share of the period, from "0" to "1"; got ${JSON.stringify(ratio)}.`,
      ['period_ratio'],
    ),
  );
}

/**
 * Prices the charges of several billable metrics over one event stream, read once: each event
 * goes, by its `code`, to the one pass of its metric, which serves every charge of that metric
 * (DESIGN.md). Events of other codes are not this call's and are skipped.
 *
 * @example
 * priceMetrics(context, [{ metric, compiled, metricPath, setups, order: [0, 1] }], events, 2)
 * // right({ fees: [...charge 0's fees, ...charge 1's fees], rejected: [] })
 * @internal
 */
export function priceMetrics(
  context: FeeContext,
  metrics: readonly MetricCharges[],
  events: Iterable<UsageEvent> | EventBatch,
  chargeCount: number,
  options: PriceOptions,
): Either<FeecastError, ChargeFeesReport> {
  return driveSync(priceMetricsSteps(context, metrics, events, chargeCount, options));
}

/** How {@link priceMetrics} prices. */
export interface PriceOptions {
  readonly deduplicate?: boolean | undefined;
  readonly feeId?: ((fee: Fee) => string) | undefined;
  /** The charges period that follows: recurring pay-in-advance charges bill their carried units for it. */
  readonly nextPeriod?: ChargesPeriod | undefined;
}

/**
 * {@link priceMetrics} as steps that read the events once (`readEvents`), from an iterable, a
 * batch, or a feed of asynchronous events (`driveAsync`).
 *
 * @example
 * await driveAsync(priceMetricsSteps(context, metrics, eventFeed(), 2, {}), stream)
 * @internal
 */
export function* priceMetricsSteps(
  context: FeeContext,
  metrics: readonly MetricCharges[],
  events: Iterable<UsageEvent> | EventBatch | EventFeed,
  chargeCount: number,
  options: PriceOptions,
): Feeding<Either<FeecastError, ChargeFeesReport>> {
  const exponent = currencyExponent(context.currency, ['currency']);
  if (isLeft(exponent)) return exponent;
  const ratio = readRatio(context.ratio);
  if (isLeft(ratio)) return ratio;
  if (
    !isEventBatch(events) &&
    !isEventFeed(events) &&
    typeof (events as Partial<Iterable<UsageEvent>> | null)?.[Symbol.iterator] !== 'function'
  ) {
    return left(
      feecastError(
        'invalid_input',
        'events must be an iterable of usage events (an array, a generator...).',
        ['events'],
      ),
    );
  }
  const passes = new Map<string, FeesPass>();
  const ordered: FeesPass[] = [];
  for (const entry of metrics) {
    if (passes.has(entry.metric.code)) {
      return left(
        feecastError(
          'invalid_input',
          `Two billable metrics have the code "${entry.metric.code}"; an event's code must name one metric.`,
          [...entry.metricPath, 'code'],
        ),
      );
    }
    const pass = createFeesPass(entry.metric, entry.compiled, entry.setups, {
      period: context.period,
      timezone: context.timezone,
      previous: entry.previous,
      deduplicate: options.deduplicate,
      metricPath: entry.metricPath,
      state: entry.state,
    });
    if (isLeft(pass)) return pass;
    passes.set(entry.metric.code, pass.right);
    ordered.push(pass.right);
  }
  if (isEventBatch(events)) {
    // A batch is read per metric: each pass reads only its own code's rows.
    for (const pass of ordered) pass.addBatch(events);
  } else {
    let index = 0;
    yield* readEvents(events, (event) => {
      const code = typeof event === 'object' && event !== null ? event.code : undefined;
      if (typeof code === 'string') passes.get(code)?.add(event, index);
      index++;
    });
  }
  const perCharge: ChargeFee[][] = Array.from({ length: chargeCount }, () => []);
  const carriedPerCharge: ChargeFee[][] = Array.from({ length: chargeCount }, () => []);
  const rejected: Rejection[] = [];
  let outside = 0;
  for (const [m, entry] of metrics.entries()) {
    const figures = ordered[m]?.result();
    if (figures === undefined) continue;
    if (isLeft(figures)) return figures;
    outside += figures.right.outside_period;
    // A loop, not a spread: a stream may leave out millions of events.
    for (const rejection of figures.right.rejected) rejected.push(rejection);
    for (const [s, setup] of entry.setups.entries()) {
      const fees = assembleChargeFees(
        context,
        entry.metric,
        entry.compiled.recurring,
        setup,
        figures.right.charges[s] ?? [],
        options.feeId,
        ratio.right,
      );
      if (isLeft(fees)) return fees;
      perCharge[entry.order[s] ?? 0] = fees.right;
      if (options.nextPeriod === undefined) continue;
      const carried = assembleCarriedFees(
        context,
        options.nextPeriod,
        entry.metric,
        entry.compiled.recurring,
        setup,
        figures.right.charges[s] ?? [],
        options.feeId,
      );
      if (isLeft(carried)) return carried;
      carriedPerCharge[entry.order[s] ?? 0] = carried.right;
    }
  }
  return right({
    fees: perCharge.flat(),
    carried: carriedPerCharge.flat(),
    rejected,
    outside_period: outside,
  });
}
