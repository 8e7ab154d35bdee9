/**
 * Charge fees: the fee assembler on top of aggregation and the charge models (reference:
 * charge-models.md §1-§6, §15, §16; aggregations.md §2, §3, §6). One fee per filter bucket and
 * pricing group with amounts, pricing units, the `min_amount_cents` true-up and projections;
 * a plan's charges priced in one pass per billable metric; per-event pay-in-advance fees and
 * their estimate; and the wire `Fee` builder every fee of the engine shares.
 */

export { type FeeIds, type FeeItemInput, type FeeObjectInput, feeObject } from '../fee-object';
export { type ChargeAmounts, chargeAmounts } from './charge-amounts';
export type { ChargeFee } from './charge-fee';
export { type ChargeFeesInput, chargeFees } from './charge-fees';
export { chargeFeeItem, filterDisplayName } from './charge-item';
export type {
  ChargeFeesCharge,
  ChargeFeesFilter,
  ChargeFeesMetric,
  ChargeFeesOptions,
  ChargeFeesPricingUnit,
  ChargeFeesPurpose,
  ChargesPeriod,
  FeeCustomer,
  FeeSubscription,
  PricingUnitInfo,
} from './inputs';
export {
  type EstimatePayInAdvanceFeeInput,
  estimatePayInAdvanceFee,
  type PayInAdvanceFeesInput,
  payInAdvanceFees,
} from './pay-in-advance-fees';
export {
  type ChargeFeesReport,
  type MetricAggregation,
  type PlanChargeFeesInput,
  planAggregations,
  planChargeFees,
  planChargeFeesReport,
} from './plan-charge-fees';
