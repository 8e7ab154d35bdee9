import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type AggregationState,
  type BillableMetricInput,
  type BucketFigures,
  batchEvent,
  type ChargeBuckets,
  type ChargesFigures,
  type ChargesPass,
  type CompiledMetric,
  compileMetricIn,
  type DecimalFigures,
  type EventBatch,
  evaluateForAggregation,
  type GroupedBy,
  type MetricLanguage,
  type PassOptions,
  prepareCompiledChargesAccumulator,
  prepareRestoredPass,
  type Rejection,
  sumKind,
  type UsageEvent,
} from '../../aggregation/index';
import {
  checkDecimalText,
  createScan,
  type Decimal,
  extended,
  type FeecastError,
  feecastError,
  isDecimal,
  parseDecimal,
  ZERO,
} from '../../core/index';
import type { ChargeSetup } from './charge-setup';
import type { ChargesPeriod } from './inputs';
import { relocate } from './relocate';

/** A property no event can carry nor an expression name: a dynamic event's precise cents. */
const CENTS_KEY = '#feecast_cents';

/** The figures of one group of a bucket (the whole bucket when it is not grouped). */
export interface GroupFigures {
  /** The group's values (`{}` when the bucket is not grouped). */
  readonly grouped_by: GroupedBy;
  readonly figures: DecimalFigures;
  /** Dynamic charges: Σ `precise_total_amount_cents` of the group's events. */
  readonly cents?: Decimal;
}

/** What one pass over a metric's events gives its charges. */
export interface MetricFigures {
  /** Per charge, per bucket (filters, then default), the groups. */
  readonly charges: readonly (readonly (readonly GroupFigures[])[])[];
  readonly rejected: readonly Rejection[];
  /** Events of the metric dated outside the period: not errors, not counted. */
  readonly outside_period: number;
  /**
   * With `trackEvents`: per bucket of the first charge, the caller's stream indices of the
   * events it accepted, per group (keyed by {@link groupIdentity}), in time order.
   */
  readonly tracked?: readonly ReadonlyMap<string, readonly number[]>[];
}

/** The period and settings of a pass. */
export interface PassSettings {
  readonly period: ChargesPeriod;
  readonly timezone: string | null;
  readonly previous?: AggregationState | undefined;
  readonly deduplicate?: boolean | undefined;
  /** Keep the stream index of each accepted event (per-event pay-in-advance fees; per-event views on). */
  readonly trackEvents?: boolean;
  /** Where the metric sits in the caller's input. */
  readonly metricPath: readonly string[];
  /**
   * The metric's events aggregated elsewhere (a database, a worker): the pass starts from this
   * state (the `state()` of a charges accumulator of {@link passAggregation}'s charges and
   * options), and the events it is given are added to it, as a later part of the stream.
   */
  readonly state?: { readonly value: unknown; readonly path: readonly string[] } | undefined;
}

/** What one pass aggregates: the charges accumulator's charges and options. */
export interface PassAggregation {
  /** One entry per aggregation consumer of the charges, in the pass's order. */
  readonly charges: readonly ChargeBuckets[];
  readonly options: PassOptions;
  /**
   * Why the pass cannot start from a state and must read the metric's events (a charge
   * priced from each event, a dynamic charge), or `undefined` when a state is enough.
   */
  readonly needsEvents: string | undefined;
}

/** One pass over a metric's events serving several charges. */
export interface FeesPass {
  /** Adds the event at `index` of the caller's stream (events of other metrics are ignored). */
  add(event: UsageEvent, index: number): void;
  /** Adds every row of a batch (the caller's whole stream: a row's index is its position). */
  addBatch(batch: EventBatch): void;
  result(): Either<FeecastError, MetricFigures>;
}

/**
 * Identifies a group among the groups of a bucket: its values in key order.
 *
 * @example
 * groupIdentity({ region: 'eu', tier: null }, ['region', 'tier']) // '["eu",null]'
 * @internal
 */
export function groupIdentity(groupedBy: GroupedBy, keys: readonly string[]): string {
  return JSON.stringify(keys.map((k) => groupedBy[k] ?? null));
}

function withProperty(event: UsageEvent, key: string, value: unknown): UsageEvent {
  return { ...event, properties: { ...(event.properties ?? {}), [key]: value } };
}

function bucketOf(
  charge: ChargesFigures['charges'][number] | undefined,
  index: number,
): BucketFigures {
  const found = charge?.filters[index] ?? charge?.default;
  return found ?? { aggregation: ZERO, count: 0, rejected: [] };
}

function groupsOf(result: BucketFigures, keys: readonly string[]): GroupFigures[] {
  if (keys.length === 0) return [{ grouped_by: {}, figures: result }];
  return (result.groups ?? []).map((group) => ({ grouped_by: group.grouped_by, figures: group }));
}

/**
 * The consumers of all charges, with each charge's first consumer and each consumer's charge
 * path; with `track`, the first charge's consumers keep their per-event views (their
 * `event_orders` are the tracked events).
 */
function layout(
  setups: readonly ChargeSetup[],
  keep: (setup: ChargeSetup) => boolean,
  track = false,
) {
  const consumers: ChargeBuckets[] = [];
  const offsets: number[] = [];
  const paths: (readonly string[])[] = [];
  for (const [s, setup] of setups.entries()) {
    offsets.push(consumers.length);
    if (!keep(setup)) continue;
    for (const consumer of setup.consumers) {
      consumers.push(track && s === 0 ? { ...consumer, per_event: true } : consumer);
      paths.push(setup.path);
    }
  }
  return { consumers, offsets, paths };
}

/**
 * Starts one pass over a billable metric's events for several of its charges (DESIGN.md: one
 * pass per metric): a charges accumulator with one consumer per distinct set of group keys of
 * each charge, plus, for dynamic charges, a second accumulator fed in the same loop that sums
 * the events' `precise_total_amount_cents` over exactly the events the first one accepts. With
 * `trackEvents`, the per-event views' `event_orders` give each accepted event's place in the
 * caller's stream.
 *
 * @example
 * const pass = createFeesPass(metric, compiled, [setup], settings);
 * for (const [i, e] of events.entries()) pass.right.add(e, i);
 * pass.right.result() // right({ charges: [[[{ grouped_by: {}, figures }]]], rejected: [] })
 * @internal
 */
export function createFeesPass(
  source: BillableMetricInput,
  metric: CompiledMetric,
  setups: readonly ChargeSetup[],
  settings: PassSettings,
): Either<FeecastError, FeesPass> {
  const { state } = settings;
  if (state === undefined) {
    const start = prepareFeesPass(source, metric, setups, settings);
    return isLeft(start) ? start : right(start.right());
  }
  // A state is restored once, for this one pass: nothing starts a second pass from it. The
  // metric is compiled (and the charges' buckets are, once per setup): not compiled again.
  let kept: KeptFigures | undefined;
  const parts = passParts(metric, setups, settings, (charges, options) => {
    kept = keptFigures(state.value, source, charges, options);
    return restoredAccumulator(source, metric, charges, options, state.value, setups);
  });
  if (isLeft(parts)) return parts;
  const { main, cents, offsets } = parts.right;
  return right(new Pass(metric, setups, main, cents?.(), offsets, kept));
}

/** The figures of a fixed state under one definition (metric, charges, options), once read. */
interface KeptFigures {
  readonly definition: string;
  figures?: ChargesFigures;
}

/**
 * The states their holder keeps fixed ({@link fixState}), each with the figures last read
 * from it: a state priced again under the same definition (a backtest's second plan, whose
 * charges split the events alike) gives the same figures, not read again.
 */
const fixed = new WeakMap<object, KeptFigures | undefined>();

/**
 * Marks `state` (an object) as fixed: its holder will not change it while passes are restored
 * from it (a backtest's states, once its events are read), so a pass restored from it that
 * takes no event reads the figures another pass of the same definition read.
 * @internal
 */
export function fixState(state: unknown): void {
  if (typeof state === 'object' && state !== null) fixed.set(state, fixed.get(state));
}

/**
 * Where a pass restored from `state` keeps (or finds) its figures, when the state is fixed
 * and carries nothing over from a previous period; the figures of another definition are
 * replaced.
 */
function keptFigures(
  state: unknown,
  source: BillableMetricInput,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
): KeptFigures | undefined {
  const key = state as object;
  if (!fixed.has(key) || options.previous !== undefined) return undefined;
  const definition = JSON.stringify([source, charges, options]);
  const kept = fixed.get(key);
  if (kept?.definition === definition) return kept;
  const own = { definition };
  fixed.set(key, own);
  return own;
}

/**
 * {@link createFeesPass} checked and compiled once: a function that starts a new pass of the
 * same metric, charges and settings each time it is called, without checking or compiling
 * them again (an estimator prices each event with a new pass). Without a state: a pass
 * restored from a state is one pass ({@link createFeesPass}).
 *
 * @example
 * const start = prepareFeesPass(metric, compiled, [setup], settings);
 * if (start._tag === 'Right') start.right().add(event, 0);
 * @internal
 */
export function prepareFeesPass(
  source: BillableMetricInput,
  metric: CompiledMetric,
  setups: readonly ChargeSetup[],
  settings: Omit<PassSettings, 'state'>,
): Either<FeecastError, () => FeesPass> {
  // The metric is compiled (with the caller's aggregation types): it is not compiled again.
  const parts = passParts(metric, setups, settings, (charges, options) =>
    prepareCompiledChargesAccumulator(source, metric, charges, options),
  );
  if (isLeft(parts)) return parts;
  const { main, cents, offsets } = parts.right;
  return right(() => new Pass(metric, setups, main(), cents?.(), offsets));
}

/** The cents of dynamic charges are a sum: the one aggregation type they need. */
const CENTS_LANGUAGE: MetricLanguage = { kinds: { sum_agg: sumKind }, expression: undefined };

/** Where each charge's consumers sit in the two accumulators of a pass, and whether it tracks events. */
interface PassOffsets {
  readonly main: readonly number[];
  readonly cents: readonly number[];
  readonly track: boolean;
}

/**
 * What a pass is made of, checked: its main accumulator (as `startMain` gives it: a start
 * function, or an accumulator restored from a state), the start of its cents accumulator
 * (dynamic charges), and where each charge's consumers sit in them.
 */
function passParts<Main>(
  metric: CompiledMetric,
  setups: readonly ChargeSetup[],
  settings: PassSettings,
  startMain: (
    charges: readonly ChargeBuckets[],
    options: PassOptions,
  ) => Either<FeecastError, Main>,
): Either<
  FeecastError,
  { main: Main; cents: (() => ChargesPass) | undefined; offsets: PassOffsets }
> {
  const tracking = settings.trackEvents === true;
  const main = layout(setups, () => true, tracking);
  const options = periodOptions(settings);
  const where = (paths: readonly (readonly string[])[]) => ({
    metric: settings.metricPath,
    consumers: paths,
    ...(settings.state === undefined ? {} : { state: settings.state.path }),
  });
  const mainOptions = extended(
    options,
    settings.previous === undefined ? {} : { previous: settings.previous },
  );
  const accumulator = startMain(main.consumers, mainOptions);
  if (isLeft(accumulator)) return left(relocate(accumulator.left, where(main.paths)));
  const dynamic = layout(setups, (s) => s.dynamic);
  let cents: (() => ChargesPass) | undefined;
  if (dynamic.consumers.length > 0) {
    const centsMetric = {
      code: metric.code,
      aggregation_type: 'sum_agg',
      field_name: CENTS_KEY,
      recurring: metric.recurring,
      filters: metric.filters,
    };
    const plain = dynamic.consumers.map((c) => extended(c, { prorated: false, per_event: false }));
    const compiled = compileMetricIn(CENTS_LANGUAGE, centsMetric, ['billable_metric']);
    const created = isLeft(compiled)
      ? compiled
      : prepareCompiledChargesAccumulator(centsMetric, compiled.right, plain, options);
    if (isLeft(created)) return left(relocate(created.left, where(dynamic.paths)));
    cents = created.right;
  }
  const offsets = { main: main.offsets, cents: dynamic.offsets, track: tracking };
  return right({ main: accumulator.right, cents, offsets });
}

/** The period options of a pass (without the carried state). */
function periodOptions(settings: PassSettings) {
  const { period } = settings;
  return {
    from_datetime: period.charges_from_datetime,
    to_datetime: period.charges_to_datetime,
    ...(period.charges_duration === undefined ? {} : { charges_duration: period.charges_duration }),
    timezone: settings.timezone,
    ...(settings.deduplicate === undefined ? {} : { deduplicate: settings.deduplicate }),
  };
}

/** Why a pass of these charges needs the metric's events, or `undefined`. */
function eventsNeed(setups: readonly ChargeSetup[]): string | undefined {
  for (const setup of setups) {
    const charge = JSON.stringify(setup.charge.svc_id);
    if (setup.dynamic) {
      return `charge ${charge} is dynamic: it sums each event's precise_total_amount_cents.`;
    }
    if (setup.perEvent) {
      return `charge ${charge} is priced from each event (pay in advance, percentage or prorated graduated).`;
    }
  }
  return undefined;
}

/**
 * What a pass of these charges aggregates: the charges and options of the charges
 * accumulator it runs, so that the same aggregation can be computed elsewhere (a database)
 * and given back as {@link PassSettings.state}.
 *
 * @example
 * passAggregation([setup], settings)
 * // { charges: [{ filters: [{ region: ['eu'] }] }], options: { from_datetime: ..., ... }, needsEvents: undefined }
 * @internal
 */
export function passAggregation(
  setups: readonly ChargeSetup[],
  settings: PassSettings,
): PassAggregation {
  return {
    charges: layout(setups, () => true).consumers,
    options: extended(
      periodOptions(settings),
      settings.previous === undefined ? {} : { previous: settings.previous },
    ),
    needsEvents: eventsNeed(setups),
  };
}

/** A pass definition's restore, prepared: what it was prepared for, and the restore. */
interface PreparedRestore {
  readonly source: BillableMetricInput;
  readonly charges: readonly ChargeBuckets[];
  /** The options (dates, zone, duration, flags: each a string, a number, a boolean or null). */
  readonly options: PassOptions;
  readonly restore: ReturnType<typeof prepareRestoredPass>;
}

/**
 * The restore last prepared for each list of charge setups (a compiled plan's: the same list
 * each time the plan is priced, from states given again after each stored event), so that a
 * pass restored from a state does not check and compile its metric, charges and options again.
 */
const restores = new WeakMap<readonly ChargeSetup[], PreparedRestore>();

/** The restore of these charges and options, prepared once per definition (see {@link restores}). */
function preparedRestore(
  source: BillableMetricInput,
  metric: CompiledMetric,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
  setups: readonly ChargeSetup[],
): PreparedRestore['restore'] {
  // A carried state is part of the options: prepared for this pass only.
  if (options.previous !== undefined) {
    return prepareRestoredPass(source, charges, options, metric);
  }
  const kept = restores.get(setups);
  if (
    kept !== undefined &&
    kept.source === source &&
    sameOptions(kept.options, options) &&
    kept.charges.length === charges.length &&
    kept.charges.every((charge, i) => charge === charges[i])
  ) {
    return kept.restore;
  }
  const restore = prepareRestoredPass(source, charges, options, metric);
  restores.set(setups, { source, charges, options, restore });
  return restore;
}

/**
 * Whether two passes' options (without a carried state) are the same: the same keys, each with
 * the same value (`periodOptions`' values are strings, numbers, booleans and null: compared as
 * they are, no text written). A value that is an object (not `periodOptions`') is the same only
 * as the same object, which at worst prepares the restore again.
 */
function sameOptions(kept: PassOptions, given: PassOptions): boolean {
  if (kept === given) return true;
  const keys = Object.keys(kept);
  if (keys.length !== Object.keys(given).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(given, key)) return false;
    if (!Object.is(kept[key as keyof PassOptions], given[key as keyof PassOptions])) return false;
  }
  return true;
}

/** The charges accumulator of a pass restored from `state` (a metric priced from its events cannot be). */
function restoredAccumulator(
  source: BillableMetricInput,
  metric: CompiledMetric,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
  state: unknown,
  setups: readonly ChargeSetup[],
): Either<FeecastError, ChargesPass> {
  const need = eventsNeed(setups);
  if (need !== undefined) {
    return left(
      feecastError('invalid_input', `An aggregation state cannot price this metric: ${need}`, [
        'state',
      ]),
    );
  }
  const restore = preparedRestore(source, metric, charges, options, setups);
  return isLeft(restore) ? restore : restore.right(state);
}

class Pass implements FeesPass {
  private failure: FeecastError | undefined;
  /** The scratch of {@link centsOf}'s check of a value. */
  private readonly scan = createScan();

  constructor(
    private readonly metric: CompiledMetric,
    private readonly setups: readonly ChargeSetup[],
    private readonly main: ChargesPass,
    private readonly cents: ChargesPass | undefined,
    private readonly offsets: PassOffsets,
    /** Where the figures of a fixed state are kept: none once the pass takes an event. */
    private kept?: KeptFigures,
  ) {}

  add(event: UsageEvent, index: number): void {
    if (typeof event !== 'object' || event === null || event.code !== this.metric.code) return;
    this.kept = undefined;
    this.main.addAt(event, index);
    if (this.cents !== undefined) {
      this.cents.addAt(withProperty(event, CENTS_KEY, this.centsOf(event, index)), index);
    }
  }

  addBatch(batch: EventBatch): void {
    this.kept = undefined;
    if (this.cents === undefined) {
      this.main.addAll(batch);
      return;
    }
    for (let row = 0; row < batch.length; row++) this.add(batchEvent(batch, row), row);
  }

  /**
   * The value the cents accumulator sums for an event: its precise cents (0 when absent) when
   * the event's own value is accepted, else a value refused the same way, so both
   * accumulators count the same events.
   */
  private centsOf(event: UsageEvent, index: number): unknown {
    const { expression, fieldName } = this.metric;
    let value: unknown;
    if (expression !== undefined) {
      const evaluated = evaluateForAggregation(expression, event);
      if (typeof evaluated === 'object') return undefined;
      value = evaluated;
    } else {
      value = fieldName === undefined ? undefined : event.properties?.[fieldName];
    }
    if (value === undefined || value === null) return undefined;
    // What a sum accepts (a decimal, as text, a JSON number or a decimal an expression gave):
    // anything else is given as it is, for the cents accumulator to refuse it too.
    if (!isDecimal(value) && typeof checkDecimalText(value, this.scan) !== 'string') return value;
    const own = event.precise_total_amount_cents;
    if (own === undefined || own === null) return '0';
    const parsed = parseDecimal(own, ['events', String(index), 'precise_total_amount_cents']);
    if (isLeft(parsed)) {
      this.failure ??= {
        ...parsed.left,
        message: `Event ${JSON.stringify(event.transaction_id)} of a dynamic charge: precise_total_amount_cents must be a decimal, got ${JSON.stringify(own)}.`,
      };
      return undefined;
    }
    return own;
  }

  result(): Either<FeecastError, MetricFigures> {
    if (this.failure !== undefined) return left(this.failure);
    const kept = this.kept;
    const main = kept?.figures ?? this.main.figures();
    if (kept !== undefined) kept.figures = main;
    const cents = this.cents?.figures();
    const charges = this.setups.map((setup, s) =>
      setup.buckets.map((bucket) => {
        const own = bucketOf(
          main.charges[(this.offsets.main[s] ?? 0) + bucket.consumer],
          bucket.index,
        );
        const groups = groupsOf(own, bucket.groupKeys);
        if (!setup.dynamic || cents === undefined) return groups;
        const summed = bucketOf(
          cents.charges[(this.offsets.cents[s] ?? 0) + bucket.consumer],
          bucket.index,
        );
        const byGroup = new Map(
          groupsOf(summed, bucket.groupKeys).map((g) => [
            groupIdentity(g.grouped_by, bucket.groupKeys),
            g.figures.aggregation,
          ]),
        );
        return groups.map((g) =>
          extended(g, {
            cents: byGroup.get(groupIdentity(g.grouped_by, bucket.groupKeys)) ?? ZERO,
          }),
        );
      }),
    );
    const first = this.setups[0];
    const tracked =
      !this.offsets.track || first === undefined
        ? undefined
        : first.buckets.map((bucket) => {
            const byGroup = new Map<string, readonly number[]>();
            const own = bucketOf(main.charges[bucket.consumer], bucket.index);
            for (const group of groupsOf(own, bucket.groupKeys)) {
              // Events were added at their caller's positions: the orders are those positions.
              byGroup.set(
                groupIdentity(group.grouped_by, bucket.groupKeys),
                group.figures.event_orders ?? [],
              );
            }
            return byGroup;
          });
    return right({
      charges,
      rejected: main.rejected,
      outside_period: main.outside_period,
      ...(tracked === undefined ? {} : { tracked }),
    });
  }
}
