import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';
import { type EventBatch, isEventBatch } from './batch';
import type { UsageEvent } from './event';
import { type AsyncEvents, isAsyncEvents } from './event-feed';
import { compileFilter, matchesFilter } from './filters';
import { Fingerprint, isInstance } from './fingerprint';
import { type BillableMetricInput, checkProrated, compileMetric } from './metric';
import { type AggregateOptions, checkGroupKeys, resolveOptions } from './options';
import { type AggregationResult, MetricPass } from './pass';
import {
  bucketGroups,
  type GroupState,
  type PassStateHeader,
  passHeader,
  restoreBucket,
  restoreHeader,
} from './pass-state';

/**
 * An accumulator's partial state in JSON (docs/aggregation-state.md): what it aggregated so
 * far, per group, with the counts of the events it left out. It survives
 * `JSON.parse(JSON.stringify(...))`; {@link restoreAccumulator} turns it back into an
 * accumulator, which merges with others exactly as the original would.
 */
export interface AccumulatorState extends PassStateHeader {
  /** Whether the aggregation is prorated (`options.prorated` on a recurring sum or unique count). */
  readonly prorated: boolean;
  /** One entry per group (`grouped_by: {}` when not grouped); none before any event counts. */
  readonly groups: readonly GroupState[];
}

/**
 * An incremental, mergeable aggregation of one billable metric over one period (API.md,
 * `createAccumulator`). Feed it events in any number of calls; merge accumulators that
 * aggregated other parts of the same stream (chunks, workers); read the figures any time.
 */
export interface Accumulator {
  /**
   * Adds one event (an event of another metric's code is ignored). It never throws: an event
   * that cannot be counted, or cannot even be read (a getter that throws), is listed in
   * `rejected`.
   */
  add(event: UsageEvent): void;
  /**
   * Adds every event of an asynchronous source (an `AsyncIterable` or a web `ReadableStream`),
   * as they come, with the same figures; the promise resolves once the source ends. It never
   * rejects: a source that fails ends the stream, with a rejection (`unreadable_event`). Do not
   * add other events to this accumulator before it resolves.
   */
  addAll(events: AsyncEvents): Promise<void>;
  /**
   * Adds every event of an iterable, streaming (nothing is kept per event), or every row of a
   * columnar batch (`eventBatch`), with the same figures. It never throws: an iterable that
   * throws ends the stream, with a rejection (`unreadable_event`).
   */
  addAll(events: Iterable<UsageEvent> | EventBatch): void;
  /**
   * Adds what `other` aggregated: a later part of the same stream, aggregated with the same
   * metric and options. Its events must not repeat this one's transaction ids (each repeat
   * is reported as `duplicate_across_chunks`). A `Left` when `other` is not compatible: the
   * metrics and options of both are compared as JSON at this call, so objects changed after
   * the accumulators were created are compared as they are now.
   */
  merge(other: Accumulator): Either<FeecastError, Accumulator>;
  /** The figures so far. */
  result(): AggregationResult;
  /**
   * The partial state so far, in its JSON form (per-event views, rejected events and seen
   * transaction ids are not part of it: only the counts of rejections per reason).
   */
  state(): AccumulatorState;
}

class SingleBucketAccumulator implements Accumulator {
  constructor(
    readonly pass: MetricPass,
    private readonly fingerprint: Fingerprint,
  ) {}

  add(event: UsageEvent): void {
    this.pass.addReadable(event);
  }

  addAll(events: AsyncEvents): Promise<void>;
  addAll(events: Iterable<UsageEvent> | EventBatch): void;
  addAll(events: Iterable<UsageEvent> | EventBatch | AsyncEvents): void | Promise<void> {
    if (isAsyncEvents(events)) return this.pass.addAsyncStream(events);
    if (isEventBatch(events)) this.pass.addBatch(events);
    else this.pass.addStream(events);
  }

  merge(other: Accumulator): Either<FeecastError, Accumulator> {
    if (
      !isInstance(other, SingleBucketAccumulator) ||
      !this.fingerprint.matches(other.fingerprint)
    ) {
      return left(
        feecastError(
          'invalid_input',
          'Only accumulators created with the same billable metric and options can be merged.',
        ),
      );
    }
    this.pass.merge(other.pass);
    return right(this);
  }

  result(): AggregationResult {
    return this.pass.result(0, 0);
  }

  state(): AccumulatorState {
    const consumer = this.pass.consumers[0];
    const bucket = consumer?.buckets[0];
    return Object.assign(passHeader(this.pass), {
      prorated: consumer?.prorated === true,
      groups: bucket === undefined ? [] : bucketGroups(bucket),
    });
  }
}

/**
 * Starts an incremental aggregation of `billableMetric` with `options` (see `aggregate`).
 *
 * @example
 * // The bundled events in two chunks: the sum of `calls` over November is 91,755.
 * const accumulator = createAccumulator(apiCalls, NOVEMBER);
 * if (accumulator._tag === 'Right') {
 *   accumulator.right.addAll(events.slice(0, 100));
 *   accumulator.right.addAll(events.slice(100));
 *   accumulator.right.result().aggregation // => '91755'
 * }
 */
export function createAccumulator(
  billableMetric: BillableMetricInput,
  options: AggregateOptions,
): Either<FeecastError, Accumulator> {
  const metric = compileMetric(billableMetric);
  if (isLeft(metric)) return metric;
  const resolved = resolveOptions(options);
  if (isLeft(resolved)) return resolved;
  const checkedKeys = checkGroupKeys(options.grouped_by, ['options', 'grouped_by']);
  if (isLeft(checkedKeys)) return checkedKeys;
  const groupKeys = checkedKeys.right;
  if (groupKeys.length > 0 && options.previous !== undefined) {
    return left(
      feecastError(
        'invalid_input',
        'A carried `previous` state applies to an ungrouped aggregation; aggregate each group separately.',
        ['options', 'previous'],
      ),
    );
  }
  let route = (): number => 0;
  let routeKeys: readonly string[] = [];
  if (options.filters !== undefined) {
    const filter = compileFilter(options.filters, metric.right.filters, ['options', 'filters']);
    if (isLeft(filter)) return filter;
    const compiled = filter.right;
    routeKeys = compiled.keys;
    route = (properties?: Readonly<Record<string, unknown>>) =>
      matchesFilter(compiled, properties) ? 0 : -1;
  }
  const prorated = checkProrated(metric.right, resolved.right.prorated, ['options', 'prorated']);
  if (isLeft(prorated)) return prorated;
  const pass = new MetricPass(metric.right, resolved.right, [
    { route, routeKeys, bucketGroupKeys: [groupKeys], prorated: prorated.right },
  ]);
  return right(new SingleBucketAccumulator(pass, new Fingerprint([billableMetric, options])));
}

/**
 * An accumulator that starts from `state`, the {@link Accumulator.state} of an accumulator of
 * the same billable metric and options (or one computed elsewhere in the same JSON form,
 * docs/aggregation-state.md). It adds events and merges as the original would. A `Left`
 * naming the path of the first field that is not as documented, or with `per_event` options
 * (per-event views are not part of a state).
 *
 * @example
 * // Half of November's events, saved as JSON; the rest added after a restart: 91,755 calls.
 * const first = createAccumulator(apiCalls, NOVEMBER);
 * if (first._tag === 'Right') {
 *   first.right.addAll(events.slice(0, 100));
 *   const saved = JSON.stringify(first.right.state());
 *   const restored = restoreAccumulator(apiCalls, NOVEMBER, JSON.parse(saved));
 *   if (restored._tag === 'Right') {
 *     restored.right.addAll(events.slice(100));
 *     restored.right.result().aggregation // => '91755'
 *   }
 * }
 */
export function restoreAccumulator(
  billableMetric: BillableMetricInput,
  options: AggregateOptions,
  state: unknown,
): Either<FeecastError, Accumulator> {
  if (options?.per_event === true) {
    return left(
      feecastError(
        'invalid_input',
        'Per-event views are not part of a state: aggregate the events with `per_event`.',
        ['options', 'per_event'],
      ),
    );
  }
  const created = createAccumulator(billableMetric, options);
  if (isLeft(created)) return created;
  const accumulator = created.right as SingleBucketAccumulator;
  const pass = accumulator.pass;
  const header = restoreHeader(pass, state, ['state']);
  if (isLeft(header)) return header;
  const prorated = pass.consumers[0]?.prorated === true;
  if (header.right.prorated !== prorated) {
    return left(
      feecastError(
        'invalid_input',
        `prorated must be ${prorated}, as the metric and options give.`,
        ['state', 'prorated'],
        { value: header.right.prorated },
      ),
    );
  }
  const restored = restoreBucket(pass, 0, 0, header.right, ['state']);
  return isLeft(restored) ? restored : right(accumulator);
}

/**
 * Aggregates a billable metric's events over a period (API.md, `aggregate`): count, sum,
 * max, latest, unique count (with add/remove) and time-weighted sum, recurring metrics from a
 * carried `previous` state, the metric's rounding, an optional charge filter and `grouped_by`.
 * Events of other metrics are ignored; events that cannot count (bad timestamp, outside the
 * period, duplicate transaction id, missing or non-decimal value, failing expression) are
 * listed in `rejected`, never counted as zero. Never throws.
 *
 * With `events` given asynchronously (an `AsyncIterable` or a `ReadableStream`), the same
 * result as a `Promise`, the stream read once as it comes, in constant memory.
 *
 * @example
 * aggregate(
 *   { code: 'api_calls', aggregation_type: 'sum_agg', field_name: 'calls' },
 *   [
 *     { transaction_id: 't1', code: 'api_calls', timestamp: '2025-03-02T10:00:00Z', properties: { calls: '120' } },
 *     { transaction_id: 't2', code: 'api_calls', timestamp: '2025-03-03T10:00:00Z', properties: { calls: '85.5' } },
 *     { transaction_id: 't3', code: 'api_calls', timestamp: '2025-03-04T10:00:00Z', properties: { calls: 'n/a' } },
 *   ],
 *   { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' },
 * )
 * // ~> right({ aggregation: '205.5', count: 2, rejected: [{ transaction_id: 't3', reason: 'invalid_value' }] })
 */
export function aggregate(
  billableMetric: BillableMetricInput,
  events: AsyncEvents,
  options: AggregateOptions,
): Promise<Either<FeecastError, AggregationResult>>;
export function aggregate(
  billableMetric: BillableMetricInput,
  events: Iterable<UsageEvent> | EventBatch,
  options: AggregateOptions,
): Either<FeecastError, AggregationResult>;
export function aggregate(
  billableMetric: BillableMetricInput,
  events: Iterable<UsageEvent> | EventBatch | AsyncEvents,
  options: AggregateOptions,
): Either<FeecastError, AggregationResult> | Promise<Either<FeecastError, AggregationResult>> {
  if (isAsyncEvents(events)) {
    const accumulator = createAccumulator(billableMetric, options);
    if (isLeft(accumulator)) return Promise.resolve(accumulator);
    const { right: started } = accumulator;
    return started.addAll(events).then(() => right(started.result()));
  }
  if (
    !isEventBatch(events) &&
    typeof (events as Partial<Iterable<UsageEvent>> | null)?.[Symbol.iterator] !== 'function'
  ) {
    return left(
      feecastError(
        'invalid_input',
        'events must be an iterable of usage events (an array, a generator...).',
        ['events'],
      ),
    );
  }
  const accumulator = createAccumulator(billableMetric, options);
  if (isLeft(accumulator)) return accumulator;
  accumulator.right.addAll(events);
  return right(accumulator.right.result());
}
