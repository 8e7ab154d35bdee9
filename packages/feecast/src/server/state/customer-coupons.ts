/** A customer's coupons in the state: its active applied coupons, each with its coupon. */
import type { AppliedCoupon, Coupon } from '@feecast/models';
import type { ServerState } from './state';

/**
 * The active applied coupons of the customer `svc_customer_id`, each with its coupon (as the
 * engine's `appliedCoupons` take them), in the state's order.
 *
 * @example
 * customerCoupons(state, customer.svc_id); // [{ applied_coupon, coupon }, ...]
 */
export function customerCoupons(
  state: ServerState,
  svcCustomerId: string,
): { readonly applied_coupon: AppliedCoupon; readonly coupon: Coupon }[] {
  return state.applied_coupons
    .filter((a) => a.svc_customer_id === svcCustomerId && a.status === 'active')
    .flatMap((applied_coupon) => {
      const coupon = state.coupons.find((c) => c.svc_id === applied_coupon.svc_coupon_id);
      return coupon === undefined ? [] : [{ applied_coupon, coupon }];
    });
}
