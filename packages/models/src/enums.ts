/**
 * Every closed set of strings of the wire format, with its full set of values (the
 * reference's OpenAPI sets plus the values its models accept, marked "+model" in
 * reference/wire-models.md section 1). A value outside the set is a decode error whose
 * `expected` lists the allowed values. Open-ended fields (activity types, resource types,
 * provider payment methods, a payment's provider `status`) are plain strings elsewhere.
 */
import type * as t from 'io-ts';
import { enumeration } from './internal/enumeration';

/** Charge models of a charge (and of a plan-override charge); `custom` is +model. */
export const ChargeModel = enumeration([
  'standard',
  'graduated',
  'graduated_percentage',
  'package',
  'percentage',
  'volume',
  'dynamic',
  'custom',
]);
/** A charge model, see {@link ChargeModel}. */
export type ChargeModel = t.TypeOf<typeof ChargeModel>;

/** Charge models of a fixed charge. */
export const FixedChargeModel = enumeration(['standard', 'graduated', 'volume']);
/** A fixed-charge model, see {@link FixedChargeModel}. */
export type FixedChargeModel = t.TypeOf<typeof FixedChargeModel>;

/** Aggregation types of a billable metric; `custom_agg` is +model. */
export const AggregationType = enumeration([
  'count_agg',
  'sum_agg',
  'max_agg',
  'unique_count_agg',
  'weighted_sum_agg',
  'latest_agg',
  'custom_agg',
]);
/** An aggregation type, see {@link AggregationType}. */
export type AggregationType = t.TypeOf<typeof AggregationType>;

/** Rounding functions of a billable metric. */
export const RoundingFunction = enumeration(['round', 'ceil', 'floor']);
/** A rounding function, see {@link RoundingFunction}. */
export type RoundingFunction = t.TypeOf<typeof RoundingFunction>;

/** Weighted intervals of a weighted-sum billable metric. */
export const WeightedInterval = enumeration(['seconds']);
/** A weighted interval, see {@link WeightedInterval}. */
export type WeightedInterval = t.TypeOf<typeof WeightedInterval>;

/** Billing intervals of plans, minimum commitments and recurring transaction rules. */
export const BillingInterval = enumeration([
  'weekly',
  'monthly',
  'quarterly',
  'semiannual',
  'yearly',
]);
/** A billing interval, see {@link BillingInterval}. */
export type BillingInterval = t.TypeOf<typeof BillingInterval>;

/** Billing times of a subscription. */
export const BillingTime = enumeration(['calendar', 'anniversary']);
/** A billing time, see {@link BillingTime}. */
export type BillingTime = t.TypeOf<typeof BillingTime>;

/** Statuses of a subscription. */
export const SubscriptionStatus = enumeration([
  'active',
  'pending',
  'canceled',
  'terminated',
  'incomplete',
]);
/** A subscription status, see {@link SubscriptionStatus}. */
export type SubscriptionStatus = t.TypeOf<typeof SubscriptionStatus>;

/**
 * The `status` a subscription update targets (query parameter and body attribute of
 * `PUT /subscriptions/{external_id}`); the reference's controller also accepts `incomplete`.
 */
export const SubscriptionUpdateStatus = enumeration(['active', 'pending', 'incomplete']);
/** A subscription update status, see {@link SubscriptionUpdateStatus}. */
export type SubscriptionUpdateStatus = t.TypeOf<typeof SubscriptionUpdateStatus>;

/** What terminating a subscription does with unused pay-in-advance amounts. */
export const OnTerminationCreditNote = enumeration(['credit', 'refund', 'offset', 'skip']);
/** See {@link OnTerminationCreditNote}. */
export type OnTerminationCreditNote = t.TypeOf<typeof OnTerminationCreditNote>;

/** Whether terminating a subscription generates a closing invoice. */
export const OnTerminationInvoice = enumeration(['generate', 'skip']);
/** See {@link OnTerminationInvoice}. */
export type OnTerminationInvoice = t.TypeOf<typeof OnTerminationInvoice>;

/** Why a subscription was canceled. */
export const CancellationReason = enumeration(['payment_failed', 'timeout']);
/** See {@link CancellationReason}. */
export type CancellationReason = t.TypeOf<typeof CancellationReason>;

/** Types of a subscription activation rule. */
export const ActivationRuleType = enumeration(['payment']);
/** See {@link ActivationRuleType}. */
export type ActivationRuleType = t.TypeOf<typeof ActivationRuleType>;

/** Statuses of a subscription activation rule. */
export const ActivationRuleStatus = enumeration([
  'inactive',
  'pending',
  'satisfied',
  'declined',
  'failed',
  'expired',
  'not_applicable',
]);
/** See {@link ActivationRuleStatus}. */
export type ActivationRuleStatus = t.TypeOf<typeof ActivationRuleStatus>;

/** Statuses of a wallet. */
export const WalletStatus = enumeration(['active', 'terminated']);
/** See {@link WalletStatus}. */
export type WalletStatus = t.TypeOf<typeof WalletStatus>;

/** Fee types a wallet's credits apply to (`applies_to.fee_types`). */
export const WalletFeeType = enumeration(['charge', 'subscription', 'commitment']);
/** See {@link WalletFeeType}. */
export type WalletFeeType = t.TypeOf<typeof WalletFeeType>;

/** What triggers a recurring transaction rule. */
export const RecurringRuleTrigger = enumeration(['interval', 'threshold']);
/** See {@link RecurringRuleTrigger}. */
export type RecurringRuleTrigger = t.TypeOf<typeof RecurringRuleTrigger>;

/** How a recurring transaction rule computes its top-up. */
export const RecurringRuleMethod = enumeration(['fixed', 'target']);
/** See {@link RecurringRuleMethod}. */
export type RecurringRuleMethod = t.TypeOf<typeof RecurringRuleMethod>;

/** Statuses of a recurring transaction rule. */
export const RecurringRuleStatus = enumeration(['active', 'terminated']);
/** See {@link RecurringRuleStatus}. */
export type RecurringRuleStatus = t.TypeOf<typeof RecurringRuleStatus>;

/** Statuses of a wallet transaction (`status`). */
export const WalletTransactionStatus = enumeration(['pending', 'settled', 'failed']);
/** See {@link WalletTransactionStatus}. */
export type WalletTransactionStatus = t.TypeOf<typeof WalletTransactionStatus>;

/** What a wallet transaction did (`transaction_status`). */
export const WalletTransactionKind = enumeration(['purchased', 'granted', 'voided', 'invoiced']);
/** See {@link WalletTransactionKind}. */
export type WalletTransactionKind = t.TypeOf<typeof WalletTransactionKind>;

/** Direction of a wallet transaction (`transaction_type`). */
export const WalletTransactionType = enumeration(['inbound', 'outbound']);
/** See {@link WalletTransactionType}. */
export type WalletTransactionType = t.TypeOf<typeof WalletTransactionType>;

/** What created a wallet transaction (`source`). */
export const WalletTransactionSource = enumeration(['manual', 'interval', 'threshold']);
/** See {@link WalletTransactionSource}. */
export type WalletTransactionSource = t.TypeOf<typeof WalletTransactionSource>;

/** Types of a payment method reference. */
export const PaymentMethodType = enumeration(['provider', 'manual']);
/** See {@link PaymentMethodType}. */
export type PaymentMethodType = t.TypeOf<typeof PaymentMethodType>;

/** Types of a coupon. */
export const CouponType = enumeration(['fixed_amount', 'percentage']);
/** See {@link CouponType}. */
export type CouponType = t.TypeOf<typeof CouponType>;

/** How often a coupon applies. */
export const CouponFrequency = enumeration(['once', 'recurring', 'forever']);
/** See {@link CouponFrequency}. */
export type CouponFrequency = t.TypeOf<typeof CouponFrequency>;

/** Whether a coupon expires. */
export const CouponExpiration = enumeration(['no_expiration', 'time_limit']);
/** See {@link CouponExpiration}. */
export type CouponExpiration = t.TypeOf<typeof CouponExpiration>;

/** Statuses of an applied coupon (`status` and `coupon_status`). */
export const AppliedCouponStatus = enumeration(['active', 'terminated']);
/** See {@link AppliedCouponStatus}. */
export type AppliedCouponStatus = t.TypeOf<typeof AppliedCouponStatus>;

/** Statuses of an invoice. */
export const InvoiceStatus = enumeration([
  'draft',
  'finalized',
  'voided',
  'failed',
  'pending',
  'deleted',
]);
/** See {@link InvoiceStatus}. */
export type InvoiceStatus = t.TypeOf<typeof InvoiceStatus>;

/** Types of an invoice; `advance_charges` is +model. */
export const InvoiceType = enumeration([
  'subscription',
  'add_on',
  'credit',
  'one_off',
  'progressive_billing',
  'advance_charges',
]);
/** See {@link InvoiceType}. */
export type InvoiceType = t.TypeOf<typeof InvoiceType>;

/** Payment statuses of an invoice (also `credits[].invoice.payment_status`). */
export const InvoicePaymentStatus = enumeration(['pending', 'succeeded', 'failed']);
/** See {@link InvoicePaymentStatus}. */
export type InvoicePaymentStatus = t.TypeOf<typeof InvoicePaymentStatus>;

/** Why a billing period is on an invoice (`billing_periods[].invoicing_reason`). */
export const InvoicingReason = enumeration([
  'subscription_starting',
  'subscription_periodic',
  'subscription_terminating',
  'in_advance_charge',
  'in_advance_charge_periodic',
  'progressive_billing',
]);
/** See {@link InvoicingReason}. */
export type InvoicingReason = t.TypeOf<typeof InvoicingReason>;

/** What an invoice credit comes from (`credits[].item.type`). */
export const CreditItemType = enumeration(['coupon', 'credit_note', 'invoice']);
/** See {@link CreditItemType}. */
export type CreditItemType = t.TypeOf<typeof CreditItemType>;

/** Error codes of `error_details[]` on invoices, credit notes and customers. */
export const ErrorDetailCode = enumeration([
  'not_provided',
  'tax_error',
  'tax_voiding_error',
  'invoice_generation_error',
]);
/** See {@link ErrorDetailCode}. */
export type ErrorDetailCode = t.TypeOf<typeof ErrorDetailCode>;

/** Payment statuses of a fee. */
export const FeePaymentStatus = enumeration(['pending', 'succeeded', 'failed', 'refunded']);
/** See {@link FeePaymentStatus}. */
export type FeePaymentStatus = t.TypeOf<typeof FeePaymentStatus>;

/** What a fee is for (`item.type`); `product` is +model. */
export const FeeItemType = enumeration([
  'subscription',
  'charge',
  'fixed_charge',
  'add_on',
  'credit',
  'commitment',
  'product',
]);
/** See {@link FeeItemType}. */
export type FeeItemType = t.TypeOf<typeof FeeItemType>;

/** The class of the record a fee is for (`item.item_type`). */
export const FeeItemClass = enumeration([
  'Subscription',
  'BillableMetric',
  'AddOn',
  'WalletTransaction',
]);
/** See {@link FeeItemClass}. */
export type FeeItemClass = t.TypeOf<typeof FeeItemClass>;

/** Credit statuses of a credit note. */
export const CreditNoteCreditStatus = enumeration(['available', 'consumed', 'voided']);
/** See {@link CreditNoteCreditStatus}. */
export type CreditNoteCreditStatus = t.TypeOf<typeof CreditNoteCreditStatus>;

/** Refund statuses of a credit note. */
export const CreditNoteRefundStatus = enumeration(['pending', 'succeeded', 'failed']);
/** See {@link CreditNoteRefundStatus}. */
export type CreditNoteRefundStatus = t.TypeOf<typeof CreditNoteRefundStatus>;

/** Reasons of a credit note. */
export const CreditNoteReason = enumeration([
  'duplicated_charge',
  'product_unsatisfactory',
  'order_change',
  'order_cancellation',
  'fraudulent_charge',
  'other',
]);
/** See {@link CreditNoteReason}. */
export type CreditNoteReason = t.TypeOf<typeof CreditNoteReason>;

/** How paid pay-in-advance fees are regrouped (`charge.regroup_paid_fees`). */
export const RegroupPaidFees = enumeration(['invoice']);
/** See {@link RegroupPaidFees}. */
export type RegroupPaidFees = t.TypeOf<typeof RegroupPaidFees>;

/** Value types of an entitlement privilege. */
export const PrivilegeValueType = enumeration(['integer', 'boolean', 'string', 'select']);
/** See {@link PrivilegeValueType}. */
export type PrivilegeValueType = t.TypeOf<typeof PrivilegeValueType>;

/** Account types of a customer. */
export const AccountType = enumeration(['customer', 'partner']);
/** See {@link AccountType}. */
export type AccountType = t.TypeOf<typeof AccountType>;

/** Customer types of a customer. */
export const CustomerType = enumeration(['company', 'individual']);
/** See {@link CustomerType}. */
export type CustomerType = t.TypeOf<typeof CustomerType>;

/** What a customer does with zero-amount invoices. */
export const FinalizeZeroAmountInvoice = enumeration(['inherit', 'skip', 'finalize']);
/** See {@link FinalizeZeroAmountInvoice}. */
export type FinalizeZeroAmountInvoice = t.TypeOf<typeof FinalizeZeroAmountInvoice>;

/** Anchor of a subscription invoice's issuing date. */
export const IssuingDateAnchor = enumeration(['current_period_end', 'next_period_start']);
/** See {@link IssuingDateAnchor}. */
export type IssuingDateAnchor = t.TypeOf<typeof IssuingDateAnchor>;

/** Adjustment of a subscription invoice's issuing date. */
export const IssuingDateAdjustment = enumeration(['keep_anchor', 'align_with_finalization_date']);
/** See {@link IssuingDateAdjustment}. */
export type IssuingDateAdjustment = t.TypeOf<typeof IssuingDateAdjustment>;

/** Payment providers of a customer's billing configuration (the reference's model set). */
export const PaymentProvider = enumeration([
  'stripe',
  'gocardless',
  'cashfree',
  'adyen',
  'flutterwave',
  'moneyhash',
]);
/** See {@link PaymentProvider}. */
export type PaymentProvider = t.TypeOf<typeof PaymentProvider>;

/** Integration types of a customer's `integration_customers[]`; `avalara` is sent too. */
export const IntegrationType = enumeration([
  'netsuite',
  'anrok',
  'xero',
  'hubspot',
  'salesforce',
  'avalara',
]);
/** See {@link IntegrationType}. */
export type IntegrationType = t.TypeOf<typeof IntegrationType>;

/** How a billing entity numbers its documents. */
export const DocumentNumbering = enumeration(['per_customer', 'per_billing_entity']);
/** See {@link DocumentNumbering}. */
export type DocumentNumbering = t.TypeOf<typeof DocumentNumbering>;

/** E-mails a billing entity sends (`email_settings[]`). */
export const EmailSetting = enumeration([
  'invoice.finalized',
  'credit_note.created',
  'payment_receipt.created',
]);
/** See {@link EmailSetting}. */
export type EmailSetting = t.TypeOf<typeof EmailSetting>;

/** What a payment pays. */
export const PayableType = enumeration(['Invoice', 'PaymentRequest']);
/** See {@link PayableType}. */
export type PayableType = t.TypeOf<typeof PayableType>;

/** Payment statuses of a payment. */
export const PaymentStatus = enumeration(['pending', 'processing', 'succeeded', 'failed']);
/** See {@link PaymentStatus}. */
export type PaymentStatus = t.TypeOf<typeof PaymentStatus>;

/** Types of a payment. */
export const PaymentType = enumeration(['manual', 'provider']);
/** See {@link PaymentType}. */
export type PaymentType = t.TypeOf<typeof PaymentType>;

/** Provider types of a payment. */
export const PaymentProviderType = enumeration([
  'adyen',
  'cashfree',
  'gocardless',
  'stripe',
  'flutterwave',
  'moneyhash',
]);
/** See {@link PaymentProviderType}. */
export type PaymentProviderType = t.TypeOf<typeof PaymentProviderType>;

/** Where an activity came from. */
export const ActivitySource = enumeration(['api', 'front', 'system']);
/** See {@link ActivitySource}. */
export type ActivitySource = t.TypeOf<typeof ActivitySource>;

/** Signature algorithms of a webhook endpoint. */
export const SignatureAlgo = enumeration(['jwt', 'hmac']);
/** See {@link SignatureAlgo}. */
export type SignatureAlgo = t.TypeOf<typeof SignatureAlgo>;
