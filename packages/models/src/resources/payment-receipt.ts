import * as t from 'io-ts';
import { PayableType, PaymentProviderType, PaymentStatus, PaymentType } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const PaymentNextActionCodec = struct(
  'PaymentNextAction',
  {
    type: t.string,
    redirect_to_url: nullable(
      struct('RedirectToUrl', { url: t.string }, { return_url: nullable(t.string) }),
    ),
  },
  {},
);
/** See {@link PaymentNextAction}. */
export interface PaymentNextAction extends t.TypeOf<typeof PaymentNextActionCodec> {}
/** What the payer must do next for a provider payment (e.g. a 3-D Secure redirect). */
export const PaymentNextAction = named<PaymentNextAction>(PaymentNextActionCodec);

const PaymentCodec = struct(
  'Payment',
  {
    svc_id: Uuid,
    svc_customer_id: Uuid,
    svc_payable_id: Uuid,
    external_customer_id: t.string,
    payable_type: PayableType,
    invoice_ids: array(Uuid),
    invoice_numbers: array(t.string),
    amount_cents: Cents,
    amount_currency: CurrencyCode,
    status: t.string,
    payment_status: PaymentStatus,
    type: PaymentType,
    reference: nullable(t.string),
    payment_provider_code: nullable(t.string),
    payment_provider_type: nullable(PaymentProviderType),
    external_payment_id: nullable(t.string),
    provider_payment_id: nullable(t.string),
    provider_customer_id: nullable(t.string),
    next_action: nullable(PaymentNextAction),
    created_at: Timestamp,
  },
  { payment_method_id: nullable(Uuid) },
);
/** A payment, see {@link Payment}. */
export interface Payment extends t.TypeOf<typeof PaymentCodec> {}
/**
 * A payment of one or more invoices. Manual payments carry `null` provider fields;
 * `status` is the provider's own free-form status (`Completed`, `succeeded`...).
 */
export const Payment = named<Payment>(PaymentCodec);

const PaymentReceiptCodec = struct(
  'PaymentReceipt',
  { svc_id: Uuid, number: t.string, created_at: Timestamp, payment: Payment },
  { file_url: nullable(t.string), xml_url: nullable(t.string) },
);
/** A payment receipt, see {@link PaymentReceipt}. */
export interface PaymentReceipt extends t.TypeOf<typeof PaymentReceiptCodec> {}
/** A payment receipt: a numbered document for one payment. */
export const PaymentReceipt = named<PaymentReceipt>(PaymentReceiptCodec);
