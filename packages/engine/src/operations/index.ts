/**
 * The API's pricing operations, offline (reference: estimate-and-usage.md):
 * `POST /events/estimate_fees` ({@link estimateFees}; {@link createEstimator} prepares it for many
 * events),
 * `GET /customers/{id}/current_usage` ({@link currentUsage}) and
 * `GET /customers/{id}/projected_usage` ({@link projectedUsage}), each with a throwing
 * `Unsafe` twin. They compose billing periods, the fee assembler and taxes; responses are the
 * wire bodies of `@feecast/models`.
 */
export { currentUsage, currentUsageUnsafe } from './current-usage';
export { estimateFees, estimateFeesUnsafe } from './estimate-fees';
export {
  createEstimator,
  type EstimateRequest,
  type Estimator,
  type EstimatorContext,
} from './estimator';
export type {
  EstimatedEvent,
  EstimateFeesInput,
  OperationCharge,
  OperationContext,
  OperationCustomer,
  OperationEvent,
  OperationPlan,
  OperationSubscription,
  OperationTaxes,
  UsageInput,
} from './inputs';
export { projectedUsage, projectedUsageUnsafe } from './projected-usage';
