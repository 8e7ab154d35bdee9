import * as t from 'io-ts';
import {
  ActivationRuleType,
  OnTerminationCreditNote,
  OnTerminationInvoice,
  SubscriptionUpdateStatus,
} from '../enums';
import { array } from '../internal/array';
import { envelope } from '../internal/envelope';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { type StructC, struct } from '../internal/struct';
import { taggedUnion } from '../internal/tagged-union';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { DecimalString } from '../primitives/decimal-string';
import { Integer, NonNegativeNumber } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { FilterValues } from '../resources/charge';
import {
  ChargeProperties,
  chargePropertiesByModel,
  FixedChargeProperties,
} from '../resources/charge-properties';
import { FixedChargeUnits } from '../resources/fixed-charge';
import { InvoiceCustomSectionInput } from '../resources/invoice-custom-section';
import { RecordMetadata } from '../resources/metadata';
import { PaymentMethodInput } from '../resources/payment-method';

const UsageThresholdInputCodec = struct(
  'UsageThresholdInput',
  { amount_cents: Cents },
  { threshold_display_name: nullable(t.string), recurring: t.boolean },
);
/** See {@link UsageThresholdInput}. */
export interface UsageThresholdInput extends t.TypeOf<typeof UsageThresholdInputCodec> {}
/** A usage threshold in a request (`amount_cents` required). */
export const UsageThresholdInput = named<UsageThresholdInput>(UsageThresholdInputCodec);

const overrideFilter = <P extends t.Mixed>(properties: P) =>
  struct(
    'ChargeFilterOverride',
    { values: FilterValues, properties },
    { invoice_display_name: nullable(t.string) },
  );

const overrideOptional = {
  id: t.string,
  billable_metric_id: t.string,
  code: t.string,
  invoice_display_name: nullable(t.string),
  min_amount_cents: Cents,
  tax_codes: array(t.string),
  applied_pricing_unit: struct('AppliedPricingUnitInput', {}, { conversion_rate: DecimalString }),
};

type ModelName = keyof typeof chargePropertiesByModel;
type ChargeOverrideOfC<M extends ModelName> = StructC<
  { charge_model: t.LiteralC<M> },
  typeof overrideOptional & {
    properties: (typeof chargePropertiesByModel)[M];
    filters: t.ArrayC<ReturnType<typeof overrideFilter<(typeof chargePropertiesByModel)[M]>>>;
  }
>;

function chargeOverrideOf<M extends ModelName>(model: M): ChargeOverrideOfC<M> {
  const properties = chargePropertiesByModel[model];
  return struct(
    'ChargeOverride',
    { charge_model: t.literal(model) },
    { ...overrideOptional, properties, filters: array(overrideFilter(properties)) },
  );
}

/** A plan-override charge that names its `charge_model` `M`, see {@link ChargeOverride}. */
export type ChargeOverrideOf<M extends ModelName> = t.TypeOf<ChargeOverrideOfC<M>>;

const UntaggedChargeOverrideCodec = struct(
  'ChargeOverride',
  {},
  {
    ...overrideOptional,
    properties: ChargeProperties,
    filters: array(overrideFilter(ChargeProperties)),
  },
);
/** A plan-override charge without `charge_model`, see {@link ChargeOverride}. */
export interface UntaggedChargeOverride extends t.TypeOf<typeof UntaggedChargeOverrideCodec> {}

/** See {@link ChargeOverride}. */
export type ChargeOverride =
  | ChargeOverrideOf<'standard'>
  | ChargeOverrideOf<'graduated'>
  | ChargeOverrideOf<'graduated_percentage'>
  | ChargeOverrideOf<'package'>
  | ChargeOverrideOf<'percentage'>
  | ChargeOverrideOf<'volume'>
  | ChargeOverrideOf<'dynamic'>
  | ChargeOverrideOf<'custom'>
  | UntaggedChargeOverride;

const ChargeOverrideCodec = taggedUnion(
  'ChargeOverride',
  'charge_model',
  {
    standard: chargeOverrideOf('standard'),
    graduated: chargeOverrideOf('graduated'),
    graduated_percentage: chargeOverrideOf('graduated_percentage'),
    package: chargeOverrideOf('package'),
    percentage: chargeOverrideOf('percentage'),
    volume: chargeOverrideOf('volume'),
    dynamic: chargeOverrideOf('dynamic'),
    custom: chargeOverrideOf('custom'),
  },
  UntaggedChargeOverrideCodec,
);
/**
 * A charge of `plan_overrides.charges[]`: `id` names the plan's charge to override. With
 * `charge_model`, the properties (and filter properties) are checked against it; without,
 * the model is recognised from the properties' keys (see {@link ChargeProperties}).
 */
export const ChargeOverride = named<ChargeOverride>(ChargeOverrideCodec);

const FixedChargeOverrideCodec = struct(
  'FixedChargeOverride',
  { id: t.string },
  {
    invoice_display_name: nullable(t.string),
    units: FixedChargeUnits,
    apply_units_immediately: t.boolean,
    properties: FixedChargeProperties,
    tax_codes: array(t.string),
  },
);
/** See {@link FixedChargeOverride}. */
export interface FixedChargeOverride extends t.TypeOf<typeof FixedChargeOverrideCodec> {}
/** A fixed charge of `plan_overrides.fixed_charges[]` (`id` required). */
export const FixedChargeOverride = named<FixedChargeOverride>(FixedChargeOverrideCodec);

const PlanOverridesCodec = struct(
  'PlanOverrides',
  {},
  {
    amount_cents: Cents,
    amount_currency: CurrencyCode,
    description: nullable(t.string),
    invoice_display_name: nullable(t.string),
    name: t.string,
    tax_codes: array(t.string),
    trial_period: NonNegativeNumber,
    minimum_commitment: nullable(
      struct(
        'MinimumCommitmentOverride',
        { amount_cents: Cents },
        { invoice_display_name: nullable(t.string), tax_codes: array(t.string) },
      ),
    ),
    charges: array(ChargeOverride),
    fixed_charges: array(FixedChargeOverride),
    usage_thresholds: array(UsageThresholdInput),
    metadata: nullable(RecordMetadata),
  },
);
/** See {@link PlanOverrides}. */
export interface PlanOverrides extends t.TypeOf<typeof PlanOverridesCodec> {}
/** What a subscription changes of its plan, for itself only (`subscription.plan_overrides`). */
export const PlanOverrides = named<PlanOverrides>(PlanOverridesCodec);

const SubscriptionUpdateCodec = struct(
  'SubscriptionUpdate',
  {},
  {
    name: nullable(t.string),
    ending_at: nullable(Timestamp),
    subscription_at: Timestamp,
    on_termination_credit_note: OnTerminationCreditNote,
    on_termination_invoice: OnTerminationInvoice,
    progressive_billing_disabled: t.boolean,
    consolidate_invoice: t.boolean,
    billing_entity_code: t.string,
    purchase_order_number: nullable(t.string),
    activation_rules: array(
      struct('ActivationRuleInput', { type: ActivationRuleType }, { timeout_hours: Integer }),
    ),
    invoice_custom_section: InvoiceCustomSectionInput,
    payment_method: PaymentMethodInput,
    usage_thresholds: array(UsageThresholdInput),
    plan_overrides: PlanOverrides,
  },
);
/** See {@link SubscriptionUpdate}. */
export interface SubscriptionUpdate extends t.TypeOf<typeof SubscriptionUpdateCodec> {}
/** The updatable fields of a subscription (every one optional). */
export const SubscriptionUpdate = named<SubscriptionUpdate>(SubscriptionUpdateCodec);

const UpdateSubscriptionRequestCodec = envelope(
  'UpdateSubscriptionRequest',
  { subscription: SubscriptionUpdate },
  { status: SubscriptionUpdateStatus },
);
/** See {@link UpdateSubscriptionRequest}. */
export interface UpdateSubscriptionRequest
  extends t.TypeOf<typeof UpdateSubscriptionRequestCodec> {}
/**
 * The body of `PUT /subscriptions/{external_id}`: `{"subscription": {...}, "status"?: ...}`,
 * where `status` selects a pending subscription when an active one has the same id.
 */
export const UpdateSubscriptionRequest = named<UpdateSubscriptionRequest>(
  UpdateSubscriptionRequestCodec,
);
