import { type Either, isLeft } from 'fp-ts/lib/Either.js';
import {
  type CompiledFilter,
  type CompiledMetric,
  compileFilter,
  createFilterRouter,
  groupedBy,
  groupKey,
  type UsageEvent,
} from '../../aggregation/index';
import {
  createDecimalSum,
  type Decimal,
  type FeecastError,
  ONE,
  sign,
  ZERO,
} from '../../core/index';
import type { ChargeFee } from './charge-fee';
import type { ChargeSetup } from './charge-setup';
import { eventFee, feeExponent, type InAdvanceRun, inAdvanceLines } from './in-advance';

/**
 * How a pay-in-advance charge prices the first event of a period straight from the event,
 * prepared once per charge: the bucket router of its filters, and how its metric reads a value.
 * @internal
 */
export interface FirstEventPricing {
  /** The bucket an event's properties fall in (the filter's index, else the default bucket's). */
  readonly route: (properties: Readonly<Record<string, unknown>> | undefined) => number;
  readonly sum: boolean;
  readonly fieldName: string | undefined;
}

/**
 * Prepares {@link firstEventFee} for a charge, or `undefined` when its fees need the
 * aggregation pass even for a first event: a recurring metric (units carried in), an
 * expression, a unique count (its values' states), a prorated, dynamic or custom charge, or a
 * filter the pass refuses (its error is the pass's to report).
 *
 * @example
 * prepareFirstEvent(setup, compiledSumMetric) // { route, sum: true, fieldName: 'gb' }
 * @internal
 */
export function prepareFirstEvent(
  setup: ChargeSetup,
  metric: CompiledMetric,
): FirstEventPricing | undefined {
  const type = metric.kind.type;
  if (metric.recurring || metric.expression !== undefined) return undefined;
  if (type !== 'count_agg' && type !== 'sum_agg') return undefined;
  // Only a model priced from the units prices an event without the pass (not dynamic, custom).
  if (setup.prorated || setup.capabilities.pricesFrom !== 'units') return undefined;
  const route = bucketRoute(setup, metric);
  return route === undefined
    ? undefined
    : { route, sum: type === 'sum_agg', fieldName: metric.fieldName };
}

/**
 * The filter bucket of a charge that an event's properties fall in (the filter's index, else
 * the default bucket's), as the pass routes them; `undefined` when a filter does not compile
 * (the pass reports it).
 *
 * @example
 * bucketRoute(setup, compiledMetric)?.({ region: 'Europe' }) // 0, the index of the Europe filter
 * @internal
 */
export function bucketRoute(
  setup: ChargeSetup,
  metric: CompiledMetric,
): FirstEventPricing['route'] | undefined {
  const filters: CompiledFilter[] = [];
  for (const bucket of setup.buckets) {
    if (bucket.filter === undefined) continue;
    const compiled = compileFilter(bucket.filter.values, metric.filters, []);
    if (isLeft(compiled)) return undefined;
    filters.push(compiled.right);
  }
  const router = createFilterRouter(filters);
  const fallback = filters.length;
  // The most specific matching filter wins; no match goes to the default bucket (the pass's rule).
  return (properties) => {
    const index = router(properties);
    return index < 0 ? fallback : index;
  };
}

/**
 * The value a count or sum metric reads on an event, or `undefined` when the pass rejects it.
 *
 * @example
 * eventValue({ route, sum: true, fieldName: 'gb' }, { ..., properties: { gb: '4' } }) // 4
 * @internal
 */
export function eventValue(
  pricing: Omit<FirstEventPricing, 'route'>,
  event: UsageEvent,
): Decimal | undefined {
  const { fieldName } = pricing;
  if (fieldName === undefined) return ONE;
  const raw = event.properties?.[fieldName];
  if (raw === undefined || raw === null) return undefined;
  if (!pricing.sum) return ONE;
  const total = createDecimalSum();
  if (total.add(raw) !== undefined) return undefined;
  const value = total.result();
  return sign(value) === 0 ? ZERO : value;
}

/**
 * The fee of `event`, dated `timeMs`, when it is the first event of the run's period (no event
 * of the metric before it), priced as the pass and `inAdvanceFees` price it, without them
 * (charge-models.md §5): nothing billed before it, its value as the period's first value, its
 * increment the value's positive part (a count's 1), in its filter bucket and pricing group.
 * `undefined` when the pass must decide: an event outside the period, or a value it rejects
 * (missing, not a decimal), whose error only the pass words.
 *
 * @example
 * firstEventFee(run, pricing, { transaction_id: 'e1', code: 'gb', timestamp, properties: { gb: '4' } }, timeMs)
 * // right({ units: '4', events_count: 1, amount_cents: 400, ... })
 * @internal
 */
export function firstEventFee(
  run: InAdvanceRun,
  pricing: FirstEventPricing,
  event: UsageEvent,
  timeMs: number,
  window: { readonly fromMs: number; readonly toMs: number },
): Either<FeecastError, ChargeFee> | undefined {
  if (timeMs < window.fromMs || timeMs > window.toMs) return undefined;
  const value = eventValue(pricing, event);
  if (value === undefined) return undefined;
  const { setup } = run;
  const b = pricing.route(event.properties);
  const bucket = setup.buckets[b];
  if (bucket === undefined) return undefined;
  const exponent = feeExponent(run);
  if (isLeft(exponent)) return exponent;
  const keys = bucket.groupKeys;
  const group = keys.length === 0 ? {} : groupedBy(keys, groupKey(keys, event.properties));
  const increment = sign(value) > 0 ? value : ZERO;
  return eventFee(
    run,
    bucket,
    () => inAdvanceLines(run).of(b, group),
    exponent.right,
    {
      eventsBefore: 0,
      valuesBefore: bucket.model.needsEventValues ? [] : undefined,
      centsBefore: undefined,
      unitsBefore: ZERO,
      billed: increment,
      value,
      units: increment,
      cents: undefined,
    },
    event.transaction_id,
  );
}
