/**
 * What a pushdown computes: the charges accumulator state (docs/aggregation-state.md) of one
 * billable metric's charges over a period, for the rows of one subscription or of every
 * subscription, computed where the events are stored.
 */
import type { BillableMetricInput, ChargeBuckets, PassOptions } from '@feecast/engine';

/** The metric, its charges and the period options: what `createChargesAccumulator` takes. */
export interface AggregatesSpec {
  readonly metric: BillableMetricInput;
  readonly charges: readonly ChargeBuckets[];
  readonly options: PassOptions;
  /**
   * The rows of this subscription and the rows that name none (as `duckdbEvents` reads them
   * with `subscription`); absent: every subscription at once (see `AllSubscriptionsStates`).
   */
  readonly subscription?: string;
}
