import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../core/index';
import {
  type CompiledPlanCharges,
  compiledAggregations,
  type MetricAggregation,
} from '../fees/index';
import type { UsageInput } from './inputs';
import type { CheckedContext, ReadOperation } from './operation-context';
import { checkUsageContext } from './usage-report';

/** What a usage operation aggregates, for a caller that aggregates the events elsewhere. */
export interface UsageAggregations {
  /**
   * The subscription whose events are aggregated: those naming it, and those naming no
   * subscription (as the usage operations read `events`).
   */
  readonly external_subscription_id: string;
  /** The charges period containing `now` (its events count; recurring metrics read earlier ones too). */
  readonly from_datetime: string;
  readonly to_datetime: string;
  /** Per billable metric of the plan's charges: the charges accumulator to run over its events. */
  readonly metrics: readonly MetricAggregation[];
}

/**
 * What `currentUsage` and `projectedUsage` aggregate for this input (the same for both), so
 * that a caller can aggregate the events where they are (a database, a worker, chunks of a
 * file) and give the results back as `aggregates`: for each metric, run a charges accumulator
 * (`createChargesAccumulator(metric, charges, options)`, or the same aggregation in SQL) over
 * the subscription's events of the metric's code, and pass its `state()` under the metric's
 * code. A metric whose `needsEvents` says why cannot be given as a state: give its events in
 * `events` instead. The figures are those of pricing the events themselves.
 *
 * @example
 * // Aggregate where the events are (here, in memory), then price the states.
 * const now = '2026-11-30T23:59:59Z';
 * const needed = usageAggregations({ customer, subscription, plan, billableMetrics, now });
 * if (needed._tag === 'Right') {
 *   const aggregates: Record<string, unknown> = {};
 *   for (const { code, metric, charges, options } of needed.right.metrics) {
 *     const accumulator = createChargesAccumulator(metric, charges, options);
 *     if (accumulator._tag === 'Right') {
 *       accumulator.right.addAll(events);
 *       aggregates[code] = accumulator.right.state();
 *     }
 *   }
 *   currentUsage({ customer, subscription, plan, billableMetrics, now, events: [], aggregates })
 *   // ~> right({ customer_usage: { amount_cents: 50291 } })
 * }
 */
export function usageAggregations(
  input: Omit<UsageInput, 'events' | 'aggregates'>,
): Either<FeecastError, UsageAggregations> {
  const checked = checkUsageContext(input);
  if (isLeft(checked)) return checked;
  return usageAggregationsOf(checked.right.read, checked.right.context);
}

/**
 * {@link usageAggregations} of a context already checked (`checkUsageContext`), from the
 * plan's charges compiled once ({@link compilePlanCharges} of the same plan, metrics,
 * pricing units and currency) when given.
 *
 * @example
 * usageAggregationsOf(read, context, compiled) // right({ external_subscription_id: 'sub_1', metrics: [...], ... })
 * @internal
 */
export function usageAggregationsOf(
  read: ReadOperation,
  context: CheckedContext,
  compiled?: CompiledPlanCharges,
): Either<FeecastError, UsageAggregations> {
  const { period, currency, timezone } = context;
  const metrics = compiledAggregations(
    {
      plan: read.plan,
      billableMetrics: read.billableMetrics,
      period,
      currency,
      timezone,
      subscription: read.subscription,
      customer: read.customer,
      purpose: 'usage',
      ...(read.pricingUnits === undefined || read.pricingUnits === null
        ? {}
        : { pricing_units: read.pricingUnits }),
    },
    compiled,
  );
  if (isLeft(metrics)) return metrics;
  return right({
    external_subscription_id: read.subscription.external_id,
    from_datetime: period.charges_from_datetime,
    to_datetime: period.charges_to_datetime,
    metrics: metrics.right,
  });
}
