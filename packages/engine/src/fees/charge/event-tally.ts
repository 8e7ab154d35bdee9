import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft } from 'fp-ts/lib/Either.js';
import {
  type CompiledMetric,
  eventTimeMs,
  groupedBy,
  groupKey,
  type UsageEvent,
  uniqueValueOf,
} from '../../aggregation/index';
import {
  createDecimalSum,
  type Decimal,
  type DecimalSum,
  equals,
  type FeecastError,
  ONE,
  sign,
  ZERO,
} from '../../core/index';
import type { ChargeFee } from './charge-fee';
import { bucketRoute, eventValue, type FirstEventPricing } from './first-event';
import { eventFee, feeExponent, type InAdvanceRun, inAdvanceLines } from './in-advance';

/** What the period's events of one filter bucket and group billed before the next one. */
interface GroupTally {
  /** How many of the period's events the group holds. */
  events: number;
  /** What they billed (their in-advance increments, summed). */
  readonly units: DecimalSum;
  /** A unique count: the values they made active. */
  readonly values: Set<string | null> | undefined;
  /**
   * The fees priced after these figures (the last few shapes: a new event's value and what it
   * bills), given again while no event is added to the group.
   */
  priced: PricedFee[];
}

/** A fee priced after a group's figures, and the figures of the new event it read. */
interface PricedFee {
  readonly value: Decimal;
  readonly increment: Decimal;
  readonly fee: Either<FeecastError, ChargeFee>;
}

/** How many shapes of a new event a group keeps the fee of (a new value, a repeated one, ...). */
const PRICED_SHAPES = 4;

/**
 * A pay-in-advance charge's tally of a period's stored events, per filter bucket and group:
 * how many there are and what they billed (a count's events, a sum's values, a unique count's
 * distinct values), added one at a time as events are stored, so that the fee of a new event
 * after them costs what the charge costs, not what the stored events do. Made only where these
 * figures are all the charge's fee reads (see {@link createEventTally}); a stored event they
 * cannot stand for (a sum's negative value, a unique count's `remove`, a value or timestamp the
 * pass rejects) makes the tally unusable, and the caller prices from the events.
 * @internal
 */
export interface EventTally {
  /** Adds a stored event of the charge's metric (any order: the figures kept do not depend on it). */
  add(event: UsageEvent): void;
  /**
   * The fee of `event` at `timeMs` after every event added, as the pass prices the last event
   * of the period (charge-models.md §5), or `undefined` when the tally cannot say: unusable,
   * an added event dated after `timeMs`, or an event the pass must judge (outside the period,
   * a rejected value, a `remove`). The fee of a stored group is kept until an event is added
   * to the group: a new event of the same value, billing the same (a count's event, a new
   * value of a unique count, a sum's same value), gets the same object again, whatever its
   * other properties and its transaction id (the first's). So the caller must not change it,
   * and sets the fee's `event_transaction_id` on its own copy.
   */
  fee(event: UsageEvent, timeMs: number): Either<FeecastError, ChargeFee> | undefined;
}

/** What the charge's fee reads of its metric's events. */
interface Reading {
  readonly route: FirstEventPricing['route'];
  /** A count's or sum's value (a count's 1), `undefined` when the pass rejects the event. */
  readonly value: (event: UsageEvent) => ReturnType<typeof eventValue>;
  /** A unique count's field, else `undefined`. */
  readonly uniqueField: string | undefined;
}

/** How a tally reads the charge's events, or `undefined` when a tally cannot price it. */
function readingOf(run: InAdvanceRun, metric: CompiledMetric): Reading | undefined {
  const { setup } = run;
  const type = metric.kind.type;
  if (metric.recurring || metric.expression !== undefined) return undefined;
  if (type !== 'count_agg' && type !== 'sum_agg' && type !== 'unique_count_agg') return undefined;
  // A model priced from the units only (not dynamic, custom, nor from each event's value).
  if (setup.prorated || setup.capabilities.pricesFrom !== 'units') return undefined;
  if (setup.buckets.some((bucket) => bucket.model.needsEventValues)) return undefined;
  const route = bucketRoute(setup, metric);
  if (route === undefined) return undefined;
  const pricing = { sum: type === 'sum_agg', fieldName: metric.fieldName };
  return {
    route,
    value: (event) => eventValue(pricing, event),
    uniqueField: type === 'unique_count_agg' ? metric.fieldName : undefined,
  };
}

/**
 * Starts the {@link EventTally} of a pay-in-advance charge's period (`run`), or `undefined`
 * when the charge's fee reads more than a tally keeps: a recurring metric or an expression, an
 * aggregation other than a count, a sum or a unique count, a prorated charge, a model priced
 * from the events' values or cents (dynamic, custom, percentage). `window`: the charges
 * period's first and last instants (milliseconds), which the pass aggregates.
 *
 * @example
 * const tally = createEventTally(run, compiled, { fromMs, toMs });
 * for (const stored of events) tally?.add(stored);
 * tally?.fee(newEvent, nowMs) // right({ units: '1', amount_cents: 500, ... }) as the pass prices it
 * @internal
 */
export function createEventTally(
  run: InAdvanceRun,
  metric: CompiledMetric,
  window: { readonly fromMs: number; readonly toMs: number },
): EventTally | undefined {
  const reading = readingOf(run, metric);
  if (reading === undefined) return undefined;
  const { route, uniqueField } = reading;
  const groups = new Map<string, GroupTally>();
  let usable = true;
  let latestMs = Number.NEGATIVE_INFINITY;

  /**
   * The event's bucket and group, and its group's tally (started when `create`; `stored`:
   * whether the group is one of the tally's).
   */
  const place = (event: UsageEvent, create: boolean) => {
    const b = route(event.properties);
    const bucket = run.setup.buckets[b];
    if (bucket === undefined) return undefined;
    const keys = bucket.groupKeys;
    const key = keys.length === 0 ? null : groupKey(keys, event.properties);
    const id = `${b} ${JSON.stringify(key)}`;
    let group = groups.get(id);
    const stored = group !== undefined || create;
    if (group === undefined) {
      group = {
        events: 0,
        units: createDecimalSum(),
        values: uniqueField === undefined ? undefined : new Set(),
        priced: [],
      };
      if (create) groups.set(id, group);
    }
    return { b, bucket, keys, key, group, stored };
  };

  /** A unique count's value of an `add`; `undefined` for a `remove` or a rejected event. */
  const uniqueValue = (event: UsageEvent): string | null | undefined => {
    const operation = event.properties?.operation_type;
    if (operation !== undefined && operation !== 'add') return undefined;
    return uniqueValueOf(event.properties?.[uniqueField as string]);
  };

  return {
    add(event) {
      if (!usable) return;
      const timeMs = eventTimeMs(event.timestamp);
      if (timeMs === undefined) {
        usable = false;
        return;
      }
      if (timeMs > latestMs) latestMs = timeMs;
      // A non-recurring metric's events before the period bill nothing in it.
      if (timeMs < window.fromMs) return;
      const placed = place(event, true);
      if (placed === undefined) {
        usable = false;
        return;
      }
      const { group } = placed;
      // The group's figures change: the fees priced after them are not its fees any more.
      if (group.priced.length > 0) group.priced = [];
      if (group.values !== undefined) {
        const value = uniqueValue(event);
        if (value === undefined) {
          usable = false;
          return;
        }
        group.events += 1;
        if (!group.values.has(value)) {
          group.values.add(value);
          group.units.add(ONE);
        }
        return;
      }
      const value = reading.value(event);
      // A sum's negative value moves its high-water mark in an order the tally does not keep.
      if (value === undefined || sign(value) < 0) {
        usable = false;
        return;
      }
      group.events += 1;
      group.units.add(value);
    },

    fee(event, timeMs) {
      if (!usable || latestMs > timeMs) return undefined;
      if (timeMs < window.fromMs || timeMs > window.toMs) return undefined;
      const placed = place(event, false);
      if (placed === undefined) return undefined;
      const { b, bucket, keys, key, group, stored } = placed;
      let value = ONE;
      let increment = ONE;
      if (group.values !== undefined) {
        const unique = uniqueValue(event);
        if (unique === undefined) return undefined;
        if (group.values.has(unique)) increment = ZERO;
      } else {
        const read = reading.value(event);
        if (read === undefined) return undefined;
        value = read;
        increment = sign(read) > 0 ? read : ZERO;
      }
      // The fee reads the group's figures, the event's value and its increment only.
      for (const kept of group.priced) {
        if (equals(kept.value, value) && equals(kept.increment, increment)) return kept.fee;
      }
      const exponent = feeExponent(run);
      if (isLeft(exponent)) return exponent;
      const grouped = keys.length === 0 ? {} : groupedBy(keys, key);
      const fee = eventFee(
        run,
        bucket,
        () => inAdvanceLines(run).of(b, grouped),
        exponent.right,
        {
          eventsBefore: group.events,
          valuesBefore: undefined,
          centsBefore: undefined,
          unitsBefore: group.units.result(),
          billed: increment,
          value,
          // The units shown: the increment (a repeated value or a value <= 0 shows 0).
          units: increment,
          cents: undefined,
        },
        event.transaction_id,
      );
      // Kept for a group of the tally only: estimates of other groups do not grow it.
      if (stored) {
        if (group.priced.length === PRICED_SHAPES) group.priced.shift();
        group.priced.push({ value, increment, fee });
      }
      return fee;
    },
  };
}
