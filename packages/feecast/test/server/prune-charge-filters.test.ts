// Laws of pruneChargeFilters (issue 9): the charge filters of a metric after its filters
// change, as the reference billing system prunes them when a metric's filters are updated.
import type { BillableMetricFilter, Plan } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pruneChargeFilters } from '../../src/server/state/prune-charge-filters';
import { example } from './builders';

const ALL = '__ALL_FILTER_VALUES__';
const KEYS = ['region', 'tier', 'size'];
const VALUES = ['eu', 'us', 'hot', 'cold', '512'];

const startup = example().plans.find((p) => p.code === 'startup') as Plan;

/** Metric filters: some of KEYS, each with some of VALUES. */
const metricFilters: fc.Arbitrary<BillableMetricFilter[]> = fc
  .subarray(KEYS)
  .chain((keys) =>
    fc.tuple(...keys.map((key) => fc.subarray(VALUES).map((values) => ({ key, values })))),
  );

/** Charge filter values: one to three keys, each with one or more values or the wildcard. */
const filterValues = fc.dictionary(
  fc.constantFrom(...KEYS),
  fc.oneof(fc.subarray(VALUES, { minLength: 1 }), fc.constant([ALL])),
  { minKeys: 1, maxKeys: 3 },
);

/** The startup plan with its seats charge filtered on `values` (one filter each). */
const plans = fc.array(filterValues, { maxLength: 5 }).map(
  (all): Plan =>
    ({
      ...startup,
      charges: startup.charges.map((c) =>
        c.billable_metric_code === 'seats'
          ? {
              ...c,
              filters: all.map((values, i) => ({
                invoice_display_name: `f${i}`,
                properties: { amount: String(i + 1) },
                values,
              })),
            }
          : c,
      ),
    }) as Plan,
);

function seatsFilters(plan: Plan) {
  return plan.charges.find((c) => c.billable_metric_code === 'seats')?.filters ?? [];
}

describe('pruneChargeFilters', () => {
  it('pruned charge filters use only keys and values the metric allows (or the wildcard), never an empty key or filter', () => {
    fc.assert(
      fc.property(plans, metricFilters, (plan, filters) => {
        for (const filter of seatsFilters(pruneChargeFilters(plan, 'seats', filters))) {
          const entries = Object.entries(filter.values);
          expect(entries.length).toBeGreaterThan(0);
          for (const [key, values] of entries) {
            const allowed = filters.find((f) => f.key === key)?.values;
            expect(allowed).toBeDefined();
            expect(values.length).toBeGreaterThan(0);
            for (const v of values) expect(v === ALL || allowed?.includes(v)).toBe(true);
          }
        }
      }),
    );
  });

  it('pruning only removes: surviving filters keep their order, names and properties, with a subset of their values', () => {
    fc.assert(
      fc.property(plans, metricFilters, (plan, filters) => {
        const before = seatsFilters(plan);
        const after = seatsFilters(pruneChargeFilters(plan, 'seats', filters));
        const names = after.map((f) => f.invoice_display_name);
        expect(names).toEqual(
          before.map((f) => f.invoice_display_name).filter((n) => names.includes(n)),
        );
        for (const filter of after) {
          const old = before.find((f) => f.invoice_display_name === filter.invoice_display_name);
          expect(filter.properties).toEqual(old?.properties);
          for (const [key, values] of Object.entries(filter.values)) {
            for (const v of values) expect(old?.values[key]).toContain(v);
          }
        }
      }),
    );
  });

  it('metric filters that allow every value in use change nothing (the same plan)', () => {
    fc.assert(
      fc.property(plans, (plan) => {
        const filters = KEYS.map((key) => ({ key, values: VALUES }));
        expect(pruneChargeFilters(plan, 'seats', filters)).toBe(plan);
      }),
    );
  });

  it('pruning is idempotent', () => {
    fc.assert(
      fc.property(plans, metricFilters, (plan, filters) => {
        const once = pruneChargeFilters(plan, 'seats', filters);
        expect(pruneChargeFilters(once, 'seats', filters)).toBe(once);
      }),
    );
  });

  it('charges of other metrics are untouched', () => {
    fc.assert(
      fc.property(plans, metricFilters, (plan, filters) => {
        const after = pruneChargeFilters(plan, 'seats', filters);
        plan.charges.forEach((charge, i) => {
          if (charge.billable_metric_code !== 'seats') expect(after.charges[i]).toBe(charge);
        });
      }),
    );
  });

  it('removing every metric filter deletes every charge filter of the metric (the reference discard_all)', () => {
    fc.assert(
      fc.property(plans, (plan) => {
        expect(seatsFilters(pruneChargeFilters(plan, 'seats', []))).toEqual([]);
      }),
    );
  });
});
