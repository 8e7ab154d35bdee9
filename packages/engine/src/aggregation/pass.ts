import { type Decimal, describeThrown, formatDecimal, max, ZERO } from '../core/index';
import { batchEvent, type EventBatch } from './batch';
import type { KernelTarget } from './batch-kernel';
import { Bucket, type Slot } from './bucket';
import { type EvaluatedValue, evaluateForAggregation } from './evaluate-field';
import { eventTimeMs, type UsageEvent } from './event';
import { type AsyncEvents, eventsOf } from './event-feed';
import { defineEventViews } from './event-views';
import { type GroupedBy, groupedBy } from './groups';
import { IdSet } from './id-set';
import type { AggregationKind } from './kinds/index';
import type { KindContext, KindResult } from './kinds/kind';
import { uniqueValueOf } from './kinds/unique-operation';
import type { CompiledMetric } from './metric';
import type { AggregationState, ResolvedOptions } from './options';
import { type Rejection, type RejectionCounts, RejectionLog } from './rejection';

/** Routes an event's properties to a bucket index of a consumer, or -1 (not its event). */
export type Route = (properties: Readonly<Record<string, unknown>> | undefined) => number;

/** One consumer of a pass (a charge, or a plain aggregation): its buckets and how events reach them. */
export interface ConsumerSpec {
  readonly route: Route;
  /** The property keys `route` reads (the columnar path routes each combination of them once). */
  readonly routeKeys: readonly string[];
  /** The `grouped_by` keys of each bucket (empty: not grouped). */
  readonly bucketGroupKeys: readonly (readonly string[])[];
  /** Prorate (a prorated charge of a recurring sum or unique count; checked by the caller). */
  readonly prorated?: boolean;
  /** Keep this consumer's per-event views even when the options' `perEvent` is off. */
  readonly perEvent?: boolean;
}

/** The figures of a bucket or of one of its groups. */
export interface Figures {
  /** The aggregated units, after the metric's rounding (a decimal string). */
  readonly aggregation: string;
  /** The number of events aggregated (for unique counts, as the reference: the aggregation). */
  readonly count: number;
  readonly total_aggregated_units?: string;
  /** With `per_event`: each event's value in time order (count, sum, unique count, max). */
  readonly event_values?: readonly string[];
  /** With `per_event`: what each event adds to a pay-in-advance charge (count, sum, unique count). */
  readonly in_advance_increments?: readonly string[];
  /**
   * Unique counts with `per_event`: how each event changes the number of active values, in
   * time order (aggregations.md §1.5b): 1 for an `add` of an inactive value, −1 for a `remove`
   * of an active one, 0 for an event that repeats its value's state.
   */
  readonly applied_units?: readonly string[];
  /**
   * Recurring sums and unique counts with `per_event`: the units the period starts from (the
   * carried value and the events before the period) and ends with (carried into the next
   * period), unprorated and before the metric's rounding. A pay-in-advance charge bills the
   * units it ends with on the invoice that closes the period, for the next period.
   */
  readonly start_units?: string;
  readonly end_units?: string;
  /**
   * With `per_event`: where each event of the views sits in the stream, in the same (time)
   * order: its 0-based position among the events given to the accumulator (`add` calls, or
   * the iterable's items, every event counted, those of other codes and those left out too).
   */
  readonly event_orders?: readonly number[];
  /** Prorated: the aggregation without proration (after the metric's rounding). */
  readonly full_units_number?: string;
  /** Prorated: the units current usage shows, `full_units_number` clamped at 0. */
  readonly current_usage_units?: string;
  /** Prorated sums with `per_event`: each of `event_values` prorated to the period's end. */
  readonly event_prorated_values?: readonly string[];
  /** Prorated with `per_event`: each of `in_advance_increments` prorated as an in-advance fee bills it. */
  readonly in_advance_prorated_increments?: readonly string[];
}

/** The decimal fields of {@link Figures}. */
type DecimalKey =
  | 'aggregation'
  | 'total_aggregated_units'
  | 'start_units'
  | 'end_units'
  | 'full_units_number'
  | 'current_usage_units';

/** The per-event views of {@link Figures} that hold decimals (`event_orders` holds positions). */
type DecimalViewKey =
  | 'event_values'
  | 'in_advance_increments'
  | 'applied_units'
  | 'event_prorated_values'
  | 'in_advance_prorated_increments';

const DECIMAL_VIEW_KEYS: ReadonlySet<string> = new Set<DecimalViewKey>([
  'event_values',
  'in_advance_increments',
  'applied_units',
  'event_prorated_values',
  'in_advance_prorated_increments',
]);

const DECIMAL_KEYS: ReadonlySet<string> = new Set<DecimalKey>([
  'aggregation',
  'total_aggregated_units',
  'start_units',
  'end_units',
  'full_units_number',
  'current_usage_units',
]);

/**
 * {@link Figures} as the stages after aggregation read them: the units and the per-event
 * views as decimals (each view computed when first read). The public results (`aggregate`,
 * the accumulators) are their text, written once ({@link MetricPass.result}).
 * @internal
 */
export type DecimalFigures = Omit<Figures, DecimalKey | DecimalViewKey> & {
  readonly aggregation: Decimal;
  readonly total_aggregated_units?: Decimal;
  readonly start_units?: Decimal;
  readonly end_units?: Decimal;
  readonly full_units_number?: Decimal;
  readonly current_usage_units?: Decimal;
  readonly event_values?: readonly Decimal[];
  readonly in_advance_increments?: readonly Decimal[];
  readonly applied_units?: readonly Decimal[];
  readonly event_prorated_values?: readonly Decimal[];
  readonly in_advance_prorated_increments?: readonly Decimal[];
};

/** One group's {@link DecimalFigures}. @internal */
export type DecimalGroup = DecimalFigures & { readonly grouped_by: GroupedBy };

/** A bucket's figures as the stages after aggregation read them ({@link DecimalFigures}). @internal */
export type BucketFigures = DecimalFigures &
  Pick<AggregationResult, 'rejected' | 'rejected_counts' | 'outside_period' | 'state'> & {
    readonly groups?: readonly DecimalGroup[];
  };

/** A value being built: `T` with its fields writable. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** One group's figures. */
export interface GroupAggregation extends Figures {
  readonly grouped_by: GroupedBy;
}

/** The figures of one bucket (API.md, `aggregate`). */
export interface AggregationResult extends Figures {
  /** One entry per distinct `grouped_by` combination seen (a single all-null entry when none). */
  readonly groups?: readonly GroupAggregation[];
  /**
   * Events left out, and why (messages are written when this list is first read). Events dated
   * outside the period are not listed: they are counted in `outside_period`.
   */
  readonly rejected: readonly Rejection[];
  /** How many events were left out, per reason. */
  readonly rejected_counts?: RejectionCounts;
  /**
   * Events of the metric dated outside the period (before it, or after it): not errors, not
   * counted. A recurring sum or unique count reads every event before the period's end.
   */
  readonly outside_period?: number;
  /** What a recurring metric carries into the next period. */
  readonly state?: AggregationState;
}

/**
 * One pass over a metric's events that feeds every consumer (every charge of the metric):
 * each event's timestamp, period, duplicate check and expression are handled once, then the
 * event is routed to one bucket (and group) of each consumer. Memory: the bucket states, the
 * seen transaction ids when deduplicating, and the rejections.
 * @internal
 */
export class MetricPass implements KernelTarget {
  readonly consumers: {
    readonly route: Route;
    readonly routeKeys: readonly string[];
    readonly buckets: readonly Bucket[];
    readonly prorated: boolean;
    /** The kind of its bucket states (the metric's, or its prorated variant). */
    readonly kind: AggregationKind;
    /** Its buckets keep per-event records. */
    readonly recording: boolean;
  }[];
  /** Transaction ids seen, per subscription id ('' when the event names none); made at the first. */
  private seen: Map<unknown, IdSet> | undefined;
  readonly log: RejectionLog;
  /** Events of the metric dated outside the period. */
  private outside = 0;
  readonly context: KindContext;
  readonly readsHistory: boolean;
  /** Events given so far: the stream position of per-event records. */
  private position = 0;

  constructor(
    readonly metric: CompiledMetric,
    readonly options: ResolvedOptions,
    specs: readonly ConsumerSpec[],
  ) {
    this.context = contextOf(options, metric.recurring);
    this.readsHistory = metric.recurring && metric.kind.recurringReadsHistory;
    this.log = new RejectionLog(metric.fieldName ?? '');
    this.consumers = specs.map((spec) => {
      const prorated = spec.prorated === true && metric.kind.prorated !== undefined;
      const kind = prorated ? (metric.kind.prorated ?? metric.kind) : metric.kind;
      const recording = options.perEvent || spec.perEvent === true;
      return {
        route: spec.route,
        routeKeys: spec.routeKeys,
        prorated,
        kind,
        recording,
        buckets: spec.bucketGroupKeys.map(
          (keys) => new Bucket(keys, kind, this.context, recording),
        ),
      };
    });
  }

  /**
   * Adds an event: the next of the stream, or, with `at`, the item at that position of the
   * caller's stream (positions then name the caller's items in rejections and event orders).
   * `timed`: the event's time as `eventTimeMs` reads its timestamp, when the caller has read
   * it already (it is then not read again).
   */
  add(event: UsageEvent, at?: number, timed?: number): void {
    const position = at ?? this.position;
    this.position = Math.max(this.position, position + 1);
    if (typeof event !== 'object' || event === null || event.code !== this.metric.code) return;
    const transactionId = event.transaction_id;
    if (typeof transactionId !== 'string' || transactionId === '') {
      this.log.add(position, 'missing_transaction_id', transactionId, transactionId);
      return;
    }
    let timeMs = timed;
    if (timeMs === undefined) {
      const timestamp = event.timestamp;
      // Whole Unix seconds (the common numeric form) are read as they are; every other form
      // goes through the one reader of event time.
      timeMs =
        typeof timestamp === 'number' && Number.isSafeInteger(timestamp) && timestamp >= 0
          ? timestamp * 1000
          : eventTimeMs(timestamp);
      if (timeMs === undefined) {
        this.log.add(position, 'invalid_timestamp', transactionId, timestamp);
        return;
      }
    }
    if (timeMs >= this.options.endMs || (timeMs < this.options.fromMs && !this.readsHistory)) {
      this.outside++;
      return;
    }
    if (this.options.deduplicate) {
      if (!this.idsOf(event.external_subscription_id ?? '').add(transactionId)) {
        this.log.add(position, 'duplicate_transaction_id', transactionId, undefined);
        return;
      }
    }
    let value: unknown;
    const fieldName = this.metric.fieldName;
    if (fieldName !== undefined) {
      if (this.metric.expression === undefined) {
        value = event.properties?.[fieldName];
      } else {
        const evaluated: EvaluatedValue = evaluateForAggregation(this.metric.expression, event);
        if (typeof evaluated === 'object') {
          this.log.add(position, 'expression_failed', transactionId, evaluated.failure);
          return;
        }
        value = evaluated;
      }
      if ((value === undefined || value === null) && this.metric.kind.countsMissing !== true) {
        this.log.add(position, 'missing_value', transactionId, value);
        return;
      }
    }
    const properties = event.properties;
    // Every consumer has the same aggregation type, so the first one the event reaches either
    // takes the value or refuses it before any other consumer has taken it.
    for (const consumer of this.consumers) {
      const index = consumer.route(properties);
      const bucket = index < 0 ? undefined : consumer.buckets[index];
      if (bucket === undefined) continue;
      const slot = bucket.slotFor(properties);
      const problem = slot.state.add(value, timeMs, event);
      if (problem !== undefined) {
        const detail =
          problem === 'invalid_operation_type' ? event.properties?.operation_type : value;
        this.log.add(position, problem, transactionId, detail);
        return;
      }
      // Per-event views are period-bounded, even for a recurring metric (§6.1).
      if (timeMs >= this.options.fromMs && slot.records !== undefined) {
        slot.records.push(
          timeMs,
          position,
          recordValue(value),
          event.properties?.operation_type === 'remove',
        );
      }
    }
  }

  /**
   * {@link add} for an event of the caller that may throw when read (a getter, a proxy): the
   * event is then rejected (`unreadable_event`) instead of the throw escaping.
   */
  addReadable(event: UsageEvent, at?: number, timed?: number): void {
    const position = at ?? this.position;
    try {
      this.add(event, position, timed);
    } catch (thrown) {
      this.position = Math.max(this.position, position + 1);
      this.log.add(position, 'unreadable_event', readableId(event), describeThrown(thrown));
    }
  }

  /**
   * Adds every event of an iterable ({@link addReadable}); an iterable that throws ends the
   * stream, with one rejection (`unreadable_event`) saying so.
   */
  addStream(events: Iterable<UsageEvent>): void {
    try {
      if (Array.isArray(events)) this.expect(events.length);
      for (const event of events) this.addReadable(event);
    } catch (thrown) {
      this.streamFailed('the events iterable threw', thrown);
    }
  }

  /** The stream of events failed at the current position: one `unreadable_event` says how. */
  private streamFailed(what: string, thrown: unknown): void {
    this.log.add(this.position, 'unreadable_event', '', `${what}: ${describeThrown(thrown)}`);
  }

  /**
   * {@link addStream} for events given asynchronously: read as they come; a source that
   * fails ends the stream, with one rejection (`unreadable_event`) saying so.
   */
  async addAsyncStream(events: AsyncEvents<unknown>): Promise<void> {
    try {
      for await (const event of eventsOf(events)) this.addReadable(event as UsageEvent);
    } catch (thrown) {
      this.streamFailed('the events stream failed', thrown);
    }
  }

  /**
   * Adds a batch's rows (a later part of the stream): through the metric's columnar kernel
   * where it has one that covers this pass, else row by row as event objects. Either way, the
   * same figures.
   */
  addBatch(batch: EventBatch): void {
    const base = this.position;
    if (this.options.deduplicate) this.expect(batch.length);
    if (this.metric.columnar?.(this, batch, base) === true) {
      this.position += batch.length;
      return;
    }
    for (let row = 0; row < batch.length; row++) this.add(batchEvent(batch, row));
  }

  countOutside(count: number): void {
    this.outside += count;
  }

  /** Events of the metric dated outside the period so far. */
  get outsidePeriod(): number {
    return this.outside;
  }

  /** The ids seen of one subscription (the last one asked is remembered: streams are runs of one). */
  idsOf(subscription: unknown): IdSet {
    if (subscription === this.lastSubscription && this.lastIds !== undefined) return this.lastIds;
    this.seen ??= new Map();
    let ids = this.seen.get(subscription);
    if (ids === undefined) {
      ids = new IdSet(this.expectedIds);
      this.seen.set(subscription, ids);
    }
    this.lastSubscription = subscription;
    this.lastIds = ids;
    return ids;
  }

  private lastSubscription: unknown;
  private lastIds: IdSet | undefined;
  /** How many ids a subscription's set starts with room for (see `expect`). */
  private expectedIds = 8;

  /**
   * Says that about `count` more events are coming (an array's length): the id set of a
   * stream of one subscription is sized once instead of growing step by step.
   */
  expect(count: number): void {
    if (!this.options.deduplicate) return;
    this.expectedIds = Math.max(this.expectedIds, count);
    if (this.seen?.size === 1) for (const ids of this.seen.values()) ids.reserve(count + ids.size);
  }

  /** Adds `other`'s events (a later part of the same stream) to this pass. */
  merge(other: MetricPass): void {
    for (const [subscription, theirs] of other.seen ?? []) {
      const mine = this.idsOf(subscription);
      for (const id of theirs) {
        // Where the repeat sits in `other`'s stream is not kept: its index is -1.
        if (mine.has(id)) this.log.add(-1, 'duplicate_across_chunks', id, undefined);
        else mine.add(id);
      }
    }
    this.log.merge(other.log, this.position);
    this.outside += other.outside;
    this.consumers.forEach((consumer, c) => {
      const theirs = other.consumers[c];
      consumer.buckets.forEach((bucket, b) => {
        const their = theirs?.buckets[b];
        if (their !== undefined) bucket.merge(their, this.position);
      });
    });
    this.position += other.position;
  }

  /** The figures of bucket `bucket` of consumer `consumer` (API.md, `aggregate`): the text of {@link figuresOf}. */
  result(consumer: number, bucket: number): AggregationResult {
    return textOf(this.figuresOf(consumer, bucket)) as AggregationResult;
  }

  /** The figures of bucket `bucket` of consumer `consumer`, their units as decimals. */
  figuresOf(consumer: number, bucket: number): BucketFigures {
    const owner = this.consumers[consumer];
    const found = owner?.buckets[bucket];
    const prorated = owner?.prorated === true;
    if (found === undefined) return this.withRejected({ aggregation: ZERO, count: 0 });
    const total = found.total();
    const totalResult = total.state.result();
    const state = this.metric.recurring ? carriedState(totalResult) : undefined;
    const whole: Mutable<BucketFigures> = this.withRejected(
      this.figures({}, totalResult, total, prorated),
    );
    if (state) whole.state = state;
    if (found.groupKeys.length === 0) return whole;
    // Built by assignment, not spread: a spread would write every lazy per-event view.
    const groups: DecimalGroup[] = [...found.slots]
      .map(([key, slot]) =>
        this.figures(
          { grouped_by: groupedBy(found.groupKeys, key) },
          slot.state.result(),
          slot,
          prorated,
        ),
      )
      .sort((a, b) => compareGroups(a.grouped_by, b.grouped_by, found.groupKeys));
    const none = {
      grouped_by: Object.fromEntries(found.groupKeys.map((k) => [k, null])),
      aggregation: ZERO,
      count: 0,
    };
    whole.groups = groups.length > 0 ? groups : [none];
    return whole;
  }

  /**
   * A slot's figures, written into `out`: the rounded aggregation and, when recorded, the
   * per-event views (each written when first read, see `defineEventViews`). Built by
   * assignment in one fixed order, not by spreading partial objects (much cheaper per call).
   */
  private figures<T extends object>(
    out: T,
    result: KindResult,
    slot: Slot,
    prorated: boolean,
  ): T & Mutable<DecimalFigures> {
    const figures = Object.assign(out, {
      aggregation: this.metric.round(result.aggregation),
      count: result.count,
    }) as T & Mutable<DecimalFigures>;
    if (result.total_aggregated_units !== undefined) {
      figures.total_aggregated_units = result.total_aggregated_units;
    }
    if (result.fullUnits !== undefined) {
      const full = this.metric.round(result.fullUnits);
      figures.full_units_number = full;
      figures.current_usage_units = max(full, ZERO);
    }
    if (slot.records !== undefined) {
      defineEventViews(
        figures,
        this.metric,
        slot.records,
        result,
        prorated ? this.context : undefined,
      );
    }
    return figures;
  }

  /**
   * `out` with the rejections so far as its last fields: their counts, the events outside the
   * period, and their list, written when first read (most callers only count) and holding the
   * rejections recorded up to this call. Without rejections the list is an empty array, a
   * plain field: the figures of most buckets then share one hidden class (a getter of its own
   * gives each object a class of its own).
   */
  private withRejected<T extends object>(
    out: T,
  ): T & Pick<AggregationResult, 'rejected' | 'rejected_counts' | 'outside_period'> {
    const log = this.log;
    const size = log.size;
    const fields = Object.assign(out, {
      rejected_counts: log.countsByReason(),
      outside_period: this.outside,
      rejected: [] as readonly Rejection[],
    });
    if (size === 0) return fields;
    let list: readonly Rejection[] | undefined;
    return Object.defineProperty(fields, 'rejected', {
      get: () => {
        list ??= log.list(size);
        return list;
      },
      enumerable: true,
      configurable: true,
    });
  }
}

/**
 * The public text of figures ({@link BucketFigures}, a group's, or their groups'): each
 * decimal field written as text, in its place; the per-event views and the rejections, which
 * are written when first read, stay so (a decimal view's text is written when first read,
 * from the view the figures compute; the other getters are shared, not read).
 */
function textOf(figures: object): object {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(figures)) {
    const field = Object.getOwnPropertyDescriptor(figures, key);
    if (field === undefined) continue;
    const read = field.get;
    if (read !== undefined && DECIMAL_VIEW_KEYS.has(key)) {
      let text: readonly string[] | undefined;
      const write = () => {
        text ??= (read() as readonly Decimal[] | undefined)?.map(formatDecimal);
        return text;
      };
      Object.defineProperty(out, key, { enumerable: true, configurable: true, get: write });
    } else if (read !== undefined) {
      Object.defineProperty(out, key, { enumerable: true, configurable: true, get: read });
    } else if (DECIMAL_KEYS.has(key)) {
      out[key] = formatDecimal(field.value as Decimal);
    } else if (key === 'groups') {
      out[key] = (field.value as readonly object[]).map(textOf);
    } else {
      out[key] = field.value;
    }
  }
  return out;
}

/**
 * The contexts of the passes of each resolved options, for a metric not recurring [0] and
 * recurring [1]: the passes of one definition (a backtest's accumulators of one period and
 * metric, thousands of them) share one, and so do their bucket states.
 */
const CONTEXTS = new WeakMap<ResolvedOptions, [KindContext?, KindContext?]>();

/** The context of a pass of `options`, of a recurring metric or not (made once per options). */
function contextOf(options: ResolvedOptions, recurring: boolean): KindContext {
  let known = CONTEXTS.get(options);
  if (known === undefined) {
    known = [];
    CONTEXTS.set(options, known);
  }
  const at = recurring ? 1 : 0;
  let context = known[at];
  if (context === undefined) {
    context = {
      fromMs: options.fromMs,
      endMs: options.endMs,
      chargesDurationDays: options.chargesDurationDays,
      previous: recurring ? options.previous : undefined,
      previousActive: recurring ? options.previousActive : undefined,
      zone: options.zone,
      toMs: options.toMs,
      periodDays: options.periodDays,
    };
    known[at] = context;
  }
  return context;
}

/** An event's transaction id if it can be read, else `''`. */
function readableId(event: UsageEvent): string {
  try {
    const id: unknown = event.transaction_id;
    return typeof id === 'string' ? id : '';
  } catch {
    return '';
  }
}

/**
 * What a per-event record keeps of a value that a kind has accepted: its text (a sum's
 * decimal, a unique count's value), `null` for an event without the field.
 */
function recordValue(value: unknown): string | null {
  return uniqueValueOf(value) ?? null;
}

function carriedState(result: KindResult): AggregationState | undefined {
  if (result.carriedActive !== undefined) return { active_values: result.carriedActive };
  if (result.carried !== undefined) return { value: formatDecimal(result.carried) };
  return undefined;
}

function compareGroups(a: GroupedBy, b: GroupedBy, keys: readonly string[]): number {
  for (const key of keys) {
    const x = a[key] ?? '';
    const y = b[key] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
