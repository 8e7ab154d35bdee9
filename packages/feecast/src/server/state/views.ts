/**
 * How stored objects are sent, following the reference's presence rules (wire-models §3):
 * some keys appear only in single-object responses, some only in lists.
 */
import type { AppliedCoupon, Plan, Subscription, WalletTransaction } from '@feecast/models';
import { planOf } from './lookup';
import type { ServerState } from './state';

function without<T extends object, K extends keyof T>(item: T, keys: readonly K[]): Omit<T, K> {
  const copy: Partial<T> = { ...item };
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}

/**
 * A plan in `GET /plans`: without `fixed_charges`.
 *
 * @example
 * planListView(plan); // { ...plan } minus fixed_charges
 */
export function planListView(plan: Plan): Plan {
  return without(plan, ['fixed_charges']);
}

/**
 * A subscription in a single-object response: with its plan embedded (without
 * `fixed_charges` and `entitlements`) and `applicable_usage_thresholds` (the plan's).
 *
 * @example
 * subscriptionView(state, subscription).plan?.code; // 'startup'
 */
export function subscriptionView(state: ServerState, subscription: Subscription): Subscription {
  const plan = planOf(state, subscription);
  const base = subscriptionListView(subscription);
  if (plan === undefined) return base;
  return {
    ...base,
    plan: without(plan, ['fixed_charges', 'entitlements']),
    applicable_usage_thresholds: plan.usage_thresholds,
  };
}

/**
 * A subscription in a list: without the embedded `plan`, `applicable_usage_thresholds` and
 * `entitlements`.
 *
 * @example
 * subscriptionListView(subscription).plan; // undefined
 */
export function subscriptionListView(subscription: Subscription): Subscription {
  return without(subscription, ['plan', 'applicable_usage_thresholds', 'entitlements']);
}

/**
 * An applied coupon in `GET /applied_coupons`: with its `credits` (empty when none).
 *
 * @example
 * appliedCouponListView(appliedCoupon).credits; // []
 */
export function appliedCouponListView(appliedCoupon: AppliedCoupon): AppliedCoupon {
  return { ...appliedCoupon, credits: appliedCoupon.credits ?? [] };
}

/**
 * An applied coupon in a single-object response: without `credits`.
 *
 * @example
 * appliedCouponView(appliedCoupon).credits; // undefined
 */
export function appliedCouponView(appliedCoupon: AppliedCoupon): AppliedCoupon {
  return without(appliedCoupon, ['credits']);
}

/**
 * A wallet transaction in the `POST /wallet_transactions` response: without
 * `applied_invoice_custom_sections`.
 *
 * @example
 * walletTransactionView(transaction).applied_invoice_custom_sections; // undefined
 */
export function walletTransactionView(transaction: WalletTransaction): WalletTransaction {
  return without(transaction, ['applied_invoice_custom_sections']);
}
