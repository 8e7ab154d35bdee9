/**
 * The API's pricing operations, offline (reference: estimate-and-usage.md):
 * `POST /events/estimate_fees` ({@link estimateFees}; {@link createEstimator} prepares it for many
 * events),
 * `GET /customers/{id}/current_usage` ({@link currentUsage}) and
 * `GET /customers/{id}/projected_usage` ({@link projectedUsage}), each with a throwing
 * `Unsafe` twin. They compose billing periods, the fee assembler and taxes; responses are the
 * wire bodies of `@feecast/models`.
 */

// The backtest; its shares (backtestShares, combineBacktests, inWholeInput) are for the feecast
// command's worker threads, on the internal entry.
export {
  type Backtest,
  type BacktestAggregations,
  type BacktestFeeLine,
  type BacktestInput,
  type BacktestProgress,
  type BacktestRow,
  type BacktestShare,
  type BacktestSlot,
  type BacktestSplit,
  type BacktestStates,
  type BacktestSubscription,
  type BacktestSummary,
  backtest,
  backtestAggregations,
  backtestOfStates,
  backtestShares,
  backtestUnsafe,
  type ChargeContribution,
  type CustomerDelta,
  combineBacktests,
  type DeltaQuantiles,
  type EventCounts,
  inWholeInput,
  type MonthlyRevenue,
  type PlanDeltas,
  type SharedResult,
} from './backtest/index';
// For the floors above (not part of the package surface: see the root index.ts).
export {
  type ComparedInvoice,
  type ComparedPlan,
  type ComparedPlanWithOverrides,
  type ComparePlansInput,
  comparePlans,
  comparePlansUnsafe,
  type PlanComparison,
  type PlanDifference,
  type PlanDifferenceKind,
  type PlanLine,
  type PlanPreview,
  planDifferences,
} from './compare-plans/index';
export { currentUsage, currentUsageUnsafe } from './current-usage';
export { estimateFees, estimateFeesUnsafe } from './estimate-fees';
export {
  type EstimateFeesOfInput,
  estimateFeesOf,
  estimateFeesOfUnsafe,
} from './estimate-fees-of';
export type { EstimateFeesOfResponse, EstimateTotal } from './estimate-set';
export {
  createFedEstimator,
  createPreviewEstimator,
  type EstimateRequest,
  type EstimatorContext,
  type FedEstimateRequest,
  type FedEstimator,
  type PreviewEstimator,
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
export {
  type PlanChangeInput,
  type PlanChangeInvoice,
  type PlanChangeInvoiceKind,
  type PlanChangePreview,
  previewPlanChange,
  previewPlanChangeUnsafe,
} from './plan-change/index';
export {
  applyPlanOverrides,
  type KnownTaxList,
  knownTaxes,
  type PlanOverridesOptions,
  taxesOfCodes,
} from './plan-overrides/index';
export {
  type PlanUsageContext,
  type PreparedSubscription,
  type PreparedUsage,
  prepareUsage,
  type SubscriptionUsage,
} from './prepared-usage';
export {
  type AssumedEvent,
  type AssumedUsage,
  type AssumedUsageSource,
  type BilledRange,
  type CommitmentOutcome,
  type InvoicePreview,
  type InvoicesPreview,
  type PeriodInvoice,
  type PreviewAddOn,
  type PreviewInvoiceInput,
  type PreviewInvoicesInput,
  type PreviewProgressiveBilling,
  type PreviewStatus,
  type PreviewSubscription,
  type PreviewTaxes,
  type ProgressiveBillingOutcome,
  previewAggregations,
  previewInvoice,
  previewInvoices,
  previewInvoicesUnsafe,
  previewInvoiceUnsafe,
  type SubscriptionAggregations,
  type SubscriptionRun,
  type SubscriptionRunInput,
  subscriptionRun,
  type UnassignedEvent,
} from './preview-invoice/index';
export {
  countAggregation,
  customModel,
  dynamicModel,
  expressionLanguage,
  graduatedModel,
  graduatedPercentageModel,
  latestAggregation,
  maxAggregation,
  type PricingPart,
  packageModel,
  percentageModel,
  proratedSumAggregation,
  standardModel,
  storedEvents,
  sumAggregation,
  uniqueCountAggregation,
  volumeModel,
  weightedSumAggregation,
} from './pricing-parts';
export { projectedUsage, projectedUsageUnsafe } from './projected-usage';
export {
  createEstimator,
  createPreviewSetEstimator,
  type EstimateSetRequest,
  type Estimator,
} from './set-estimator';
export { type UsageAggregations, usageAggregations } from './usage-aggregations';
export {
  createUsageMeter,
  type UsageAmounts,
  type UsageMeter,
  type UsageMeterCharge,
  type UsageMeterContext,
  type UsageMeterReading,
} from './usage-meter';
export {
  forecastWallets,
  forecastWalletsUnsafe,
  type WalletForecast,
  type WalletForecastInput,
} from './wallet-forecast';
