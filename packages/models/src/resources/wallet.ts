import * as t from 'io-ts';
import { WalletFeeType, WalletStatus } from '../enums';
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
import { AppliedInvoiceCustomSection } from './invoice-custom-section';
import { RecordMetadata } from './metadata';
import { PaymentMethod } from './payment-method';
import { RecurringTransactionRule } from './recurring-transaction-rule';

const WalletAppliesToCodec = struct(
  'WalletAppliesTo',
  { fee_types: array(WalletFeeType), billable_metric_codes: array(t.string) },
  {},
);
/** See {@link WalletAppliesTo}. */
export interface WalletAppliesTo extends t.TypeOf<typeof WalletAppliesToCodec> {}
/** What a wallet's credits may pay for: fee types and billable metric codes (empty: all). */
export const WalletAppliesTo = named<WalletAppliesTo>(WalletAppliesToCodec);

const WalletCodec = struct(
  'Wallet',
  {
    svc_id: Uuid,
    svc_customer_id: Uuid,
    external_customer_id: t.string,
    status: WalletStatus,
    currency: CurrencyCode,
    name: nullable(t.string),
    code: nullable(t.string),
    priority: Integer,
    rate_amount: DecimalString,
    credits_balance: DecimalString,
    balance_cents: Cents,
    consumed_credits: DecimalString,
    ongoing_balance_cents: Cents,
    ongoing_usage_balance_cents: Cents,
    credits_ongoing_balance: DecimalString,
    credits_ongoing_usage_balance: DecimalString,
    paid_top_up_min_amount_cents: nullable(Cents),
    paid_top_up_max_amount_cents: nullable(Cents),
    invoice_requires_successful_payment: t.boolean,
    created_at: Timestamp,
    expiration_at: nullable(Timestamp),
    last_balance_sync_at: nullable(Timestamp),
    last_consumed_credit_at: nullable(Timestamp),
    terminated_at: nullable(Timestamp),
    applies_to: WalletAppliesTo,
    recurring_transaction_rules: array(RecurringTransactionRule),
    applied_invoice_custom_sections: array(AppliedInvoiceCustomSection),
    payment_method: PaymentMethod,
  },
  {
    metadata: nullable(RecordMetadata),
    billing_entity_code: t.string,
    purchase_order_number: nullable(t.string),
  },
);
/** A wallet, see {@link Wallet}. */
export interface Wallet extends t.TypeOf<typeof WalletCodec> {}
/**
 * A customer's prepaid-credit wallet: balances in credits (decimal strings) and in cents,
 * the credit rate, consumption order (`priority`), scope (`applies_to`) and recurring top-up
 * rules. `metadata` is left out when the wallet has none.
 */
export const Wallet = named<Wallet>(WalletCodec);
