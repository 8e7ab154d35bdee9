export {
  type Accumulator,
  type AccumulatorState,
  aggregate,
  createAccumulator,
  restoreAccumulator,
} from './accumulator';
export {
  type DictionaryColumn,
  type EventBatch,
  type EventColumns,
  eventBatch,
  eventBatchFromColumns,
  isEventBatch,
} from './batch';
export {
  aggregateCharges,
  type BucketGroupsState,
  type ChargeAggregation,
  type ChargeBuckets,
  type ChargesAccumulator,
  type ChargesAccumulatorState,
  type ChargesAggregation,
  createChargesAccumulator,
  type PassOptions,
  restoreChargesAccumulator,
} from './charges';
export { eventTimeMs, type UsageEvent } from './event';
export {
  type AsyncEvents,
  isAsyncEvents,
  type StreamOf,
  type WithAsyncEvents,
} from './event-feed';
export { ALL_FILTER_VALUES, type FilterValues, type MetricFilter } from './filters';
export type { GroupedBy } from './groups';
export type { AggregationType, BucketStateJson, UniqueOperationJson } from './kinds/index';
export type { BillableMetricInput } from './metric';
export type { AggregateOptions, AggregationState } from './options';
export type { AggregationResult, GroupAggregation } from './pass';
export { type GroupState, type PassStateHeader, STATE_FORMAT } from './pass-state';
export { REJECTION_REASONS, type Rejection, type RejectionReason } from './rejection';
