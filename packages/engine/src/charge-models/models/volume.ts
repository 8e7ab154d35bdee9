import { isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  compare,
  type Decimal,
  formatDecimal,
  multiply,
  ONE,
  sign,
  ZERO,
} from '../../core/index';
import { divideOrZero } from '../internal/arithmetic';
import { type Bounds, readRanges } from '../internal/ranges';
import { readUnitPrices, type UnitPrices } from '../internal/unit-prices';
import type { ChargeModel } from '../model';

type Range = Bounds & UnitPrices;

/**
 * The range that prices a quantity: the first whose `to_value` is open or `>= quantity` (upper
 * bounds inclusive, so 100.5 in `0..100, 101..200` goes to the second range, §11); a quantity of
 * 0 or less takes the first range.
 */
function rangeFor(ranges: readonly [Range, ...Range[]], quantity: Decimal): Range {
  if (sign(quantity) <= 0) return ranges[0];
  return ranges.find((range) => range.to === null || compare(quantity, range.to) <= 0) ?? ranges[0];
}

/**
 * `volume` (charge-models.md §11): the one range holding the quantity prices every unit,
 * `units × per_unit_amount + flat_amount`; a prorated charge picks the range with its full
 * units. Ranges chain as `to_value + 1` (`0..100, 101..200, 201..null`).
 *
 * @example
 * // 0..100 (2, flat 10), 101..200 (1), 201..null (0.5, flat 50): 300 units -> 150 + 50 = 200
 */
export const volume: ChargeModel = {
  name: 'volume',
  capabilities: {
    aggregations: 'any',
    // §1.4: the reference refuses a volume charge paid in advance.
    payInAdvance: false,
    pricesFrom: 'units',
    eventDetails: null,
  },
  compile(properties, { path, prorated }) {
    const ranges = readRanges(
      properties,
      path,
      {
        key: 'volume_ranges',
        missingCode: 'missing_volume_ranges',
        invalidCode: 'invalid_volume_ranges',
        nextStarts: (to) => [add(to, ONE)],
      },
      readUnitPrices,
    );
    if (isLeft(ranges)) return ranges;
    const list = ranges.right;
    return right({
      needsEventValues: false,
      price: (units, context) => {
        const quantity = (prorated ? context.fullUnitsNumber : undefined) ?? units;
        const range = rangeFor(list, quantity);
        const unitsTotal = multiply(units, range.perUnit);
        return right({
          amount: add(unitsTotal, range.flat),
          amount_details: {
            flat_unit_amount: formatDecimal(range.flat),
            per_unit_amount: formatDecimal(divideOrZero(unitsTotal, quantity)),
            per_unit_total_amount: formatDecimal(unitsTotal),
          },
          per: quantity,
        });
      },
      project: (projected) => {
        if (sign(projected) <= 0) return ZERO;
        const range = rangeFor(list, projected);
        return add(multiply(projected, range.perUnit), range.flat);
      },
    });
  },
};
