import * as t from 'io-ts';
import { array } from '../internal/array';
import { envelope } from '../internal/envelope';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { DecimalString } from '../primitives/decimal-string';
import { Integer } from '../primitives/numbers';
import { InvoiceCustomSectionInput } from '../resources/invoice-custom-section';
import { KeyValue } from '../resources/metadata';
import { PaymentMethodInput } from '../resources/payment-method';

const WalletTransactionInputCodec = struct(
  'WalletTransactionInput',
  { wallet_id: t.string },
  {
    paid_credits: nullable(DecimalString),
    granted_credits: nullable(DecimalString),
    voided_credits: nullable(DecimalString),
    name: nullable(t.string),
    invoice_requires_successful_payment: t.boolean,
    ignore_paid_top_up_limits: t.boolean,
    purchase_order_number: nullable(t.string),
    metadata: nullable(array(KeyValue)),
    invoice_custom_section: InvoiceCustomSectionInput,
    payment_method: PaymentMethodInput,
    voided_transaction_id: t.string,
    priority: Integer,
  },
);
/** See {@link WalletTransactionInput}. */
export interface WalletTransactionInput extends t.TypeOf<typeof WalletTransactionInputCodec> {}
/** A wallet top-up, grant or void: credits to add to (or remove from) `wallet_id`. */
export const WalletTransactionInput = named<WalletTransactionInput>(WalletTransactionInputCodec);

const CreateWalletTransactionRequestCodec = envelope(
  'CreateWalletTransactionRequest',
  { wallet_transaction: WalletTransactionInput },
  {},
);
/** See {@link CreateWalletTransactionRequest}. */
export interface CreateWalletTransactionRequest
  extends t.TypeOf<typeof CreateWalletTransactionRequestCodec> {}
/** The body of `POST /wallet_transactions`: `{"wallet_transaction": {...}}`. */
export const CreateWalletTransactionRequest = named<CreateWalletTransactionRequest>(
  CreateWalletTransactionRequestCodec,
);
