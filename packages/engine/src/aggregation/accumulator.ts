import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';
import { type EventBatch, isEventBatch } from './batch';
import type { UsageEvent } from './event';
import { compileFilter, matchesFilter } from './filters';
import { Fingerprint, isInstance } from './fingerprint';
import { type BillableMetricInput, checkProrated, compileMetric } from './metric';
import { type AggregateOptions, checkGroupKeys, resolveOptions } from './options';
import { type AggregationResult, MetricPass } from './pass';

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
}

class SingleBucketAccumulator implements Accumulator {
  constructor(
    readonly pass: MetricPass,
    private readonly fingerprint: Fingerprint,
  ) {}

  add(event: UsageEvent): void {
    this.pass.addReadable(event);
  }

  addAll(events: Iterable<UsageEvent> | EventBatch): void {
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
}

/**
 * Starts an incremental aggregation of `billableMetric` with `options` (see `aggregate`).
 *
 * @example
 * const acc = createAccumulator(metric, { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' });
 * if (acc._tag === 'Right') {
 *   acc.right.addAll(firstChunk);
 *   acc.right.addAll(secondChunk);
 *   acc.right.result().aggregation; // e.g. '5715.5'
 * }
 */
export function createAccumulator(
  billableMetric: BillableMetricInput,
  options: AggregateOptions,
): Either<FeecastError, Accumulator> {
  const metric = compileMetric(billableMetric);
  if (metric._tag === 'Left') return metric;
  const resolved = resolveOptions(options);
  if (resolved._tag === 'Left') return resolved;
  const checkedKeys = checkGroupKeys(options.grouped_by, ['options', 'grouped_by']);
  if (checkedKeys._tag === 'Left') return checkedKeys;
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
    if (filter._tag === 'Left') return filter;
    const compiled = filter.right;
    routeKeys = compiled.keys;
    route = (properties?: Readonly<Record<string, unknown>>) =>
      matchesFilter(compiled, properties) ? 0 : -1;
  }
  const prorated = checkProrated(metric.right, resolved.right.prorated, ['options', 'prorated']);
  if (prorated._tag === 'Left') return prorated;
  const pass = new MetricPass(metric.right, resolved.right, [
    { route, routeKeys, bucketGroupKeys: [groupKeys], prorated: prorated.right },
  ]);
  return right(new SingleBucketAccumulator(pass, new Fingerprint([billableMetric, options])));
}

/**
 * Aggregates a billable metric's events over a period (API.md, `aggregate`): count, sum,
 * max, latest, unique count (with add/remove) and time-weighted sum, recurring metrics from a
 * carried `previous` state, the metric's rounding, an optional charge filter and `grouped_by`.
 * Events of other metrics are ignored; events that cannot count (bad timestamp, outside the
 * period, duplicate transaction id, missing or non-decimal value, failing expression) are
 * listed in `rejected`, never counted as zero. Never throws.
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
 * // right({ aggregation: '205.5', count: 2, rejected: [{ transaction_id: 't3', reason: 'invalid_value', ... }] })
 */
export function aggregate(
  billableMetric: BillableMetricInput,
  events: Iterable<UsageEvent> | EventBatch,
  options: AggregateOptions,
): Either<FeecastError, AggregationResult> {
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
  if (accumulator._tag === 'Left') return accumulator;
  accumulator.right.addAll(events);
  return right(accumulator.right.result());
}
