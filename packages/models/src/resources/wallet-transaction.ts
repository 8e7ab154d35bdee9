import * as t from 'io-ts';
import {
  WalletTransactionKind,
  WalletTransactionSource,
  WalletTransactionStatus,
  WalletTransactionType,
} from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { DecimalString } from '../primitives/decimal-string';
import { Integer } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { AppliedInvoiceCustomSection } from './invoice-custom-section';
import { KeyValue } from './metadata';
import { PaymentMethod } from './payment-method';

const WalletTransactionCodec = struct(
  'WalletTransaction',
  {
    svc_id: Uuid,
    svc_wallet_id: Uuid,
    svc_voided_invoice_id: nullable(Uuid),
    status: WalletTransactionStatus,
    source: WalletTransactionSource,
    transaction_status: WalletTransactionKind,
    transaction_type: WalletTransactionType,
    amount: DecimalString,
    credit_amount: DecimalString,
    remaining_credit_amount: nullable(DecimalString),
    remaining_amount_cents: nullable(Cents),
    name: nullable(t.string),
    invoice_requires_successful_payment: t.boolean,
    metadata: array(KeyValue),
    created_at: Timestamp,
    settled_at: nullable(Timestamp),
    failed_at: nullable(Timestamp),
    payment_method: PaymentMethod,
  },
  {
    applied_invoice_custom_sections: array(AppliedInvoiceCustomSection),
    svc_invoice_id: nullable(Uuid),
    svc_credit_note_id: nullable(Uuid),
    priority: Integer,
    purchase_order_number: nullable(t.string),
    billing_entity_code: t.string,
  },
);
/** A wallet transaction, see {@link WalletTransaction}. */
export interface WalletTransaction extends t.TypeOf<typeof WalletTransactionCodec> {}
/**
 * A movement of a wallet's credits: purchased, granted, voided or invoiced, inbound or
 * outbound. `applied_invoice_custom_sections` is sent only by `GET /wallet_transactions/{id}`.
 */
export const WalletTransaction = named<WalletTransaction>(WalletTransactionCodec);
