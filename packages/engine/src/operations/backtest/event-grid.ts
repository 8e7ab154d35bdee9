import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  type ChargesAccumulator,
  createChargesAccumulator,
  eventTimeMs,
  type UsageEvent,
} from '../../aggregation/index';
import type { FeecastError } from '../../core/index';
import type { Series, SeriesPeriod } from './series';

/** One charges accumulator of a period: one billable metric of one candidate plan. */
interface Slot {
  readonly accumulator: ChargesAccumulator;
  /** A recurring metric reads the events before its period too. */
  readonly recurring: boolean;
}

/** The accumulators of one period, by metric code, and its charges window. */
interface PeriodSlots {
  readonly fromMs: number;
  readonly endMs: number;
  readonly byCode: ReadonlyMap<string, Slot>;
}

/** Where a subscription's events go. */
interface SubscriptionRoute {
  /** Per series of the subscription, its periods that aggregate usage, by `endMs`. */
  readonly series: readonly (readonly PeriodSlots[])[];
  /** The codes of metrics some candidate prices from each event: their events are kept. */
  readonly keptCodes: ReadonlySet<string>;
  readonly kept: UsageEvent[];
}

/** How many events were read, and how many went to no subscription. */
export interface EventCounts {
  read: number;
  /** Events naming a subscription that is not in the backtest, or naming none among several. */
  unassigned: number;
  /** Events whose time cannot be read (every preview rejects them: `invalid_timestamp`). */
  invalid_timestamp: number;
  /** Items that are not events, or whose fields throw when read. */
  unreadable: number;
}

/**
 * Every period's accumulators of every subscription on every candidate plan, fed by one
 * read of the events: each event goes to its subscription, then, per candidate plan, to the
 * accumulator of its metric in the period that contains it (and, for a recurring metric, in
 * every later period, which reads the events before it). Memory is one accumulator state
 * per subscription x period x plan x metric (with, as `previewInvoice`, the transaction ids
 * of the events each counts, to find repeats), plus the events of metrics priced from each
 * event (`needsEvents`), kept per subscription.
 * @internal
 */
export interface EventGrid {
  readonly visit: (event: UsageEvent) => void;
  readonly counts: EventCounts;
  /**
   * The states of the accumulators of period `period` of series `series` (indexes in the
   * series given), by metric code, once the events are read; and how many events they left
   * out (bad value, repeated transaction id...: `rejected_counts`).
   */
  aggregates(series: number, period: number): { states: Record<string, unknown>; rejected: number };
  /** The kept events of `codes` that a period's preview reads (dated before its end). */
  keptEvents(subscription: string, codes: ReadonlySet<string>, endMs: number): UsageEvent[];
}

/** The codes of a period's metrics that must be priced from their events. */
export function eventCodes(period: SeriesPeriod): Set<string> {
  const codes = new Set<string>();
  for (const metric of period.metrics) if (metric.needsEvents !== undefined) codes.add(metric.code);
  return codes;
}

function namedOf(event: object, key: string): unknown {
  return (event as Readonly<Record<string, unknown>>)[key];
}

/**
 * The grid of the series, grouped by subscription (`external_id` of each series' subscription,
 * `subscriptionOf`); without `deduplicate`, its accumulators remember no transaction id. A
 * metric's accumulator that cannot be created is a `Left` (the metric and charges were
 * checked by `previewAggregations`, so this is not expected).
 * @internal
 */
export function eventGrid(
  series: readonly Series[],
  subscriptionOf: (series: Series) => string,
  deduplicate = true,
): Either<FeecastError, EventGrid> {
  const routes = new Map<string, SubscriptionRoute>();
  /** Per series given: its periods' accumulators, by the period's index in its `periods`. */
  const bySeries: Map<number, PeriodSlots>[] = [];
  for (const one of series) {
    const id = subscriptionOf(one);
    let route = routes.get(id);
    if (route === undefined) {
      route = { series: [], keptCodes: new Set(), kept: [] };
      routes.set(id, route);
    }
    const slots: PeriodSlots[] = [];
    const placed = new Map<number, PeriodSlots>();
    for (const [p, period] of one.periods.entries()) {
      if (period.window === undefined) continue;
      const byCode = new Map<string, Slot>();
      for (const metric of period.metrics) {
        if (metric.needsEvents !== undefined) {
          (route.keptCodes as Set<string>).add(metric.code);
          continue;
        }
        const created = createChargesAccumulator(
          metric.metric,
          metric.charges,
          deduplicate ? metric.options : { ...metric.options, deduplicate: false },
        );
        if (isLeft(created)) return created;
        byCode.set(metric.code, {
          accumulator: created.right,
          recurring: metric.metric.recurring === true,
        });
      }
      const entry = { ...period.window, byCode };
      slots.push(entry);
      placed.set(p, entry);
    }
    (route.series as (readonly PeriodSlots[])[]).push(slots);
    bySeries.push(placed);
  }
  const counts: EventCounts = { read: 0, unassigned: 0, invalid_timestamp: 0, unreadable: 0 };
  const [onlyRoute] = routes.size === 1 ? routes.values() : [undefined];

  const feed = (slots: readonly PeriodSlots[], event: UsageEvent, code: string, t: number) => {
    // The first period that ends after the event (the periods follow each other).
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((slots[mid]?.endMs ?? 0) > t) hi = mid;
      else lo = mid + 1;
    }
    for (let p = lo; p < slots.length; p++) {
      const period = slots[p];
      const slot = period?.byCode.get(code);
      if (period === undefined || slot === undefined) return;
      if (!slot.recurring) {
        if (t >= period.fromMs) slot.accumulator.add(event);
        return;
      }
      slot.accumulator.add(event);
    }
  };

  const visit = (event: UsageEvent) => {
    counts.read++;
    if (typeof event !== 'object' || event === null) {
      counts.unreadable++;
      return;
    }
    try {
      const named = namedOf(event, 'external_subscription_id');
      const route =
        typeof named === 'string' ? routes.get(named) : named == null ? onlyRoute : undefined;
      if (route === undefined) {
        counts.unassigned++;
        return;
      }
      const code = namedOf(event, 'code');
      if (typeof code !== 'string') return;
      const t = eventTimeMs(namedOf(event, 'timestamp'));
      if (t === undefined) {
        counts.invalid_timestamp++;
        return;
      }
      if (route.keptCodes.has(code)) route.kept.push(event);
      for (const slots of route.series) feed(slots, event, code, t);
    } catch {
      counts.unreadable++;
    }
  };

  return right({
    visit,
    counts,
    aggregates(seriesIndex, period) {
      const slots = bySeries[seriesIndex]?.get(period);
      const states: Record<string, unknown> = {};
      let rejected = 0;
      if (slots !== undefined) {
        for (const [code, slot] of slots.byCode) {
          const state = slot.accumulator.state();
          states[code] = state;
          for (const count of Object.values(state.rejected_counts)) rejected += count ?? 0;
        }
      }
      return { states, rejected };
    },
    keptEvents(subscription, codes, endMs) {
      const out: UsageEvent[] = [];
      if (codes.size === 0) return out;
      for (const event of routes.get(subscription)?.kept ?? []) {
        const code = namedOf(event, 'code');
        const t = eventTimeMs(namedOf(event, 'timestamp'));
        if (typeof code === 'string' && codes.has(code) && t !== undefined && t < endMs) {
          out.push(event);
        }
      }
      return out;
    },
  });
}
