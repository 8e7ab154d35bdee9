import { left, right } from 'fp-ts/lib/Either.js';
import { feecastError } from '../../core/index';
import { scaleByRatio } from '../internal/arithmetic';
import { unitsDivisor } from '../internal/units-divisor';
import type { ChargeModel } from '../model';

/**
 * `custom` (charge-models.md §14): the amount is what the metric's custom aggregator computed.
 * Custom aggregators run code on the billing server, which feecast does not run, so the caller
 * passes that amount as `custom_amount`; without it the charge is refused, not priced at 0.
 *
 * @example
 * custom.compile({}, options).right.price(parse('10'), { ...context, customAmount: parse('20') })
 * // right({ amount: 20, amount_details: {}, per: 10 })
 */
export const custom: ChargeModel = {
  name: 'custom',
  capabilities: {
    aggregations: 'any',
    payInAdvance: true,
    // The metric's custom aggregator computes the amount; the caller passes it.
    pricesFrom: 'custom_amount',
    eventDetails: null,
  },
  compile: () =>
    right({
      needsEventValues: false,
      price: (units, context) =>
        context.customAmount === undefined
          ? left(
              feecastError(
                'unsupported_charge_model',
                "A custom charge is priced by its metric's custom aggregator, which feecast does not run: pass the amount it computed as custom_amount.",
                ['custom_amount'],
              ),
            )
          : right({
              amount: context.customAmount,
              amount_details: {},
              per: unitsDivisor(units, context),
            }),
      project: (_projected, priced, ratio) => scaleByRatio(priced.amount, ratio),
    }),
};
