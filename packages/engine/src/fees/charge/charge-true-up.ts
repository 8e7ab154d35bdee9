import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError, ONE, sum } from '../../core/index';
import { dayCount } from '../../periods/index';
import { buildFee } from '../fee-object';
import { minAmountTrueUp } from '../true-up';
import type { PricedFee } from './bucket-fee';
import type { ChargeFee } from './charge-fee';
import type { ChargeSetup } from './charge-setup';
import type { FeeContext } from './fee-context';

/** A charge's true-up fee and the fee it completes. */
export interface ChargeTrueUp {
  readonly parent: PricedFee;
  readonly fee: ChargeFee;
}

/**
 * The `min_amount_cents` true-up of a charge on an invoice (charge-models.md §4): what every
 * fee of the charge used (every filter, group and the default bucket; pricing-unit cents with a
 * pricing unit) against the minimum prorated to the days billed (counted in the customer's
 * zone, one less after an upgrade, over `charges_duration`); when short, a one-unit fee for the
 * difference, cloned from the default bucket's fee (its parent), without filter, no events.
 * `undefined` when no true-up is due (usage, no minimum, or the minimum is reached).
 *
 * @example
 * // min 1000, fees 700 cents, 31 of 31 days
 * chargeTrueUp(invoiceContext, setup, priced) // right({ parent, fee: { amount_cents: 300, units: '1', ... } })
 * @internal
 */
export function chargeTrueUp(
  context: FeeContext,
  setup: ChargeSetup,
  priced: readonly PricedFee[],
): Either<FeecastError, ChargeTrueUp | undefined> {
  if (context.purpose !== 'invoice' || setup.minAmountCents === 0) return right(undefined);
  const parent = priced.find((p) => p.isDefault);
  if (parent === undefined) return right(undefined);
  const { period } = context;
  const days = dayCount({
    from: period.charges_from_datetime,
    to: period.charges_to_datetime,
    timezone: context.timezone,
  });
  if (isLeft(days)) return days;
  let used = 0;
  for (const p of priced) {
    // Whole minor units, each a safe integer: exact while the total stays safe (checked).
    used += p.usedCents;
    if (!Number.isSafeInteger(used)) {
      return left(
        feecastError('out_of_range', "The charge's fees add up beyond the safe integer range.", [
          ...setup.path,
          'min_amount_cents',
        ]),
      );
    }
  }
  const trueUp = minAmountTrueUp({
    min_amount_cents: setup.minAmountCents,
    used_amount_cents: used,
    used_precise_amount_cents: sum(priced.map((p) => p.usedPreciseCents)),
    charges_duration_days: period.charges_duration ?? days.right,
    days_billed: context.terminatedByUpgrade ? Math.max(0, days.right - 1) : days.right,
    currency: context.currency,
    ...(setup.pricingUnit === undefined ? {} : { pricing_unit: setup.pricingUnit }),
  });
  if (isLeft(trueUp)) return trueUp;
  if (trueUp.right === null) return right(undefined);
  const { line } = parent;
  const fee = buildFee(
    {
      ...line,
      item: { ...line.item, filters: null, filter_invoice_display_name: null },
      ids: { ...line.ids, svc_charge_filter_id: null },
    },
    {
      amounts: trueUp.right,
      // A true-up is one unit (`minAmountTrueUp`'s units and total_aggregated_units).
      units: ONE,
      total_aggregated_units: ONE,
      events_count: trueUp.right.events_count,
      amount_details: {},
      pricing_unit_details: trueUp.right.pricing_unit_details ?? null,
    },
  );
  return right({ parent, fee });
}
