import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';
import { type EventBatch, isEventBatch } from './batch';
import type { UsageEvent } from './event';
import {
  type CompiledFilter,
  compileFilter,
  createFilterRouter,
  type FilterValues,
} from './filters';
import { Fingerprint, isInstance } from './fingerprint';
import { readArray, readObject } from './kinds/state-json';
import {
  type BillableMetricInput,
  type CompiledMetric,
  checkProrated,
  compileMetric,
} from './metric';
import { type AggregateOptions, checkGroupKeys, resolveOptions } from './options';
import { type AggregationResult, type BucketFigures, type ConsumerSpec, MetricPass } from './pass';
import {
  bucketGroups,
  type GroupState,
  type PassStateHeader,
  passHeader,
  restoreBucket,
  restoreHeader,
  restoreShared,
} from './pass-state';
import type { Rejection } from './rejection';

/** How one charge of a metric splits its events (API.md, "One pass ... serves every charge"). */
export interface ChargeBuckets {
  /** The `values` of each of the charge's filters, in the charge's order. */
  readonly filters?: readonly FilterValues[];
  /** The charge's `grouped_by` (pricing group) keys: one figure per combination of values. */
  readonly grouped_by?: readonly string[];
  /** The charge is prorated (recurring sums and unique counts only). */
  readonly prorated?: boolean;
  /**
   * Keep this charge's per-event views (as the options' `per_event`, for this charge alone):
   * a charge priced from each event's value or increment needs them, the others do not pay
   * for them.
   */
  readonly per_event?: boolean;
}

/** The period options shared by every charge of a pass. */
export type PassOptions = Omit<AggregateOptions, 'filters' | 'grouped_by' | 'prorated'>;

/**
 * One charge's figures.
 *
 * @inline
 */
export interface ChargeAggregation {
  /** One result per charge filter, in the order given: the events the filter wins. */
  readonly filters: readonly AggregationResult[];
  /** The events of the metric that none of the charge's filters matches. */
  readonly default: AggregationResult;
}

/**
 * Every charge's figures from one pass.
 *
 * @inline
 */
export interface ChargesAggregation {
  readonly charges: readonly ChargeAggregation[];
  /** Events left out (for every charge alike), and why. */
  readonly rejected: readonly Rejection[];
  /** Events of the metric dated outside the period: not errors, not counted. */
  readonly outside_period: number;
}

/**
 * One bucket's groups in a {@link ChargesAccumulatorState}.
 *
 * @inline
 */
export interface BucketGroupsState {
  readonly groups: readonly GroupState[];
}

/**
 * A charges accumulator's partial state in JSON (docs/aggregation-state.md): per charge, in
 * the order of the charges given, its filter buckets (in the charge's order) and its default
 * bucket, each with its groups.
 */
export interface ChargesAccumulatorState extends PassStateHeader {
  readonly charges: readonly {
    readonly prorated: boolean;
    readonly filters: readonly BucketGroupsState[];
    readonly default: BucketGroupsState;
  }[];
}

/** An incremental, mergeable pass over a metric's events for several charges. */
export interface ChargesAccumulator {
  add(event: UsageEvent): void;
  /**
   * Adds the item at `position` of the caller's own stream (for callers that hand an
   * accumulator only some of their events: rejections and event orders then name the caller's
   * positions).
   */
  addAt(event: UsageEvent, position: number): void;
  /** Adds every event of an iterable, or every row of a columnar batch, streaming. */
  addAll(events: Iterable<UsageEvent> | EventBatch): void;
  /** Adds a later part of the same stream aggregated with the same metric, charges and options. */
  merge(other: ChargesAccumulator): Either<FeecastError, ChargesAccumulator>;
  result(): ChargesAggregation;
  /** The partial state so far, in its JSON form (as `Accumulator.state()`, per charge). */
  state(): ChargesAccumulatorState;
}

/** {@link ChargesAggregation} as the stages after aggregation read it (`BucketFigures`). @internal */
export interface ChargesFigures {
  readonly charges: readonly {
    readonly filters: readonly BucketFigures[];
    readonly default: BucketFigures;
  }[];
  readonly rejected: ChargesAggregation['rejected'];
  readonly outside_period: number;
}

/** A charges accumulator of the engine's own: its figures also as decimals. @internal */
export interface ChargesPass extends ChargesAccumulator {
  /** {@link ChargesAccumulator.result}, the units as decimals (the stages after aggregation). */
  figures(): ChargesFigures;
  /**
   * {@link ChargesAccumulator.add} of an event whose timestamp the caller has read already:
   * `timeMs` must be `eventTimeMs` of it (a caller that routes events by their time does not
   * have them read twice).
   */
  addTimed(event: UsageEvent, timeMs: number): void;
}

function consumerOf(
  metric: CompiledMetric,
  charge: ChargeBuckets,
  path: readonly string[],
): Either<FeecastError, ConsumerSpec> {
  const groupKeys = checkGroupKeys(charge.grouped_by, [...path, 'grouped_by']);
  if (isLeft(groupKeys)) return groupKeys;
  const prorated = checkProrated(metric, charge.prorated === true, [...path, 'prorated']);
  if (isLeft(prorated)) return prorated;
  const compiled: CompiledFilter[] = [];
  const filters = charge.filters ?? [];
  for (const [i, values] of filters.entries()) {
    const filter = compileFilter(values, metric.filters, [...path, 'filters', String(i), 'values']);
    if (isLeft(filter)) return filter;
    compiled.push(filter.right);
  }
  const router = createFilterRouter(compiled);
  const fallback = compiled.length;
  return right({
    routeKeys: [...new Set(compiled.flatMap((filter) => filter.keys))],
    // The most specific matching filter wins; no match goes to the default bucket.
    route: (properties) => {
      const index = router(properties);
      return index < 0 ? fallback : index;
    },
    bucketGroupKeys: Array.from({ length: compiled.length + 1 }, () => groupKeys.right),
    prorated: prorated.right,
    perEvent: charge.per_event === true,
  });
}

class PassAccumulator implements ChargesPass {
  constructor(
    readonly pass: MetricPass,
    private readonly shape: readonly number[],
    private readonly fingerprint: Fingerprint,
  ) {}

  add(event: UsageEvent): void {
    this.pass.addReadable(event);
  }

  addAt(event: UsageEvent, position: number): void {
    this.pass.addReadable(event, position);
  }

  addTimed(event: UsageEvent, timeMs: number): void {
    this.pass.addReadable(event, undefined, timeMs);
  }

  addAll(events: Iterable<UsageEvent> | EventBatch): void {
    if (isEventBatch(events)) this.pass.addBatch(events);
    else this.pass.addStream(events);
  }

  merge(other: ChargesAccumulator): Either<FeecastError, ChargesAccumulator> {
    if (!isInstance(other, PassAccumulator) || !this.fingerprint.matches(other.fingerprint)) {
      return left(
        feecastError(
          'invalid_input',
          'Only accumulators created with the same billable metric, charges and options can be merged.',
        ),
      );
    }
    this.pass.merge(other.pass);
    return right(this);
  }

  result(): ChargesAggregation {
    const charges = this.shape.map((filterCount, c) => ({
      filters: Array.from({ length: filterCount }, (_, b) => this.pass.result(c, b)),
      default: this.pass.result(c, filterCount),
    }));
    const whole = charges[0]?.filters[0] ?? charges[0]?.default ?? this.pass.result(0, 0);
    return { charges, rejected: whole.rejected, outside_period: whole.outside_period ?? 0 };
  }

  figures(): ChargesFigures {
    const charges = this.shape.map((filterCount, c) => ({
      filters: Array.from({ length: filterCount }, (_, b) => this.pass.figuresOf(c, b)),
      default: this.pass.figuresOf(c, filterCount),
    }));
    // Bucket 0 of charge 0 (its first filter, else its default) carries the pass's rejected
    // rows: read from the figures above, not computed again.
    const whole = charges[0]?.filters[0] ?? charges[0]?.default ?? this.pass.figuresOf(0, 0);
    return { charges, rejected: whole.rejected, outside_period: whole.outside_period ?? 0 };
  }

  state(): ChargesAccumulatorState {
    const charges = this.pass.consumers.map((consumer, c) => {
      const buckets = consumer.buckets.map((bucket) => ({ groups: bucketGroups(bucket) }));
      const filterCount = this.shape[c] ?? 0;
      return {
        prorated: consumer.prorated,
        filters: buckets.slice(0, filterCount),
        default: buckets[filterCount] ?? { groups: [] },
      };
    });
    return Object.assign(passHeader(this.pass), { charges });
  }

  /** Fills this new accumulator's buckets from a state (its header already restored). */
  restoreCharges(state: Record<string, unknown>): Either<FeecastError, this> {
    const list = readArray(state, 'charges', ['state']);
    if (isLeft(list)) return list;
    if (list.right.length !== this.shape.length) {
      return left(
        feecastError('invalid_input', `state.charges must have ${this.shape.length} charges.`, [
          'state',
          'charges',
        ]),
      );
    }
    for (const [c, item] of list.right.entries()) {
      const path = ['state', 'charges', String(c)];
      const charge = readObject(item, path);
      if (isLeft(charge)) return charge;
      const prorated = this.pass.consumers[c]?.prorated === true;
      if (charge.right.prorated !== prorated) {
        return left(
          feecastError('invalid_input', `prorated must be ${prorated}, as the charge gives.`, [
            ...path,
            'prorated',
          ]),
        );
      }
      const filters = readArray(charge.right, 'filters', path);
      if (isLeft(filters)) return filters;
      const filterCount = this.shape[c] ?? 0;
      if (filters.right.length !== filterCount) {
        return left(
          feecastError('invalid_input', `filters must have the charge's ${filterCount} buckets.`, [
            ...path,
            'filters',
          ]),
        );
      }
      const buckets = [...filters.right, charge.right.default];
      for (const [b, bucket] of buckets.entries()) {
        const at = b < filterCount ? [...path, 'filters', String(b)] : [...path, 'default'];
        const restored = restoreBucket(this.pass, c, b, bucket, at);
        if (isLeft(restored)) return restored;
      }
    }
    return right(this);
  }
}

/**
 * Starts one pass over a billable metric's events that serves several charges: each event is
 * checked once (timestamp, period, duplicate, value, expression) and routed to the bucket of
 * each charge it belongs to (the most specific matching filter, else the default bucket) and
 * to its `grouped_by` group.
 *
 * @example
 * // One charge with the filters `eu` and `us`; the calls of neither go to its default bucket.
 * const accumulator = createChargesAccumulator(apiCalls, [{ filters: [{ region: ['eu'] }, { region: ['us'] }] }], NOVEMBER);
 * if (accumulator._tag === 'Right') {
 *   accumulator.right.addAll(events);
 *   const [charge] = accumulator.right.result().charges;
 *   charge?.filters.map((bucket) => bucket.aggregation) // => ['54874.5', '30279']
 *   charge?.default.aggregation // => '6601.5'
 * }
 */
export function createChargesAccumulator(
  billableMetric: BillableMetricInput,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
): Either<FeecastError, ChargesAccumulator> {
  const create = prepareChargesAccumulator(billableMetric, charges, options);
  return isLeft(create) ? create : right(create.right());
}

/**
 * {@link createChargesAccumulator} checked and compiled once: a function that starts a new,
 * empty accumulator of the same metric, charges and options each time it is called (cheap:
 * nothing is checked or compiled again), for callers that run many passes of one definition.
 *
 * @example
 * const start = prepareChargesAccumulator(metric, [{ filters: [{ region: ['eu'] }] }], MARCH);
 * if (start._tag === 'Right') {
 *   const acc = start.right();
 *   acc.addAll(events);
 * }
 * @internal
 */
export function prepareChargesAccumulator(
  billableMetric: BillableMetricInput,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
): Either<FeecastError, () => ChargesPass> {
  const metric = compileMetric(billableMetric);
  if (isLeft(metric)) return metric;
  return prepareCompiledChargesAccumulator(billableMetric, metric.right, charges, options);
}

/**
 * {@link prepareChargesAccumulator} of a metric the caller has compiled (`compileMetric` or
 * `compileMetricIn`, with any path): the metric is not compiled again, so a caller that
 * prices with some aggregation types only (a preview estimator) holds only those.
 *
 * @example
 * const start = prepareCompiledChargesAccumulator(metric, compiled, [{ filters: [] }], MARCH);
 * if (start._tag === 'Right') start.right().addAll(events);
 * @internal
 */
export function prepareCompiledChargesAccumulator(
  billableMetric: BillableMetricInput,
  compiled: CompiledMetric,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
): Either<FeecastError, () => ChargesPass> {
  return preparePass(billableMetric, compiled, charges, options, consumerOf);
}

/** A charge's consumer, compiled (its `path` names the charge in errors). */
type CompileConsumer = (
  metric: CompiledMetric,
  charge: ChargeBuckets,
  path: readonly string[],
) => Either<FeecastError, ConsumerSpec>;

/**
 * {@link prepareCompiledChargesAccumulator} with each charge's consumer compiled by `consumer`
 * (as given, or once per charge object: {@link restoreCompiledChargesPass}).
 */
function preparePass(
  billableMetric: BillableMetricInput,
  compiled: CompiledMetric,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
  consumer: CompileConsumer,
): Either<FeecastError, () => PassAccumulator> {
  const resolved = resolveOptions({ ...options, prorated: false });
  if (isLeft(resolved)) return resolved;
  if (!Array.isArray(charges)) {
    return left(feecastError('invalid_input', 'charges must be a list.', ['charges']));
  }
  const specs: ConsumerSpec[] = [];
  for (const [i, charge] of charges.entries()) {
    const spec = consumer(compiled, charge, ['charges', String(i)]);
    if (isLeft(spec)) return spec;
    specs.push(spec.right);
  }
  if (
    options.previous !== undefined &&
    specs.some((s) => s.bucketGroupKeys.length > 1 || (s.bucketGroupKeys[0]?.length ?? 0) > 0)
  ) {
    return left(
      feecastError(
        'invalid_input',
        'A carried `previous` state applies to one ungrouped bucket; aggregate each bucket with `aggregate`.',
        ['options', 'previous'],
      ),
    );
  }
  const shape = charges.map((c) => c.filters?.length ?? 0);
  const fingerprint = new Fingerprint([billableMetric, charges, options]);
  return right(
    () => new PassAccumulator(new MetricPass(compiled, resolved.right, specs), shape, fingerprint),
  );
}

/**
 * A charges accumulator that starts from `state`, the {@link ChargesAccumulator.state} of one
 * created with the same metric, charges and options (or computed elsewhere in the same JSON
 * form, docs/aggregation-state.md). A `Left` naming the path of the first field that is not as
 * documented, or for a charge with `per_event` (per-event views are not part of a state).
 *
 * @example
 * const charges = [{ filters: [{ region: ['eu'] }] }];
 * const first = createChargesAccumulator(apiCalls, charges, NOVEMBER);
 * if (first._tag === 'Right') {
 *   first.right.addAll(events.slice(0, 100));
 *   const saved = JSON.stringify(first.right.state());
 *   const restored = restoreChargesAccumulator(apiCalls, charges, NOVEMBER, JSON.parse(saved));
 *   if (restored._tag === 'Right') {
 *     restored.right.addAll(events.slice(100));
 *     restored.right.result().charges[0]?.filters[0]?.aggregation // => '54874.5'
 *   }
 * }
 */
export function restoreChargesAccumulator(
  billableMetric: BillableMetricInput,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
  state: unknown,
): Either<FeecastError, ChargesAccumulator> {
  return restoreChargesPass(billableMetric, charges, options, state);
}

/**
 * {@link restoreChargesAccumulator} for the engine's own stages: the accumulator also gives
 * its figures as decimals ({@link ChargesPass}).
 *
 * @example
 * restoreChargesPass(apiCalls, charges, NOVEMBER, saved) // right(pass), pass.figures() as decimals
 * @internal
 */
export function restoreChargesPass(
  billableMetric: BillableMetricInput,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
  state: unknown,
): Either<FeecastError, ChargesPass> {
  const start = prepareRestoredPass(billableMetric, charges, options);
  return isLeft(start) ? start : start.right(state);
}

/**
 * {@link restoreChargesPass} checked and compiled once: a function that restores an
 * accumulator of the same metric, charges and options from each state it is given, without
 * checking or compiling them again (a caller that prices one definition from many states).
 * Given the metric the caller has compiled (`compileMetric` or `compileMetricIn`), it is not
 * compiled again, and each charge's buckets (its filters, group keys, proration) are compiled
 * once per charge object and compiled metric, for every preparation with them (a backtest
 * prepares one per period): the charges must then not change after their first use (the
 * engine's compiled plans do not).
 *
 * @example
 * const restore = prepareRestoredPass(apiCalls, charges, NOVEMBER);
 * if (restore._tag === 'Right') restore.right(saved); // right(pass), as restoreChargesPass(apiCalls, charges, NOVEMBER, saved)
 * @internal
 */
export function prepareRestoredPass(
  billableMetric: BillableMetricInput,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
  compiled?: CompiledMetric,
): Either<FeecastError, (state: unknown) => Either<FeecastError, ChargesPass>> {
  const refused = perEventRefusal(charges, options);
  if (refused !== undefined) return left(refused);
  let metric: CompiledMetric;
  if (compiled === undefined) {
    const own = compileMetric(billableMetric);
    if (isLeft(own)) return own;
    metric = own.right;
  } else {
    metric = compiled;
  }
  const consumer = compiled === undefined ? consumerOf : rememberedConsumer;
  const start = preparePass(billableMetric, metric, charges, options, consumer);
  if (isLeft(start)) return start;
  return right((state) => restoreInto(start.right(), state));
}

/**
 * Each charge object's consumer, per compiled metric: compiled once, for every restore
 * prepared with it ({@link prepareRestoredPass} given a compiled metric).
 */
const consumersOf = new WeakMap<CompiledMetric, WeakMap<ChargeBuckets, ConsumerSpec>>();

/** {@link consumerOf}, remembered per compiled metric and charge object. */
const rememberedConsumer: CompileConsumer = (metric, charge, path) => {
  let known = consumersOf.get(metric);
  if (known === undefined) {
    known = new WeakMap();
    consumersOf.set(metric, known);
  }
  const found = typeof charge === 'object' && charge !== null ? known.get(charge) : undefined;
  if (found !== undefined) return right(found);
  const spec = consumerOf(metric, charge, path);
  if (isLeft(spec)) return spec;
  if (typeof charge === 'object' && charge !== null) known.set(charge, spec.right);
  return spec;
};

/**
 * {@link restoreChargesPass} of a metric the caller has compiled: {@link prepareRestoredPass}
 * given `compiled`, applied to one state. The same accumulator, the same `Left`s, as
 * {@link restoreChargesPass}.
 *
 * @example
 * restoreCompiledChargesPass(apiCalls, compiled, charges, NOVEMBER, saved) // right(pass)
 * @internal
 */
export function restoreCompiledChargesPass(
  billableMetric: BillableMetricInput,
  compiled: CompiledMetric,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
  state: unknown,
): Either<FeecastError, ChargesPass> {
  const start = prepareRestoredPass(billableMetric, charges, options, compiled);
  return isLeft(start) ? start : start.right(state);
}

/** Why charges with per-event views cannot start from a state, or `undefined`. */
function perEventRefusal(
  charges: readonly ChargeBuckets[],
  options: PassOptions,
): FeecastError | undefined {
  const perEvent = Array.isArray(charges) ? charges.findIndex((c) => c?.per_event === true) : -1;
  if (perEvent < 0 && options?.per_event !== true) return undefined;
  return feecastError(
    'invalid_input',
    'Per-event views are not part of a state: aggregate the events of this charge.',
    perEvent >= 0 ? ['charges', String(perEvent), 'per_event'] : ['options', 'per_event'],
  );
}

/**
 * A new accumulator filled from `state`: its header, then its buckets; from the accumulator
 * of a {@link sharedState} itself when it is of the same shape and period.
 */
function restoreInto(
  accumulator: PassAccumulator,
  state: unknown,
): Either<FeecastError, ChargesPass> {
  const shared =
    typeof state === 'object' && state !== null
      ? (state as { readonly [SHARED]?: PassAccumulator })[SHARED]
      : undefined;
  if (shared !== undefined && restoreShared(accumulator.pass, shared.pass)) {
    return right(accumulator);
  }
  const header = restoreHeader(accumulator.pass, state, ['state']);
  return isLeft(header) ? header : accumulator.restoreCharges(header.right);
}

/** The key of a {@link sharedState}'s accumulator (not enumerable: no JSON, no copy sees it). */
const SHARED = Symbol('feecast.sharedState');

/**
 * `accumulator.state()` for a restore in the same thread (a backtest's pricing of the states
 * its grid aggregated): its JSON form, the charges written only if read, and the accumulator
 * itself, so that a restore of the same shape and period shares its bucket states instead of
 * reading their JSON (`restoreShared`: the same figures). The accumulator must take no more
 * events (its states would change under every pass restored from it), and a restored pass
 * must take none either.
 * @internal
 */
export function sharedState(accumulator: ChargesPass): ChargesAccumulatorState {
  if (!isInstance(accumulator, PassAccumulator)) return accumulator.state();
  const pass = accumulator.pass;
  let charges: ChargesAccumulatorState['charges'] | undefined;
  const state = Object.defineProperty(passHeader(pass), 'charges', {
    enumerable: true,
    get: () => {
      charges ??= accumulator.state().charges;
      return charges;
    },
  }) as ChargesAccumulatorState;
  return Object.defineProperty(state, SHARED, { value: accumulator });
}

/**
 * Aggregates a billable metric's events once for several charges (see
 * `createChargesAccumulator`): the figures of every filter bucket, default bucket and group
 * of each charge, plus the events left out.
 *
 * @example
 * aggregateCharges(metric, events, [{ filters: [{ region: ['eu'] }, { region: ['us'] }] }], MARCH)
 * // right({ charges: [{ filters: [eu, us], default: other }], rejected: [] })
 */
export function aggregateCharges(
  billableMetric: BillableMetricInput,
  events: Iterable<UsageEvent> | EventBatch,
  charges: readonly ChargeBuckets[],
  options: PassOptions,
): Either<FeecastError, ChargesAggregation> {
  if (
    !isEventBatch(events) &&
    typeof (events as Partial<Iterable<UsageEvent>> | null)?.[Symbol.iterator] !== 'function'
  ) {
    return left(
      feecastError('invalid_input', 'events must be an iterable of usage events.', ['events']),
    );
  }
  const accumulator = createChargesAccumulator(billableMetric, charges, options);
  if (isLeft(accumulator)) return accumulator;
  accumulator.right.addAll(events);
  return right(accumulator.right.result());
}
