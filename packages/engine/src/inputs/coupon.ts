import { AppliedCoupon, Coupon, type Customer, decode } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  defaultId,
  type FeecastError,
  isRecord,
  type OtherWireKeys,
  textOf,
  UNKNOWN_CREATION,
} from '../core/index';
import type { CouponApplication } from '../invoice/index';
import { completeInput } from './complete';
import { invalidInput } from './invalid-input';

/**
 * A coupon as an input (a decoded wire `Coupon` is one). What decides a figure: `code`,
 * `coupon_type`, `amount_cents` and `amount_currency` (fixed amount) or `percentage_rate`,
 * `frequency` and `frequency_duration`, `plan_codes`, `billable_metric_codes`, `expiration_at`
 * and `terminated_at`; the rest defaults as docs/inputs.md says.
 */
export interface PreviewCoupon extends OtherWireKeys<Coupon, 'code' | 'coupon_type'> {
  readonly code: string;
  /** `fixed_amount` or `percentage`. */
  readonly coupon_type: string;
}

/**
 * A coupon applied to the customer, as an input: the coupon, and optionally the wire
 * `AppliedCoupon` (its remaining amount or invoices); every field of the applied coupon that
 * is not given comes from the coupon and the customer.
 */
export interface PreviewAppliedCoupon {
  readonly coupon: PreviewCoupon;
  readonly applied_coupon?: OtherWireKeys<AppliedCoupon, never>;
}

/**
 * Reads a coupon input into the wire `Coupon`, with the defaults of docs/inputs.md
 * ("Coupon"): `svc_id` derived from the code, `name` the code, applied once, reusable, limited
 * to the plans and metrics listed (none: all), no expiration unless `expiration_at` is given.
 *
 * @example
 * readCoupon({ code: 'welcome', coupon_type: 'fixed_amount', amount_cents: 1000, amount_currency: 'EUR' }, ['coupon'])
 * // right({ svc_id: '...', name: 'welcome', frequency: 'once', limited_plans: false, expiration: 'no_expiration', ... })
 * @internal
 */
export function readCoupon(value: unknown, path: readonly string[]): Either<FeecastError, Coupon> {
  return completeInput(
    (whole) => decode(Coupon, whole),
    value,
    path,
    'a coupon { code, coupon_type, ... }',
    (given) => {
      const code = textOf(given.code);
      const listed = (key: string) => Array.isArray(given[key]) && given[key].length > 0;
      return right({
        defaults: {
          svc_id: defaultId(given, 'coupon', code),
          name: code ?? '',
          description: null,
          amount_cents: null,
          amount_currency: null,
          percentage_rate: null,
          reusable: true,
          limited_plans: listed('plan_codes'),
          limited_billable_metrics: listed('billable_metric_codes'),
          plan_codes: [],
          billable_metric_codes: [],
          frequency: 'once',
          frequency_duration: null,
          expiration:
            given.expiration_at === undefined || given.expiration_at === null
              ? 'no_expiration'
              : 'time_limit',
          expiration_at: null,
          terminated_at: null,
          created_at: UNKNOWN_CREATION,
        },
      });
    },
  );
}

/**
 * Reads an applied coupon input (`{ coupon, applied_coupon? }`) into a coupon application:
 * the coupon read with {@link readCoupon}, and the applied coupon with the defaults of
 * docs/inputs.md ("Applied coupon"): the coupon's code, name, terms and expiration, the
 * customer's ids, active, nothing used yet.
 *
 * @example
 * readAppliedCoupon({ coupon: { code: 'welcome', coupon_type: 'percentage', percentage_rate: '10' } }, ['appliedCoupons', '0'], customer)
 * // right({ coupon: { ... }, applied_coupon: { coupon_code: 'welcome', status: 'active', percentage_rate: '10', ... } })
 * @internal
 */
export function readAppliedCoupon(
  value: unknown,
  path: readonly string[],
  customer: Pick<Customer, 'svc_id' | 'external_id'>,
): Either<FeecastError, CouponApplication> {
  if (!isRecord(value)) {
    return invalidInput(path, 'Each applied coupon is an object { coupon, applied_coupon? }.');
  }
  const coupon = readCoupon(value.coupon, [...path, 'coupon']);
  if (isLeft(coupon)) return coupon;
  const c = coupon.right;
  const applied = completeInput(
    (whole) => decode(AppliedCoupon, whole),
    value.applied_coupon ?? {},
    [...path, 'applied_coupon'],
    'an applied coupon (or left out)',
    (given) =>
      right({
        defaults: {
          svc_id: defaultId(given, 'applied_coupon', customer.external_id, c.code),
          svc_coupon_id: c.svc_id,
          svc_customer_id: customer.svc_id,
          coupon_code: c.code,
          coupon_name: c.name,
          external_customer_id: customer.external_id,
          status: 'active',
          frequency: c.frequency,
          amount_cents: c.amount_cents,
          amount_cents_remaining: null,
          amount_currency: c.amount_currency,
          percentage_rate: c.percentage_rate,
          frequency_duration: c.frequency_duration,
          frequency_duration_remaining: null,
          created_at: UNKNOWN_CREATION,
          expiration_at: c.expiration_at,
          terminated_at: null,
        },
      }),
  );
  if (isLeft(applied)) return applied;
  return right({ applied_coupon: applied.right, coupon: c });
}
