import * as t from 'io-ts';
import { CreditNoteCreditStatus, CreditNoteReason, CreditNoteRefundStatus } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { DecimalString } from '../primitives/decimal-string';
import { IsoDate } from '../primitives/iso-date';
import { Integer, Rate } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { CreditNoteAppliedTax } from './applied-tax';
import { Customer } from './customer';
import { ErrorDetail } from './error-detail';
import { Fee } from './fee';
import { RecordMetadata } from './metadata';

const CreditNoteItemCodec = struct(
  'CreditNoteItem',
  { svc_id: Uuid, amount_cents: Cents, amount_currency: CurrencyCode, fee: Fee },
  { precise_amount_cents: DecimalString },
);
/** See {@link CreditNoteItem}. */
export interface CreditNoteItem extends t.TypeOf<typeof CreditNoteItemCodec> {}
/** A line of a credit note: an amount credited back on one fee of the invoice. */
export const CreditNoteItem = named<CreditNoteItem>(CreditNoteItemCodec);

const CreditNoteCodec = struct(
  'CreditNote',
  {
    svc_id: Uuid,
    svc_invoice_id: Uuid,
    billing_entity_code: t.string,
    number: t.string,
    invoice_number: t.string,
    sequential_id: Integer,
    issuing_date: IsoDate,
    credit_status: nullable(CreditNoteCreditStatus),
    refund_status: nullable(CreditNoteRefundStatus),
    reason: CreditNoteReason,
    description: nullable(t.string),
    currency: CurrencyCode,
    total_amount_cents: Cents,
    taxes_amount_cents: Cents,
    taxes_rate: Rate,
    sub_total_excluding_taxes_amount_cents: Cents,
    balance_amount_cents: Cents,
    credit_amount_cents: Cents,
    refund_amount_cents: Cents,
    offset_amount_cents: Cents,
    coupons_adjustment_amount_cents: Cents,
    created_at: Timestamp,
    updated_at: Timestamp,
    file_url: nullable(t.string),
    self_billed: t.boolean,
    items: array(CreditNoteItem),
    applied_taxes: array(CreditNoteAppliedTax),
    customer: Customer,
    error_details: nullable(array(ErrorDetail)),
  },
  {
    metadata: nullable(RecordMetadata),
    purchase_order_number: nullable(t.string),
    precise_total_amount_cents: DecimalString,
    precise_taxes_amount_cents: DecimalString,
    xml_url: nullable(t.string),
  },
);
/** A credit note, see {@link CreditNote}. */
export interface CreditNote extends t.TypeOf<typeof CreditNoteCodec> {}
/**
 * A credit note on an invoice: what is credited, refunded or offset, per fee, with taxes.
 * `metadata` is left out when the credit note has none.
 */
export const CreditNote = named<CreditNote>(CreditNoteCodec);
