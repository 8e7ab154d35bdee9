import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { ChargeBuckets, CompiledMetric } from '../../aggregation/index';
import {
  CHARGE_MODELS,
  type ChargeModel,
  type ChargeModelCapabilities,
  type ChargeModelTable,
  type CompiledChargeModel,
  compileChargeModelIn,
  isChargeModelName,
  own,
} from '../../charge-models/index';
import { type FeecastError, feecastError, isRecord } from '../../core/index';
import type { AppliedPricingUnit } from '../pricing-units';
import type { ChargeFeesCharge, ChargeFeesFilter, PricingUnitInfo } from './inputs';
import { resolvePricingUnit } from './pricing-unit';

/** One bucket of a charge: a filter, or the default bucket (events matching no filter). */
export interface BucketSetup {
  /** The filter, or `undefined` for the default bucket. */
  readonly filter: ChargeFeesFilter | undefined;
  /** The filter's index in the charge, or the number of filters for the default bucket. */
  readonly index: number;
  /** The model with the bucket's properties (the filter's, else the charge's). */
  readonly model: CompiledChargeModel;
  /** The pricing group keys of the bucket (empty: not grouped). */
  readonly groupKeys: readonly string[];
  /** Which of the charge's consumers (one per distinct set of group keys) aggregates it. */
  readonly consumer: number;
}

/** A charge checked once: its buckets, how the aggregation pass serves them, its settings. */
export interface ChargeSetup {
  readonly charge: ChargeFeesCharge;
  /** Where the charge sits in the caller's input (`['charge']`, `['plan', 'charges', '2']`). */
  readonly path: readonly string[];
  /** The filter buckets in the charge's order, then the default bucket. */
  readonly buckets: readonly BucketSetup[];
  /**
   * One aggregation consumer per distinct set of group keys (usually one), keeping per-event
   * views only when the charge needs them (`perEvent`).
   */
  readonly consumers: readonly ChargeBuckets[];
  readonly prorated: boolean;
  readonly payInAdvance: boolean;
  /** What the charge's model needs and allows (its `charge_model`'s declared capabilities). */
  readonly capabilities: ChargeModelCapabilities;
  /** The model prices the events' precise cents (`pricesFrom: 'precise_cents'`): the pass sums them. */
  readonly dynamic: boolean;
  /** The pass must keep per-event views (pay in advance, percentage, prorated graduated). */
  readonly perEvent: boolean;
  readonly pricingUnit: AppliedPricingUnit | undefined;
  readonly minAmountCents: number;
}

/** Aggregation types whose events can be paid in advance (charge-models.md §1.4). */
const IN_ADVANCE_METRICS: ReadonlySet<string> = new Set([
  'count_agg',
  'sum_agg',
  'unique_count_agg',
]);

/** The pricing group keys a bucket's properties name (`pricing_group_keys`, else `grouped_by`). */
function groupKeysOf(properties: unknown): readonly string[] | undefined {
  if (!isRecord(properties)) return undefined;
  const keys = own(properties, 'pricing_group_keys') ?? own(properties, 'grouped_by');
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : undefined;
}

function invalid(message: string, path: readonly string[], value?: unknown): FeecastError {
  return feecastError('invalid_input', message, path, value === undefined ? undefined : { value });
}

function checkCharge(
  models: ChargeModelTable,
  charge: ChargeFeesCharge,
  metric: CompiledMetric,
  path: readonly string[],
): FeecastError | undefined {
  const at = (key: string) => [...path, key];
  if (!isRecord(charge)) return invalid('A charge object is required.', path);
  if (typeof charge.svc_id !== 'string') {
    return invalid('The charge needs its svc_id (the fees name it).', at('svc_id'));
  }
  const filters = charge.filters ?? [];
  if (!Array.isArray(filters)) return invalid('filters must be a list or null.', at('filters'));
  const bad = filters.findIndex((f) => !isRecord(f) || !isRecord(f.values));
  if (bad >= 0) {
    return invalid('A charge filter needs its values: {"key": ["value", ...]}.', [
      ...at('filters'),
      String(bad),
      'values',
    ]);
  }
  const minimum = charge.min_amount_cents ?? 0;
  if (!Number.isSafeInteger(minimum) || minimum < 0) {
    return invalid(
      'min_amount_cents must be a whole number >= 0.',
      at('min_amount_cents'),
      minimum,
    );
  }
  // An unknown model (or one not given) has no capabilities: compiling the charge reports it.
  const name = charge.charge_model;
  const capabilities = isChargeModelName(name) ? models[name]?.capabilities : undefined;
  const aggregations = capabilities?.aggregations ?? 'any';
  if (aggregations !== 'any' && !aggregations.includes(metric.kind.type)) {
    return invalid(
      `A ${name} charge can only price a ${aggregations.join(' or ')} metric; "${metric.code}" is ${metric.kind.type}.`,
      at('charge_model'),
    );
  }
  if (charge.pay_in_advance === true) {
    if (!IN_ADVANCE_METRICS.has(metric.kind.type)) {
      return invalid(
        `A pay-in-advance charge needs a count_agg, sum_agg or unique_count_agg metric; "${metric.code}" is ${metric.kind.type}.`,
        at('pay_in_advance'),
      );
    }
    if (capabilities?.payInAdvance === false) {
      return invalid(
        `A ${name} charge cannot be paid in advance: use graduated, or bill it in arrears.`,
        at('charge_model'),
      );
    }
    if (minimum > 0) {
      return invalid(
        'min_amount_cents must be 0 on a pay-in-advance charge: a minimum is trued up in arrears.',
        at('min_amount_cents'),
        minimum,
      );
    }
  }
  return undefined;
}

/**
 * Checks a charge against its billable metric and prepares it for pricing (charge-models.md
 * §1, §15; aggregations.md §2-§3): each filter's properties and the charge's own properties are
 * compiled once, each bucket gets its pricing group keys (the filter's `pricing_group_keys` or
 * `grouped_by`, else the charge's), and the aggregation consumers are the distinct sets of
 * those keys, so one pass serves every bucket. Every problem is a `Left` under `path`.
 *
 * @example
 * setupCharge(charge, compiledMetric, ['charge'], [])
 * // right({ buckets: [eu, us, default], consumers: [{ filters: [...], grouped_by: [] }], ... })
 * @internal
 */
export function setupCharge(
  charge: ChargeFeesCharge,
  metric: CompiledMetric,
  path: readonly string[],
  pricingUnits: readonly PricingUnitInfo[] | undefined,
): Either<FeecastError, ChargeSetup> {
  return setupChargeIn(CHARGE_MODELS, charge, metric, path, pricingUnits);
}

/**
 * {@link setupCharge} with the charge models of `models` only (a preview estimator's): a
 * charge of another model is a `Left` that says which part to pass.
 *
 * @example
 * setupChargeIn({ standard }, charge, compiledMetric, ['plan', 'charges', '0'], [])
 * @internal
 */
export function setupChargeIn(
  models: ChargeModelTable,
  charge: ChargeFeesCharge,
  metric: CompiledMetric,
  path: readonly string[],
  pricingUnits: readonly PricingUnitInfo[] | undefined,
): Either<FeecastError, ChargeSetup> {
  const problem = checkCharge(models, charge, metric, path);
  if (problem !== undefined) return left(problem);
  const prorated = charge.prorated === true;
  const filters = charge.filters ?? [];
  const chargeModel = compileChargeModelIn(
    models,
    { charge_model: charge.charge_model, properties: charge.properties, prorated },
    { path },
  );
  if (isLeft(chargeModel)) return chargeModel;
  // Sound: the model compiled, so `models` holds it.
  const capabilities = (models[chargeModel.right.charge_model] as ChargeModel).capabilities;
  const chargeKeys = groupKeysOf(charge.properties) ?? [];
  const consumerKeys: (readonly string[])[] = [];
  const consumerOf = (keys: readonly string[]): number => {
    const found = consumerKeys.findIndex((k) => JSON.stringify(k) === JSON.stringify(keys));
    if (found >= 0) return found;
    consumerKeys.push(keys);
    return consumerKeys.length - 1;
  };
  const buckets: BucketSetup[] = [];
  for (const [index, filter] of filters.entries()) {
    const model = compileChargeModelIn(
      models,
      { charge_model: charge.charge_model, properties: filter.properties, prorated },
      { path: [...path, 'filters', String(index)] },
    );
    if (isLeft(model)) return model;
    const groupKeys = groupKeysOf(filter.properties) ?? chargeKeys;
    buckets.push({ filter, index, model: model.right, groupKeys, consumer: consumerOf(groupKeys) });
  }
  buckets.push({
    filter: undefined,
    index: filters.length,
    model: chargeModel.right,
    groupKeys: chargeKeys,
    consumer: consumerOf(chargeKeys),
  });
  const pricingUnit = resolvePricingUnit(charge.applied_pricing_unit, pricingUnits, path);
  if (isLeft(pricingUnit)) return pricingUnit;
  const payInAdvance = charge.pay_in_advance === true;
  const values = filters.map((f) => f.values);
  // The model says whether it prices from each event's value; in-advance fees always need
  // each event's increment.
  const perEvent = payInAdvance || buckets.some((bucket) => bucket.model.needsEventValues);
  return right({
    charge,
    path,
    buckets,
    consumers: consumerKeys.map((keys) => ({
      filters: values,
      grouped_by: keys,
      prorated,
      per_event: perEvent,
    })),
    prorated,
    payInAdvance,
    capabilities,
    dynamic: capabilities.pricesFrom === 'precise_cents',
    perEvent,
    pricingUnit: pricingUnit.right,
    minAmountCents: charge.min_amount_cents ?? 0,
  });
}
