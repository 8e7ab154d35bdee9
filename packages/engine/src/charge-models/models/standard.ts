import { isLeft, right } from 'fp-ts/lib/Either.js';
import { multiply } from '../../core/index';
import { readAmount } from '../internal/properties';
import { unitsDivisor } from '../internal/units-divisor';
import type { ChargeModel } from '../model';

/**
 * `standard` (charge-models.md §7): `units × amount`; no details; projected on the projected
 * units; linear, so a pay-in-advance event costs its own units × amount.
 *
 * @example
 * // amount 5.12345, 10 units -> 51.2345
 */
export const standard: ChargeModel = {
  name: 'standard',
  capabilities: {
    aggregations: 'any',
    payInAdvance: true,
    pricesFrom: 'units',
    eventDetails: null,
  },
  compile(properties, { path }) {
    const price = readAmount(properties, 'amount', path, 'invalid_amount');
    if (isLeft(price)) return price;
    const amount = price.right;
    return right({
      needsEventValues: false,
      price: (units, context) =>
        right({
          amount: multiply(units, amount),
          amount_details: {},
          per: unitsDivisor(units, context),
        }),
      project: (projected) => multiply(projected, amount),
    });
  },
};
