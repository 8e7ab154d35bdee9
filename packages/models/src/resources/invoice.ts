import * as t from 'io-ts';
import { InvoicePaymentStatus, InvoiceStatus, InvoiceType, InvoicingReason } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { IsoDate } from '../primitives/iso-date';
import { Integer } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { InvoiceAppliedTax } from './applied-tax';
import { Customer } from './customer';
import { ErrorDetail } from './error-detail';
import { Fee } from './fee';
import { InvoiceCredit } from './invoice-credit';
import { InvoiceAppliedCustomSection } from './invoice-custom-section';
import { Subscription } from './subscription';
import { UsageThreshold } from './usage-threshold';

const BillingPeriodCodec = struct(
  'BillingPeriod',
  {
    svc_subscription_id: Uuid,
    svc_plan_id: Uuid,
    external_subscription_id: t.string,
    subscription_from_datetime: Timestamp,
    subscription_to_datetime: Timestamp,
    charges_from_datetime: Timestamp,
    charges_to_datetime: Timestamp,
    invoicing_reason: InvoicingReason,
  },
  {
    fixed_charges_from_datetime: nullable(Timestamp),
    fixed_charges_to_datetime: nullable(Timestamp),
  },
);
/** See {@link BillingPeriod}. */
export interface BillingPeriod extends t.TypeOf<typeof BillingPeriodCodec> {}
/** The periods an invoice bills for one subscription (`invoice.billing_periods[]`). */
export const BillingPeriod = named<BillingPeriod>(BillingPeriodCodec);

const InvoiceMetadataCodec = struct(
  'InvoiceMetadata',
  { svc_id: Uuid, key: t.string, value: t.string, created_at: Timestamp },
  {},
);
/** See {@link InvoiceMetadata}. */
export interface InvoiceMetadata extends t.TypeOf<typeof InvoiceMetadataCodec> {}
/** An invoice metadata entry (`invoice.metadata[]`). */
export const InvoiceMetadata = named<InvoiceMetadata>(InvoiceMetadataCodec);

const AppliedUsageThresholdCodec = struct(
  'AppliedUsageThreshold',
  { lifetime_usage_amount_cents: Cents, created_at: Timestamp, usage_threshold: UsageThreshold },
  {},
);
/** See {@link AppliedUsageThreshold}. */
export interface AppliedUsageThreshold extends t.TypeOf<typeof AppliedUsageThresholdCodec> {}
/** A usage threshold a progressive-billing invoice was issued for. */
export const AppliedUsageThreshold = named<AppliedUsageThreshold>(AppliedUsageThresholdCodec);

const InvoiceCodec = struct(
  'Invoice',
  {
    svc_id: Uuid,
    billing_entity_code: nullable(t.string),
    sequential_id: nullable(Integer),
    number: t.string,
    issuing_date: nullable(IsoDate),
    payment_due_date: nullable(IsoDate),
    payment_dispute_lost_at: nullable(Timestamp),
    payment_overdue: t.boolean,
    net_payment_term: Integer,
    invoice_type: InvoiceType,
    status: InvoiceStatus,
    payment_status: InvoicePaymentStatus,
    currency: CurrencyCode,
    fees_amount_cents: Cents,
    coupons_amount_cents: Cents,
    credit_notes_amount_cents: Cents,
    sub_total_excluding_taxes_amount_cents: Cents,
    taxes_amount_cents: Cents,
    sub_total_including_taxes_amount_cents: Cents,
    prepaid_credit_amount_cents: Cents,
    prepaid_granted_credit_amount_cents: nullable(Cents),
    prepaid_purchased_credit_amount_cents: nullable(Cents),
    progressive_billing_credit_amount_cents: Cents,
    total_amount_cents: Cents,
    version_number: Integer,
    self_billed: t.boolean,
    file_url: nullable(t.string),
    created_at: Timestamp,
    updated_at: Timestamp,
    customer: Customer,
    billing_periods: array(BillingPeriod),
    metadata: array(InvoiceMetadata),
    applied_taxes: array(InvoiceAppliedTax),
    applied_invoice_custom_sections: array(InvoiceAppliedCustomSection),
    credits: array(InvoiceCredit),
    fees: array(Fee),
    subscriptions: array(Subscription),
    error_details: array(ErrorDetail),
  },
  {
    applied_usage_thresholds: array(AppliedUsageThreshold),
    web_url: nullable(t.string),
    xml_url: nullable(t.string),
    purchase_order_number: nullable(t.string),
    total_due_amount_cents: Cents,
    total_paid_amount_cents: Cents,
    total_offsetted_credit_note_amount_cents: Cents,
    voided_at: nullable(Timestamp),
  },
);
/** An invoice, see {@link Invoice}. */
export interface Invoice extends t.TypeOf<typeof InvoiceCodec> {}
/**
 * An invoice with its customer, billing periods, fees, credits, taxes and totals (all
 * `*_cents`). `file_url` is `null` until the PDF exists (so right after finalize);
 * `sequential_id`, `issuing_date` and `payment_due_date` can be `null` on drafts;
 * `applied_usage_thresholds` is sent only on progressive-billing invoices; `error_details`
 * explains a `failed` status (e.g. a tax error).
 */
export const Invoice = named<Invoice>(InvoiceCodec);
