/**
 * fast-check arbitraries for the charge-fee laws: event streams of one metric over March with
 * filter and group properties, and pay-in-advance charges of every model that allows it.
 */
import fc from 'fast-check';
import type { UsageEvent } from '../../../src/aggregation/index';
import type { ChargeFeesCharge } from '../../../src/fees/charge/index';
import { inAdvanceModelProperties } from '../../charge-properties';
import { charge, metric } from './support';

/** A metric with a `cloud` filter dimension. */
export const cloudMetric = (aggregation_type: string) =>
  metric(aggregation_type, { filters: [{ key: 'cloud', values: ['aws', 'gcp'] }] });

/** Money-like decimal strings with at most 2 decimals, from 0 to 999.99. */
export const price: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 99_999 })
  .map((n) =>
    n % 100 === 0 ? String(n / 100) : `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`,
  );

/** Event values with at most 2 decimals, from 0 to 99.99. */
export const value: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 9_999 })
  .map((n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`);

/** Streams of events of metric `m` in March, with a `cloud` and a `region`, in any order. */
export const stream = (values: fc.Arbitrary<string> = value): fc.Arbitrary<UsageEvent[]> =>
  fc
    .array(
      fc.tuple(
        fc.integer({ min: 0, max: 30 * 86_400 - 1 }),
        values,
        fc.constantFrom('aws', 'gcp', undefined),
        fc.constantFrom('eu', 'us'),
      ),
      { maxLength: 25 },
    )
    .map((rows) =>
      rows.map(([second, v, cloud, region], i) => ({
        transaction_id: `tx${i}`,
        code: 'm',
        // Whole seconds from 2025-03-01T00:00:00Z (1740787200), as Unix seconds.
        timestamp: 1_740_787_200 + second,
        properties: { v, region, ...(cloud === undefined ? {} : { cloud }) },
      })),
    );

/** Random properties of each charge model that can be paid in advance. */
const PROPERTIES = inAdvanceModelProperties(price, value);

/**
 * A pay-in-advance charge of any model that allows it, with a filter on `cloud: aws` (its own
 * properties) and, optionally, pricing groups by `region`.
 */
export const inAdvanceCharge: fc.Arbitrary<ChargeFeesCharge> = fc
  .constantFrom(...Object.keys(PROPERTIES))
  .chain((model) => {
    const properties = PROPERTIES[model] ?? fc.constant({});
    return fc.tuple(fc.constant(model), properties, properties, fc.boolean());
  })
  .map(([model, own, filtered, grouped]) =>
    charge(
      model,
      { ...own, ...(grouped ? { pricing_group_keys: ['region'] } : {}) },
      {
        pay_in_advance: true,
        filters: [{ values: { cloud: ['aws'] }, properties: filtered }],
      },
    ),
  );
