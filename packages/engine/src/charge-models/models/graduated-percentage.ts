import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { type Decimal, type FeecastError, formatDecimal } from '../../core/index';
import { percentOf, scaleByRatio } from '../internal/arithmetic';
import { detailDifference } from '../internal/detail-difference';
import { type PropertyRecord, readAmount } from '../internal/properties';
import { graduatedStarts, readRanges } from '../internal/ranges';
import { type PricedTier, priceTiers } from '../internal/tiered';
import { unitsDivisor } from '../internal/units-divisor';
import type { ChargeModel } from '../model';
import type { ChargeAmountDetails, GraduatedPercentageRangeDetail } from '../types';

/** A graduated-percentage range's amounts. */
interface RatePrices {
  readonly rate: Decimal;
  readonly flat: Decimal;
}

function readRatePrices(
  range: PropertyRecord,
  at: readonly string[],
): Either<FeecastError, RatePrices> {
  const rate = readAmount(range, 'rate', at, 'invalid_rate');
  if (isLeft(rate)) return rate;
  const flat = readAmount(range, 'flat_amount', at, 'invalid_amount');
  if (isLeft(flat)) return flat;
  return right({ rate: rate.right, flat: flat.right });
}

const unitsPrice = (range: RatePrices, units: Decimal): Decimal => percentOf(units, range.rate);

function detailOf({
  range,
  units,
  unitsTotal,
  flat,
  total,
}: PricedTier<RatePrices>): GraduatedPercentageRangeDetail {
  return {
    from_value: range.from_value,
    to_value: range.to_value,
    units: formatDecimal(units),
    flat_unit_amount: formatDecimal(flat),
    rate: formatDecimal(range.rate),
    per_unit_total_amount: formatDecimal(unitsTotal),
    total_with_flat_amount: formatDecimal(total),
  };
}

/**
 * The per-event details of a pay-in-advance fee (§5): for each range reached with the event,
 * the differences of units, flat amount, units' price and total against the same range without
 * the event (a range not reached without it counts as zeros); the rate is copied.
 */
function eventDetails(
  withEvent: ChargeAmountDetails,
  withoutEvent: ChargeAmountDetails,
): ChargeAmountDetails {
  const before = withoutEvent.graduated_percentage_ranges ?? [];
  return {
    graduated_percentage_ranges: (withEvent.graduated_percentage_ranges ?? []).map((range) => {
      const was = before.find(
        (other) => other.from_value === range.from_value && other.to_value === range.to_value,
      );
      return {
        from_value: range.from_value,
        to_value: range.to_value,
        units: detailDifference(range.units, was?.units),
        flat_unit_amount: detailDifference(range.flat_unit_amount, was?.flat_unit_amount),
        rate: range.rate,
        per_unit_total_amount: detailDifference(
          range.per_unit_total_amount,
          was?.per_unit_total_amount,
        ),
        total_with_flat_amount: detailDifference(
          range.total_with_flat_amount,
          was?.total_with_flat_amount,
        ),
      };
    }),
  };
}

/**
 * `graduated_percentage` (charge-models.md §10): each reached range charges `rate` percent of
 * its units plus its flat amount; zero units pay the first flat amount; projected by scaling the
 * amount with the period ratio (flat amounts too).
 *
 * @example
 * // 0..10 1 % flat 200, 11..20 2 % flat 300: 12 units -> 200.1 + 300.04 = 500.14
 */
export const graduatedPercentage: ChargeModel = {
  name: 'graduated_percentage',
  capabilities: {
    aggregations: 'any',
    payInAdvance: true,
    pricesFrom: 'units',
    eventDetails: eventDetails,
  },
  compile(properties, { path }) {
    const ranges = readRanges(
      properties,
      path,
      {
        key: 'graduated_percentage_ranges',
        missingCode: 'missing_graduated_percentage_ranges',
        invalidCode: 'invalid_graduated_percentage_ranges',
        nextStarts: graduatedStarts,
      },
      readRatePrices,
    );
    if (isLeft(ranges)) return ranges;
    const list = ranges.right;
    return right({
      needsEventValues: false,
      price: (units, context) => {
        const { tiers, amount } = priceTiers(list, units, context.excludeEvent, unitsPrice);
        return right({
          amount,
          amount_details: { graduated_percentage_ranges: tiers.map(detailOf) },
          per: unitsDivisor(units, context),
        });
      },
      project: (_projected, priced, ratio) => scaleByRatio(priced.amount, ratio),
    });
  },
};
