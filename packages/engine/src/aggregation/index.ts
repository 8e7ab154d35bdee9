export { type Accumulator, aggregate, createAccumulator } from './accumulator';
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
} from './batch';
export {
  aggregateCharges,
  type ChargeAggregation,
  type ChargeBuckets,
  type ChargesAccumulator,
  type ChargesAggregation,
  createChargesAccumulator,
  type PassOptions,
  prepareChargesAccumulator,
} from './charges';
export { evaluateForAggregation } from './evaluate-field';
export { eventTimeMs, NO_EVENT, type UsageEvent } from './event';
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
export type { AggregationType } from './kinds/index';
export type { BillableMetricInput } from './metric';
export { type CompiledMetric, compileMetric } from './metric';
export type { AggregateOptions, AggregationState } from './options';
export type { AggregationResult, Figures, GroupAggregation } from './pass';
export { runningTotals } from './per-event';
export { REJECTION_REASONS, type Rejection, type RejectionReason } from './rejection';
