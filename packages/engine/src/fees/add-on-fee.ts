import type { AddOn, Fee } from '@feecast/models';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';
import { type Decimal, type FeecastError, fromCents, multiply } from '../core/index';
import { modelFeeAmounts } from './fee-amounts';
import { type FeeIds, lineFee } from './fee-object';

/** The input of {@link addOnFee}. */
export interface AddOnFeeInput {
  readonly addOn: AddOn;
  /** How many of the add-on are billed (a decimal, 1 by default in the preview's input). */
  readonly units: Decimal;
  readonly ids: FeeIds;
  /** Where the add-on sits in the caller's input. */
  readonly path: readonly string[];
}

/**
 * The fee of an add-on billed on the invoice, as a wire `Fee`: `units` × the add-on's
 * `amount_cents` in its currency, the add-on as the item (`type: 'add_on'`, `item_type:
 * 'AddOn'`, its `invoice_display_name`, else its name). Its taxes come from the add-on, else
 * the customer, else the billing entity, never the plan (invoicing.md §2.1).
 *
 * @example
 * addOnFee({ addOn: setupFee, units: parseDecimalUnsafe('2'), ids, path: ['addOns', '0'] })
 * // right({ amount_cents: 20000, units: '2', item: { type: 'add_on', code: 'setup', ... }, ... })
 */
export function addOnFee(input: AddOnFeeInput): Either<FeecastError, Fee> {
  const { addOn } = input;
  const unit = fromCents(addOn.amount_cents, addOn.amount_currency, [
    ...input.path,
    'amount_cents',
  ]);
  if (isLeft(unit)) return unit;
  const amounts = modelFeeAmounts(
    { amount: multiply(unit.right, input.units), unitAmount: unit.right },
    addOn.amount_currency,
  );
  if (isLeft(amounts)) return amounts;
  return lineFee(
    {
      item: {
        type: 'add_on',
        code: addOn.code,
        name: addOn.name,
        svc_item_id: addOn.svc_id,
        item_type: 'AddOn',
        invoice_display_name: addOn.invoice_display_name,
        description: addOn.description,
      },
      currency: addOn.amount_currency,
      ids: input.ids,
    },
    { amounts: amounts.right, units: input.units },
  );
}
