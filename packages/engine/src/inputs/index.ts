/**
 * The shared input layer: what the operations (`estimateFees`, `createEstimator`,
 * `currentUsage`, `projectedUsage`, `previewInvoice`, `comparePlans`) accept. Each object
 * needs only the fields that decide a figure; every other field of its wire object defaults as
 * docs/inputs.md says, and the result is checked with the wire codec of `@feecast/models`.
 * A decoded wire object is a valid input as it is. Inputs take plain strings and numbers (no
 * branded types); outputs keep the brands.
 */

export type { OtherWireKeys, Plain } from '../core/index';
export type { AddOnInput } from './add-on';
// For the floors above (not part of the package surface: see the root index.ts).
export { readAddOn } from './add-on';
export { readBillableMetrics } from './billable-metric';
export type { ChargeFilterInput, ChargeInput } from './charge';
export { readList } from './complete';
export type { PreviewAppliedCoupon, PreviewCoupon } from './coupon';
export { readAppliedCoupon } from './coupon';
export type { CustomerInput } from './customer';
export { readCustomer } from './customer';
export { decodeInput, decodeList } from './decode-input';
export type {
  FixedChargeInput,
  MinimumCommitmentInput,
  PlanInput,
  UsageThresholdInput,
} from './plan';
export { readPlan } from './plan';
export { setKey } from './set-key';
export type { SubscriptionInput } from './subscription';
export { readSubscription } from './subscription';
export { readTaxes } from './tax';
export type { WalletInput } from './wallet';
export { readWallet } from './wallet';
