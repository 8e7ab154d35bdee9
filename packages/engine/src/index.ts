/**
 * @feecast/engine: the pure, browser-safe core of feecast. Exact decimals, billing periods,
 * aggregation, charge models, fees, taxes, coupons, wallets, invoices and the API's
 * operations, as functions of their inputs.
 *
 * This file declares the package's public surface, name by name: the contract of the API
 * (billing periods, aggregation, charge models, charge fees, the invoice's money flow, the
 * operations), the documented extras (the decimal helpers, `createEstimator`, accumulators
 * and their JSON states, event batches) and the types of their inputs and results. Its
 * declarations, with their documentation, are the package's types; `test/api-surface/`
 * records them, so any change of the surface shows in review. Helpers that only feecast's own
 * packages need are in `internal.ts` (`@feecast/engine/internal`), outside this surface.
 * The package's code is `runtime.ts`: the same functions, each guarded at the boundary so
 * that it never throws on any input a caller can build.
 * @packageDocumentation
 */

// Aggregation: events, batches, accumulators and their JSON states.
export {
  type Accumulator,
  type AccumulatorState,
  type AggregateOptions,
  type AggregationResult,
  type AggregationState,
  type AggregationType,
  ALL_FILTER_VALUES,
  type AsyncEvents,
  aggregate,
  type BillableMetricInput,
  type ChargeBuckets,
  type ChargesAccumulator,
  type ChargesAccumulatorState,
  createAccumulator,
  createChargesAccumulator,
  type EventBatch,
  type EventColumns,
  eventBatch,
  eventBatchFromColumns,
  type FilterValues,
  type GroupAggregation,
  type GroupedBy,
  isEventBatch,
  type MetricFilter,
  type PassOptions,
  REJECTION_REASONS,
  type Rejection,
  type RejectionReason,
  restoreAccumulator,
  restoreChargesAccumulator,
  STATE_FORMAT,
  type UsageEvent,
  type WithAsyncEvents,
} from './aggregation/index';

// Charge models.
export {
  applyChargeModel,
  type ChargeAmountDetails,
  type ChargeModelContext,
  type ChargeModelInput,
  type ChargeModelName,
  type ChargeModelOptions,
  type ChargeModelResult,
  type GraduatedPercentageRangeDetail,
  type GraduatedRangeDetail,
} from './charge-models/index';

// Exact decimals, money and errors.
export {
  abs,
  add,
  ceil,
  compare,
  createDecimalSum,
  currencyExponent,
  type Decimal,
  type DecimalProblem,
  type DecimalSum,
  decimalFromCount,
  decimalFromInteger,
  divide,
  down,
  equals,
  FEECAST_ERROR_CODES,
  type FeecastError,
  type FeecastErrorCode,
  feecastError,
  floor,
  formatDecimal,
  formatDecimalFixed,
  fromCents,
  halfAwayFromZero,
  halfEven,
  isDecimal,
  isScale,
  MAX_SCALE,
  max,
  min,
  movePoint,
  multiply,
  negate,
  ONE,
  parseDecimal,
  parseDecimalUnsafe,
  type Rounding,
  type Scale,
  scaleOf,
  sign,
  subtract,
  sum,
  toCents,
  up,
  ZERO,
} from './core/index';

// Charge fees.
export {
  type AppliedPricingUnit,
  type ChargeFee,
  type ChargeFeesCharge,
  type ChargeFeesFilter,
  type ChargeFeesInput,
  type ChargeFeesMetric,
  type ChargeFeesOptions,
  type ChargeFeesPricingUnit,
  type ChargeFeesPurpose,
  type ChargesPeriod,
  chargeFees,
  type MetricAggregation,
  type PayInAdvanceFeesInput,
  type PlanChargeFeesInput,
  payInAdvanceFees,
  planAggregations,
  planChargeFees,
} from './fees/index';

// The wire objects the operations take, minimal (docs/inputs.md).
export type {
  AddOnInput,
  ChargeFilterInput,
  ChargeInput,
  CustomerInput,
  FixedChargeInput,
  MinimumCommitmentInput,
  OtherWireKeys,
  Plain,
  PlanInput,
  PreviewAppliedCoupon,
  PreviewCoupon,
  SubscriptionInput,
  UsageThresholdInput,
  WalletInput,
} from './inputs/index';

// The invoice's money flow: taxes, coupons, wallets, totals, credit notes.
export {
  type AppliedCouponInput,
  type AppliedWallets,
  type ApplyCouponsOptions,
  type ApplyWalletsOptions,
  type AvailableCreditNoteInput,
  applyCoupons,
  applyTaxes,
  applyWallets,
  type CouponApplication,
  type CouponFeeInput,
  type CouponsApplied,
  type CreditNoteItemInput,
  computeInvoiceTotals,
  type EstimateCreditNoteInput,
  type EstimatedCreditNote,
  estimateCreditNote,
  type InvoiceTotals,
  type InvoiceTotalsOptions,
  type TaxableFeeInput,
  type TaxesApplied,
  type TaxInput,
  type TaxSources,
  type TotalsInvoiceInput,
} from './invoice/index';

// The operations that mirror the API, their throwing twins, the estimator and plan comparison.
export {
  type ComparedInvoice,
  type ComparedPlan,
  type ComparedPlanWithOverrides,
  type ComparePlansInput,
  comparePlans,
  comparePlansUnsafe,
  createEstimator,
  currentUsage,
  currentUsageUnsafe,
  type EstimatedEvent,
  type EstimateFeesInput,
  type EstimateRequest,
  type Estimator,
  type EstimatorContext,
  estimateFees,
  estimateFeesUnsafe,
  type InvoicePreview,
  type OperationCharge,
  type OperationContext,
  type OperationCustomer,
  type OperationEvent,
  type OperationPlan,
  type OperationSubscription,
  type OperationTaxes,
  type PlanComparison,
  type PlanDifference,
  type PlanDifferenceKind,
  type PreviewAddOn,
  type PreviewInvoiceInput,
  type PreviewProgressiveBilling,
  type PreviewStatus,
  type PreviewSubscription,
  type PreviewTaxes,
  previewInvoice,
  previewInvoiceUnsafe,
  projectedUsage,
  projectedUsageUnsafe,
  type UsageAggregations,
  type UsageInput,
  usageAggregations,
} from './operations/index';

// Billing periods.
export {
  type BillingPeriod,
  type BillingPeriodInput,
  billingPeriod,
  type InvoicePeriod,
  type PeriodPlan,
  type PeriodPurpose,
  type PeriodSubscription,
} from './periods/index';
