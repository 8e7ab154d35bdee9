/**
 * Invoice totals: fees, progressive-billing credits, coupons, taxes, credit notes and
 * prepaid credits combined in the reference's order, with the invoice's credits.
 */
export {
  computeInvoiceTotals,
  type InvoiceTotals,
  type InvoiceTotalsFields,
  type InvoiceTotalsOptions,
  type TotaledFee,
  type TotaledInvoice,
  type TotalsFeeInput,
  type TotalsInvoiceInput,
  type UnusedCredits,
} from './compute-invoice-totals';
export {
  type AvailableCreditNoteInput,
  type CreditNoteCredit,
  type CreditNoteFeeInput,
  type CreditNoteInvoiceInput,
  type CreditNotesConsumed,
  consumeCreditNotes,
  type WithCreditNoteShare,
} from './credit-note-credits';
export { type CreditedInvoice, invoiceCredit, type PendingCredit } from './invoice-credits';
export { type InvoiceSteps, invoiceSteps } from './invoice-steps';
