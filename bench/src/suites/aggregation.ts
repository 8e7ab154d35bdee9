import { type AggregateOptions, aggregate, type BillableMetricInput } from '@feecast/engine';
import BigJs from 'big.js';
import { benchEvents } from '../data';
import type { BenchCase, BenchSuite } from '../harness';
import { minimalFilteredSum } from '../minimal-sum';

const MARCH = {
  from_datetime: '2025-03-01T00:00:00Z',
  to_datetime: '2025-03-31T23:59:59Z',
} as const;
const filters = [
  { key: 'region', values: ['eu', 'us', 'apac', 'latam'] },
  { key: 'tier', values: ['free', 'pro', 'enterprise'] },
];
const sum: BillableMetricInput = {
  code: 'compute',
  aggregation_type: 'sum_agg',
  field_name: 'value',
  filters,
};
const unique: BillableMetricInput = {
  code: 'compute',
  aggregation_type: 'unique_count_agg',
  field_name: 'instance',
};
const expression: BillableMetricInput = {
  code: 'compute',
  aggregation_type: 'sum_agg',
  field_name: 'total',
  expression: 'round(event.properties.value * 1.2, 2)',
};

/** The hand-written lower bound of an exact filtered sum (see `minimal-sum.ts`). */
const MINIMAL = '(d) hand-written exact filtered sum, no library';

/**
 * Issue 4: aggregation over 1,000,000 in-memory events, against (a) a bare loop that only
 * reads each event's properties (the floor for object input), (b) a `Number()`-summing loop
 * and (c) a naive big.js loop, and (d) the least work an exact filtered sum does, written by
 * hand. "no dedupe" says transaction ids are not checked.
 */
export function aggregationSuite(count = 1_000_000): BenchSuite {
  const events = benchEvents(count);
  const Big = BigJs();
  const engine = (
    name: string,
    metric: BillableMetricInput,
    options: Partial<AggregateOptions>,
  ): BenchCase => ({
    name,
    run: () => {
      const result = aggregate(metric, events, { ...MARCH, ...options });
      if (result._tag === 'Left') throw new Error(result.left.message);
      return result.right.aggregation;
    },
  });
  return {
    name: 'aggregation',
    items: count,
    itemLabel: 'events',
    baseline: '(a) bare property-reading loop',
    cases: [
      {
        name: '(a) bare property-reading loop',
        run: () => {
          let touched = 0;
          for (const e of events) {
            const p = e.properties;
            touched +=
              p.value.length +
              p.region.length +
              p.tier.length +
              p.customer.length +
              p.instance.length;
          }
          return touched;
        },
      },
      {
        name: '(b) Number() sum loop',
        run: () => {
          let total = 0;
          for (const e of events) total += Number(e.properties.value);
          return total;
        },
      },
      {
        name: '(c) naive big.js sum loop',
        run: () => {
          let total = new Big('0');
          for (const e of events) total = total.plus(e.properties.value);
          return total.toFixed();
        },
      },
      {
        name: MINIMAL,
        run: () =>
          minimalFilteredSum(
            events,
            'compute',
            new Set(['eu', 'us']),
            Date.parse(MARCH.from_datetime),
            Date.parse(MARCH.to_datetime),
          ),
      },
      engine('sum, two-value filter, no dedupe', sum, {
        filters: { region: ['eu', 'us'] },
        deduplicate: false,
      }),
      engine('sum, two-value filter', sum, { filters: { region: ['eu', 'us'] } }),
      engine('sum grouped by region, no dedupe', sum, {
        grouped_by: ['region'],
        deduplicate: false,
      }),
      engine('unique count of instance, no dedupe', unique, { deduplicate: false }),
      engine('sum of an expression, no dedupe', expression, { deduplicate: false }),
    ],
    agree: [
      ['(c) naive big.js sum loop', 'sum grouped by region, no dedupe'],
      [MINIMAL, 'sum, two-value filter, no dedupe', 'sum, two-value filter'],
    ],
    targets: [
      {
        case: 'sum, two-value filter, no dedupe',
        against: '(a) bare property-reading loop',
        atMost: 1.5,
      },
      { case: 'sum, two-value filter', against: '(a) bare property-reading loop', atMost: 3 },
      {
        case: 'sum grouped by region, no dedupe',
        against: '(a) bare property-reading loop',
        atMost: 3,
      },
      {
        case: 'unique count of instance, no dedupe',
        against: '(a) bare property-reading loop',
        atMost: 3,
      },
      {
        case: 'sum of an expression, no dedupe',
        against: '(a) bare property-reading loop',
        atMost: 3,
      },
    ],
  };
}
