import type { DecimalFigures } from '../../aggregation/index';
import { type Decimal, max, ZERO } from '../../core/index';

/**
 * The units a recurring metric carries into a period that its pay-in-advance charge has
 * already billed when the period starts (aggregations.md §1.8, §4): the units active at the
 * start (`start_units`: the carried value and the earlier events), unprorated, never below 0,
 * billed by the invoice that closed the previous period. 0 for a metric that is not recurring.
 *
 * @example
 * carriedIn({ aggregation: d('3'), count: 3, start_units: d('1'), end_units: d('3') }) // 1
 * @internal
 */
export function carriedIn(figures: DecimalFigures): Decimal {
  return max(figures.start_units ?? ZERO, ZERO);
}

/**
 * The units a recurring metric carries out of a period into the next (`end_units`),
 * unprorated, never below 0: what its pay-in-advance charge bills for the next period on the
 * invoice that closes this one, and what the next period starts from ({@link carriedIn}).
 *
 * @example
 * carriedOut({ aggregation: d('3'), count: 3, start_units: d('1'), end_units: d('3') }) // 3
 * @internal
 */
export function carriedOut(figures: DecimalFigures): Decimal {
  return max(figures.end_units ?? ZERO, ZERO);
}
