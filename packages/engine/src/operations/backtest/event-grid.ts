import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  type ChargeBuckets,
  type ChargesAccumulator,
  type ChargesPass,
  eventTimeMs,
  type PassOptions,
  prepareChargesAccumulator,
  sharedState,
  type UsageEvent,
} from '../../aggregation/index';
import { type FeecastError, SECOND_MS } from '../../core/index';
import { PeriodIds } from './period-ids';
import type { Series, SeriesPeriod } from './series';

/** One charges accumulator of a period: one billable metric of one candidate plan. */
interface Slot {
  readonly accumulator: ChargesPass;
  /** A recurring metric reads the events before its period too. */
  readonly recurring: boolean;
  /**
   * In time order (`ordered`), the transaction ids this slot counted while its period is
   * open (the grid finds the repeats; the accumulator remembers none); `undefined` once the
   * period is closed, or when the accumulator finds the repeats itself. A recurring metric's
   * ids are its subscription's (`SubscriptionRoute.recurringIds`).
   */
  ids: Set<string> | undefined;
  /**
   * Out of time order, the transaction ids the slots of this metric and lane counted, with
   * their periods (the grid finds the repeats: one table per subscription and metric, not one
   * per period); `undefined` in time order, for a recurring metric (its accumulators find
   * their repeats), or without deduplication.
   */
  readonly periodIds: PeriodIds | undefined;
  /** The repeats the grid left out of this slot. */
  duplicates: number;
  /** Its state, once asked (the events are all read by then): the series of a lane share it. */
  saved: ReturnType<ChargesAccumulator['state']> | undefined;
}

/** The accumulators of one period, by metric code, and its charges window. */
interface PeriodSlots {
  readonly fromMs: number;
  readonly endMs: number;
  readonly byCode: ReadonlyMap<string, Slot>;
}

/**
 * The periods of a lane that aggregate usage, in order, with their windows' bounds as plain
 * numbers in a row (each event's period is searched in `ends`: no boxed number read per step).
 */
interface Lane {
  readonly periods: readonly PeriodSlots[];
  /** Per period, its `fromMs`. */
  readonly starts: Float64Array;
  /** Per period, its `endMs` (increasing: the periods follow each other). */
  readonly ends: Float64Array;
}

/** Where a subscription's events go. */
interface SubscriptionRoute {
  /**
   * The lanes of the subscription: a lane is the periods of one series, shared by the
   * subscription's series that aggregate alike.
   */
  readonly series: readonly Lane[];
  /** The lanes by what they aggregate ({@link laneKey}), by the period's index in the series. */
  readonly lanes: Map<string, Map<number, PeriodSlots>>;
  /** The codes of metrics some candidate prices from each event: their events are kept. */
  readonly keptCodes: ReadonlySet<string>;
  readonly kept: UsageEvent[];
  /** In time order: the latest event time read, and per series the first period still open. */
  clock: number;
  readonly firstOpen: number[];
  /** In time order: the transaction ids of each recurring metric, for all its periods. */
  readonly recurringIds: Map<string, Set<string>>;
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

/** In time order (`ordered`), the first event dated in a period already closed. */
export interface LateEvent {
  /** Its place among the events read (0 for the first). */
  readonly index: number;
  readonly transaction_id: unknown;
  readonly external_subscription_id: string;
  readonly timestamp: unknown;
}

/**
 * Every period's accumulators of every subscription on every candidate plan, fed by one
 * read of the events: each event goes to its subscription, then, per candidate plan, to the
 * accumulator of its metric in the period that contains it (and, for a recurring metric, in
 * every later period, which reads the events before it). Candidate plans whose accumulators
 * aggregate alike (the same metric, charges' buckets and periods: plans that differ in their
 * prices only) share them: each event is added once for them all. Memory is one accumulator
 * state per subscription x period x distinct aggregation x metric, the transaction ids of
 * each subscription's events of a metric with their periods (to find repeats as each
 * period's `previewInvoice` does: `PeriodIds`), plus the events of metrics priced from each
 * event (`needsEvents`), kept per subscription.
 * @internal
 */
export interface EventGrid {
  readonly visit: (event: UsageEvent) => void;
  readonly counts: EventCounts;
  /** In time order (`ordered`): the first event that came after a later period's, if any. */
  late(): LateEvent | undefined;
  /**
   * The states of the accumulators of period `period` of series `series` (indexes in the
   * series given), by metric code, once the events are read; and how many events they left
   * out (bad value, repeated transaction id...: `rejected_counts`).
   */
  aggregates(series: number, period: number): { states: Record<string, unknown>; rejected: number };
  /** The kept events of `codes` that a period's preview reads (dated before its end). */
  keptEvents(subscription: string, codes: ReadonlySet<string>, endMs: number): UsageEvent[];
  /**
   * Forgets the accumulators, states and kept events of the subscription of series `series`
   * (every series of it), once all its periods are priced: the heap shrinks as the pricing
   * goes on instead of holding every subscription's to the end. Its `aggregates` are empty
   * afterwards.
   */
  release(series: number): void;
}

/**
 * What a series' accumulators aggregate, as text: per period that aggregates usage, its index,
 * window, and each metric's code with its metric, charges and options (as `pushdownBacktest`
 * groups the accumulators that aggregate alike). Two series of a subscription with the same
 * key (candidate plans whose charges split the events alike, on the same periods) would feed
 * the same events to the same accumulators: they share one lane.
 */
function laneKey(one: Series): string {
  const parts: unknown[] = [];
  for (const [p, period] of one.periods.entries()) {
    if (period.window === undefined) continue;
    parts.push(p, period.window.fromMs, period.window.endMs);
    for (const metric of period.metrics) {
      parts.push(
        metric.code,
        metric.needsEvents === undefined ? [metric.metric, metric.charges, metric.options] : null,
      );
    }
  }
  return JSON.stringify(parts);
}

/** The codes of a period's metrics that must be priced from their events. */
export function eventCodes(period: SeriesPeriod): Set<string> {
  const codes = new Set<string>();
  for (const metric of period.metrics) if (metric.needsEvents !== undefined) codes.add(metric.code);
  return codes;
}

/**
 * New accumulators, each definition (metric, charges, options, as JSON) checked and compiled
 * once (`prepareChargesAccumulator`) and its compiled metric, filters and group keys shared by
 * every accumulator of it: the subscriptions' periods on the same dates and plan repeat the
 * same few definitions (5 metrics x 12 months for 60,000 accumulators in the benchmark), and
 * each compiled apart was most of an accumulator's memory.
 */
function accumulatorStarts() {
  const prepared = new Map<string, ReturnType<typeof prepareChargesAccumulator>>();
  return (
    metric: Parameters<typeof prepareChargesAccumulator>[0],
    charges: readonly ChargeBuckets[],
    options: PassOptions,
  ): Either<FeecastError, ChargesPass> => {
    // Plain data (`laneKey` has written it as text already).
    const key = JSON.stringify([metric, charges, options]);
    let start = prepared.get(key);
    if (start === undefined) {
      start = prepareChargesAccumulator(metric, charges, options);
      prepared.set(key, start);
    }
    return isLeft(start) ? start : right(start.right());
  };
}

function namedOf(event: object, key: string): unknown {
  return (event as Readonly<Record<string, unknown>>)[key];
}

/**
 * `eventTimeMs` of a timestamp, whole Unix seconds as a number (of at most 11 digits, as it
 * reads them) read without writing them as text first: the grid reads each event's time once
 * and hands it to the accumulator (`addTimed`).
 */
function timeOf(timestamp: unknown): number | undefined {
  return typeof timestamp === 'number' &&
    Number.isSafeInteger(timestamp) &&
    timestamp >= 0 &&
    timestamp < 1e11
    ? timestamp * SECOND_MS
    : eventTimeMs(timestamp);
}

/**
 * The grid of the series, grouped by subscription (`external_id` of each series' subscription,
 * `subscriptionOf`); without `deduplicate`, its accumulators remember no transaction id. With
 * it, the grid finds the repeats itself, as each period's accumulator would (an id repeated
 * in another period is not a repeat there), in one table of ids per subscription and metric
 * (`PeriodIds`) rather than one per period; only a recurring metric's accumulators,
 * whose events before their period may come later, find their own. With `ordered` (the
 * events of each subscription come in time order), the grid forgets a period's ids when the
 * subscription's events pass its end: what it remembers is the ids of the open periods and of
 * the recurring metrics, not of every event; an event dated in a period already passed is
 * recorded (`late()`) and not counted. A
 * metric's accumulator that cannot be created is a `Left` (the metric and charges were
 * checked by `previewAggregations`, so this is not expected).
 * @internal
 */
export function eventGrid(
  series: readonly Series[],
  subscriptionOf: (series: Series) => string,
  deduplicate = true,
  ordered = false,
): Either<FeecastError, EventGrid> {
  /** In time order, the grid finds every repeat; out of it, those of non-recurring metrics. */
  const gridFinds = (recurring: boolean) => deduplicate && (ordered || !recurring);
  const start = accumulatorStarts();
  const routes = new Map<string, SubscriptionRoute>();
  /** Per series given: its periods' accumulators, by the period's index in its `periods`. */
  const bySeries: (Map<number, PeriodSlots> | undefined)[] = [];
  /** Per series given: its subscription's external id. */
  const subscriptionOfIndex: string[] = [];
  /** The codes of the recurring metrics some period aggregates. */
  const recurringCodes = new Set<string>();
  for (const one of series) {
    const id = subscriptionOf(one);
    subscriptionOfIndex.push(id);
    let route = routes.get(id);
    if (route === undefined) {
      route = {
        series: [],
        keptCodes: new Set(),
        kept: [],
        clock: Number.NEGATIVE_INFINITY,
        firstOpen: [],
        recurringIds: new Map(),
        lanes: new Map(),
      };
      routes.set(id, route);
    }
    const lane = laneKey(one);
    const shared = route.lanes.get(lane);
    if (shared !== undefined) {
      bySeries.push(shared);
      continue;
    }
    const slots: PeriodSlots[] = [];
    const placed = new Map<number, PeriodSlots>();
    /** Out of time order: the lane's table of ids per metric. */
    const laneIds = new Map<string, PeriodIds>();
    for (const [p, period] of one.periods.entries()) {
      if (period.window === undefined) continue;
      const byCode = new Map<string, Slot>();
      for (const metric of period.metrics) {
        if (metric.needsEvents !== undefined) {
          (route.keptCodes as Set<string>).add(metric.code);
          continue;
        }
        const recurring = metric.metric.recurring === true;
        const created = start(
          metric.metric,
          metric.charges,
          deduplicate && !gridFinds(recurring)
            ? metric.options
            : { ...metric.options, deduplicate: false },
        );
        if (isLeft(created)) return created;
        if (recurring) recurringCodes.add(metric.code);
        let periodIds: PeriodIds | undefined;
        if (gridFinds(recurring) && !ordered) {
          periodIds = laneIds.get(metric.code) ?? new PeriodIds();
          laneIds.set(metric.code, periodIds);
        }
        byCode.set(metric.code, {
          accumulator: created.right,
          recurring,
          ids: ordered && gridFinds(recurring) && !recurring ? new Set() : undefined,
          periodIds,
          duplicates: 0,
          saved: undefined,
        });
      }
      const entry = { ...period.window, byCode };
      slots.push(entry);
      placed.set(p, entry);
    }
    (route.series as Lane[]).push({
      periods: slots,
      starts: Float64Array.from(slots, (slot) => slot.fromMs),
      ends: Float64Array.from(slots, (slot) => slot.endMs),
    });
    route.firstOpen.push(0);
    route.lanes.set(lane, placed);
    bySeries.push(placed);
  }
  const counts: EventCounts = { read: 0, unassigned: 0, invalid_timestamp: 0, unreadable: 0 };
  const [onlyRoute] = routes.size === 1 ? routes.values() : [undefined];
  let late: LateEvent | undefined;

  /** Whether `id` was counted before by `ids` (then a repeat), else remembers it. */
  const repeated = (ids: Set<string>, id: string) => {
    if (ids.has(id)) return true;
    ids.add(id);
    return false;
  };

  /**
   * In time order: moves the subscription's clock to `t`, forgetting the ids of the periods
   * that end by then. `false` when `t` falls in a period already closed (a late event).
   */
  const advance = (route: SubscriptionRoute, t: number): boolean => {
    for (const [s, { periods: slots }] of route.series.entries()) {
      let open = route.firstOpen[s] ?? 0;
      // The period the event falls in must still be open.
      if (open > 0 && (slots[open - 1]?.endMs ?? 0) > t) return false;
      if (t <= route.clock) continue;
      while (open < slots.length && (slots[open]?.endMs ?? 0) <= t) {
        for (const slot of slots[open]?.byCode.values() ?? []) slot.ids = undefined;
        open++;
      }
      route.firstOpen[s] = open;
    }
    if (t > route.clock) route.clock = t;
    return true;
  };

  const feed = (
    { periods: slots, starts, ends }: Lane,
    event: UsageEvent,
    code: string,
    t: number,
    /** The key of the event's id (its subscription's, as the accumulator's), when the grid finds repeats. */
    key: string | undefined,
    /** In time order, a recurring metric's repeat (decided once for all its periods). */
    repeat: boolean,
  ) => {
    // The first period that ends after the event (the periods follow each other).
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((ends[mid] ?? 0) > t) hi = mid;
      else lo = mid + 1;
    }
    for (let p = lo; p < slots.length; p++) {
      const period = slots[p];
      const slot = period?.byCode.get(code);
      if (period === undefined || slot === undefined) return;
      if (!slot.recurring) {
        if (t < (starts[p] ?? 0)) return;
        if (
          key !== undefined &&
          (slot.ids !== undefined
            ? repeated(slot.ids, key)
            : slot.periodIds?.repeated(key, p) === true)
        ) {
          slot.duplicates++;
          return;
        }
        slot.accumulator.addTimed(event, t);
        return;
      }
      if (repeat) slot.duplicates++;
      else slot.accumulator.addTimed(event, t);
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
      const t = timeOf(namedOf(event, 'timestamp'));
      if (t === undefined) {
        counts.invalid_timestamp++;
        return;
      }
      if (ordered && !advance(route, t)) {
        late ??= {
          index: counts.read - 1,
          transaction_id: namedOf(event, 'transaction_id'),
          external_subscription_id: typeof named === 'string' ? named : '',
          timestamp: namedOf(event, 'timestamp'),
        };
        return;
      }
      if (route.keptCodes.size > 0 && route.keptCodes.has(code)) route.kept.push(event);
      let repeat = false;
      const id = namedOf(event, 'transaction_id');
      // An event without a subscription id is its only subscription's, but the accumulator
      // tells its ids apart from those of events that name it: so does the key.
      const key =
        !deduplicate || typeof id !== 'string' || id === ''
          ? undefined
          : typeof named === 'string'
            ? id
            : `\u0000${id}`;
      if (ordered && key !== undefined && recurringCodes.has(code)) {
        let ids = route.recurringIds.get(code);
        if (ids === undefined) {
          ids = new Set();
          route.recurringIds.set(code, ids);
        }
        repeat = repeated(ids, key);
      }
      for (const lane of route.series) feed(lane, event, code, t, key, repeat);
    } catch {
      counts.unreadable++;
    }
  };

  return right({
    visit,
    counts,
    late: () => late,
    aggregates(seriesIndex, period) {
      const slots = bySeries[seriesIndex]?.get(period);
      const states: Record<string, unknown> = {};
      let rejected = 0;
      if (slots !== undefined) {
        for (const [code, slot] of slots.byCode) {
          // The events are all read: a restore of the same shape and period shares its states.
          slot.saved ??= sharedState(slot.accumulator);
          const state = slot.saved;
          states[code] = state;
          for (const count of Object.values(state.rejected_counts)) rejected += count ?? 0;
          rejected += slot.duplicates;
        }
      }
      return { states, rejected };
    },
    release(seriesIndex) {
      const id = subscriptionOfIndex[seriesIndex];
      const route = id === undefined ? undefined : routes.get(id);
      if (route === undefined || id === undefined) return;
      for (const [s, own] of subscriptionOfIndex.entries()) if (own === id) bySeries[s] = undefined;
      // Events still to come for it (none once read) go to no subscription.
      routes.delete(id);
    },
    keptEvents(subscription, codes, endMs) {
      const out: UsageEvent[] = [];
      if (codes.size === 0) return out;
      for (const event of routes.get(subscription)?.kept ?? []) {
        const code = namedOf(event, 'code');
        const t = timeOf(namedOf(event, 'timestamp'));
        if (typeof code === 'string' && codes.has(code) && t !== undefined && t < endMs) {
          out.push(event);
        }
      }
      return out;
    },
  });
}
