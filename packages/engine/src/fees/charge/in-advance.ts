import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type AggregationState,
  type CompiledMetric,
  driveSync,
  type EventFeed,
  eventTimeMs,
  type Feeding,
  isEventFeed,
  type Rejection,
  readEvents,
  type UsageEvent,
} from '../../aggregation/index';
import {
  createDecimalSum,
  currencyExponent,
  type Decimal,
  type FeecastError,
  feecastError,
  max,
  PRICING_UNIT_CURRENCY,
  parseDecimal,
  type Scale,
  sign,
  ZERO,
} from '../../core/index';
import { buildFee, type FeeLine } from '../fee-object';
import { priceInAdvance } from '../pay-in-advance';
import { carriedIn } from './carried-units';
import { chargeAmounts } from './charge-amounts';
import type { ChargeFee } from './charge-fee';
import { type ChargeLines, chargeLines } from './charge-lines';
import type { BucketSetup, ChargeSetup } from './charge-setup';
import type { FeeContext } from './fee-context';
import { type FeesPass, type GroupFigures, groupIdentity, prepareFeesPass } from './fees-pass';
import type { ChargeFeesMetric } from './inputs';

/** An accepted event of the period, in the order the per-event views list it. */
interface Row {
  /** The event, when kept (its fee is priced), for its transaction id. */
  readonly event: UsageEvent | undefined;
  /** Dynamic charges: its `precise_total_amount_cents`. */
  readonly cents: unknown;
  /** Its place in the caller's stream. */
  readonly index: number;
  readonly timeMs: number;
}

/** A per-event fee and where its event sits (time, then stream order). */
export interface PlacedFee {
  readonly fee: ChargeFee;
  readonly index: number;
  readonly timeMs: number;
}

/** The per-event fees of a charge's period, and the events left out. */
export interface InAdvanceResult {
  readonly fees: readonly PlacedFee[];
  readonly rejected: readonly Rejection[];
}

/** What one in-advance pricing run needs besides the events. */
export interface InAdvanceRun {
  readonly context: FeeContext;
  readonly metric: ChargeFeesMetric;
  readonly compiled: CompiledMetric;
  readonly setup: ChargeSetup;
  readonly previous?: AggregationState | undefined;
  readonly deduplicate?: boolean | undefined;
  /** Starts the run's pass ({@link prepareInAdvancePass}); default: prepared on each call. */
  readonly start?: (() => FeesPass) | undefined;
  /** The checked lines of the charge's fees ({@link inAdvanceLines}), kept across runs; default: made for each run. */
  readonly lines?: ChargeLines | undefined;
}

/**
 * The units a pay-in-advance fee shows (charge-models.md §5): what the event added to the
 * billed quantity; for a prorated charge its full (unprorated) increment; when the event does
 * not raise the period's high-water mark, the units it applied, never below 0: a sum's own
 * value, and for a unique count's `add` that makes its value active again (after a `remove`),
 * 1 unit, although it bills nothing (charge-models.md open question 17).
 */
function shownUnits(prorated: boolean, increment: Decimal, applied: Decimal): Decimal {
  if (prorated || sign(increment) > 0) return increment;
  return max(applied, ZERO);
}

function centsOf(cents: unknown, index: number): Either<FeecastError, Decimal> {
  return cents === undefined || cents === null
    ? right(ZERO)
    : parseDecimal(cents, ['events', String(index), 'precise_total_amount_cents']);
}

/** One event's figures in its group: what the period billed before it, and what it adds. */
export interface EventFigures {
  /** The group's period before the event, as the charge models read it (no values but these). */
  readonly eventsBefore: number;
  /** The models that price from the events' values: the earlier events' values, in time order. */
  readonly valuesBefore: readonly Decimal[] | undefined;
  /** Dynamic charges: the earlier events' precise cents. */
  readonly centsBefore: Decimal | undefined;
  /** What the period billed before the event. */
  readonly unitsBefore: Decimal;
  /** What the event adds to the billed quantity (prorated for a prorated charge). */
  readonly billed: Decimal;
  /** The event's own value. */
  readonly value: Decimal;
  /** The fee's units ({@link shownUnits}). */
  readonly units: Decimal;
  /** Dynamic charges: the event's precise cents. */
  readonly cents: Decimal | undefined;
}

/**
 * The exponent of a run's fee currency (the plan's, or the pricing unit's).
 *
 * @example
 * feeExponent(run) // right(2) for EUR
 * @internal
 */
export function feeExponent(run: InAdvanceRun): Either<FeecastError, Scale> {
  const { setup } = run;
  const currency = setup.pricingUnit === undefined ? run.context.currency : PRICING_UNIT_CURRENCY;
  return currencyExponent(currency, [...setup.path, 'currency']);
}

/**
 * The fee of one event of a bucket group (charge-models.md §5): the model on the period with
 * the event minus the model on the period before it (`priceInAdvance`), in minor units
 * (through the pricing unit when the charge has one), on the group's line (checked once).
 *
 * @example
 * eventFee(run, bucket, () => inAdvanceLines(run).of(0, {}), 2, { eventsBefore: 0, unitsBefore: ZERO, billed: ONE, ... }, 'e1')
 * // right({ units: '1', events_count: 1, event_transaction_id: 'e1', ... })
 * @internal
 */
export function eventFee(
  run: InAdvanceRun,
  bucket: BucketSetup,
  line: () => Either<FeecastError, FeeLine>,
  exponent: Scale,
  figures: EventFigures,
  transactionId: string,
): Either<FeecastError, ChargeFee> {
  const { context, setup } = run;
  const price = priceInAdvance(bucket.model, {
    before: {
      eventsCount: figures.eventsBefore,
      eventValues: figures.valuesBefore,
      proratedEventValues: undefined,
      fullUnitsNumber: undefined,
      preciseTotalAmountCents: figures.centsBefore,
      currency: context.currency,
      customAmount: undefined,
      excludeEvent: false,
    },
    unitsBefore: figures.unitsBefore,
    increment: figures.billed,
    eventValue: figures.value,
    feeUnits: figures.units,
    cents: figures.cents,
    customAmount: undefined,
    exponent,
  });
  if (isLeft(price)) {
    return left({ ...price.left, path: [...setup.path, ...(price.left.path ?? [])] });
  }
  const amounts = chargeAmounts(price.right, setup.pricingUnit, context.currency);
  if (isLeft(amounts)) return amounts;
  const made = line();
  if (isLeft(made)) return made;
  return right(
    buildFee(made.right, {
      amounts: amounts.right.fee,
      units: figures.units,
      total_aggregated_units: figures.units,
      events_count: 1,
      amount_details: price.right.amount_details,
      pricing_unit_details: amounts.right.pricing_unit_details ?? null,
      event_transaction_id: transactionId,
    }),
  );
}

/**
 * The lines of an in-advance run's fees: the run's own (kept across runs), else made for it
 * (paid in advance, over the run's period).
 *
 * @example
 * inAdvanceLines(run).of(0, { region: 'eu' }) // right({ pay_in_advance: true, ... })
 * @internal
 */
export function inAdvanceLines(run: InAdvanceRun): ChargeLines {
  return (
    run.lines ??
    chargeLines(run.context, run.metric, run.setup, {
      period: run.context.period,
      payInAdvance: true,
    })
  );
}

/**
 * Prices the events of one bucket group in time order: each event's fee is the model on the
 * period with it minus the model on the period before it (`payInAdvanceAmount`), the period
 * being what the earlier events billed (their in-advance increments, prorated for a prorated
 * charge), their values and their precise cents.
 */
function priceGroup(
  run: InAdvanceRun,
  bucket: BucketSetup,
  group: GroupFigures,
  line: () => Either<FeecastError, FeeLine>,
  rows: readonly Row[],
  target: number | undefined,
): Either<FeecastError, PlacedFee[]> {
  const { setup } = run;
  const f = group.figures;
  const increments = f.in_advance_increments ?? [];
  const billed = setup.prorated ? (f.in_advance_prorated_increments ?? []) : increments;
  if (increments.length !== rows.length || billed.length !== rows.length) {
    return left(
      feecastError(
        'invalid_input',
        'The per-event figures of the period do not line up with its events; aggregate a metric the charge can pay in advance.',
        [...setup.path, 'pay_in_advance'],
      ),
    );
  }
  const values = !setup.prorated && f.event_values !== undefined ? f.event_values : increments;
  // What each event applied: a unique count's +1/-1/0, a sum's value (a count's 1).
  const applied = f.applied_units ?? values;
  const exponent = feeExponent(run);
  if (isLeft(exponent)) return exponent;
  // The values read so far, for the models that price from them (a percentage charge's free
  // units and min/max per event).
  const byValues = bucket.model.needsEventValues;
  const valuesBefore: Decimal[] = [];
  const fees: PlacedFee[] = [];
  // Running totals of what the period billed before each event (from the units a recurring
  // metric carried in, billed when the period started), and of the events' precise cents.
  const before = createDecimalSum();
  const carried = carriedIn(f);
  if (sign(carried) > 0) before.add(carried);
  const centsBefore = createDecimalSum();
  for (const [k, row] of rows.entries()) {
    const value = values[k] ?? ZERO;
    const cents = setup.dynamic ? centsOf(row.cents, row.index) : right(ZERO);
    if (isLeft(cents)) return cents;
    if ((target === undefined || target === row.index) && row.event !== undefined) {
      const fee = eventFee(
        run,
        bucket,
        line,
        exponent.right,
        {
          eventsBefore: k,
          valuesBefore: byValues ? valuesBefore.slice(0, k) : undefined,
          centsBefore: setup.dynamic ? centsBefore.result() : undefined,
          unitsBefore: before.result(),
          billed: billed[k] ?? ZERO,
          value,
          units: shownUnits(setup.prorated, increments[k] ?? ZERO, applied[k] ?? ZERO),
          cents: setup.dynamic ? cents.right : undefined,
        },
        row.event.transaction_id,
      );
      if (isLeft(fee)) return fee;
      fees.push({ fee: fee.right, index: row.index, timeMs: row.timeMs });
    }
    before.add(billed[k] ?? ZERO);
    centsBefore.add(cents.right);
    if (byValues) valuesBefore.push(value);
  }
  return right(fees);
}

/**
 * The pass an in-advance run reads its events with, checked and compiled once: each call of
 * the function starts a new pass (see `prepareFeesPass`). A caller that prices many events of
 * the same charge and period keeps it as the run's `start`.
 *
 * @example
 * const start = prepareInAdvancePass(run);
 * if (start._tag === 'Right') inAdvanceFees({ ...run, start: start.right }, events);
 * @internal
 */
export function prepareInAdvancePass(run: InAdvanceRun): Either<FeecastError, () => FeesPass> {
  return prepareFeesPass(run.metric, run.compiled, [run.setup], {
    period: run.context.period,
    timezone: run.context.timezone,
    previous: run.previous,
    deduplicate: run.deduplicate,
    trackEvents: true,
    metricPath: ['billableMetric'],
  });
}

/**
 * Reads the events of one in-advance run as they come (any stream, read once), then prices
 * them: one pass over the metric's events that also groups each bucket by the events' stream
 * index, so each accepted event of the period is known with its bucket, group and place in
 * time; each event is then priced after − before (charge-models.md §5; aggregations.md §6.2).
 *
 * What it keeps per event of the metric: the pass's per-event record and, when every event's
 * fee is wanted (`keepEvents`), the event itself. An estimate prices one event, the last one
 * added: then it keeps, per earlier event, its time (8 bytes) and, for a dynamic charge, a
 * reference to its `precise_total_amount_cents`, never the event.
 * @internal
 */
export class InAdvanceReader {
  private readonly pass: FeesPass;
  /** Stream positions read so far (events of other metrics included). */
  private read = 0;
  /** The metric's events by stream index, when kept. */
  private readonly events: (UsageEvent | undefined)[] | undefined;
  /** Without the events: each position's time (NaN for another metric's or an unreadable one). */
  private readonly times: number[] | undefined;
  /** Without the events, for a dynamic charge: each position's precise cents. */
  private readonly cents: unknown[] | undefined;
  /**
   * The events kept without `keepEvents`, by stream index: those added with {@link addLast}
   * or {@link addPriced}, the only ones {@link fees} then prices.
   */
  private readonly kept = new Map<number, UsageEvent>();

  constructor(
    readonly run: InAdvanceRun,
    pass: FeesPass,
    keepEvents: boolean,
  ) {
    this.pass = pass;
    this.events = keepEvents ? [] : undefined;
    this.times = keepEvents ? undefined : [];
    this.cents = !keepEvents && run.setup.dynamic ? [] : undefined;
  }

  /** Adds the next event of the stream (events of other metrics keep their place). */
  add(event: UsageEvent): void {
    const index = this.read++;
    const mine = typeof event === 'object' && event !== null && event.code === this.run.metric.code;
    if (mine) this.pass.add(event, index);
    if (this.events !== undefined) {
      this.events.push(mine ? event : undefined);
      return;
    }
    this.times?.push(mine ? (eventTimeMs(event.timestamp) ?? Number.NaN) : Number.NaN);
    this.cents?.push(mine ? event.precise_total_amount_cents : undefined);
  }

  /** Adds the event whose fee {@link fees} prices (an estimate), after every other; its index. */
  addLast(event: UsageEvent): number {
    return this.addPriced(event);
  }

  /**
   * Adds the next event of the stream, kept so that {@link fees} prices it even without
   * `keepEvents` (a set of estimates: each is priced after the events before it in time); its
   * stream index.
   */
  addPriced(event: UsageEvent): number {
    const index = this.read;
    this.add(event);
    if (this.events === undefined) this.kept.set(index, event);
    return index;
  }

  /** The event at stream index `i`, with what pricing reads of it, if it is of the period. */
  private row(i: number, fromMs: number): Row | undefined {
    let event: UsageEvent | undefined;
    let timeMs: number | undefined;
    let cents: unknown;
    if (this.events !== undefined) {
      event = this.events[i];
      timeMs = event === undefined ? undefined : eventTimeMs(event.timestamp);
      cents = event?.precise_total_amount_cents;
    } else {
      event = this.kept.get(i);
      timeMs = this.times?.[i];
      cents = this.cents?.[i];
    }
    // Per-event views hold the period's events only (a recurring metric reads earlier ones).
    if (timeMs === undefined || Number.isNaN(timeMs) || timeMs < fromMs) return undefined;
    return { event, cents, index: i, timeMs };
  }

  /**
   * The fees of the events read (of the event at stream index `only`, when given), in time
   * order, and the events left out.
   */
  fees(only?: number): Either<FeecastError, InAdvanceResult> {
    const { run } = this;
    const { context, setup } = run;
    const lines = inAdvanceLines(run);
    const figures = this.pass.result();
    if (isLeft(figures)) return figures;
    const fromMs = eventTimeMs(context.period.charges_from_datetime) ?? 0;
    const fees: PlacedFee[] = [];
    for (const [b, bucket] of setup.buckets.entries()) {
      const tracked = figures.right.tracked?.[b];
      for (const group of figures.right.charges[0]?.[b] ?? []) {
        const identity = groupIdentity(group.grouped_by, bucket.groupKeys);
        const indices = tracked?.get(identity) ?? [];
        // An estimate prices one event: the other groups' events cannot change its fee.
        if (only !== undefined && !indices.includes(only)) continue;
        const rows: Row[] = [];
        for (const i of indices) {
          const row = this.row(i, fromMs);
          if (row !== undefined) rows.push(row);
        }
        rows.sort((a, b) => a.timeMs - b.timeMs || a.index - b.index);
        const line = () => lines.of(b, group.grouped_by);
        const priced = priceGroup(run, bucket, group, line, rows, only);
        if (isLeft(priced)) return priced;
        for (const placed of priced.right) fees.push(placed);
      }
    }
    fees.sort((a, b) => a.timeMs - b.timeMs || a.index - b.index);
    return right({ fees, rejected: figures.right.rejected });
  }
}

/**
 * Starts reading the events of an in-advance run ({@link InAdvanceReader}), its pass started
 * from the run's `start` (or prepared now).
 *
 * @example
 * const reader = inAdvanceReader(run, true);
 * if (reader._tag === 'Right') { for (const e of events) reader.right.add(e); reader.right.fees(); }
 * @internal
 */
export function inAdvanceReader(
  run: InAdvanceRun,
  keepEvents: boolean,
): Either<FeecastError, InAdvanceReader> {
  const start = run.start === undefined ? prepareInAdvancePass(run) : right(run.start);
  if (isLeft(start)) return start;
  return right(new InAdvanceReader(run, start.right(), keepEvents));
}

/**
 * The per-event fees of a pay-in-advance charge over a period: every event of `events` read
 * by an {@link InAdvanceReader} that keeps them. Memory grows with the metric's events (one fee
 * each).
 *
 * @example
 * inAdvanceFees(run, events) // right({ fees: [{ fee, index: 0, timeMs }, ...], rejected: [] })
 * @internal
 */
export function inAdvanceFees(
  run: InAdvanceRun,
  events: Iterable<UsageEvent>,
): Either<FeecastError, InAdvanceResult> {
  return driveSync(inAdvanceFeesSteps(run, events));
}

/**
 * {@link inAdvanceFees} as steps that read the events once (see `readEvents`).
 *
 * @example
 * const result = yield* inAdvanceFeesSteps(run, feed);
 * @internal
 */
export function* inAdvanceFeesSteps(
  run: InAdvanceRun,
  events: Iterable<UsageEvent> | EventFeed,
): Feeding<Either<FeecastError, InAdvanceResult>> {
  if (
    !isEventFeed(events) &&
    typeof (events as Partial<Iterable<UsageEvent>> | null)?.[Symbol.iterator] !== 'function'
  ) {
    return left(
      feecastError('invalid_input', 'events must be an iterable of usage events.', ['events']),
    );
  }
  const reader = inAdvanceReader(run, true);
  if (isLeft(reader)) return reader;
  const { right: started } = reader;
  yield* readEvents(events, (event) => started.add(event));
  return started.fees();
}
