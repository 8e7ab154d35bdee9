/**
 * Credit notes (reference: invoicing.md §9): what an invoice can still credit or refund, and
 * the credit note of some of its fee items (amounts, coupon adjustment, taxes, credit /
 * refund / offset, statuses and rounding), including the one a subscription's termination
 * issues.
 */
export {
  type CreditNoteItemInput,
  type EstimateCreditNoteInput,
  type EstimatedCreditNote,
  estimateCreditNote,
} from './estimate-credit-note';
export {
  CREDIT_NOTES_MIN_VERSION,
  type InvoiceCreditable,
  type InvoiceCreditableInput,
  invoiceCreditableAmounts,
} from './invoice-creditable';
export { COUPONS_BEFORE_TAXES_VERSION } from './note-amounts';
export { type TerminationCreditNoteInput, terminationCreditNote } from './termination';
