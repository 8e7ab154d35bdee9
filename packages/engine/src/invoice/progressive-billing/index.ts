/**
 * Progressive billing (reference: invoicing.md §3 and §9.9): which usage thresholds a usage
 * level passes, what the period's progressive-billing invoices already billed and may still
 * be credited, and the credit of those amounts on the period-end invoice.
 */
export {
  type CreditNoteItemRequest,
  type ProgressiveBillingCreditNoteItemsInput,
  progressiveBillingCreditNoteItems,
} from './credit-note-items';
export {
  type LifetimeUsageAmounts,
  type PassedUsageThresholdsInput,
  passedUsageThresholds,
} from './passed-thresholds';
export {
  type ProgressiveBilledAmount,
  type ProgressiveBilledAmountInput,
  progressiveBilledAmount,
} from './progressive-billed-amount';
export {
  applyProgressiveBillingCredit,
  type ProgressiveBillingCredit,
  type ProgressiveBillingCreditInput,
} from './progressive-credit';
