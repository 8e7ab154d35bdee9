/**
 * Coupons: which coupons apply to an invoice, in which order, how much each takes, how it is
 * spread over the fees, and what remains of each coupon afterwards.
 */
export { allocateProportionally } from './allocate-proportionally';
export {
  type ApplyCouponsOptions,
  applyCoupons,
  type CouponCredit,
  type CouponOutcome,
  type CouponSkipReason,
  type CouponsApplied,
} from './apply-coupons';
export type {
  AppliedCouponInput,
  CouponApplication,
  CouponFrequency,
  CouponInput,
  CouponTerms,
} from './coupon-terms';
export type { CouponFeeInput, CouponPlan } from './eligible-fees';
