import * as t from 'io-ts';
import { CreditItemType, InvoicePaymentStatus } from '../enums';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { Uuid } from '../primitives/uuid';

const InvoiceCreditCodec = struct(
  'InvoiceCredit',
  {
    svc_id: Uuid,
    amount_cents: Cents,
    amount_currency: CurrencyCode,
    before_taxes: t.boolean,
    item: struct(
      'InvoiceCreditItem',
      { svc_item_id: Uuid, type: CreditItemType, code: t.string, name: t.string },
      { description: nullable(t.string) },
    ),
    invoice: struct(
      'InvoiceCreditInvoice',
      { svc_id: Uuid, payment_status: InvoicePaymentStatus },
      {},
    ),
  },
  {},
);
/** An invoice credit, see {@link InvoiceCredit}. */
export interface InvoiceCredit extends t.TypeOf<typeof InvoiceCreditCodec> {}
/**
 * A credit deducted from an invoice (`invoice.credits[]`, `applied_coupons[].credits[]`): a
 * coupon, a credit note or a progressive-billing invoice, before or after taxes.
 */
export const InvoiceCredit = named<InvoiceCredit>(InvoiceCreditCodec);
