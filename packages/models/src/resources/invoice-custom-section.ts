import * as t from 'io-ts';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const InvoiceCustomSectionCodec = struct(
  'InvoiceCustomSection',
  {
    svc_id: Uuid,
    name: t.string,
    code: t.string,
    description: nullable(t.string),
    details: nullable(t.string),
    display_name: nullable(t.string),
    applied_to_organization: t.boolean,
    created_at: Timestamp,
  },
  { organization_id: Uuid },
);
/** An invoice custom section, see {@link InvoiceCustomSection}. */
export interface InvoiceCustomSection extends t.TypeOf<typeof InvoiceCustomSectionCodec> {}
/** An invoice custom section (a block of text printed on invoices). */
export const InvoiceCustomSection = named<InvoiceCustomSection>(InvoiceCustomSectionCodec);

const AppliedInvoiceCustomSectionCodec = struct(
  'AppliedInvoiceCustomSection',
  { svc_id: Uuid, invoice_custom_section_id: Uuid, created_at: Timestamp },
  { invoice_custom_section: InvoiceCustomSection },
);
/** See {@link AppliedInvoiceCustomSection}. */
export interface AppliedInvoiceCustomSection
  extends t.TypeOf<typeof AppliedInvoiceCustomSectionCodec> {}
/**
 * An invoice custom section applied to a wallet, rule, wallet transaction or subscription
 * (`applied_invoice_custom_sections[]`). The reference also embeds the section itself.
 */
export const AppliedInvoiceCustomSection = named<AppliedInvoiceCustomSection>(
  AppliedInvoiceCustomSectionCodec,
);

const InvoiceAppliedCustomSectionCodec = struct(
  'InvoiceAppliedCustomSection',
  {
    svc_id: Uuid,
    svc_invoice_id: Uuid,
    code: t.string,
    details: nullable(t.string),
    display_name: nullable(t.string),
    created_at: Timestamp,
  },
  {},
);
/** See {@link InvoiceAppliedCustomSection}. */
export interface InvoiceAppliedCustomSection
  extends t.TypeOf<typeof InvoiceAppliedCustomSectionCodec> {}
/** An invoice custom section as printed on an invoice (`invoice.applied_invoice_custom_sections[]`). */
export const InvoiceAppliedCustomSection = named<InvoiceAppliedCustomSection>(
  InvoiceAppliedCustomSectionCodec,
);

const InvoiceCustomSectionInputCodec = struct(
  'InvoiceCustomSectionInput',
  {},
  { skip_invoice_custom_sections: t.boolean, invoice_custom_section_codes: array(t.string) },
);
/** See {@link InvoiceCustomSectionInput}. */
export interface InvoiceCustomSectionInput
  extends t.TypeOf<typeof InvoiceCustomSectionInputCodec> {}
/** The `invoice_custom_section` setting of request bodies (wallets, rules, transactions...). */
export const InvoiceCustomSectionInput = named<InvoiceCustomSectionInput>(
  InvoiceCustomSectionInputCodec,
);
