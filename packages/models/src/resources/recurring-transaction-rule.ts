import * as t from 'io-ts';
import {
  BillingInterval,
  RecurringRuleMethod,
  RecurringRuleStatus,
  RecurringRuleTrigger,
} from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { DecimalString } from '../primitives/decimal-string';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { AppliedInvoiceCustomSection } from './invoice-custom-section';
import { KeyValue } from './metadata';
import { PaymentMethod } from './payment-method';

const RecurringTransactionRuleCodec = struct(
  'RecurringTransactionRule',
  {
    svc_id: Uuid,
    trigger: RecurringRuleTrigger,
    method: RecurringRuleMethod,
    interval: BillingInterval,
    status: RecurringRuleStatus,
    threshold_credits: DecimalString,
    paid_credits: DecimalString,
    granted_credits: DecimalString,
    target_ongoing_balance: nullable(DecimalString),
    started_at: nullable(Timestamp),
    created_at: Timestamp,
    expiration_at: nullable(Timestamp),
    invoice_requires_successful_payment: t.boolean,
    ignore_paid_top_up_limits: t.boolean,
    transaction_metadata: array(KeyValue),
    transaction_name: nullable(t.string),
    applied_invoice_custom_sections: array(AppliedInvoiceCustomSection),
    payment_method: PaymentMethod,
  },
  { grants_target_top_up: nullable(t.boolean), purchase_order_number: nullable(t.string) },
);
/** A recurring transaction rule, see {@link RecurringTransactionRule}. */
export interface RecurringTransactionRule extends t.TypeOf<typeof RecurringTransactionRuleCodec> {}
/**
 * A wallet's recurring top-up rule: every `interval` or when the balance falls under
 * `threshold_credits`, add `paid_credits` / `granted_credits` (`fixed`) or top up to
 * `target_ongoing_balance` (`target`).
 */
export const RecurringTransactionRule = named<RecurringTransactionRule>(
  RecurringTransactionRuleCodec,
);
