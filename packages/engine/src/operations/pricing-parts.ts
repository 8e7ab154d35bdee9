import { type Either, left, right } from 'fp-ts/lib/Either.js';
import {
  type AggregationKind,
  type AggregationType,
  countKind,
  EXPRESSION_LANGUAGE,
  type ExpressionLanguage,
  FULL_METRIC_LANGUAGE,
  latestKind,
  type MetricLanguage,
  maxKind,
  proratableSumKind,
  sumKind,
  uniqueCountKind,
  weightedSumKind,
} from '../aggregation/index';
import {
  CHARGE_MODELS,
  type ChargeModel,
  type ChargeModelName,
  type ChargeModelTable,
  custom,
  dynamic,
  graduated,
  graduatedPercentage,
  isChargeModelName,
  packageModel as packagePricing,
  percentage,
  standard,
  volume,
} from '../charge-models/index';
import { type FeecastError, feecastError, isRecord } from '../core/index';
import { STORED_EVENTS_PASS, type StoredEventsPass } from './estimate-stored-events';

/**
 * A part of the pricing a preview estimator is given (`createPreviewEstimator`): one charge
 * model (`standardModel`, ...), one aggregation type (`sumAggregation`, ...), the metrics'
 * expression language (`expressionLanguage`) or the pass over stored events
 * (`storedEvents`). An app's bundler leaves out the parts it does not import: that is what
 * keeps a price preview small.
 */
export interface PricingPart {
  /** What the part is. */
  readonly part: 'charge_model' | 'aggregation' | 'expression_language' | 'stored_events';
  /** The `charge_model` or `aggregation_type` it prices, `expression` or `stored_events`. */
  readonly name: string;
}

/** A part as the engine makes it: the model, kind, language or pass it carries. */
type OwnPart =
  | { readonly part: 'charge_model'; readonly name: ChargeModelName; readonly model: ChargeModel }
  | { readonly part: 'aggregation'; readonly name: AggregationType; readonly kind: AggregationKind }
  | {
      readonly part: 'expression_language';
      readonly name: 'expression';
      readonly language: ExpressionLanguage;
    }
  | {
      readonly part: 'stored_events';
      readonly name: 'stored_events';
      readonly pass: StoredEventsPass;
    };

// Each part is a plain object literal: a bundler drops the ones an app does not import.
/** The `standard` charge model, for `createPreviewEstimator`. */
export const standardModel: PricingPart = {
  part: 'charge_model',
  name: 'standard',
  model: standard,
} as OwnPart;
/** The `package` charge model, for `createPreviewEstimator`. */
export const packageModel: PricingPart = {
  part: 'charge_model',
  name: 'package',
  model: packagePricing,
} as OwnPart;
/** The `graduated` charge model (and prorated graduated), for `createPreviewEstimator`. */
export const graduatedModel: PricingPart = {
  part: 'charge_model',
  name: 'graduated',
  model: graduated,
} as OwnPart;
/** The `graduated_percentage` charge model, for `createPreviewEstimator`. */
export const graduatedPercentageModel: PricingPart = {
  part: 'charge_model',
  name: 'graduated_percentage',
  model: graduatedPercentage,
} as OwnPart;
/** The `volume` charge model, for `createPreviewEstimator`. */
export const volumeModel: PricingPart = {
  part: 'charge_model',
  name: 'volume',
  model: volume,
} as OwnPart;
/** The `percentage` charge model, for `createPreviewEstimator`. */
export const percentageModel: PricingPart = {
  part: 'charge_model',
  name: 'percentage',
  model: percentage,
} as OwnPart;
/** The `dynamic` charge model, for `createPreviewEstimator`. */
export const dynamicModel: PricingPart = {
  part: 'charge_model',
  name: 'dynamic',
  model: dynamic,
} as OwnPart;
/** The `custom` charge model, for `createPreviewEstimator`. */
export const customModel: PricingPart = {
  part: 'charge_model',
  name: 'custom',
  model: custom,
} as OwnPart;
/** The `count_agg` aggregation, for `createPreviewEstimator`. */
export const countAggregation: PricingPart = {
  part: 'aggregation',
  name: 'count_agg',
  kind: countKind,
} as OwnPart;
/**
 * The `sum_agg` aggregation, for `createPreviewEstimator`; a prorated charge of a recurring
 * sum needs {@link proratedSumAggregation} instead.
 */
export const sumAggregation: PricingPart = {
  part: 'aggregation',
  name: 'sum_agg',
  kind: sumKind,
} as OwnPart;
/**
 * The `sum_agg` aggregation with prorated sums (a prorated charge of a recurring sum), for
 * `createPreviewEstimator`: {@link sumAggregation} and more.
 */
export const proratedSumAggregation: PricingPart = {
  part: 'aggregation',
  name: 'sum_agg',
  kind: proratableSumKind,
} as OwnPart;
/** The `max_agg` aggregation, for `createPreviewEstimator`. */
export const maxAggregation: PricingPart = {
  part: 'aggregation',
  name: 'max_agg',
  kind: maxKind,
} as OwnPart;
/** The `latest_agg` aggregation, for `createPreviewEstimator`. */
export const latestAggregation: PricingPart = {
  part: 'aggregation',
  name: 'latest_agg',
  kind: latestKind,
} as OwnPart;
/** The `unique_count_agg` aggregation (prorated ones included), for `createPreviewEstimator`. */
export const uniqueCountAggregation: PricingPart = {
  part: 'aggregation',
  name: 'unique_count_agg',
  kind: uniqueCountKind,
} as OwnPart;
/** The `weighted_sum_agg` aggregation, for `createPreviewEstimator`. */
export const weightedSumAggregation: PricingPart = {
  part: 'aggregation',
  name: 'weighted_sum_agg',
  kind: weightedSumKind,
} as OwnPart;
/** The metrics' expression language (a metric's `expression`), for `createPreviewEstimator`. */
export const expressionLanguage: PricingPart = {
  part: 'expression_language',
  name: 'expression',
  language: EXPRESSION_LANGUAGE,
} as OwnPart;

/**
 * The pass over the stored events of an estimate, for `createPreviewEstimator`: needed when a
 * request gives `events` (the history), or for a charge whose fee the event alone does not
 * price (a recurring metric, an expression, a unique count, max or latest, a prorated,
 * dynamic or custom charge, an event outside the period or without a decimal value). Without
 * it, a preview prices the other charges from the event alone and answers those requests with
 * an error that names the part.
 */
export const storedEvents: PricingPart = {
  part: 'stored_events',
  name: 'stored_events',
  pass: STORED_EVENTS_PASS,
} as OwnPart;

/** The charge models, metric language and pass over stored events an estimator prices with. */
export interface PricingTables {
  readonly models: ChargeModelTable;
  readonly language: MetricLanguage;
  /** The pass over stored events; without it, only what the event alone prices. */
  readonly events: StoredEventsPass | undefined;
}

/** Every charge model, aggregation type, the expression language and the pass: `createEstimator`'s. */
export const FULL_PRICING: PricingTables = {
  models: CHARGE_MODELS,
  language: FULL_METRIC_LANGUAGE,
  events: STORED_EVENTS_PASS,
};

/** Whether `value` is a part the engine made (its shape: the model, kind, language or pass it carries). */
function isOwnPart(value: unknown): value is OwnPart {
  if (!isRecord(value)) return false;
  if (value.part === 'charge_model') {
    return (
      isChargeModelName(value.name) &&
      isRecord(value.model) &&
      typeof value.model.compile === 'function'
    );
  }
  if (value.part === 'aggregation') {
    return (
      isRecord(value.kind) &&
      value.kind.type === value.name &&
      typeof value.kind.create === 'function'
    );
  }
  if (value.part === 'stored_events') return isRecord(value.pass);
  return (
    value.part === 'expression_language' &&
    isRecord(value.language) &&
    typeof value.language.parse === 'function' &&
    typeof value.language.evaluateText === 'function'
  );
}

/**
 * The tables of the parts a preview estimator is given: a list of the parts `@feecast/engine`
 * exports, else a `Left` under `['parts']` that says what to pass.
 *
 * @example
 * readPricingParts([standardModel, sumAggregation])
 * // right({ models: { standard }, language: { kinds: { sum_agg }, expression: undefined }, events: undefined })
 * @internal
 */
export function readPricingParts(given: unknown): Either<FeecastError, PricingTables> {
  if (!Array.isArray(given)) {
    return left(
      feecastError(
        'invalid_input',
        'parts must be a list of the pricing parts the plans use: [standardModel, sumAggregation, ...] from @feecast/engine.',
        ['parts'],
      ),
    );
  }
  const models: Partial<Record<ChargeModelName, ChargeModel>> = {};
  const kinds: Partial<Record<AggregationType, AggregationKind>> = {};
  let expression: ExpressionLanguage | undefined;
  let events: StoredEventsPass | undefined;
  for (let i = 0; i < given.length; i++) {
    const part: unknown = given[i];
    if (!isOwnPart(part)) {
      return left(
        feecastError(
          'invalid_input',
          `parts[${i}] is not a pricing part: pass the parts @feecast/engine exports (standardModel, sumAggregation, expressionLanguage, ...).`,
          ['parts', String(i)],
        ),
      );
    }
    if (part.part === 'charge_model') models[part.name] = part.model;
    else if (part.part === 'aggregation') {
      // Of two parts of a type (sumAggregation, proratedSumAggregation), the one that prorates.
      if (kinds[part.name]?.prorated === undefined) kinds[part.name] = part.kind;
    } else if (part.part === 'stored_events') events = part.pass;
    else expression = part.language;
  }
  return right({ models, language: { kinds, expression }, events });
}
