/**
 * Pricing of reached tiers, shared by graduated and graduated-percentage charges (§9, §10): each
 * reached range costs its units' price plus its flat amount, and the amount is their sum.
 * @internal
 */
import { add, type Decimal, sign, sum, ZERO } from '../../core/index';
import type { Bounds } from './ranges';
import { reachedTiers } from './tiers';

/** A range that carries a flat amount. */
export interface Flat {
  readonly flat: Decimal;
}

/** One reached range, priced. */
export interface PricedTier<R> {
  readonly range: Bounds & R;
  readonly units: Decimal;
  /** The units' price in this range (`per_unit_total_amount`). */
  readonly unitsTotal: Decimal;
  /** The flat amount charged for reaching this range (`flat_unit_amount`). */
  readonly flat: Decimal;
  /** `unitsTotal + flat` (`total_with_flat_amount`). */
  readonly total: Decimal;
}

/**
 * Prices the ranges that `units` reaches with `unitsPrice(range, units)`, adding each reached
 * range's flat amount. With `excludeEvent` and 0 units (the state before a period's first
 * pay-in-advance event, §5) no flat amount is charged.
 *
 * @example
 * // ranges 0..10 (10, flat 2), 11..null (5, flat 3), 12 units:
 * priceTiers(ranges, parse('12'), false, (r, u) => multiply(u, r.perUnit)).amount // 115
 */
export function priceTiers<R extends Flat>(
  ranges: readonly (Bounds & R)[],
  units: Decimal,
  excludeEvent: boolean,
  unitsPrice: (range: Bounds & R, units: Decimal) => Decimal,
): { readonly tiers: PricedTier<R>[]; readonly amount: Decimal } {
  const noFlat = excludeEvent && sign(units) === 0;
  const tiers = reachedTiers(ranges, units).map(({ range, units: held }) => {
    const unitsTotal = unitsPrice(range, held);
    const flat = noFlat ? ZERO : range.flat;
    return { range, units: held, unitsTotal, flat, total: add(unitsTotal, flat) };
  });
  return { tiers, amount: sum(tiers.map((tier) => tier.total)) };
}
