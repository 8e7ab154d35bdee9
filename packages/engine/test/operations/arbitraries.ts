/**
 * fast-check arbitraries for the operation laws: charges of every model, with a filter on
 * `cloud` and optional pricing groups by `region`, and event streams of one metric in
 * March 2025, sorted in time.
 */
import fc from 'fast-check';
import type { UsageEvent } from '../../src/aggregation/index';
import type { ChargeFeesMetric } from '../../src/fees/charge/index';
import type { OperationCharge } from '../../src/operations/index';
import { inAdvanceModelProperties } from '../charge-properties';
import { charge, metric, ranges, uuid } from './builders';

/** A metric `m` of `aggregation_type` with a `cloud` filter dimension. */
export const cloudMetric = (aggregation_type: string): ChargeFeesMetric =>
  metric('m', aggregation_type, {
    svc_id: uuid(9),
    filters: [{ key: 'cloud', values: ['aws', 'gcp'] }],
  });

/** Money-like decimal strings with at most 2 decimals, from 0 to 999.99. */
export const price: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 99_999 })
  .map((n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`);

/** Event values: whole numbers from 0 to 99, or with 2 decimals when `decimals`. */
export const value = (decimals: boolean): fc.Arbitrary<string> =>
  decimals
    ? fc
        .integer({ min: 0, max: 9_999 })
        .map((n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`)
    : fc.integer({ min: 0, max: 99 }).map(String);

/** Properties of each charge model (`inAdvance`: only those that can be paid in advance). */
function properties(inAdvance: boolean): Record<string, fc.Arbitrary<object>> {
  const models: Record<string, fc.Arbitrary<object>> = {
    ...inAdvanceModelProperties(price, value(true)),
    dynamic: fc.constant({}),
  };
  if (!inAdvance) {
    models.volume = fc
      .tuple(price, price, price, fc.integer({ min: 1, max: 20 }))
      .map(([a, b, flat, to]) =>
        ranges(
          [
            [0, to, a, flat],
            [to + 1, null, b, '0'],
          ],
          'volume_ranges',
        ),
      );
  }
  return models;
}

/**
 * A charge of metric `m` of any model (only those that can be paid in advance when
 * `inAdvance`; only the models listed in `only` when given), with a filter on `cloud: aws` priced with its own properties and, maybe,
 * pricing groups by `region`.
 */
export function anyCharge(
  billableMetric: ChargeFeesMetric,
  inAdvance: boolean,
  only?: readonly string[],
): fc.Arbitrary<OperationCharge> {
  const models = properties(inAdvance);
  return fc
    .constantFrom(...(only ?? Object.keys(models)))
    .chain((model) => {
      const props = models[model] ?? fc.constant({});
      return fc.tuple(fc.constant(model), props, props, fc.boolean());
    })
    .map(([model, own, filtered, grouped]) =>
      charge(
        billableMetric,
        model,
        { ...own, ...(grouped ? { pricing_group_keys: ['region'] } : {}) },
        {
          svc_id: uuid(10),
          pay_in_advance: inAdvance,
          filters: [
            {
              svc_id: uuid(11),
              invoice_display_name: null,
              values: { cloud: ['aws'] },
              properties: filtered,
            },
          ],
        },
      ),
    );
}

/**
 * A `cloudMetric` of one of `types` with a charge on it (`anyCharge(metric, inAdvance, only)`),
 * as the pair `[metric, charge]` the operation laws price.
 */
export function meteredCharge(
  types: readonly string[],
  inAdvance: boolean,
  only?: readonly string[],
): fc.Arbitrary<[ChargeFeesMetric, OperationCharge]> {
  return fc.constantFrom(...types).chain((type) => {
    const m = cloudMetric(type);
    return fc.tuple(fc.constant(m), anyCharge(m, inAdvance, only));
  });
}

/** 2025-03-01T00:00:00Z in Unix seconds. */
const MARCH_START = 1_740_787_200;

/**
 * Streams of events of metric `m` for `sub_1` in March 2025 (up to the 30th), with a `cloud`
 * (or none) and a `region`, sorted by time; `precise_total_amount_cents` for dynamic charges.
 */
export const stream = (decimals = true): fc.Arbitrary<UsageEvent[]> =>
  fc
    .array(
      fc.tuple(
        fc.integer({ min: 0, max: 29 * 86_400 - 1 }),
        value(decimals),
        fc.constantFrom('aws', 'gcp', undefined),
        fc.constantFrom('eu', 'us'),
        price,
      ),
      { maxLength: 20 },
    )
    .map((rows) =>
      rows
        .sort(([a], [b]) => a - b)
        .map(([second, v, cloud, region, cents], i) => ({
          transaction_id: `tx${i}`,
          external_subscription_id: 'sub_1',
          code: 'm',
          timestamp: new Date((MARCH_START + second) * 1000).toISOString(),
          properties: { value: v, region, ...(cloud === undefined ? {} : { cloud }) },
          precise_total_amount_cents: cents,
        })),
    );
