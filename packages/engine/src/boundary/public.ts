/**
 * The engine's functions as the package exports them: each reads its arguments as plain data
 * first and never throws ({@link guarded}: a BigInt, a symbol, a cycle, a getter or proxy
 * that throws is a `Left` with its path; any throw that escapes is a `Left`,
 * `unexpected_error`). The engine's own modules call each other directly, without this
 * layer, so nothing is copied twice and the hot paths (aggregation per event, a prepared
 * estimator per call) pay only for the caller's own arguments. Every function exported by the
 * package (by `@feecast/engine` or `@feecast/engine/internal`) that takes the caller's data is
 * listed here, and nothing else; the property test
 * `packages/engine/test/boundary/never-throws.test.ts` enumerates the package's exports, so a
 * function added to a folder's index without a line here fails it.
 *
 * Functions over the engine's own values (decimals, roundings, scales) and
 * builders that cannot fail (`feecastError`, `createDecimalSum`) are exported as they are.
 * @internal
 */
import type { Either } from 'fp-ts/lib/Either.js';
import * as aggregationApi from '../aggregation/index';
import * as expressionApi from '../aggregation/index';
import * as chargeModelsApi from '../charge-models/index';
import * as decimalApi from '../core/index';
import { type FeecastError, orThrow } from '../core/index';
import * as chargeFeesApi from '../fees/index';
import * as feesApi from '../fees/index';
import * as couponsApi from '../invoice/index';
import * as creditNotesApi from '../invoice/index';
import * as invoiceTotalsApi from '../invoice/index';
import * as taxesApi from '../invoice/index';
import * as walletsApi from '../invoice/index';
import * as backtestApi from '../operations/index';
import * as comparePlansApi from '../operations/index';
import * as invoicePreviewApi from '../operations/index';
import * as operationsApi from '../operations/index';
import * as planOverridesApi from '../operations/index';
import * as periodsApi from '../periods/index';
import { guarded, guardedResult, inspecting } from './entry';

// aggregation
export const aggregate = guarded(aggregationApi.aggregate, {
  name: 'aggregate',
  args: ['billableMetric', 'events', 'options'],
  streams: [1],
});
export const eventBatch = guarded(aggregationApi.eventBatch, {
  name: 'eventBatch',
  args: ['events'],
  streams: [0],
});
export const eventBatchFromColumns = guarded(aggregationApi.eventBatchFromColumns, {
  name: 'eventBatchFromColumns',
  // The columns are typed arrays and lists of millions: read as given, checked by the function.
  asGiven: [0],
});
export const createAccumulator = guarded(aggregationApi.createAccumulator, {
  name: 'createAccumulator',
  args: ['billableMetric', 'options'],
});
export const restoreAccumulator = guarded(aggregationApi.restoreAccumulator, {
  name: 'restoreAccumulator',
  args: ['billableMetric', 'options', 'state'],
});
export const createChargesAccumulator = guarded(aggregationApi.createChargesAccumulator, {
  name: 'createChargesAccumulator',
  args: ['billableMetric', 'charges', 'options'],
});
export const restoreChargesAccumulator = guarded(aggregationApi.restoreChargesAccumulator, {
  name: 'restoreChargesAccumulator',
  args: ['billableMetric', 'charges', 'options', 'state'],
});

// charge-fees
export const chargeFees = guarded(chargeFeesApi.chargeFees, { name: 'chargeFees' });
export const payInAdvanceFees = guarded(chargeFeesApi.payInAdvanceFees, {
  name: 'payInAdvanceFees',
});
export const planChargeFees = guarded(chargeFeesApi.planChargeFees, { name: 'planChargeFees' });
export const planChargeFeesReport = guarded(chargeFeesApi.planChargeFeesReport, {
  name: 'planChargeFeesReport',
});
export const planAggregations = guarded(chargeFeesApi.planAggregations, {
  name: 'planAggregations',
});

// charge-models
export const applyChargeModel = guarded(chargeModelsApi.applyChargeModel, {
  name: 'applyChargeModel',
  args: ['charge', 'context', 'options'],
});

// backtest
export const backtest = guarded(backtestApi.backtest, { name: 'backtest' });

// compare-plans
export const comparePlans = guarded(comparePlansApi.comparePlans, { name: 'comparePlans' });

// coupons
export const applyCoupons = guarded(couponsApi.applyCoupons, {
  name: 'applyCoupons',
  args: ['fees', 'appliedCoupons', 'options'],
});

// credit-notes
export const estimateCreditNote = guarded(creditNotesApi.estimateCreditNote, {
  name: 'estimateCreditNote',
});

// decimal
export const currencyExponent = guarded(decimalApi.currencyExponent, {
  name: 'currencyExponent',
  args: ['currency', 'path'],
});
export const divide = guarded(decimalApi.divide, { name: 'divide', args: ['a', 'b'] });
export const fromCents = guarded(decimalApi.fromCents, {
  name: 'fromCents',
  args: ['cents', 'currency', 'path'],
});
export const scaleOf = guarded(decimalApi.scaleOf, { name: 'scaleOf', args: ['n', 'path'] });
export const toCents = guarded(decimalApi.toCents, {
  name: 'toCents',
  args: ['amount', 'currency', 'rounding', 'path'],
});

// expression
export const parseExpression = guarded(expressionApi.parseExpression, {
  name: 'parseExpression',
  args: ['text'],
});

// fees
export const feeAmounts = guarded(feesApi.feeAmounts, {
  name: 'feeAmounts',
  args: ['model', 'currency'],
});
export const pricingUnitAmounts = guarded(feesApi.pricingUnitAmounts, {
  name: 'pricingUnitAmounts',
  args: ['model', 'pricingUnit', 'currency'],
});
export const chargeAmounts = guarded(feesApi.chargeAmounts, {
  name: 'chargeAmounts',
  args: ['amounts', 'pricingUnit', 'currency'],
});

// backtest shares (feecast's worker threads)
export const backtestShares = guarded(backtestApi.backtestShares, {
  name: 'backtestShares',
  args: ['input', 'count'],
});
export const combineBacktests = guarded(backtestApi.combineBacktests, {
  name: 'combineBacktests',
  args: ['split', 'results'],
});
// a backtest from states computed elsewhere (@feecast/sources' pushdownBacktest)
export const backtestAggregations = guardedResult(
  backtestApi.backtestAggregations,
  { name: 'backtestAggregations' },
  (found) => ({
    ...found,
    priceStates: guarded(found.priceStates, {
      name: 'priceStates of backtestAggregations',
      args: ['given', 'onProgress'],
    }),
  }),
);
export const backtestOfStates = guarded(backtestApi.backtestOfStates, {
  name: 'backtestOfStates',
  args: ['input', 'given'],
});

// invoice-preview
export const previewInvoice = guarded(invoicePreviewApi.previewInvoice, { name: 'previewInvoice' });
export const previewPlanChange = guarded(operationsApi.previewPlanChange, {
  name: 'previewPlanChange',
});
export const previewAggregations = guarded(invoicePreviewApi.previewAggregations, {
  name: 'previewAggregations',
});
export const previewInvoices = guarded(invoicePreviewApi.previewInvoices, {
  name: 'previewInvoices',
});

// invoice-totals
export const computeInvoiceTotals = guarded(invoiceTotalsApi.computeInvoiceTotals, {
  name: 'computeInvoiceTotals',
  args: ['invoice', 'options'],
});
export const settleInvoice = guarded(invoiceTotalsApi.settleInvoice, {
  name: 'settleInvoice',
  args: ['invoice', 'options'],
});

// progressive billing
export const passedUsageThresholds = guarded(invoiceTotalsApi.passedUsageThresholds, {
  name: 'passedUsageThresholds',
});
export const progressiveBilledAmount = guarded(invoiceTotalsApi.progressiveBilledAmount, {
  name: 'progressiveBilledAmount',
});

// operations
export const currentUsage = guarded(operationsApi.currentUsage, { name: 'currentUsage' });
export const estimateFees = guarded(operationsApi.estimateFees, { name: 'estimateFees' });
export const estimateFeesOf = guarded(operationsApi.estimateFeesOf, { name: 'estimateFeesOf' });
export const projectedUsage = guarded(operationsApi.projectedUsage, { name: 'projectedUsage' });
export const usageAggregations = guarded(operationsApi.usageAggregations, {
  name: 'usageAggregations',
});
export const forecastWallets = guarded(operationsApi.forecastWallets, { name: 'forecastWallets' });

// periods
export const billingPeriod = guarded(periodsApi.billingPeriod, { name: 'billingPeriod' });

// plan-overrides
export const applyPlanOverrides = guarded(planOverridesApi.applyPlanOverrides, {
  name: 'applyPlanOverrides',
  args: ['plan', 'overrides', 'options'],
});

// taxes
export const applyTaxes = guarded(taxesApi.applyTaxes, {
  name: 'applyTaxes',
  args: ['fees', 'taxSources'],
});

// wallets
export const allocateOngoingUsage = guarded(walletsApi.allocateOngoingUsage, {
  name: 'allocateOngoingUsage',
});
export const applyWallets = guarded(walletsApi.applyWallets, {
  name: 'applyWallets',
  args: ['invoice', 'wallets', 'options'],
});
export const createWalletTransactions = guarded(walletsApi.createWalletTransactions, {
  name: 'createWalletTransactions',
});
export const recurringTopUp = guarded(walletsApi.recurringTopUp, { name: 'recurringTopUp' });

// The estimator and compiled charge models answer further calls: their methods are guarded too.
function guardedPreviewEstimator(
  estimator: operationsApi.PreviewEstimator,
): operationsApi.PreviewEstimator {
  return {
    estimateFees: guarded(estimator.estimateFees.bind(estimator), {
      name: 'estimateFees of an estimator',
    }),
  };
}
function guardedEstimator(estimator: operationsApi.Estimator): operationsApi.Estimator {
  return {
    ...guardedPreviewEstimator(estimator),
    estimateFeesOf: guarded(estimator.estimateFeesOf.bind(estimator), {
      name: 'estimateFeesOf of an estimator',
    }),
  };
}
export const createEstimator = guardedResult(
  operationsApi.createEstimator,
  { name: 'createEstimator' },
  guardedEstimator,
);
// The parts carry the engine's own functions: passed as they are, and judged by the function.
export const createPreviewEstimator = guardedResult(
  operationsApi.createPreviewEstimator,
  { name: 'createPreviewEstimator', args: ['context', 'parts'], asGiven: [1] },
  guardedPreviewEstimator,
);
export const createPreviewSetEstimator = guardedResult(
  operationsApi.createPreviewSetEstimator,
  { name: 'createPreviewSetEstimator', args: ['context', 'parts'], asGiven: [1] },
  guardedEstimator,
);

// The fed estimator of feecast's server (its estimates from tallies of the stored events).
export const createFedEstimator = guardedResult(
  operationsApi.createFedEstimator,
  { name: 'createFedEstimator' },
  (estimator) => ({
    estimateFees: guarded(estimator.estimateFees.bind(estimator), {
      name: 'estimateFees of a fed estimator',
    }),
  }),
);
// The usage meter of feecast's server (the amounts its thresholds and wallets read after each
// stored event): the context read once, each reading its own states only. A reading is passed
// as it is, not copied (the meter reads it as `unknown` and keeps its states to compare the
// next reading's by identity first: see `UsageMeter`); a throw is still a `Left`.
export const createUsageMeter = guardedResult(
  operationsApi.createUsageMeter,
  { name: 'createUsageMeter' },
  (meter) => ({
    amounts: guarded(meter.amounts.bind(meter), {
      name: 'amounts of a usage meter',
      asGiven: [0],
    }),
  }),
);
// The usage of one plan's subscriptions (feecast's pushdown of every subscription's usage): the
// plan read and compiled once, each call its subscription's part only.
export const prepareUsage = guardedResult(
  operationsApi.prepareUsage,
  { name: 'prepareUsage' },
  (prepared) => ({
    aggregations: guarded(prepared.aggregations.bind(prepared), {
      name: 'aggregations of a prepared usage',
    }),
    current: guarded(prepared.current.bind(prepared), { name: 'current of a prepared usage' }),
    projected: guarded(prepared.projected.bind(prepared), {
      name: 'projected of a prepared usage',
    }),
    subscription: guardedResult(
      prepared.subscription.bind(prepared),
      { name: 'subscription of a prepared usage' },
      (part) => ({
        aggregations: part.aggregations,
        // The states are taken as given (not copied as plain data first): their one caller,
        // the pushdown, made them itself from the database's rows, and the pricing reads and
        // checks each state as it restores it; a throw is still a `Left`.
        current: guarded(part.current.bind(part), {
          name: 'current of a prepared subscription',
          args: ['aggregates'],
          asGiven: [0],
        }),
        projected: guarded(part.projected.bind(part), {
          name: 'projected of a prepared subscription',
          args: ['aggregates'],
          asGiven: [0],
        }),
        // The state is kept as given: `current` and `projected` know it again by identity.
        priceAhead: guarded(part.priceAhead.bind(part), {
          name: 'priceAhead of a prepared subscription',
          args: ['code', 'state', 'kind'],
          asGiven: [1],
        }),
      }),
    ),
  }),
);

export const compileChargeModel = guardedResult(
  chargeModelsApi.compileChargeModel,
  { name: 'compileChargeModel', args: ['charge', 'options'] },
  (compiled) => ({
    ...compiled,
    price: guarded(compiled.price.bind(compiled), {
      name: 'price of a compiled charge model',
      args: ['units', 'context', 'ratio'],
    }),
  }),
);

// Functions that take any value and judge it themselves (a BigInt is an integer to
// decimalFromInteger, a value to describe to parseDecimal): only the net applies.
export const parseDecimal = guarded(decimalApi.parseDecimal, {
  name: 'parseDecimal',
  asGiven: [0],
});
export const decimalFromInteger = guarded(decimalApi.decimalFromInteger, {
  name: 'decimalFromInteger',
  asGiven: [0],
});

// Predicates over any value: a value they cannot inspect (a revoked proxy) is not one.
export const isDecimal = inspecting(decimalApi.isDecimal, false);
export const isScale = inspecting(decimalApi.isScale, false);
export const eventTimeMs = inspecting(aggregationApi.eventTimeMs, undefined);
export const isEventBatch = inspecting(aggregationApi.isEventBatch, false);
// Two values compared as plain data (feecast's server: kept states, stored resources).
export const sameData = inspecting(decimalApi.sameData, false);

// The throwing twins throw only the documented Error, whose cause is the FeecastError.
export const parseDecimalUnsafe = throwing(parseDecimal, decimalApi.parseDecimalUnsafe);
export const estimateFeesUnsafe = throwing(estimateFees, operationsApi.estimateFeesUnsafe);
export const estimateFeesOfUnsafe = throwing(estimateFeesOf, operationsApi.estimateFeesOfUnsafe);
export const currentUsageUnsafe = throwing(currentUsage, operationsApi.currentUsageUnsafe);
export const projectedUsageUnsafe = throwing(projectedUsage, operationsApi.projectedUsageUnsafe);
export const previewInvoiceUnsafe = throwing(
  previewInvoice,
  invoicePreviewApi.previewInvoiceUnsafe,
);
export const comparePlansUnsafe = throwing(comparePlans, comparePlansApi.comparePlansUnsafe);
export const previewPlanChangeUnsafe = throwing(
  previewPlanChange,
  operationsApi.previewPlanChangeUnsafe,
);
export const backtestUnsafe = throwing(backtest, backtestApi.backtestUnsafe);
export const forecastWalletsUnsafe = throwing(forecastWallets, operationsApi.forecastWalletsUnsafe);
export const previewInvoicesUnsafe = throwing(
  previewInvoices,
  invoicePreviewApi.previewInvoicesUnsafe,
);

/** A throwing twin (`...Unsafe`) built on its guarded function: it throws only the documented `Error`. */
function throwing<F extends (...args: never[]) => unknown>(
  safe: (...args: Parameters<F>) => Either<FeecastError, ReturnType<F>>,
  _twin: F,
): F {
  return ((...args: Parameters<F>) => {
    // bounded: the caller's own arguments.
    const answer: unknown = safe(...args);
    // Events given asynchronously: a promise of the value, rejected with the same `Error`.
    return answer instanceof Promise
      ? answer.then((result: Either<FeecastError, ReturnType<F>>) => orThrow(result))
      : orThrow(answer as Either<FeecastError, ReturnType<F>>);
  }) as F;
}
