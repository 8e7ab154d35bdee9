import * as t from 'io-ts';
import { AppliedCouponStatus, CouponFrequency } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { DecimalString } from '../primitives/decimal-string';
import { Integer } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { InvoiceCredit } from './invoice-credit';

const AppliedCouponCodec = struct(
  'AppliedCoupon',
  {
    svc_id: Uuid,
    svc_coupon_id: Uuid,
    svc_customer_id: Uuid,
    coupon_code: t.string,
    coupon_name: t.string,
    external_customer_id: t.string,
    status: AppliedCouponStatus,
    frequency: CouponFrequency,
    amount_cents: nullable(Cents),
    amount_cents_remaining: nullable(Cents),
    amount_currency: nullable(CurrencyCode),
    percentage_rate: nullable(DecimalString),
    frequency_duration: nullable(Integer),
    frequency_duration_remaining: nullable(Integer),
    created_at: Timestamp,
    expiration_at: nullable(Timestamp),
    terminated_at: nullable(Timestamp),
  },
  {
    coupon_status: AppliedCouponStatus,
    coupon_deleted_at: nullable(Timestamp),
    coupon_description: nullable(t.string),
    credits: array(InvoiceCredit),
  },
);
/** An applied coupon, see {@link AppliedCoupon}. */
export interface AppliedCoupon extends t.TypeOf<typeof AppliedCouponCodec> {}
/**
 * A coupon applied to a customer, with what remains of it (`amount_cents_remaining`, `null`
 * for recurring, forever and percentage coupons; `frequency_duration_remaining`).
 * `GET /applied_coupons` adds the `credits[]` it produced.
 */
export const AppliedCoupon = named<AppliedCoupon>(AppliedCouponCodec);
