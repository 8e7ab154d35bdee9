/**
 * @feecast/engine/internal: the helpers that feecast's own packages need (the command's
 * reports, the local API server, the event readers of `@feecast/sources`, the benchmarks) and
 * users do not. Not part of the package's public surface (`index.ts`): names and shapes here
 * change without notice. Each function is the guarded twin the code ships (`internal-runtime.ts`),
 * as for the public surface.
 * @packageDocumentation
 */

// The time of an event as aggregation reads it (ISO 8601 or Unix seconds: the command's replay,
// the readers), and the metric language (a billable metric's `expression`, checked as the
// server stores it).
export { type CompiledExpression, eventTimeMs, parseExpression } from './aggregation/index';

// A charge model compiled once and priced many times, with the context of a price (the
// command's price curves).
export {
  type CompiledChargeModel,
  compileChargeModel,
  type PricingContext,
} from './charge-models/index';

// Whether two values are the same plain data (key order aside): the server's kept states and
// stored resources, compared by identity first and by content only when it changed.
export { sameData } from './core/index';

// A fee's amounts from a charge model's price, in the currency or a pricing unit; the fees of a
// plan's charges with the report of how they were read (the benchmarks).
export {
  type ChargeFeesReport,
  chargeAmounts,
  type FeeAmountFields,
  feeAmounts,
  planChargeFeesReport,
  pricingUnitAmounts,
} from './fees/index';

// The wallet transactions a request creates (the server's `createWalletTransactions`), the
// top-up a wallet's recurring rule creates (the server's clock), the ongoing balances of a
// customer's wallets (the server's refresh as events arrive and the clock moves), the
// settlement of an invoice's fees (coupons, taxes, credit notes, wallets) that the server's
// finalize shares with `previewInvoice`, and the usage thresholds a usage level passes and what
// progressive billing already billed in a period (the server's usage thresholds).
export {
  type AllocateOngoingUsageInput,
  allocateOngoingUsage,
  type CreatedWalletTransactions,
  type CreateWalletTransactionsInput,
  createWalletTransactions,
  type LifetimeUsageAmounts,
  type OngoingUsageLine,
  type PassedUsageThresholdsInput,
  type ProgressiveBilledAmount,
  type ProgressiveBilledAmountInput,
  passedUsageThresholds,
  progressiveBilledAmount,
  type RecurringTopUp,
  type RecurringTopUpInput,
  recurringTopUp,
  type SettledInvoice,
  type SettleInvoiceOptions,
  settleInvoice,
} from './invoice/index';
// A backtest split by customer into shares run apart (worker threads), and combined again; a
// subscription's plan with its overrides applied (the server's subscriptions).
// A backtest whose accumulator states are computed elsewhere (`pushdownBacktest` of
// @feecast/sources): what it aggregates, and its pricing from the states.
// An estimator whose pay-in-advance charges keep tallies of the stored events given to it in an
// array that only grows (the server's per-subscription estimator); a meter of a subscription's
// current usage amounts, read from its accumulators' states after each stored event (the
// server's usage thresholds and wallets); the usage of one plan's subscriptions, the plan read
// and compiled once (the pushdown of every subscription's usage).
export {
  applyPlanOverrides,
  type BacktestAggregations,
  type BacktestShare,
  type BacktestSlot,
  type BacktestSplit,
  type BacktestStates,
  backtestAggregations,
  backtestOfStates,
  backtestShares,
  combineBacktests,
  createFedEstimator,
  createUsageMeter,
  type FedEstimateRequest,
  type FedEstimator,
  inWholeInput,
  type PlanOverridesOptions,
  type PlanUsageContext,
  type PreparedSubscription,
  type PreparedUsage,
  prepareUsage,
  type SharedResult,
  type SubscriptionUsage,
  type UsageAmounts,
  type UsageMeter,
  type UsageMeterCharge,
  type UsageMeterContext,
  type UsageMeterReading,
} from './operations/index';
