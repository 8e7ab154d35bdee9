import { isLeft, right } from 'fp-ts/lib/Either.js';
import { type Decimal, formatDecimal, multiply, sign, sum, ZERO } from '../../core/index';
import { isPositive, scaleByRatio } from '../internal/arithmetic';
import { lazilyDetailed } from '../internal/lazy-details';
import { graduatedStarts, readRanges } from '../internal/ranges';
import { type PricedTier, priceTiers } from '../internal/tiered';
import { readUnitPrices, type UnitPrices } from '../internal/unit-prices';
import { unitsDivisor } from '../internal/units-divisor';
import type { ChargeModel, PricingContext } from '../model';
import type { GraduatedRangeDetail } from '../types';
import { proratedGraduated } from './prorated-graduated';

const unitsPrice = (range: UnitPrices, units: Decimal): Decimal => multiply(units, range.perUnit);

function detailOf({
  range,
  units,
  unitsTotal,
  flat,
  total,
}: PricedTier<UnitPrices>): GraduatedRangeDetail {
  return {
    from_value: range.from_value,
    to_value: range.to_value,
    units: formatDecimal(units),
    flat_unit_amount: formatDecimal(flat),
    per_unit_amount: formatDecimal(sign(units) === 0 ? ZERO : range.perUnit),
    per_unit_total_amount: formatDecimal(unitsTotal),
    total_with_flat_amount: formatDecimal(total),
  };
}

/**
 * `graduated` (charge-models.md §9): each reached range prices its own units and adds its flat
 * amount; zero units pay the first range's flat amount; details list the reached ranges. A
 * prorated charge given per-event full and prorated values runs prorated graduated (§16).
 *
 * @example
 * // 0..10 (10, flat 2), 11..20 (5, flat 3), 21..null (5, flat 3): 12 units -> 102 + 13 = 115
 */
export const graduated: ChargeModel = {
  name: 'graduated',
  capabilities: {
    aggregations: 'any',
    payInAdvance: true,
    pricesFrom: 'units',
    eventDetails: null,
  },
  compile(properties, { path, prorated }) {
    const ranges = readRanges(
      properties,
      path,
      {
        key: 'graduated_ranges',
        missingCode: 'missing_graduated_ranges',
        invalidCode: 'invalid_graduated_ranges',
        nextStarts: graduatedStarts,
      },
      readUnitPrices,
    );
    if (isLeft(ranges)) return ranges;
    const list = ranges.right;
    // §1.2: prorated graduated needs the per-event values; without them, plain graduated.
    const perEvent = (context: PricingContext) =>
      prorated && context.eventValues && context.proratedEventValues
        ? { full: context.eventValues, prorated: context.proratedEventValues }
        : undefined;
    return right({
      needsEventValues: prorated,
      price: (units, context) => {
        const events = perEvent(context);
        if (events) return right(proratedGraduated(list, units, events.full, events.prorated));
        const { tiers, amount } = priceTiers(list, units, context.excludeEvent, unitsPrice);
        return right(
          lazilyDetailed(amount, unitsDivisor(units, context), () => ({
            graduated_ranges: tiers.map(detailOf),
          })),
        );
      },
      // §6: prorated graduated scales its amount; graduated walks the tiers with the projected
      // units, and only ranges that receive units add their flat amount.
      project: (projected, priced, ratio, context) =>
        perEvent(context)
          ? scaleByRatio(priced.amount, ratio)
          : sum(
              priceTiers(list, projected, false, unitsPrice)
                .tiers.filter((tier) => isPositive(tier.units))
                .map((tier) => tier.total),
            ),
    });
  },
};
