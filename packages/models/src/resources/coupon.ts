import * as t from 'io-ts';
import { CouponExpiration, CouponFrequency, CouponType } from '../enums';
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

const CouponCodec = struct(
  'Coupon',
  {
    svc_id: Uuid,
    name: t.string,
    code: t.string,
    description: nullable(t.string),
    coupon_type: CouponType,
    amount_cents: nullable(Cents),
    amount_currency: nullable(CurrencyCode),
    percentage_rate: nullable(DecimalString),
    reusable: t.boolean,
    limited_plans: t.boolean,
    limited_billable_metrics: t.boolean,
    plan_codes: array(t.string),
    billable_metric_codes: array(t.string),
    frequency: CouponFrequency,
    frequency_duration: nullable(Integer),
    expiration: CouponExpiration,
    expiration_at: nullable(Timestamp),
    terminated_at: nullable(Timestamp),
    created_at: Timestamp,
  },
  {},
);
/** A coupon, see {@link Coupon}. */
export interface Coupon extends t.TypeOf<typeof CouponCodec> {}
/**
 * A coupon: a fixed amount or a percentage off, applied `once`, for `frequency_duration`
 * periods (`recurring`) or `forever`, possibly limited to plans or billable metrics.
 */
export const Coupon = named<Coupon>(CouponCodec);
