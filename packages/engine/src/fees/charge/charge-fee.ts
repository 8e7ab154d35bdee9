import type { Cents, DecimalString, Fee, PricingUnitDetails } from '@feecast/models';

/**
 * A charge fee: a wire `Fee`, plus, when projections were asked for (`period_ratio`), the
 * figures projected usage shows (estimate-and-usage.md §4): `projected_units`,
 * `projected_amount_cents` and `pricing_unit_details.projected_amount_cents`. Those extra keys
 * are absent otherwise; the object always decodes with the `Fee` codec.
 *
 * @example
 * const fee: ChargeFee = fees[0];
 * fee.projected_amount_cents // 10247 with period_ratio "0.5", else undefined
 */
export interface ChargeFee extends Omit<Fee, 'pricing_unit_details'> {
  readonly pricing_unit_details:
    | (PricingUnitDetails & { readonly projected_amount_cents?: Cents })
    | null;
  /** The units over the whole period: `units ÷ period_ratio` to 2 decimals (§6). */
  readonly projected_units?: DecimalString;
  /** The amount over the whole period, in minor units (never negative). */
  readonly projected_amount_cents?: Cents;
}
