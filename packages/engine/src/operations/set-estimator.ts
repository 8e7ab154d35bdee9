import type { EstimateFeesResponse } from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  type Fed,
  type Feeding,
  type UsageEvent,
  type WithAsyncEvents,
  withEvents,
} from '../aggregation/index';
import { type FeecastError, feecastError } from '../core/index';
import {
  type ChargeFee,
  type InAdvanceReader,
  inAdvanceReader,
  keptEventFees,
} from '../fees/index';
import { readStoredEvents } from './estimate-history';
import {
  type EstimateFeesOfResponse,
  inNewEvent,
  keptFee,
  newEventInstant,
  setTotal,
} from './estimate-set';
import { STORED_EVENTS_PASS } from './estimate-stored-events';
import {
  ESTIMATE_TRANSACTION_ID,
  type EstimatorContext,
  type MetricCharges,
  type PeriodEntry,
  type PreparedEstimate,
  PreparedEstimator,
  type PreviewEstimator,
  readEstimator,
} from './estimator';
import type { EstimatedEvent, OperationEvent } from './inputs';
import { FULL_PRICING, type PricingPart, readPricingParts } from './pricing-parts';

/** A set of estimates asked of an estimator: the rest of `estimateFeesOf`'s input. */
export interface EstimateSetRequest {
  /**
   * The new events, in time order: each priced at its `timestamp` (ISO 8601 or Unix seconds),
   * else at `now`, after the stored events up to then and the new events before it.
   */
  readonly newEvents: readonly EstimatedEvent[];
  /** The events already stored (any iterable, read once), as in `estimateFees`. Default: none. */
  readonly events?: Iterable<OperationEvent> | null;
  /** The instant of the new events without a `timestamp` (ISO 8601). */
  readonly now?: string | null;
}

/**
 * `estimateFees` and `estimateFeesOf` for one prepared context, as many times as needed: the
 * estimator of {@link createEstimator} and {@link createPreviewSetEstimator}.
 */
export interface Estimator extends PreviewEstimator {
  /**
   * {@link estimateFeesOf} of a request whose stored events are given asynchronously: the same
   * estimates as a `Promise`, the stream read once.
   */
  estimateFeesOf(
    request: WithAsyncEvents<EstimateSetRequest>,
  ): Promise<Either<FeecastError, EstimateFeesOfResponse>>;
  /**
   * The fees of each new event, each estimated after the ones before it: exactly what
   * `estimateFeesOf` gives for the prepared context and this request.
   */
  estimateFeesOf(request: EstimateSetRequest): Either<FeecastError, EstimateFeesOfResponse>;
}

/**
 * The new events of a set that share a metric and a period: the readers (one per charge of the
 * metric) that price them, and what they read up to (the last of them).
 */
interface SetSlot {
  readonly entry: PeriodEntry;
  readonly found: MetricCharges;
  lastMs: number;
  readers: Either<FeecastError, InAdvanceReader>[] | undefined;
  /** The slot's own new events as priced, and where each sits in each reader. */
  readonly kept: { readonly event: UsageEvent; readonly at: readonly number[] }[];
  /** Each reader's fees of the kept events (computed once, when the first is asked). */
  priced: Either<FeecastError, Either<FeecastError, ChargeFee>[]>[] | undefined;
}

/** A new event of a set, checked and placed. */
interface SetItem {
  readonly index: number;
  readonly ms: number;
  readonly prepared: PreparedEstimate;
  /** The event as priced (its transaction id is set when the stored events are read). */
  readonly event: UsageEvent;
  readonly slot: SetSlot;
  /** Its place among its slot's kept events. */
  place: number;
}

/** A set's new events, and the slots of each metric code. */
interface SetPlan {
  readonly items: readonly SetItem[];
  readonly byCode: ReadonlyMap<string, readonly SetSlot[]>;
}

/**
 * The estimator of {@link createEstimator} and {@link createPreviewSetEstimator}: a
 * `PreparedEstimator` that also estimates sets of events. A class of its own, so that a bundle
 * of `createPreviewEstimator` does not hold the sets (bench/README.md, "browser bundle size").
 */
class SetEstimator extends PreparedEstimator implements Estimator {
  estimateFeesOf(
    request: WithAsyncEvents<EstimateSetRequest>,
  ): Promise<Either<FeecastError, EstimateFeesOfResponse>>;
  estimateFeesOf(request: EstimateSetRequest): Either<FeecastError, EstimateFeesOfResponse>;
  estimateFeesOf(
    request: EstimateSetRequest | WithAsyncEvents<EstimateSetRequest>,
  ):
    | Either<FeecastError, EstimateFeesOfResponse>
    | Promise<Either<FeecastError, EstimateFeesOfResponse>> {
    return withEvents(request, (fed) => this.estimateSetSteps(fed));
  }

  /**
   * {@link estimateFeesOf} as steps that read the stored events once: every new event is
   * checked and placed in its period first; then one reader per period, metric and charge
   * reads the stored events (those up to the period's last new event) and the new events up
   * to it, in order, each new event kept in its own period's readers; each reader then prices
   * its kept events in one go, each after the events before it in time.
   */
  private *estimateSetSteps(
    request: Fed<EstimateSetRequest>,
  ): Feeding<Either<FeecastError, EstimateFeesOfResponse>> {
    const planned = this.planSet(request);
    if (isLeft(planned)) return planned;
    const { items, byCode } = planned.right;
    const prefix = `${ESTIMATE_TRANSACTION_ID}#set#`;
    let taken: Set<string> | undefined;
    const read = yield* readStoredEvents(
      request.events,
      this.input.subscription.external_id,
      (code) => typeof code === 'string' && byCode.has(code),
      (event, time) => {
        const id = event.transaction_id;
        if (typeof id === 'string' && id.startsWith(prefix)) {
          taken ??= new Set();
          taken.add(id);
        }
        for (const slot of byCode.get(event.code) ?? []) {
          if (time !== undefined && time > slot.lastMs) continue;
          for (const reader of this.slotReaders(slot)) {
            if (isRight(reader)) reader.right.add(event);
          }
        }
      },
    );
    if (isLeft(read)) return read;
    // The new events, in order, after the stored ones: each with an id no stored event has.
    for (const item of items) {
      let id = `${prefix}${item.index}`;
      for (let n = 2; taken?.has(id); n++) id = `${prefix}${item.index}#${n}`;
      const event: UsageEvent = { ...item.event, transaction_id: id };
      for (const slot of byCode.get(event.code) ?? []) {
        if (item.ms > slot.lastMs) continue;
        const mine = slot === item.slot;
        // Where the event sits in each reader of its own slot (-1: a reader that could not start).
        const at: number[] = [];
        for (const reader of this.slotReaders(slot)) {
          if (isLeft(reader)) at.push(-1);
          else if (mine) at.push(reader.right.addPriced(event));
          else reader.right.add(event);
        }
        if (mine) {
          item.place = slot.kept.length;
          slot.kept.push({ event, at });
        }
      }
    }
    const estimates: EstimateFeesResponse[] = [];
    for (const item of items) {
      const { slot } = item;
      slot.priced ??= this.slotReaders(slot).map((reader, k) =>
        isLeft(reader)
          ? reader
          : keptEventFees(
              reader.right,
              slot.kept.map((kept) => ({ index: kept.at[k] ?? -1, event: kept.event })),
            ),
      );
      const answer = this.finish(item.prepared, (_charge, k) =>
        keptFee(slot.priced?.[k], item.place),
      );
      if (isLeft(answer)) return left(inNewEvent(answer.left, item.index));
      estimates.push(answer.right);
    }
    return setTotal(estimates, this.input.plan.amount_currency);
  }

  /** Each new event checked, at its instant, in its period's slot; the slots by metric code. */
  private planSet(request: Fed<EstimateSetRequest>): Either<FeecastError, SetPlan> {
    const given: unknown = request.newEvents;
    if (!Array.isArray(given)) {
      return left(
        feecastError(
          'invalid_input',
          'newEvents must be an array of the events to estimate, in time order.',
          ['newEvents'],
        ),
      );
    }
    const items: SetItem[] = [];
    const byCode = new Map<string, SetSlot[]>();
    const slots = new Map<string, SetSlot>();
    let previous: { readonly ms: number; readonly text: string } | undefined;
    for (const [index, event] of (given as readonly unknown[]).entries()) {
      const instant = newEventInstant(event, request.now, index);
      if (isLeft(instant)) return instant;
      const { ms, text } = instant.right;
      if (previous !== undefined && ms < previous.ms) {
        return left(
          feecastError(
            'events_out_of_order',
            `newEvents[${index}] is at ${text}, before newEvents[${index - 1}] at ${previous.text}: give the new events in time order (each is priced after the ones before it).`,
            ['newEvents', String(index), 'timestamp'],
          ),
        );
      }
      previous = instant.right;
      const prepared = this.prepare({ event, now: text });
      if (isLeft(prepared)) return left(inNewEvent(prepared.left, index));
      const checked = this.priced(prepared.right, ESTIMATE_TRANSACTION_ID);
      if (isLeft(checked)) return left(inNewEvent(checked.left, index));
      const { period } = prepared.right.context;
      const code = prepared.right.found.metric.code;
      const key = [
        code,
        period.charges_from_datetime,
        period.charges_to_datetime,
        period.from_datetime,
        period.to_datetime,
      ].join('|');
      let slot = slots.get(key);
      if (slot === undefined) {
        slot = {
          entry: this.periodOf(prepared.right.context),
          found: prepared.right.found,
          lastMs: ms,
          readers: undefined,
          kept: [],
          priced: undefined,
        };
        slots.set(key, slot);
        const ofCode = byCode.get(code);
        if (ofCode === undefined) byCode.set(code, [slot]);
        else ofCode.push(slot);
      }
      slot.lastMs = ms;
      items.push({ index, ms, prepared: prepared.right, event: checked.right, slot, place: -1 });
    }
    return right({ items, byCode });
  }

  /** The readers of a slot's period, one per charge of its metric (started the first time). */
  private slotReaders(slot: SetSlot): Either<FeecastError, InAdvanceReader>[] {
    slot.readers ??= slot.found.charges.map(({ at, prepared }) => {
      if (isLeft(prepared)) return prepared;
      const run = this.runOf(slot.entry, at, prepared.right);
      return isLeft(run) ? run : inAdvanceReader(run.right, false);
    });
    return slot.readers;
  }
}

/**
 * Prepares `estimateFees` for one customer, subscription and plan (API.md: `estimateFees`),
 * to estimate many events: the context is checked once, each billable metric and its
 * pay-in-advance charges are checked and compiled the first time an event of the metric is
 * estimated, the tax sources are resolved once, and the period is reused for every `now` of
 * the same local day. An event with no stored event of its metric before it (no history) is
 * priced straight from the event, without an aggregation pass, when its metric is a count or a
 * sum that is not recurring and its charges are not prorated, dynamic or custom. Each `estimator.estimateFees({ event, events, now })` gives exactly
 * what `estimateFees({ ...context, event, events, now })` gives (the same errors too), for a
 * fraction of the time: what a price preview in an app calls on every keystroke. The context
 * objects must not change while the estimator is used; prepare another estimator instead.
 * `estimator.estimateFeesOf({ newEvents, events, now })` estimates a set of events the same way
 * (`estimateFeesOf`).
 *
 * @example
 * // The context checked once, then one estimate per event: 1,000 calls in `eu` at 0.0025.
 * const estimator = createEstimator({ customer, subscription, plan: starterInAdvance, billableMetrics, taxes: { billing_entity: [vat20] } });
 * if (estimator._tag === 'Right') {
 *   estimator.right.estimateFees({
 *     event: { code: 'api_calls', external_subscription_id: 'sub_acme_starter', properties: { calls: '1000', region: 'eu' } },
 *     now: '2026-11-15T00:00:00Z',
 *   }) // ~> right({ fees: [{ amount_cents: 250, taxes_amount_cents: 50, total_amount_cents: 300 }] })
 * }
 */
export function createEstimator(context: EstimatorContext): Either<FeecastError, Estimator> {
  return readEstimator(context, (read) => new SetEstimator(read, FULL_PRICING));
}

/**
 * `createPreviewEstimator` whose estimator also estimates sets of events
 * (`estimator.estimateFeesOf`, as {@link createEstimator}'s does): the same `parts`, the same
 * estimates and errors, the pass over stored events included whether `storedEvents` is given
 * or not (it reads the sets). A bundle of `createPreviewEstimator` alone leaves the sets out.
 *
 * @example
 * // Two estimates in a row on Starter's API calls, 1,000 then 500 calls: 2.50 + 1.00 EUR, VAT 0.70.
 * const estimator = createPreviewSetEstimator(
 *   { customer, subscription, plan: starterInAdvance, billableMetrics, taxes: { billing_entity: [vat20] } },
 *   [standardModel, sumAggregation],
 * );
 * if (estimator._tag === 'Right') {
 *   estimator.right.estimateFeesOf({
 *     newEvents: [
 *       { code: 'api_calls', external_subscription_id: 'sub_acme_starter', timestamp: '2026-11-15T10:00:00Z', properties: { calls: '1000', region: 'eu' } },
 *       { code: 'api_calls', external_subscription_id: 'sub_acme_starter', timestamp: '2026-11-15T11:00:00Z', properties: { calls: '500', region: 'us' } },
 *     ],
 *   }) // ~> right({ total: { amount_cents: 350, taxes_amount_cents: 70, total_amount_cents: 420 } })
 * }
 */
export function createPreviewSetEstimator(
  context: EstimatorContext,
  parts: readonly PricingPart[],
): Either<FeecastError, Estimator> {
  const pricing = readPricingParts(parts);
  if (isLeft(pricing)) return pricing;
  // The sets are read with the pass over stored events: it is part of this estimator's pricing.
  const tables = { ...pricing.right, events: STORED_EVENTS_PASS };
  return readEstimator(context, (read) => new SetEstimator(read, tables));
}
