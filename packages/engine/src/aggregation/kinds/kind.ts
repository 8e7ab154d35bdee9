import type { Either } from 'fp-ts/lib/Either.js';
import type { Decimal, DecimalSum, FeecastError, TimeZone } from '../../core/index';
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
 *
 * @inline
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
  /**
   * Unique counts: the values active at the period's end, in `compareUniqueValues` order. This
   * list and `startActive` may be written when first read (a getter): read them before the
   * state takes more events.
   */
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
  /** The state in its JSON form (docs/aggregation-state.md): restored, it merges and results alike. */
  state(): BucketStateJson;
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
  /**
   * A bucket state from its JSON form ({@link BucketState.state}), for the same context; a
   * `Left` naming the path of the first field that is not as documented.
   */
  restore(
    context: KindContext,
    json: unknown,
    path: readonly string[],
  ): Either<FeecastError, BucketState>;
}

/**
 * An add or remove of a unique count's value in JSON: `at` is the event's time in epoch
 * milliseconds; a value carried from the previous period is `{ "operation": "carried" }`.
 *
 * @inline
 */
export type UniqueOperationJson =
  | { readonly operation: 'add' | 'remove'; readonly at: number }
  | { readonly operation: 'carried' };

/**
 * The JSON form of one bucket's (or group's) state, per aggregation type
 * (docs/aggregation-state.md). Decimals are exact decimal strings, times epoch milliseconds,
 * lists of distinct values sorted (`null` first, then by code unit). Every form is relative to
 * the aggregation's options (period, carried `previous`): restore it with the same ones.
 *
 * @inline
 */
export type BucketStateJson =
  /** `count_agg`. */
  | { readonly count: number }
  /** `sum_agg`: the period's events, and (recurring) the events before the period. */
  | { readonly count: number; readonly sum: string; readonly sum_before_period: string }
  /** `max_agg`: `null` without events. */
  | { readonly count: number; readonly max: string | null }
  /** `latest_agg`: the latest value and its time (`null` without events). */
  | { readonly count: number; readonly latest: string | null; readonly latest_at: number | null }
  /** `unique_count_agg`: each value's latest operation, overall and before the period. */
  | {
      readonly values: readonly ({ readonly value: UniqueValue } & UniqueOperationJson)[];
      readonly values_before_period: readonly ({
        readonly value: UniqueValue;
      } & UniqueOperationJson)[];
    }
  /** `weighted_sum_agg`: Σ value × (period end − event time, in ms), and Σ value. */
  | { readonly count: number; readonly weighted_ms: string; readonly variation: string }
  /** Prorated `sum_agg`: the period's sums by the days their events count for. */
  | {
      readonly count: number;
      readonly sum_before_period: string;
      readonly sums_by_days: readonly { readonly days: number; readonly sum: string }[];
    }
  /** Prorated `unique_count_agg`: every operation of each value, in stream order. */
  | {
      readonly values: readonly {
        readonly value: UniqueValue;
        readonly operations: readonly UniqueOperationJson[];
      }[];
    };
