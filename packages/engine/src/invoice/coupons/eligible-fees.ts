import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../core/index';
import type { CouponInput } from './coupon-terms';
import type { NetFeeInput } from './fee-net';
import { planOfFee } from './invoice-subscriptions';

/** The fields of a fee (the wire `Fee`) the coupon stage reads. */
export interface CouponFeeInput extends NetFeeInput {
  readonly svc_subscription_id: string | null;
  /** `type` (`charge`, `subscription`...) and `code` (a charge fee's billable metric code). */
  readonly item: { readonly type: string; readonly code: string };
}

/**
 * The plan fields a plan-limited coupon looks at.
 *
 * @inline
 */
export interface CouponPlan {
  readonly code: string;
}

/**
 * Which fees a coupon applies to (reference invoicing.md §4.3, "Eligible fees"): a coupon
 * limited to billable metrics takes the charge fees of those metrics (`item.code`); one
 * limited to plans takes the fees of subscriptions on those plans (an override plan keeps its
 * parent's code); any other coupon takes every fee. `plans` maps the invoice's subscriptions
 * to their plans; a plan-limited coupon needs it for fees that belong to a subscription.
 *
 * @example
 * eligibleFees(bm1Coupon, [subscriptionFee, bm1Fee], plans, ['applied_coupons', '0'])
 * // right([false, true])
 */
export function eligibleFees(
  coupon: CouponInput,
  fees: readonly CouponFeeInput[],
  plans: ReadonlyMap<string, CouponPlan> | undefined,
  path: readonly string[],
): Either<FeecastError, boolean[]> {
  if (coupon.limited_billable_metrics) {
    return right(
      fees.map(
        (fee) => fee.item.type === 'charge' && coupon.billable_metric_codes.includes(fee.item.code),
      ),
    );
  }
  if (!coupon.limited_plans) return right(fees.map(() => true));
  const eligible: boolean[] = [];
  for (const [i, fee] of fees.entries()) {
    if (fee.svc_subscription_id === null) {
      eligible.push(false);
      continue;
    }
    if (plans === undefined) {
      return left(
        feecastError(
          'invalid_input',
          'A coupon limited to plans needs the invoice subscriptions with their plans (options.subscriptions).',
          [...path, 'coupon', 'limited_plans'],
        ),
      );
    }
    const plan = planOfFee(plans, fee, ['fees', String(i)]);
    if (isLeft(plan)) return plan;
    eligible.push(coupon.plan_codes.includes(plan.right.code));
  }
  return right(eligible);
}
