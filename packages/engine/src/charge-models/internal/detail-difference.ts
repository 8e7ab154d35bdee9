import { formatDecimal, subtract } from '../../core/index';
import { readBack } from './read-back';

/**
 * `a − b` of two decimal texts of amount details (a pay-in-advance fee's details are the
 * differences of the details with and without its event, §5); a missing `b` counts as 0.
 * @internal
 *
 * @example
 * detailDifference('12.5', '10') // '2.5'
 * detailDifference('3', undefined) // '3'
 */
export function detailDifference(a: string | undefined, b: string | undefined): string {
  return formatDecimal(subtract(readBack(a), readBack(b)));
}
