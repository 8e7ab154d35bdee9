import * as t from 'io-ts';
import { named } from '../internal/named';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { DecimalString } from '../primitives/decimal-string';
import { Uuid } from '../primitives/uuid';

const PricingUnitDetailsCodec = struct(
  'PricingUnitDetails',
  {
    svc_pricing_unit_id: Uuid,
    pricing_unit_code: t.string,
    short_name: t.string,
    amount_cents: Cents,
    unit_amount_cents: Cents,
    precise_amount_cents: DecimalString,
    precise_unit_amount: DecimalString,
    conversion_rate: DecimalString,
  },
  {},
);
/** See {@link PricingUnitDetails}. */
export interface PricingUnitDetails extends t.TypeOf<typeof PricingUnitDetailsCodec> {}
/** A fee's amounts in the custom pricing unit of its charge (`fee.pricing_unit_details`). */
export const PricingUnitDetails = named<PricingUnitDetails>(PricingUnitDetailsCodec);

const UsagePricingUnitDetailsCodec = struct(
  'UsagePricingUnitDetails',
  { amount_cents: Cents, short_name: t.string, conversion_rate: DecimalString },
  { projected_amount_cents: Cents },
);
/** See {@link UsagePricingUnitDetails}. */
export interface UsagePricingUnitDetails extends t.TypeOf<typeof UsagePricingUnitDetailsCodec> {}
/**
 * Pricing-unit amounts in usage (`charges_usage[].pricing_unit_details` and its filters and
 * groups); projected usage also sends `projected_amount_cents`.
 */
export const UsagePricingUnitDetails = named<UsagePricingUnitDetails>(UsagePricingUnitDetailsCodec);
