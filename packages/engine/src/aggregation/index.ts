export {
  type Accumulator,
  type AccumulatorState,
  aggregate,
  createAccumulator,
  restoreAccumulator,
} from './accumulator';
// For the floors above (not part of the package surface: see the root index.ts).
export {
  batchEvent,
  batchRows,
  type DictionaryColumn,
  type EventBatch,
  type EventColumns,
  eventBatch,
  eventBatchFromColumns,
  isEventBatch,
  withBatchedEvents,
} from './batch';
export {
  aggregateCharges,
  type BucketGroupsState,
  type ChargeAggregation,
  type ChargeBuckets,
  type ChargesAccumulator,
  type ChargesAccumulatorState,
  type ChargesAggregation,
  type ChargesFigures,
  type ChargesPass,
  createChargesAccumulator,
  type PassOptions,
  prepareChargesAccumulator,
  prepareCompiledChargesAccumulator,
  prepareRestoredPass,
  restoreChargesAccumulator,
  restoreChargesPass,
  restoreCompiledChargesPass,
  sharedState,
} from './charges';
export { evaluateForAggregation } from './evaluate-field';
export { eventTimeMs, NO_EVENT, type UsageEvent } from './event';
export {
  type AsyncEvents,
  driveAsync,
  driveSync,
  type EventFeed,
  eventFeed,
  type Fed,
  type Feeding,
  isAsyncEvents,
  isEventFeed,
  mapFeed,
  readEvents,
  type StreamOf,
  type WithAsyncEvents,
  withEvents,
} from './event-feed';
export {
  applyExpression,
  type BinaryOperation,
  type BinaryOperator,
  type CodeReference,
  type CompiledExpression,
  compileExpression,
  type ExpressionEvent,
  type ExpressionFunctionName,
  type ExpressionNode,
  type ExpressionValue,
  evaluateExpression,
  evaluateExpressionText,
  expressionValueText,
  type FunctionCall,
  type Negation,
  type NumberLiteral,
  type PropertyReference,
  parseExpression,
  printExpression,
  type StringLiteral,
  type TimestampReference,
} from './expression/index';
export {
  ALL_FILTER_VALUES,
  type CompiledFilter,
  compileFilter,
  createFilterRouter,
  type FilterValues,
  type MetricFilter,
} from './filters';
export type { GroupedBy } from './groups';
export { groupedBy, groupKey } from './groups';
export { IdSet } from './id-set';
export { countKind } from './kinds/count';
export type {
  AggregationKind,
  AggregationType,
  BucketStateJson,
  UniqueOperationJson,
} from './kinds/index';
export { latestKind } from './kinds/latest';
export { maxKind } from './kinds/max';
export { proratableSumKind, sumKind } from './kinds/sum';
export { uniqueCountKind } from './kinds/unique-count';
export { uniqueValueOf } from './kinds/unique-operation';
export { weightedSumKind } from './kinds/weighted-sum';
export type { BillableMetricInput } from './metric';
export {
  type CompiledMetric,
  compileMetric,
  compileMetricIn,
  EXPRESSION_LANGUAGE,
  type ExpressionLanguage,
  FULL_METRIC_LANGUAGE,
  type MetricLanguage,
} from './metric';
export type { AggregateOptions, AggregationState } from './options';
export type {
  AggregationResult,
  BucketFigures,
  DecimalFigures,
  DecimalGroup,
  Figures,
  GroupAggregation,
} from './pass';
export { type GroupState, type PassStateHeader, STATE_FORMAT } from './pass-state';
export { runningTotals } from './per-event';
export { REJECTION_REASONS, type Rejection, type RejectionReason } from './rejection';
