import * as t from 'io-ts';
import {
  ActivationRuleStatus,
  ActivationRuleType,
  BillingTime,
  CancellationReason,
  OnTerminationCreditNote,
  OnTerminationInvoice,
  SubscriptionStatus,
} from '../enums';
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
import { PlanEntitlement } from './entitlement';
import { AppliedInvoiceCustomSection } from './invoice-custom-section';
import { PaymentMethod } from './payment-method';
import { Plan } from './plan';
import { UsageThreshold } from './usage-threshold';

const ActivationRuleCodec = struct(
  'ActivationRule',
  {
    svc_id: Uuid,
    type: ActivationRuleType,
    timeout_hours: nullable(Integer),
    status: ActivationRuleStatus,
    expires_at: nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  {},
);
/** See {@link ActivationRule}. */
export interface ActivationRule extends t.TypeOf<typeof ActivationRuleCodec> {}
/** A condition a subscription waits for before it activates (e.g. a first payment). */
export const ActivationRule = named<ActivationRule>(ActivationRuleCodec);

const SubscriptionCodec = struct(
  'Subscription',
  {
    svc_id: Uuid,
    svc_customer_id: Uuid,
    external_id: t.string,
    external_customer_id: t.string,
    name: nullable(t.string),
    plan_code: t.string,
    billing_time: BillingTime,
    status: SubscriptionStatus,
    created_at: Timestamp,
    canceled_at: nullable(Timestamp),
    started_at: nullable(Timestamp),
    ending_at: nullable(Timestamp),
    subscription_at: nullable(Timestamp),
    terminated_at: nullable(Timestamp),
    trial_ended_at: nullable(Timestamp),
    current_billing_period_started_at: nullable(Timestamp),
    current_billing_period_ending_at: nullable(Timestamp),
    previous_plan_code: nullable(t.string),
    next_plan_code: nullable(t.string),
    downgrade_plan_date: nullable(IsoDate),
    on_termination_credit_note: nullable(OnTerminationCreditNote),
    on_termination_invoice: OnTerminationInvoice,
    plan_amount_cents: Cents,
    plan_amount_currency: CurrencyCode,
    payment_method: PaymentMethod,
  },
  {
    applied_invoice_custom_sections: array(AppliedInvoiceCustomSection),
    billing_entity_code: t.string,
    consolidate_invoice: t.boolean,
    cancellation_reason: nullable(CancellationReason),
    activated_at: nullable(Timestamp),
    activation_rules: array(ActivationRule),
    purchase_order_number: nullable(t.string),
    progressive_billing_disabled: t.boolean,
    plan: Plan,
    applicable_usage_thresholds: array(UsageThreshold),
    entitlements: array(PlanEntitlement),
  },
);
/** A subscription, see {@link Subscription}. */
export interface Subscription extends t.TypeOf<typeof SubscriptionCodec> {}
/**
 * A customer's subscription to a plan, identified to callers by `external_id`. Single
 * subscription responses also embed the `plan` (without fixed charges and entitlements)
 * and its `applicable_usage_thresholds`; subscriptions embedded in an invoice carry neither,
 * nor `applied_invoice_custom_sections`.
 */
export const Subscription = named<Subscription>(SubscriptionCodec);
