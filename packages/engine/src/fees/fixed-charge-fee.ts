import type { Fee, FixedCharge } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { compileChargeModel, divideOrZero, pricingContext } from '../charge-models/index';
import {
  type Decimal,
  decimalFromCount,
  divide,
  type FeecastError,
  multiply,
  parseDecimal,
  sign,
} from '../core/index';
import { type BilledRange, prorationDays } from '../periods/index';
import { modelFeeAmounts } from './fee-amounts';
import { type FeeIds, lineFee } from './fee-object';

/** The input of {@link fixedChargeFee}. */
export interface FixedChargeFeeInput {
  readonly fixedCharge: FixedCharge;
  /** The fixed-charges period billed (cut at a late start or a termination). */
  readonly period: BilledRange;
  /** The plan's currency. */
  readonly currency: string;
  /** The customer's IANA time zone, whose days are counted. */
  readonly timezone: string;
  readonly ids: FeeIds;
  /** Where the fixed charge sits in the caller's input. */
  readonly path: readonly string[];
}

/**
 * The fee of a fixed charge for a period (invoicing.md §1 step 1; charge-models.md: fixed
 * charges price their `units` with the standard, graduated or volume model), as a wire `Fee`:
 * the model's amount for the fixed charge's units; for a `prorated` fixed charge billed for
 * part of its period (a late start, a termination), that amount × days billed ÷ days of the
 * period, as the subscription fee is prorated. The item is the fixed charge's add-on
 * (`type: 'fixed_charge'`, `item_type: 'AddOn'`), its display name the fixed charge's.
 * `null` when the fixed charge bills nothing (no units and no amount).
 *
 * @example
 * // 3 seats at 12.50 (standard), full period:
 * fixedChargeFee({ fixedCharge, period, currency: 'EUR', timezone: 'UTC', ids, path })
 * // right({ amount_cents: 3750, units: '3', item: { type: 'fixed_charge', ... }, ... })
 */
export function fixedChargeFee(input: FixedChargeFeeInput): Either<FeecastError, Fee | null> {
  const { fixedCharge, period } = input;
  const units = parseDecimal(fixedCharge.units, [...input.path, 'units']);
  if (isLeft(units)) return units;
  // Proration applies to the amount (below), so the model itself is not prorated.
  const model = compileChargeModel(
    { charge_model: fixedCharge.charge_model, properties: fixedCharge.properties },
    { path: input.path },
  );
  if (isLeft(model)) return model;
  const priced = model.right.price(units.right, pricingContext(0));
  if (isLeft(priced)) return priced;
  const { amount, amount_details, per } = priced.right;
  const share = fixedCharge.prorated ? proratedShare(period, input.timezone) : right(undefined);
  if (isLeft(share)) return share;
  const billed = scaled(amount, share.right);
  if (isLeft(billed)) return billed;
  const billedUnit = scaled(divideOrZero(amount, per), share.right);
  if (isLeft(billedUnit)) return billedUnit;
  if (sign(billed.right) === 0 && sign(units.right) === 0) return right(null);
  const amounts = modelFeeAmounts(
    { amount: billed.right, unitAmount: billedUnit.right },
    input.currency,
  );
  if (isLeft(amounts)) return amounts;
  const name = fixedCharge.invoice_display_name ?? fixedCharge.add_on_code;
  return lineFee(
    {
      item: {
        type: 'fixed_charge',
        code: fixedCharge.add_on_code,
        name,
        svc_item_id: fixedCharge.svc_add_on_id,
        item_type: 'AddOn',
        invoice_display_name: name,
      },
      currency: input.currency,
      from_date: period.from_datetime,
      to_date: period.to_datetime,
      pay_in_advance: fixedCharge.pay_in_advance,
      ids: { ...input.ids, svc_fixed_charge_id: fixedCharge.svc_id },
    },
    {
      amounts: amounts.right,
      units: units.right,
      total_aggregated_units: units.right,
      amount_details,
    },
  );
}

/** Days billed over days of the full period (periods.md §4.2), or `undefined` for a full period. */
function proratedShare(
  period: BilledRange,
  timezone: string,
): Either<FeecastError, { readonly days: number; readonly duration: number } | undefined> {
  const ratio = prorationDays({
    from_datetime: period.from_datetime,
    to_datetime: period.to_datetime,
    duration: period.duration,
    timezone,
  });
  if (isLeft(ratio)) return ratio;
  const { days, duration } = ratio.right;
  return right(days >= duration ? undefined : { days, duration });
}

/** `value × days ÷ duration`, multiplied first so the result is exact when it terminates. */
function scaled(
  value: Decimal,
  share: { readonly days: number; readonly duration: number } | undefined,
): Either<FeecastError, Decimal> {
  if (share === undefined) return right(value);
  return divide(multiply(value, decimalFromCount(share.days)), decimalFromCount(share.duration));
}
