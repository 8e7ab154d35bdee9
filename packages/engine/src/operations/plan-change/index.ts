/**
 * Plan changes: the invoices an upgrade or a downgrade produces (the old plan's termination,
 * the new plan's start and first period), each computed by `previewInvoice` (reference:
 * invoicing.md §8, periods.md §4.2, §6).
 */
export {
  type PlanChangeInput,
  type PlanChangeInvoice,
  type PlanChangeInvoiceKind,
  type PlanChangePreview,
  previewPlanChange,
  previewPlanChangeUnsafe,
} from './preview-plan-change';
