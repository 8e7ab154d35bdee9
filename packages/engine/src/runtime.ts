/**
 * The code of @feecast/engine, as the package ships it: everything `index.ts` declares, with
 * each function that reads the caller's data replaced by its guarded twin
 * (`boundary/public.ts`): the same function, types and documentation, which reads its
 * arguments as plain data first and never throws. These explicit exports take precedence
 * over the same names exported by `index.ts`.
 * @packageDocumentation
 */

export {
  aggregate,
  applyChargeModel,
  applyCoupons,
  applyTaxes,
  applyWallets,
  backtest,
  backtestUnsafe,
  billingPeriod,
  chargeFees,
  comparePlans,
  comparePlansUnsafe,
  computeInvoiceTotals,
  createAccumulator,
  createChargesAccumulator,
  createEstimator,
  currencyExponent,
  currentUsage,
  currentUsageUnsafe,
  decimalFromInteger,
  divide,
  estimateCreditNote,
  estimateFees,
  estimateFeesOf,
  estimateFeesOfUnsafe,
  estimateFeesUnsafe,
  eventBatch,
  eventBatchFromColumns,
  forecastWallets,
  forecastWalletsUnsafe,
  fromCents,
  isDecimal,
  isEventBatch,
  isScale,
  parseDecimal,
  parseDecimalUnsafe,
  payInAdvanceFees,
  planAggregations,
  planChargeFees,
  previewAggregations,
  previewInvoice,
  previewInvoices,
  previewInvoicesUnsafe,
  previewInvoiceUnsafe,
  previewPlanChange,
  previewPlanChangeUnsafe,
  projectedUsage,
  projectedUsageUnsafe,
  restoreAccumulator,
  restoreChargesAccumulator,
  scaleOf,
  toCents,
  usageAggregations,
} from './boundary/index';
export * from './index';
