/**
 * Fee building blocks: a charge model's amount as fee fields (rounding to the minor unit),
 * pricing-unit conversion, the `min_amount_cents` true-up, the negative guard and the amount of
 * one pay-in-advance event (reference: charge-models.md §2-§5).
 */

// For the floors above (not part of the package surface: see the root index.ts).
export { addOnFee } from './add-on-fee';
export { chargeMetricIndex } from './charge/charge-metric';
export { type BucketSetup, setupCharge } from './charge/charge-setup';
export { createEventTally, type EventTally } from './charge/event-tally';
export { type FeeContext, feeContext } from './charge/fee-context';
export { fixState } from './charge/fees-pass';
export { type FirstEventPricing, firstEventFee, prepareFirstEvent } from './charge/first-event';
export {
  type InAdvanceReader,
  type InAdvanceRun,
  inAdvanceLines,
  inAdvanceReader,
  prepareInAdvancePass,
} from './charge/in-advance';
export {
  type ChargeAmounts,
  type ChargeFee,
  type ChargeFeesCharge,
  type ChargeFeesFilter,
  type ChargeFeesInput,
  type ChargeFeesMetric,
  type ChargeFeesOptions,
  type ChargeFeesPricingUnit,
  type ChargeFeesPurpose,
  type ChargeFeesReport,
  type ChargesPeriod,
  chargeAmounts,
  chargeFeeItem,
  chargeFees,
  type EstimatePayInAdvanceFeeInput,
  estimatePayInAdvanceFee,
  type FeeCustomer,
  type FeeIds,
  type FeeItemInput,
  type FeeObjectInput,
  type FeeSubscription,
  feeObject,
  filterDisplayName,
  type MetricAggregation,
  type PayInAdvanceFeesInput,
  type PlanChargeFeesInput,
  type PricingUnitInfo,
  payInAdvanceFees,
  planAggregations,
  planChargeFees,
  planChargeFeesReport,
} from './charge/index';
export {
  estimateInAdvanceFee,
  keptEventFees,
  lastEventFee,
  type PreparedInAdvanceCharge,
  prepareInAdvanceCharge,
  prepareInAdvanceChargeIn,
} from './charge/pay-in-advance-fees';
export {
  type CompiledPlanCharges,
  compiledAggregations,
  compilePlanCharges,
  planChargeFeesSteps,
} from './charge/plan-charge-fees';
export { checkMetric, checkMetricIn } from './charge/price-metrics';
export {
  type CommitmentTrueUp,
  type CommitmentTrueUpInput,
  commitmentTrueUp,
  type DatetimeRange,
  type TrueUpSubscription,
} from './commitment/index';
export { type FeeAmountFields, feeAmounts } from './fee-amounts';
export {
  type DecimalField,
  feeDecimal,
  keepDecimal,
  keptDecimal,
  spreadDecimals,
} from './fee-decimals';
export { type FeeAmounts, readFeeList } from './fee-list';
export { fixedChargeFee } from './fixed-charge-fee';
export { type GuardedAmounts, guardNegative } from './negative-guard';
export {
  type PayInAdvanceAmount,
  type PayInAdvanceInput,
  payInAdvanceAmount,
} from './pay-in-advance';
export {
  type AppliedPricingUnit,
  type PricingUnitDetailsFields,
  pricingUnitAmounts,
  pricingUnitDetails,
  pricingUnitToFiat,
} from './pricing-units';
export {
  type SubscriptionFeeAmount,
  type SubscriptionFeeAmountInput,
  subscriptionFee,
  subscriptionFeeAmount,
} from './subscription-fee';
export { minAmountTrueUp, type TrueUpFee, type TrueUpInput } from './true-up';
