import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, parseInstant } from '../../core/index';
import type { AppliedCouponInput, CouponApplication } from './coupon-terms';

/** 0 for coupons limited to billable metrics, 1 for those limited to plans, 2 for the others. */
function rank(application: CouponApplication<AppliedCouponInput>): number {
  if (application.coupon.limited_billable_metrics) return 0;
  return application.coupon.limited_plans ? 1 : 2;
}

/**
 * The order in which coupons apply to an invoice (reference invoicing.md §4.2): coupons
 * limited to billable metrics first, then those limited to plans, then the others; within
 * each group by the applied coupon's `created_at`, oldest first, then by position in the
 * input. Returns the input indices in that order; an unreadable `created_at` is a `Left`.
 *
 * @example
 * applicationOrder([unlimited, limitedToBm1]) // right([1, 0])
 */
export function applicationOrder(
  applications: readonly CouponApplication<AppliedCouponInput>[],
): Either<FeecastError, number[]> {
  const keyed: { readonly index: number; readonly rank: number; readonly created: number }[] = [];
  for (const [index, application] of applications.entries()) {
    const created = parseInstant(application.applied_coupon.created_at, [
      'applied_coupons',
      String(index),
      'applied_coupon',
      'created_at',
    ]);
    if (isLeft(created)) return created;
    keyed.push({ index, rank: rank(application), created: created.right });
  }
  keyed.sort((a, b) => a.rank - b.rank || a.created - b.created || a.index - b.index);
  return right(keyed.map((entry) => entry.index));
}
