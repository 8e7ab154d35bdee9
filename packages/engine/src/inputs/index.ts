/**
 * The shared input layer: what the operations (`estimateFees`, `createEstimator`,
 * `currentUsage`, `projectedUsage`, `previewInvoice`, `comparePlans`) accept. Each object
 * needs only the fields that decide a figure; every other field of its wire object defaults as
 * docs/inputs.md says, and the result is checked with the wire codec of `@feecast/models`.
 * A decoded wire object is a valid input as it is. Inputs take plain strings and numbers (no
 * branded types); outputs keep the brands.
 */
export type { AddOnInput } from './add-on';
export type { ChargeFilterInput, ChargeInput } from './charge';
export type { PreviewAppliedCoupon, PreviewCoupon } from './coupon';
export type { CustomerInput } from './customer';
export type { OtherWireKeys, Plain } from './plain';
export type {
  FixedChargeInput,
  MinimumCommitmentInput,
  PlanInput,
  UsageThresholdInput,
} from './plan';
export type { SubscriptionInput } from './subscription';
export type { WalletInput } from './wallet';
