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
  type MetricAggregation,
  type OperationContext,
  type UsageEvent,
  usageAggregations,
} from '@feecast/engine';
import { sameData } from '@feecast/engine/internal';
import type { Subscription, UsageEventRecord } from '@feecast/models';
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

/** The accumulators of one description of a subscription's aggregation (see {@link feeding}). */
interface Feeding {
  /** The metrics given to the engine as states, by code. */
  readonly fed: Map<string, Fed>;
  /** The codes of the metrics whose events must be given as events (`needsEvents`). */
  readonly eventCodes: readonly string[];
  readonly start: ReadonlyMap<string, () => ChargesAccumulator | undefined>;
}

/** The aggregation of one subscription's current period. */
interface Aggregation extends Feeding {
  readonly context: Omit<OperationContext, 'now' | 'taxes'>;
  readonly fromMs: number;
  readonly toMs: number;
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

function sameContext(
  aggregation: Aggregation,
  context: OperationContext,
  plan: OperationContext['plan'],
  nowMs: number,
): boolean {
  const kept = aggregation.context;
  return (
    kept.plan === plan &&
    kept.billableMetrics === context.billableMetrics &&
    kept.customer === context.customer &&
    kept.subscription === context.subscription &&
    aggregation.fromMs <= nowMs &&
    nowMs <= aggregation.toMs
  );
}

/** The accumulators (none fed yet) of the metrics an engine operation describes. */
function feeding(metrics: readonly MetricAggregation[]): Feeding {
  const start = new Map<string, () => ChargesAccumulator | undefined>();
  const eventCodes: string[] = [];
  for (const metric of metrics) {
    if (metric.needsEvents !== undefined) {
      eventCodes.push(metric.code);
      continue;
    }
    start.set(metric.code, () => {
      const made = createChargesAccumulator(metric.metric, metric.charges, metric.options);
      return isRight(made) ? made.right : undefined;
    });
  }
  return { fed: new Map(), eventCodes, start };
}

function prepare(
  context: OperationContext,
  plan: OperationContext['plan'],
): Aggregation | undefined {
  const described = usageAggregations({ ...context, plan });
  if (isLeft(described)) return undefined;
  return {
    ...feeding(described.right.metrics),
    context: {
      customer: context.customer,
      subscription: context.subscription,
      plan,
      billableMetrics: context.billableMetrics,
    },
    fromMs: epochMs(described.right.from_datetime),
    toMs: epochMs(described.right.to_datetime),
  };
}

/**
 * The `aggregates` and `events` of a usage operation for `context` priced on `plan` (default:
 * its own; the usage thresholds price a copy of it with its charges billed in arrears only),
 * its subscription's stored events in `events`, or `undefined` when the plan cannot be
 * described (the caller then gives every event, and the engine answers the error).
 *
 * @example
 * const usage = aggregatedUsage(context, eventLog(state.events).ofSubscription('sub_1'));
 * currentUsage({ ...context, ...usage });
 */
export function aggregatedUsage(
  context: OperationContext,
  events: SubscriptionEvents,
  plan: OperationContext['plan'] = context.plan,
): AggregatedUsage | undefined {
  const nowMs = epochMs(context.now);
  const kept = aggregations.get(context.subscription) ?? [];
  let aggregation = kept.find((a) => a.context.plan === plan);
  if (aggregation === undefined || !sameContext(aggregation, context, plan, nowMs)) {
    aggregation = prepare(context, plan);
    if (aggregation === undefined) return undefined;
    const others = kept.filter((a) => a.context.plan !== plan);
    aggregations.set(context.subscription, [aggregation, ...others.slice(0, KEPT_PLANS - 1)]);
  }
  return feedAll(aggregation, events, false);
}

/**
 * The states of `aggregation`'s accumulators, each fed the stored events of its metric it has
 * not been fed yet (made again from the first event when the metric's list is another list or
 * shorter), and the stored events of the metrics given as events (metric after metric, or
 * with `storedOrder` in the order they were stored); `undefined` when an accumulator cannot
 * be made.
 */
function feedAll(
  aggregation: Feeding,
  events: SubscriptionEvents,
  storedOrder: boolean,
): AggregatedUsage | undefined {
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
  const codes = aggregation.eventCodes;
  if (storedOrder && codes.length > 1) {
    for (const event of events.all) if (codes.includes(event.code)) given.push(event);
  } else {
    for (const code of codes)
      for (const event of events.byCode.get(code) ?? NONE) given.push(event);
  }
  return { aggregates, events: given };
}

const NONE: readonly UsageEventRecord[] = [];

/** A description of an aggregation and its accumulators. */
interface Described extends Feeding {
  readonly metrics: readonly MetricAggregation[];
}

/**
 * Each subscription's aggregation of the invoice of its current period (`previewAggregations`),
 * kept for the progressive-billing invoices of the period: made again when the description
 * changes (another period, plan, metric or charges).
 */
const invoiceAggregations = new WeakMap<Subscription, Described>();

/** Whether two descriptions aggregate the same: the same metric objects, charges and options. */
function sameDescription(
  kept: readonly MetricAggregation[],
  given: readonly MetricAggregation[],
): boolean {
  if (kept === given) return true;
  if (kept.length !== given.length) return false;
  return kept.every((metric, i) => {
    const other = given[i];
    return (
      other !== undefined &&
      metric.code === other.code &&
      metric.metric === other.metric &&
      metric.needsEvents === other.needsEvents &&
      sameData(metric.options, other.options) &&
      sameData(metric.charges, other.charges)
    );
  });
}

/**
 * What an invoice of `subscription` aggregates (`metrics`: `previewAggregations`' description of
 * it) given as `aggregates` (the states of accumulators kept for the subscription and fed its
 * new stored events only) and `events` (the stored events of the metrics that cannot be given
 * as states, in the order they were stored), so that previewing the period's invoice again
 * costs the events stored since the last time, not every stored event of the subscription.
 * `undefined` when an accumulator cannot be made (the caller then gives every event, and the
 * engine answers the error).
 *
 * @example
 * const described = previewAggregations({ customer, subscriptions: [{ subscription, plan }], billableMetrics, now });
 * invoiceAggregates(subscription, described.right[0].metrics, eventLog(state.events).ofSubscription('sub_1'));
 * // { aggregates: { requests: {...}, cpu: {...} }, events: [...the events of its dynamic charges' metric] }
 */
export function invoiceAggregates(
  subscription: Subscription,
  metrics: readonly MetricAggregation[],
  events: SubscriptionEvents,
): AggregatedUsage | undefined {
  let kept = invoiceAggregations.get(subscription);
  if (kept === undefined || !sameDescription(kept.metrics, metrics)) {
    kept = { ...feeding(metrics), metrics };
    invoiceAggregations.set(subscription, kept);
  }
  return feedAll(kept, events, true);
}
