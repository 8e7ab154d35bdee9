/**
 * The tier walk of graduated and graduated-percentage charges (charge-models.md §9, §10): which
 * ranges a quantity reaches and how many units each holds.
 * @internal
 */
import { compare, type Decimal, min, subtract } from '../../core/index';
import type { Bounds } from './ranges';

/** A reached range and the units it holds. */
export interface Tier<R> {
  readonly range: Bounds & R;
  readonly units: Decimal;
}

/**
 * The ranges `units` reaches, in order: every range up to and including the first whose
 * `to_value` is open or `>= units` (§9: units on a boundary do not reach the next range). Each
 * holds `min(units, to) - start`, so the first range alone holds zero or negative units.
 *
 * @example
 * // ranges 0..10, 11..20, 21..null with 12 units -> [{units 10}, {units 2}]
 */
export function reachedTiers<R>(ranges: readonly (Bounds & R)[], units: Decimal): Tier<R>[] {
  const tiers: Tier<R>[] = [];
  for (const range of ranges) {
    const top = range.to === null ? units : min(units, range.to);
    tiers.push({ range, units: subtract(top, range.start) });
    if (range.to === null || compare(range.to, units) >= 0) break;
  }
  return tiers;
}
