import type { Decimal, DecimalSum, TimeZone } from '../../core/index';
import type { UsageEvent } from '../event';

/** The aggregation types the engine implements (`custom_agg`, deprecated, is not one). */
export type AggregationType =
  | 'count_agg'
  | 'sum_agg'
  | 'max_agg'
  | 'latest_agg'
  | 'unique_count_agg'
  | 'weighted_sum_agg';

/** What a bucket state needs to know about the period. */
export interface KindContext {
  /** Inclusive lower bound, epoch ms. */
  readonly fromMs: number;
  /** Exclusive upper bound, epoch ms: the end of the period's last second. */
  readonly endMs: number;
  /** The full charges period in days (the weighted-sum denominator). */
  readonly chargesDurationDays: number;
  /** The value carried from the previous period (recurring metrics). */
  readonly previous: Decimal | undefined;
  /** Active values carried from the previous period (recurring unique counts). */
  readonly previousActive: readonly UniqueValue[] | undefined;
  /** The customer's zone: prorated kinds count its calendar days. */
  readonly zone: TimeZone;
  /** The period's `to_datetime`, epoch ms (prorated kinds count days up to its local date). */
  readonly toMs: number;
  /** Days of the period itself, possibly truncated (a prorated sum's weight of earlier events). */
  readonly periodDays: number;
}

/**
 * A value a unique count counts: the text of the event's field, or `null` for the one value
 * of every event without the field (missing or `null`), which the reference counts once, as
 * its store's NULL property (aggregations.md §1.5b, open question 5).
 */
export type UniqueValue = string | null;

/** Why a kind refused an event's value. */
export type ValueProblem = 'invalid_value' | 'invalid_operation_type';

/** A bucket's figures, before the metric's rounding. */
export interface KindResult {
  readonly aggregation: Decimal;
  readonly count: number;
  readonly total_aggregated_units?: Decimal;
  /** What a recurring metric carries into the next period. */
  readonly carried?: Decimal;
  readonly carriedActive?: readonly UniqueValue[];
  /** Prorated kinds: the same aggregation without proration (`full_units_number`). */
  readonly fullUnits?: Decimal;
  /**
   * Sums and unique counts: what the period starts from, unprorated: the carried value plus
   * the events before the period (a sum's total; a unique count's number of active values).
   */
  readonly start?: Decimal;
  /** Unique counts: the values active at the period's start, in `compareUniqueValues` order. */
  readonly startActive?: readonly UniqueValue[];
}

/**
 * A run of accepted events that a columnar kernel aggregated itself (`batch-kernel.ts`), to be
 * added to a bucket state as if its events had been added one by one, after those it holds.
 */
export interface ColumnarRun {
  /** How many events the run accepted. */
  readonly count: number;
  /** `sum_agg`: the exact total of their values. */
  readonly total?: DecimalSum;
  /** `unique_count_agg`: each value's latest operation in the run (see `unique-operation.ts`). */
  readonly latest?: ReadonlyMap<UniqueValue, number>;
}

/**
 * The running state of one bucket (or group) for one aggregation type. Mergeable: merging
 * the states of two disjoint event sets, the second later in the stream, equals one state
 * over both.
 */
export interface BucketState {
  /** Adds an event whose field value is `value` (already read); returns why not, if refused. */
  add(value: unknown, timeMs: number, event: UsageEvent): ValueProblem | undefined;
  merge(other: this): void;
  /** Adds a columnar kernel's run (kinds the kernels cover: count, sum, unique count). */
  absorb?(run: ColumnarRun): void;
  result(): KindResult;
}

/** One aggregation type: what it needs, and how to start a bucket. */
export interface AggregationKind {
  readonly type: AggregationType;
  /** Whether events must carry the metric's `field_name`. */
  readonly needsField: boolean;
  /**
   * Whether an event without the field (missing or `null`) still counts, as the one value of
   * every such event (unique counts, aggregations.md §1.5b); otherwise it is refused.
   */
  readonly countsMissing?: boolean;
  /** Whether `recurring: true` is allowed (values carried across periods). */
  readonly recurringAllowed: boolean;
  /** Whether a recurring metric reads events before the period (no lower bound). */
  readonly recurringReadsHistory: boolean;
  /** The prorated variant (aggregations.md §1.8), for kinds that have one. */
  readonly prorated?: AggregationKind;
  create(context: KindContext): BucketState;
}
