/**
 * Taxes: which taxes apply to a fee, the fee's tax amounts, and the invoice's applied taxes
 * recomputed from its fees.
 */
export {
  applyResolvedTaxes,
  applyTaxes,
  type FeeTaxOutcome,
  type TaxableFeeInput,
  type TaxesApplied,
} from './apply-taxes';
export type { FeeTaxFields } from './fee-taxes';
export {
  computeInvoiceTaxes,
  type FeeAppliedTaxInput,
  type InvoiceTaxes,
  type InvoiceTaxesInput,
  type InvoiceTaxFeeInput,
} from './invoice-taxes';
export {
  type FeeTaxSet,
  feeTaxSet,
  type ResolvedTaxSources,
  resolveTaxSources,
  type TaxAddOn,
  type TaxInput,
  type TaxList,
  type TaxPlan,
  type TaxSourceFee,
  type TaxSourceKind,
  type TaxSources,
} from './tax-sources';
