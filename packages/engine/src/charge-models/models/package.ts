import { isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  ceil,
  compare,
  type Decimal,
  decimalFromCount,
  formatDecimal,
  literalScale,
  multiply,
  ONE,
  sign,
  subtract,
  ZERO,
} from '../../core/index';
import { divideOrZero } from '../internal/arithmetic';
import { lazilyDetailed } from '../internal/lazy-details';
import { readAmount, readInteger } from '../internal/properties';
import type { ChargeModel } from '../model';

/**
 * The number of packages of `size` that `paid` units start, exactly: `ceil(paid ÷ size)`, with
 * the quotient checked against the exact product so no rounding of the division can miscount.
 */
function packagesStarted(paid: Decimal, size: Decimal): Decimal {
  let count = ceil(divideOrZero(paid, size), literalScale(0));
  while (compare(multiply(subtract(count, ONE), size), paid) >= 0) count = subtract(count, ONE);
  while (compare(multiply(count, size), paid) < 0) count = add(count, ONE);
  return count;
}

/**
 * `package` (charge-models.md §8): after `free_units`, every started package of `package_size`
 * units costs `amount`; `unit_amount` divides by the paid units; never negative.
 *
 * @example
 * // amount 100, package_size 10, free_units 10: 121 units -> 111 paid -> 12 packages = 1200
 */
export const packageModel: ChargeModel = {
  name: 'package',
  capabilities: {
    aggregations: 'any',
    payInAdvance: true,
    pricesFrom: 'units',
    eventDetails: null,
  },
  compile(properties, { path }) {
    const amount = readAmount(properties, 'amount', path, 'invalid_amount');
    if (isLeft(amount)) return amount;
    const size = readInteger(properties, 'package_size', path, 'invalid_package_size', 1);
    if (isLeft(size)) return size;
    const free = readInteger(properties, 'free_units', path, 'invalid_free_units', 0);
    if (isLeft(free)) return free;
    const packageAmount = amount.right;
    const packageSize = size.right;
    const sizeDecimal = decimalFromCount(packageSize);
    const freeUnits = decimalFromCount(free.right);
    const cost = (paid: Decimal): Decimal =>
      sign(paid) <= 0 ? ZERO : multiply(packagesStarted(paid, sizeDecimal), packageAmount);
    return right({
      needsEventValues: false,
      price: (units) => {
        const paid = subtract(units, freeUnits);
        const paidUnits = sign(paid) < 0 ? ZERO : paid;
        return right(
          lazilyDetailed(cost(paid), paidUnits, () => ({
            free_units: formatDecimal(freeUnits),
            paid_units: formatDecimal(paidUnits),
            per_package_size: packageSize,
            per_package_unit_amount: formatDecimal(packageAmount),
          })),
        );
      },
      project: (projected) => (sign(projected) === 0 ? ZERO : cost(subtract(projected, freeUnits))),
    });
  },
};
