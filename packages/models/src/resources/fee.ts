import * as t from 'io-ts';
import { FeeItemClass, FeeItemType, FeePaymentStatus } from '../enums';
import { array } from '../internal/array';
import { dict } from '../internal/dict';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { oneOf } from '../internal/one-of';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { DecimalString } from '../primitives/decimal-string';
import { FiniteNumber, Integer, NonNegativeNumber, Rate } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { AppliedTax } from './applied-tax';
import { FilterValues } from './charge';
import { PresentationBreakdown } from './presentation-breakdown';
import { PricingUnitDetails } from './pricing-unit-details';

/**
 * A decimal of `amount_details` that the reference's server does not always send as a
 * string: volume `per_unit_amount` and percentage `per_unit_total_amount` can be the number 0.
 */
const DetailDecimal = oneOf([DecimalString, FiniteNumber], 'DecimalString | FiniteNumber');

/**
 * An event count of `amount_details`: an integer, or a decimal string in pay-in-advance
 * percentage details (`"1.0"`).
 */
const DetailCount = oneOf([Integer, DecimalString], 'Integer | DecimalString');

const GraduatedRangeDetailCodec = struct(
  'GraduatedRangeDetail',
  {
    units: DecimalString,
    from_value: NonNegativeNumber,
    to_value: nullable(NonNegativeNumber),
    flat_unit_amount: DecimalString,
    per_unit_amount: DetailDecimal,
    per_unit_total_amount: DetailDecimal,
    total_with_flat_amount: DecimalString,
  },
  {},
);
/** See {@link GraduatedRangeDetail}. */
export interface GraduatedRangeDetail extends t.TypeOf<typeof GraduatedRangeDetailCodec> {}
/** The detail of one range of a graduated charge's fee (`amount_details.graduated_ranges[]`). */
export const GraduatedRangeDetail = named<GraduatedRangeDetail>(GraduatedRangeDetailCodec);

const GraduatedPercentageRangeDetailCodec = struct(
  'GraduatedPercentageRangeDetail',
  {
    units: DecimalString,
    from_value: NonNegativeNumber,
    to_value: nullable(NonNegativeNumber),
    flat_unit_amount: DecimalString,
    rate: DecimalString,
    per_unit_total_amount: DetailDecimal,
    total_with_flat_amount: DecimalString,
  },
  {},
);
/** See {@link GraduatedPercentageRangeDetail}. */
export interface GraduatedPercentageRangeDetail
  extends t.TypeOf<typeof GraduatedPercentageRangeDetailCodec> {}
/** The detail of one range of a graduated-percentage fee (`graduated_percentage_ranges[]`). */
export const GraduatedPercentageRangeDetail = named<GraduatedPercentageRangeDetail>(
  GraduatedPercentageRangeDetailCodec,
);

const AmountDetailsCodec = struct(
  'AmountDetails',
  {},
  {
    plan_amount_cents: Cents,
    graduated_ranges: array(GraduatedRangeDetail),
    graduated_percentage_ranges: array(GraduatedPercentageRangeDetail),
    units: DetailDecimal,
    free_units: DetailDecimal,
    paid_units: DetailDecimal,
    rate: DetailDecimal,
    per_unit_amount: DetailDecimal,
    per_unit_total_amount: DetailDecimal,
    flat_unit_amount: DetailDecimal,
    per_package_size: Integer,
    per_package_unit_amount: DetailDecimal,
    free_events: DetailCount,
    paid_events: DetailCount,
    fixed_fee_unit_amount: DetailDecimal,
    fixed_fee_total_amount: DetailDecimal,
    min_max_adjustment_total_amount: DetailDecimal,
  },
);
/** See {@link AmountDetails}. */
export interface AmountDetails extends t.TypeOf<typeof AmountDetailsCodec> {}
/**
 * How a fee's amount was computed. Each charge model fills its own keys (standard and
 * dynamic: none; package: `free_units`, `paid_units`, `per_package_size`,
 * `per_package_unit_amount`; graduated: `graduated_ranges`; percentage: units, free units and
 * events, fixed fees, min/max adjustment...; subscription fees: `plan_amount_cents`), so
 * every key is optional.
 */
export const AmountDetails = named<AmountDetails>(AmountDetailsCodec);

const FeeItemCodec = struct(
  'FeeItem',
  {
    type: FeeItemType,
    code: t.string,
    name: t.string,
    svc_item_id: Uuid,
    item_type: FeeItemClass,
    invoice_display_name: t.string,
    description: nullable(t.string),
    filter_invoice_display_name: nullable(t.string),
    filters: nullable(FilterValues),
    grouped_by: dict(nullable(t.string), 'GroupedBy'),
  },
  {},
);
/** See {@link FeeItem}. */
export interface FeeItem extends t.TypeOf<typeof FeeItemCodec> {}
/** What a fee is for (`fee.item`): a subscription, charge, fixed charge, add-on, credit... */
export const FeeItem = named<FeeItem>(FeeItemCodec);

const FeeCodec = struct(
  'Fee',
  {
    svc_id: nullable(Uuid),
    svc_charge_id: nullable(Uuid),
    svc_charge_filter_id: nullable(Uuid),
    svc_fixed_charge_id: nullable(Uuid),
    svc_invoice_id: nullable(Uuid),
    svc_true_up_fee_id: nullable(Uuid),
    svc_true_up_parent_fee_id: nullable(Uuid),
    svc_subscription_id: nullable(Uuid),
    svc_customer_id: nullable(Uuid),
    external_customer_id: nullable(t.string),
    external_subscription_id: nullable(t.string),
    amount_cents: Cents,
    precise_amount: DecimalString,
    precise_total_amount: DecimalString,
    amount_currency: CurrencyCode,
    taxes_amount_cents: Cents,
    taxes_precise_amount: DecimalString,
    taxes_rate: Rate,
    units: DecimalString,
    precise_unit_amount: DecimalString,
    total_aggregated_units: nullable(DecimalString),
    total_amount_cents: Cents,
    total_amount_currency: CurrencyCode,
    events_count: nullable(Integer),
    pay_in_advance: t.boolean,
    invoiceable: t.boolean,
    payment_status: FeePaymentStatus,
    created_at: nullable(Timestamp),
    succeeded_at: nullable(Timestamp),
    failed_at: nullable(Timestamp),
    refunded_at: nullable(Timestamp),
    description: nullable(t.string),
    precise_coupons_amount_cents: DecimalString,
    self_billed: t.boolean,
    amount_details: nullable(AmountDetails),
    item: FeeItem,
    pricing_unit_details: nullable(PricingUnitDetails),
  },
  {
    from_date: nullable(Timestamp),
    to_date: nullable(Timestamp),
    event_transaction_id: nullable(t.string),
    applied_taxes: array(AppliedTax),
    sub_total_excluding_taxes_amount_cents: Cents,
    sub_total_excluding_taxes_precise_amount_cents: DecimalString,
    presentation_breakdowns: array(PresentationBreakdown),
    svc_original_fee_id: nullable(Uuid),
  },
);
/** A fee, see {@link Fee}. */
export interface Fee extends t.TypeOf<typeof FeeCodec> {}
/**
 * A fee: one priced line of an invoice, credit note item or estimate, with its taxes,
 * amount details and pricing-unit amounts. The fees of `POST /events/estimate_fees` are not
 * stored, so their `svc_id`, `svc_invoice_id` and `created_at` are `null`. Left out by the
 * reference's server rather than sent as `null`: `event_transaction_id` (only pay-in-advance
 * charge fees), `from_date` / `to_date` (not on credit fees) and `applied_taxes` (not in a
 * credit note item's fee).
 */
export const Fee = named<Fee>(FeeCodec);
