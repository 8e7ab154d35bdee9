import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { feecastError, fromCents, multiply, sign, ZERO } from '../../core/index';
import { scaleByRatio } from '../internal/arithmetic';
import { unitsDivisor } from '../internal/units-divisor';
import type { ChargeModel } from '../model';

/**
 * `dynamic` (charge-models.md §13): each event carries its own price, so the amount is the sum
 * of the events' `precise_total_amount_cents` in the currency's units (0 when there are no
 * units); no properties, no details; projected by scaling with the period ratio.
 *
 * @example
 * dynamic.compile({}, options).right.price(parse('20'),
 *   { ...context, preciseTotalAmountCents: parse('40.2'), currency: 'EUR' }) // right({ amount: 0.402, ... })
 */
export const dynamic: ChargeModel = {
  name: 'dynamic',
  capabilities: {
    // §1.4: the events' precise cents are summed, so a sum metric.
    aggregations: ['sum_agg'],
    payInAdvance: true,
    pricesFrom: 'precise_cents',
    eventDetails: null,
  },
  compile: () =>
    right({
      needsEventValues: false,
      price: (units, context) => {
        const per = unitsDivisor(units, context);
        if (sign(per) === 0) return right({ amount: ZERO, amount_details: {}, per });
        const { preciseTotalAmountCents: cents, currency } = context;
        if (cents === undefined || currency === undefined) {
          return left(
            feecastError(
              'invalid_input',
              "A dynamic charge needs precise_total_amount_cents (the sum of its events' precise_total_amount_cents) and the plan's currency.",
              [cents === undefined ? 'precise_total_amount_cents' : 'currency'],
            ),
          );
        }
        const minorUnit = fromCents(1, currency, ['currency']);
        if (isLeft(minorUnit)) return minorUnit;
        return right({ amount: multiply(cents, minorUnit.right), amount_details: {}, per });
      },
      project: (_projected, priced, ratio) => scaleByRatio(priced.amount, ratio),
    }),
};
