import * as t from 'io-ts';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { Rate } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const appliedTaxProps = {
  svc_tax_id: nullable(Uuid),
  tax_name: t.string,
  tax_code: t.string,
  tax_description: nullable(t.string),
  tax_rate: Rate,
  amount_cents: Cents,
  amount_currency: CurrencyCode,
};

const AppliedTaxCodec = struct(
  'AppliedTax',
  {
    ...appliedTaxProps,
    svc_id: nullable(Uuid),
    svc_fee_id: nullable(Uuid),
    created_at: nullable(Timestamp),
  },
  {},
);
/** A tax applied to a fee, see {@link AppliedTax}. */
export interface AppliedTax extends t.TypeOf<typeof AppliedTaxCodec> {}
/**
 * A tax applied to a fee (`fees[].applied_taxes[]`). On the fees of `POST
 * /events/estimate_fees` nothing is stored, so `svc_id`, `svc_fee_id` and `created_at` are
 * `null` there.
 */
export const AppliedTax = named<AppliedTax>(AppliedTaxCodec);

const InvoiceAppliedTaxCodec = struct(
  'InvoiceAppliedTax',
  {
    ...appliedTaxProps,
    svc_id: Uuid,
    svc_invoice_id: Uuid,
    fees_amount_cents: Cents,
    created_at: Timestamp,
  },
  {},
);
/** A tax applied to an invoice, see {@link InvoiceAppliedTax}. */
export interface InvoiceAppliedTax extends t.TypeOf<typeof InvoiceAppliedTaxCodec> {}
/** A tax applied to an invoice (`invoice.applied_taxes[]`), with `fees_amount_cents`. */
export const InvoiceAppliedTax = named<InvoiceAppliedTax>(InvoiceAppliedTaxCodec);

const CreditNoteAppliedTaxCodec = struct(
  'CreditNoteAppliedTax',
  {
    ...appliedTaxProps,
    svc_id: Uuid,
    svc_credit_note_id: Uuid,
    base_amount_cents: Cents,
    created_at: Timestamp,
  },
  {},
);
/** A tax applied to a credit note, see {@link CreditNoteAppliedTax}. */
export interface CreditNoteAppliedTax extends t.TypeOf<typeof CreditNoteAppliedTaxCodec> {}
/** A tax applied to a credit note (`credit_note.applied_taxes[]`), with `base_amount_cents`. */
export const CreditNoteAppliedTax = named<CreditNoteAppliedTax>(CreditNoteAppliedTaxCodec);
