/**
 * Charge filters after their billable metric's filters change: as the reference billing system
 * does when a metric's filters are updated, a charge filter loses the values the
 * metric no longer allows, a key the metric no longer has, and the key itself when none of
 * its values is left; a charge filter left without any key is deleted. The wildcard
 * `__ALL_FILTER_VALUES__` stays while its key does.
 */
import { ALL_FILTER_VALUES } from '@feecast/engine';
import type { BillableMetricFilter, Charge, FilterValues, Plan } from '@feecast/models';

/**
 * `values` keeping only what `filters` allow, or `undefined` when no key is left. The same
 * object when nothing is removed.
 */
function prunedValues(
  values: FilterValues,
  filters: readonly BillableMetricFilter[],
): FilterValues | undefined {
  let removed = false;
  const kept: [string, string[]][] = [];
  for (const [key, list] of Object.entries(values)) {
    const allowed = filters.find((f) => f.key === key)?.values;
    const remaining =
      allowed === undefined
        ? []
        : list.filter((v) => v === ALL_FILTER_VALUES || allowed.includes(v));
    if (remaining.length !== list.length) removed = true;
    if (remaining.length > 0) kept.push([key, remaining]);
  }
  if (!removed) return values;
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/** `filters` each pruned with {@link prunedValues}; those left without a key are deleted. */
function prunedFilters<F extends { readonly values: FilterValues }>(
  filters: readonly F[],
  metricFilters: readonly BillableMetricFilter[],
): F[] {
  return filters.flatMap((filter) => {
    const values = prunedValues(filter.values, metricFilters);
    if (values === undefined) return [];
    return values === filter.values ? [filter] : [{ ...filter, values }];
  });
}

/**
 * `plan` with the charge filters of the charges of the metric `metricCode` pruned to the
 * metric's `filters`: values no longer allowed are removed (the wildcard stays), a key
 * without values or that the metric no longer has is removed, and a charge filter left
 * with no key is deleted. The same object when nothing changes.
 *
 * @example
 * // a seats charge filtered on {region: ['Europe']} and {region: ['USA', 'eu-west-1']}
 * pruneChargeFilters(plan, 'seats', [{ key: 'region', values: ['us-east-1', 'eu-west-1'] }]);
 * // the charge keeps one filter: {region: ['eu-west-1']}
 */
export function pruneChargeFilters(
  plan: Plan,
  metricCode: string,
  filters: readonly BillableMetricFilter[],
): Plan {
  let changed = false;
  const charges = plan.charges.map(<C extends Charge>(charge: C): C => {
    if (charge.billable_metric_code !== metricCode) return charge;
    const next = prunedFilters(charge.filters, filters);
    if (next.length === charge.filters.length && next.every((f, i) => f === charge.filters[i])) {
      return charge;
    }
    changed = true;
    return { ...charge, filters: next };
  });
  return changed ? { ...plan, charges } : plan;
}
