/**
 * The current period's aggregation of each subscription, kept up to date as events arrive, so
 * that current and projected usage cost what the plan's charges cost, not what the stored
 * events do. Per subscription, one charges accumulator per billable metric of its plan (per
 * charge, filter bucket and group: the engine's `usageAggregations`), fed each stored event of
 * its metric once; a read gives their states to the engine as `aggregates`
 * (docs/aggregation-state.md), which prices them as it would the events themselves.
 *
 * What a read depends on is checked each time, by identity: the subscription, its plan (a plan
 * override is another plan), the billable metrics, the customer, the period containing `now`
 * (a roll-over starts a new one) and the list of the metric's stored events (an index made
 * again is another list). When one changes, the accumulators are made again from the events.
 */
import {
  type ChargesAccumulator,
  createChargesAccumulator,
  type OperationContext,
  type UsageEvent,
  usageAggregations,
} from '@feecast/engine';
import type { UsageEventRecord } from '@feecast/models';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import type { SubscriptionEvents } from './event-index';
import { epochMs } from './instant';

/** One metric's accumulator and the stored events it has been fed (a prefix of `events`). */
interface Fed {
  readonly accumulator: ChargesAccumulator;
  readonly events: readonly UsageEventRecord[];
  count: number;
  /** The accumulator's last `state()`, and the count of events it holds. */
  state?: { readonly count: number; readonly value: unknown };
}

/** The aggregation of one subscription's current period. */
interface Aggregation {
  readonly context: Omit<OperationContext, 'now' | 'taxes'>;
  readonly fromMs: number;
  readonly toMs: number;
  /** The metrics given to the engine as states, by code. */
  readonly fed: Map<string, Fed>;
  /** The codes of the metrics whose events must be given as events (`needsEvents`). */
  readonly eventCodes: readonly string[];
  readonly start: ReadonlyMap<string, () => ChargesAccumulator | undefined>;
}

/**
 * Each subscription's aggregations, the latest first: one per plan it is priced with (its plan,
 * and the plan of its charges billed in arrears that the thresholds and wallets read), so that
 * reads of both do not rebuild each other's.
 */
const aggregations = new WeakMap<OperationContext['subscription'], Aggregation[]>();
/** How many plans of a subscription keep their aggregation. */
const KEPT_PLANS = 2;

/** What the usage operations get instead of every stored event of the subscription. */
export interface AggregatedUsage {
  readonly aggregates: Readonly<Record<string, unknown>>;
  /** The stored events of the metrics that cannot be given as states. */
  readonly events: readonly UsageEventRecord[];
}

function sameContext(aggregation: Aggregation, context: OperationContext, nowMs: number): boolean {
  const kept = aggregation.context;
  return (
    kept.plan === context.plan &&
    kept.billableMetrics === context.billableMetrics &&
    kept.customer === context.customer &&
    kept.subscription === context.subscription &&
    aggregation.fromMs <= nowMs &&
    nowMs <= aggregation.toMs
  );
}

function prepare(context: OperationContext): Aggregation | undefined {
  const described = usageAggregations({ ...context });
  if (isLeft(described)) return undefined;
  const start = new Map<string, () => ChargesAccumulator | undefined>();
  const eventCodes: string[] = [];
  for (const metric of described.right.metrics) {
    if (metric.needsEvents !== undefined) {
      eventCodes.push(metric.code);
      continue;
    }
    start.set(metric.code, () => {
      const made = createChargesAccumulator(metric.metric, metric.charges, metric.options);
      return isRight(made) ? made.right : undefined;
    });
  }
  return {
    context: {
      customer: context.customer,
      subscription: context.subscription,
      plan: context.plan,
      billableMetrics: context.billableMetrics,
    },
    fromMs: epochMs(described.right.from_datetime),
    toMs: epochMs(described.right.to_datetime),
    fed: new Map(),
    eventCodes,
    start,
  };
}

/**
 * The `aggregates` and `events` of a usage operation for `context` (its subscription's
 * stored events in `events`), or `undefined` when the plan cannot be described (the caller
 * then gives every event, and the engine answers the error).
 *
 * @example
 * const usage = aggregatedUsage(context, eventLog(state.events).ofSubscription('sub_1'));
 * currentUsage({ ...context, ...usage });
 */
export function aggregatedUsage(
  context: OperationContext,
  events: SubscriptionEvents,
): AggregatedUsage | undefined {
  const nowMs = epochMs(context.now);
  const kept = aggregations.get(context.subscription) ?? [];
  let aggregation = kept.find((a) => a.context.plan === context.plan);
  if (aggregation === undefined || !sameContext(aggregation, context, nowMs)) {
    aggregation = prepare(context);
    if (aggregation === undefined) return undefined;
    const others = kept.filter((a) => a.context.plan !== context.plan);
    aggregations.set(context.subscription, [aggregation, ...others.slice(0, KEPT_PLANS - 1)]);
  }
  const aggregates: Record<string, unknown> = {};
  for (const [code, start] of aggregation.start) {
    const stored = events.byCode.get(code) ?? NONE;
    let fed = aggregation.fed.get(code);
    if (fed === undefined || fed.events !== stored || fed.count > stored.length) {
      const accumulator = start();
      if (accumulator === undefined) return undefined;
      fed = { accumulator, events: stored, count: 0 };
      aggregation.fed.set(code, fed);
    }
    for (; fed.count < stored.length; fed.count++) {
      // The index holds the subscription's events only: each names it.
      fed.accumulator.add(stored[fed.count] as UsageEvent);
    }
    // No event since the last read: its state is the same (the engine only reads it).
    if (fed.state?.count !== fed.count) {
      fed.state = { count: fed.count, value: fed.accumulator.state() };
    }
    aggregates[code] = fed.state.value;
  }
  const given: UsageEventRecord[] = [];
  for (const code of aggregation.eventCodes) {
    for (const event of events.byCode.get(code) ?? NONE) given.push(event);
  }
  return { aggregates, events: given };
}

const NONE: readonly UsageEventRecord[] = [];
