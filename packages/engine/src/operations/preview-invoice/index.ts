/**
 * Invoice previews: what a customer will be invoiced at the next billing run, as the finalized
 * invoice will read (subscription fee, fixed charges, usage charges, commitment true-up,
 * add-ons, progressive-billing credits, coupons, taxes, credit notes, prepaid credits and
 * totals), composed from the engine's stages (reference: invoicing.md §1-§8).
 */

export {
  type BilledRange,
  type SubscriptionRun,
  type SubscriptionRunInput,
  subscriptionRun,
} from '../../periods/index';
export {
  type AssumedEvent,
  type AssumedUsage,
  type AssumedUsageSource,
  MAX_ASSUMED_EVENTS,
} from './assumed-usage';
export type { UnassignedEvent } from './event-routing';
export type {
  PreviewAddOn,
  PreviewInvoiceInput,
  PreviewProgressiveBilling,
  PreviewStatus,
  PreviewSubscription,
  PreviewTaxes,
} from './inputs';
export { previewAggregations, type SubscriptionAggregations } from './preview-aggregations';
export {
  type CommitmentOutcome,
  type InvoicePreview,
  type ProgressiveBillingOutcome,
  previewInvoice,
  previewInvoiceUnsafe,
} from './preview-invoice';
export {
  type InvoicesPreview,
  MAX_PREVIEWED_PERIODS,
  type PeriodInvoice,
  type PreviewInvoicesInput,
  previewInvoices,
  previewInvoicesUnsafe,
} from './preview-invoices';
