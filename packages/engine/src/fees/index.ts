/**
 * Fee building blocks: a charge model's amount as fee fields (rounding to the minor unit),
 * pricing-unit conversion, the `min_amount_cents` true-up, the negative guard and the amount of
 * one pay-in-advance event (reference: charge-models.md §2-§5).
 */
export { type FeeAmountFields, feeAmounts } from './fee-amounts';
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
export { minAmountTrueUp, type TrueUpFee, type TrueUpInput } from './true-up';
