/**
 * The code of @feecast/engine/internal, as the package ships it: everything `internal.ts`
 * declares, with each function that reads the caller's data replaced by its guarded twin
 * (`boundary/public.ts`), as `runtime.ts` does for the public surface. These explicit exports
 * take precedence over the same names exported by `internal.ts`.
 * @packageDocumentation
 */

export {
  allocateOngoingUsage,
  applyPlanOverrides,
  backtestAggregations,
  backtestOfStates,
  backtestShares,
  chargeAmounts,
  combineBacktests,
  compileChargeModel,
  createFedEstimator,
  createUsageMeter,
  createWalletTransactions,
  eventTimeMs,
  feeAmounts,
  parseExpression,
  passedUsageThresholds,
  planChargeFeesReport,
  prepareUsage,
  pricingUnitAmounts,
  progressiveBilledAmount,
  recurringTopUp,
  sameData,
  settleInvoice,
} from './boundary/index';
export * from './internal';
