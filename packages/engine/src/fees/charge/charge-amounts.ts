import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../../core/index';
import { type FeeAmountFields, type ModelAmounts, modelFeeAmounts } from '../fee-amounts';
import {
  type AppliedPricingUnit,
  modelPricingUnitAmounts,
  type PricingUnitDetailsFields,
} from '../pricing-units';

/** A charge fee's amount fields, and its pricing-unit side when it has one. */
export interface ChargeAmounts {
  /** In the fee's currency. */
  readonly fee: FeeAmountFields;
  readonly pricing_unit_details: PricingUnitDetailsFields | undefined;
}

/**
 * A model's amount and unit amount as a fee's amount fields (charge-models.md §2), converted
 * from the charge's pricing unit when it has one (§3: the fiat amount comes from the rounded
 * pricing-unit cents).
 *
 * @example
 * // credits: a pricing unit worth 0.25 EUR
 * chargeAmounts({ amount: parse('20'), unitAmount: parse('20') }, credits, 'EUR')
 * // right({ fee: { amount_cents: 500, ... }, pricing_unit_details: { amount_cents: 2000, ... } })
 */
export function chargeAmounts(
  amounts: ModelAmounts,
  pricingUnit: AppliedPricingUnit | undefined,
  currency: string,
): Either<FeecastError, ChargeAmounts> {
  if (pricingUnit === undefined) {
    const fee = modelFeeAmounts(amounts, currency);
    return isLeft(fee) ? fee : right({ fee: fee.right, pricing_unit_details: undefined });
  }
  const both = modelPricingUnitAmounts(amounts, pricingUnit, currency);
  return isLeft(both)
    ? both
    : right({ fee: both.right.fee, pricing_unit_details: both.right.pricing_unit_details });
}
