/**
 * @feecast/engine: the pure, browser-safe core of feecast. Exact decimals, billing periods,
 * aggregation, charge models, fees, taxes, coupons, wallets, invoices and the API's
 * operations, as functions of their inputs.
 *
 * This file declares the package's API (its declarations, with their documentation, are the
 * package's types). The package's code is `runtime.ts`: the same functions, each guarded at
 * the boundary so that it never throws on any input a caller can build.
 * @packageDocumentation
 */
export * from './aggregation/index';
// Helpers that answer with a plain value inside the engine answer with an `Either` here.
export {
  chargeFeeItem,
  filterDisplayName,
  invoiceSteps,
  isIntervalAnniversary,
  knownTaxes,
  walletAppliesTo,
} from './boundary/lifted';
export * from './charge-fees/index';
export * from './charge-models/index';
export * from './commitments/index';
export * from './compare-plans/index';
export * from './coupons/index';
export * from './credit-notes/index';
export * from './decimal/index';
export {
  FEECAST_ERROR_CODES,
  type FeecastError,
  type FeecastErrorCode,
  feecastError,
} from './error';
export * from './expression/index';
export * from './fees/index';
export * from './inputs/index';
export * from './invoice-preview/index';
export * from './invoice-totals/index';
export * from './operations/index';
export * from './periods/index';
export * from './plan-overrides/index';
export * from './progressive-billing/index';
export * from './subscription-fee/index';
export * from './taxes/index';
export * from './wallets/index';
