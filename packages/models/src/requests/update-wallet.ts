import * as t from 'io-ts';
import {
  BillingInterval,
  RecurringRuleMethod,
  RecurringRuleTrigger,
  WalletFeeType,
} from '../enums';
import { array } from '../internal/array';
import { envelope } from '../internal/envelope';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { DecimalString } from '../primitives/decimal-string';
import { Integer } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { InvoiceCustomSectionInput } from '../resources/invoice-custom-section';
import { KeyValue, RecordMetadata } from '../resources/metadata';
import { PaymentMethodInput } from '../resources/payment-method';

const RecurringTransactionRuleInputCodec = struct(
  'RecurringTransactionRuleInput',
  {},
  {
    svc_id: Uuid,
    trigger: RecurringRuleTrigger,
    method: RecurringRuleMethod,
    interval: BillingInterval,
    threshold_credits: DecimalString,
    paid_credits: nullable(DecimalString),
    granted_credits: nullable(DecimalString),
    grants_target_top_up: nullable(t.boolean),
    started_at: nullable(Timestamp),
    expiration_at: nullable(Timestamp),
    target_ongoing_balance: nullable(DecimalString),
    invoice_requires_successful_payment: t.boolean,
    ignore_paid_top_up_limits: t.boolean,
    transaction_name: nullable(t.string),
    transaction_metadata: array(KeyValue),
    purchase_order_number: nullable(t.string),
    invoice_custom_section: InvoiceCustomSectionInput,
    payment_method: PaymentMethodInput,
  },
);
/** See {@link RecurringTransactionRuleInput}. */
export interface RecurringTransactionRuleInput
  extends t.TypeOf<typeof RecurringTransactionRuleInputCodec> {}
/** A recurring transaction rule in a wallet update; `svc_id` targets an existing rule. */
export const RecurringTransactionRuleInput = named<RecurringTransactionRuleInput>(
  RecurringTransactionRuleInputCodec,
);

const WalletUpdateCodec = struct(
  'WalletUpdate',
  {},
  {
    name: nullable(t.string),
    code: nullable(t.string),
    priority: Integer,
    expiration_at: nullable(Timestamp),
    invoice_requires_successful_payment: t.boolean,
    paid_top_up_min_amount_cents: nullable(Cents),
    paid_top_up_max_amount_cents: nullable(Cents),
    billing_entity_code: t.string,
    purchase_order_number: nullable(t.string),
    metadata: nullable(RecordMetadata),
    applies_to: nullable(
      struct(
        'WalletAppliesToInput',
        {},
        { fee_types: array(WalletFeeType), billable_metric_codes: array(t.string) },
      ),
    ),
    invoice_custom_section: InvoiceCustomSectionInput,
    payment_method: PaymentMethodInput,
    recurring_transaction_rules: array(RecurringTransactionRuleInput),
  },
);
/** See {@link WalletUpdate}. */
export interface WalletUpdate extends t.TypeOf<typeof WalletUpdateCodec> {}
/** The updatable fields of a wallet (every one optional). */
export const WalletUpdate = named<WalletUpdate>(WalletUpdateCodec);

const UpdateWalletRequestCodec = envelope('UpdateWalletRequest', { wallet: WalletUpdate }, {});
/** See {@link UpdateWalletRequest}. */
export interface UpdateWalletRequest extends t.TypeOf<typeof UpdateWalletRequestCodec> {}
/** The body of `PUT /wallets/{svc_id}`: `{"wallet": {...}}`. */
export const UpdateWalletRequest = named<UpdateWalletRequest>(UpdateWalletRequestCodec);
