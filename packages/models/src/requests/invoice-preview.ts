import * as t from 'io-ts';
import { BillingTime, CouponFrequency, CouponType } from '../enums';
import { array } from '../internal/array';
import { envelope } from '../internal/envelope';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { oneOf } from '../internal/one-of';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { DecimalString } from '../primitives/decimal-string';
import { IsoDate } from '../primitives/iso-date';
import { PositiveInteger } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { ShippingAddress } from '../resources/customer';

const InvoicePreviewCustomerCodec = struct(
  'InvoicePreviewCustomer',
  {},
  {
    external_id: t.string,
    name: t.string,
    currency: CurrencyCode,
    timezone: t.string,
    tax_identification_number: t.string,
    address_line1: t.string,
    address_line2: nullable(t.string),
    city: t.string,
    state: t.string,
    country: t.string,
    zipcode: t.string,
    shipping_address: ShippingAddress,
    integration_customers: array(t.UnknownRecord),
  },
);
/** See {@link InvoicePreviewCustomer}. */
export interface InvoicePreviewCustomer extends t.TypeOf<typeof InvoicePreviewCustomerCodec> {}
/**
 * The customer of an invoice preview: a stored customer named by `external_id`, or a
 * prospect described by the other fields.
 */
export const InvoicePreviewCustomer = named<InvoicePreviewCustomer>(InvoicePreviewCustomerCodec);

const InvoicePreviewCouponCodec = struct(
  'InvoicePreviewCoupon',
  { code: t.string },
  {
    name: t.string,
    coupon_type: CouponType,
    amount_cents: nullable(Cents),
    amount_currency: nullable(CurrencyCode),
    percentage_rate: nullable(DecimalString),
    frequency: CouponFrequency,
    frequency_duration: nullable(PositiveInteger),
  },
);
/** See {@link InvoicePreviewCoupon}. */
export interface InvoicePreviewCoupon extends t.TypeOf<typeof InvoicePreviewCouponCodec> {}
/** A coupon applied to an invoice preview (as if applied to the customer). */
export const InvoicePreviewCoupon = named<InvoicePreviewCoupon>(InvoicePreviewCouponCodec);

const InvoicePreviewSubscriptionsCodec = struct(
  'InvoicePreviewSubscriptions',
  { external_ids: array(t.string) },
  { plan_code: t.string, terminated_at: Timestamp },
);
/** See {@link InvoicePreviewSubscriptions}. */
export interface InvoicePreviewSubscriptions
  extends t.TypeOf<typeof InvoicePreviewSubscriptionsCodec> {}
/** The customer's subscriptions an invoice preview bills, optionally as if terminated at `terminated_at`. */
export const InvoicePreviewSubscriptions = named<InvoicePreviewSubscriptions>(
  InvoicePreviewSubscriptionsCodec,
);

const InvoicePreviewRequestCodec = envelope(
  'InvoicePreviewRequest',
  { customer: InvoicePreviewCustomer },
  {
    plan_code: t.string,
    subscription_at: oneOf([Timestamp, IsoDate]),
    billing_time: BillingTime,
    coupons: array(InvoicePreviewCoupon),
    subscriptions: InvoicePreviewSubscriptions,
    billing_entity_code: t.string,
  },
);
/** See {@link InvoicePreviewRequest}. */
export interface InvoicePreviewRequest extends t.TypeOf<typeof InvoicePreviewRequestCodec> {}
/**
 * The body of `POST /invoices/preview` (the reference's invoice preview): a `customer`, then
 * either `plan_code` (a new subscription to that plan, from `subscription_at`, billed on
 * `billing_time`) or `subscriptions.external_ids` (the customer's subscriptions), and the
 * `coupons` to apply.
 */
export const InvoicePreviewRequest = named<InvoicePreviewRequest>(InvoicePreviewRequestCodec);
