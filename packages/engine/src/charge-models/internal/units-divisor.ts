import type { Decimal } from '../../core/index';
import type { PricingContext } from '../model';

/**
 * What most models divide their amount by for `unit_amount` (§1.5): the full, unprorated units
 * when the aggregation gives them, else the units.
 *
 * @example
 * unitsDivisor(parse('10'), { ...context, fullUnitsNumber: parse('100') }) // 100
 * @internal
 */
export function unitsDivisor(units: Decimal, context: PricingContext): Decimal {
  return context.fullUnitsNumber ?? units;
}
