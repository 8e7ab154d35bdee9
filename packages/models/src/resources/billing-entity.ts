import * as t from 'io-ts';
import {
  DocumentNumbering,
  EmailSetting,
  IssuingDateAdjustment,
  IssuingDateAnchor,
} from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { CurrencyCode } from '../primitives/currency-code';
import { Integer } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const BillingEntityCodec = struct(
  'BillingEntity',
  {
    svc_id: Uuid,
    code: t.string,
    name: t.string,
    default_currency: CurrencyCode,
    document_locale: t.string,
    timezone: t.string,
    document_numbering: DocumentNumbering,
    document_number_prefix: nullable(t.string),
    finalize_zero_amount_invoice: t.boolean,
    invoice_footer: nullable(t.string),
    invoice_grace_period: Integer,
    net_payment_term: Integer,
    subscription_invoice_issuing_date_anchor: IssuingDateAnchor,
    subscription_invoice_issuing_date_adjustment: IssuingDateAdjustment,
    is_default: t.boolean,
    eu_tax_management: t.boolean,
    address_line1: nullable(t.string),
    address_line2: nullable(t.string),
    city: nullable(t.string),
    state: nullable(t.string),
    country: nullable(t.string),
    zipcode: nullable(t.string),
    email: nullable(t.string),
    legal_name: nullable(t.string),
    legal_number: nullable(t.string),
    tax_identification_number: nullable(t.string),
    logo_url: nullable(t.string),
    email_settings: array(EmailSetting),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { phone: nullable(t.string), einvoicing: t.boolean },
);
/** A billing entity, see {@link BillingEntity}. */
export interface BillingEntity extends t.TypeOf<typeof BillingEntityCodec> {}
/**
 * A billing entity: the legal issuer of invoices (identity, address, numbering, defaults for
 * grace period, payment term and issuing date). Address and contact fields may be `null`.
 */
export const BillingEntity = named<BillingEntity>(BillingEntityCodec);
