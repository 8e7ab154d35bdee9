/**
 * `DELETE /coupons/{code}`, `DELETE /customers/{id}/applied_coupons/{id}` and
 * `GET /applied_coupons`.
 */
import type { AppliedCoupon, Coupon, Timestamp } from '@feecast/models';
import { isLeft, right } from 'fp-ts/lib/Either.js';
import { pageRequest, paginate } from '../http/pagination';
import { findByParam } from '../http/path-resource';
import { queryValues } from '../http/query';
import { StateDraft } from '../state/draft';
import { findCustomer, found } from '../state/lookup';
import { newestFirst } from '../state/order';
import { replaceItem } from '../state/replace-item';
import { appliedCouponListView, appliedCouponView } from '../state/views';
import { type Handler, pathParam, unchanged } from './handler';

function terminated(applied: AppliedCoupon, now: Timestamp): AppliedCoupon {
  if (applied.status === 'terminated') return applied;
  return { ...applied, status: 'terminated', terminated_at: applied.terminated_at ?? now };
}

/**
 * `DELETE /coupons/{code}`: removes the coupon (a second delete is a 404
 * `coupon_not_found`) and terminates its active applied coupons, as the reference; answers
 * the coupon with `terminated_at` set. Logs `coupon.deleted` and `applied_coupon.deleted`
 * for each applied coupon terminated.
 *
 * @example
 * deleteCoupon({ ..., params: new Map([['code', 'startup_deal']]) }); // right({ body: { coupon } })
 */
export const deleteCoupon: Handler<undefined> = (input) => {
  const { state, now } = input;
  const coupon = findByParam(input, 'coupons', 'code', 'coupon');
  if (isLeft(coupon)) return coupon;
  const draft = new StateDraft(state, now);
  const deleted: Coupon = { ...coupon.right, terminated_at: coupon.right.terminated_at ?? now };
  draft.log({
    type: 'coupon.deleted',
    resourceType: 'Coupon',
    resourceId: deleted.svc_id,
    before: coupon.right,
    after: deleted,
  });
  const appliedCoupons = state.applied_coupons.map((applied) => {
    if (applied.svc_coupon_id !== deleted.svc_id || applied.status !== 'active') return applied;
    const next = {
      ...terminated(applied, now),
      coupon_status: 'terminated' as const,
      coupon_deleted_at: now,
    };
    draft.log({
      type: 'applied_coupon.deleted',
      resourceType: 'AppliedCoupon',
      resourceId: next.svc_id,
      before: appliedCouponView(applied),
      after: appliedCouponView(next),
      externalCustomerId: next.external_customer_id,
    });
    return next;
  });
  return right({
    state: draft.commit({
      coupons: state.coupons.filter((c) => c !== coupon.right),
      applied_coupons: appliedCoupons,
    }),
    body: { coupon: deleted },
  });
};

/**
 * `DELETE /customers/{external_customer_id}/applied_coupons/{applied_coupon_id}`: 404
 * `customer_not_found` or `applied_coupon_not_found` (the applied coupon must be the
 * customer's); terminates it (an already terminated one is answered as it is, as the
 * reference). Logs `applied_coupon.deleted` when it changes.
 *
 * @example
 * deleteAppliedCoupon({ ..., params: new Map([['external_customer_id', 'hooli_1234'], ['applied_coupon_id', id]]) });
 */
export const deleteAppliedCoupon: Handler<undefined> = (input) => {
  const { state, now } = input;
  const customer = findCustomer(state, pathParam(input, 'external_customer_id'));
  if (isLeft(customer)) return customer;
  const applied = found(
    state.applied_coupons.find(
      (a) =>
        a.svc_id === pathParam(input, 'applied_coupon_id') &&
        a.external_customer_id === customer.right.external_id,
    ),
    'applied_coupon',
  );
  if (isLeft(applied)) return applied;
  const next = terminated(applied.right, now);
  if (next === applied.right) {
    return right(unchanged(state, { applied_coupon: appliedCouponView(next) }));
  }
  const draft = new StateDraft(state, now);
  draft.log({
    type: 'applied_coupon.deleted',
    resourceType: 'AppliedCoupon',
    resourceId: next.svc_id,
    before: appliedCouponView(applied.right),
    after: appliedCouponView(next),
    externalCustomerId: next.external_customer_id,
  });
  return right({
    state: draft.commit({
      applied_coupons: replaceItem(state.applied_coupons, applied.right, next),
    }),
    body: { applied_coupon: appliedCouponView(next) },
  });
};

/**
 * `GET /applied_coupons`: filtered by `coupon_code[]` (any of the codes), newest first,
 * paginated, each with its `credits`.
 *
 * @example
 * listAppliedCoupons({ ..., query: new Map([['coupon_code[]', ['startup_deal']]]) });
 */
export const listAppliedCoupons: Handler<undefined> = (input) => {
  const page = pageRequest(input.query);
  if (isLeft(page)) return page;
  const codes = queryValues(input.query, 'coupon_code[]');
  const items = newestFirst(
    input.state.applied_coupons.filter((a) => codes.length === 0 || codes.includes(a.coupon_code)),
    (a) => a.created_at,
  );
  const { items: pageItems, meta } = paginate(items, page.right);
  return right(
    unchanged(input.state, { applied_coupons: pageItems.map(appliedCouponListView), meta }),
  );
};
