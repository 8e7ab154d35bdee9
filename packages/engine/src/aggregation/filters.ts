import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';
import { propertyText } from './property';

/** The value that stands for every value a billable-metric filter declares. */
export const ALL_FILTER_VALUES = '__ALL_FILTER_VALUES__';

/** A billable metric's filter dimension: a property key and its allowed values. */
export interface MetricFilter {
  readonly key: string;
  readonly values: readonly string[];
}

/** A charge filter's `values`: for each key, the values it matches (or the wildcard). */
export type FilterValues = Readonly<Record<string, readonly string[]>>;

/** A charge filter compiled for matching: one set of accepted texts per key. */
export interface CompiledFilter {
  readonly keys: readonly string[];
  readonly accepted: readonly ReadonlySet<string>[];
  /** Total number of accepted values: the smaller, the more specific. */
  readonly breadth: number;
}

/**
 * Checks a charge filter against the metric's filter dimensions and expands the wildcard
 * `__ALL_FILTER_VALUES__` to the values the metric declares (so it never matches an
 * undeclared value). A key the metric does not declare, a value it does not allow, or an
 * empty list is a `Left`.
 */
export function compileFilter(
  values: FilterValues,
  metricFilters: readonly MetricFilter[],
  path: readonly string[],
): Either<FeecastError, CompiledFilter> {
  const keys = Object.keys(values);
  const accepted: ReadonlySet<string>[] = [];
  let breadth = 0;
  for (const key of keys) {
    const declared = metricFilters.find((f) => f.key === key);
    const list = values[key] ?? [];
    if (declared === undefined) {
      const known = metricFilters.map((f) => f.key).join(', ') || 'none';
      return left(
        feecastError(
          'invalid_input',
          `The filter key "${key}" is not a filter of the billable metric (its keys: ${known}).`,
          [...path, key],
        ),
      );
    }
    if (list.length === 0) {
      return left(
        feecastError('invalid_input', `The filter key "${key}" has no values.`, [...path, key]),
      );
    }
    const expanded = list.includes(ALL_FILTER_VALUES) ? declared.values : list;
    const unknown = expanded.find((v) => !declared.values.includes(v));
    if (unknown !== undefined) {
      return left(
        feecastError(
          'invalid_input',
          `"${unknown}" is not an allowed value of the filter "${key}" (allowed: ${declared.values.join(', ')}).`,
          [...path, key],
        ),
      );
    }
    accepted.push(new Set(expanded));
    breadth += expanded.length;
  }
  return right({ keys, accepted, breadth });
}

/** `true` when every key of the filter has, in the event's properties, one of its values. */
export function matchesFilter(
  filter: CompiledFilter,
  properties: Readonly<Record<string, unknown>> | undefined,
): boolean {
  if (properties === undefined) return filter.keys.length === 0;
  for (let i = 0; i < filter.keys.length; i++) {
    const key = filter.keys[i] as string;
    const text = propertyText(properties[key]);
    if (text === undefined || !(filter.accepted[i] as ReadonlySet<string>).has(text)) return false;
  }
  return true;
}

/**
 * The one filter-resolution rule of feecast, used by aggregation, fees, estimates and usage
 * alike: an event belongs to exactly one bucket, the most specific filter it matches (the
 * most keys; then the fewest accepted values; then the first in the charge's order), or the
 * default bucket (-1) when it matches none.
 */
export function createFilterRouter(
  filters: readonly CompiledFilter[],
): (properties: Readonly<Record<string, unknown>> | undefined) => number {
  const order = filters
    .map((filter, index) => ({ filter, index }))
    .sort(
      (a, b) =>
        b.filter.keys.length - a.filter.keys.length ||
        a.filter.breadth - b.filter.breadth ||
        a.index - b.index,
    );
  return (properties) => {
    for (const { filter, index } of order) {
      if (matchesFilter(filter, properties)) return index;
    }
    return -1;
  };
}
