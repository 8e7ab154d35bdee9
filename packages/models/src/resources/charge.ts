import * as t from 'io-ts';
import { type ChargeModel, RegroupPaidFees } from '../enums';
import { array } from '../internal/array';
import { dict } from '../internal/dict';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { type StructC, struct } from '../internal/struct';
import { taggedUnion } from '../internal/tagged-union';
import { Cents } from '../primitives/cents';
import { DecimalString } from '../primitives/decimal-string';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { ChargeProperties, chargePropertiesByModel } from './charge-properties';
import { Tax } from './tax';

/** Filter values: a property key mapped to the values it matches (`{"region": ["EU"]}`). */
export const FilterValues = dict(array(t.string), 'FilterValues');
/** See {@link FilterValues}. */
export type FilterValues = t.TypeOf<typeof FilterValues>;

/** A charge filter whose properties are checked by `properties`. */
function chargeFilter<P extends t.Mixed>(name: string, properties: P) {
  return struct(
    name,
    { invoice_display_name: nullable(t.string), properties, values: FilterValues },
    { svc_id: Uuid, charge_code: t.string },
  );
}

/**
 * A charge filter (`charge.filters[]`): events whose properties match `values` are priced
 * with the filter's own `properties`. Standalone, the properties' model is recognised by
 * their keys; inside a {@link Charge} they are checked against the charge's `charge_model`.
 */
export const ChargeFilter = chargeFilter('ChargeFilter', ChargeProperties);
/** A charge filter, see {@link ChargeFilter}. */
export type ChargeFilter = t.TypeOf<typeof ChargeFilter>;

const AppliedPricingUnitCodec = struct(
  'AppliedPricingUnit',
  { code: t.string, conversion_rate: DecimalString },
  {},
);
/** See {@link AppliedPricingUnit}. */
export interface AppliedPricingUnit extends t.TypeOf<typeof AppliedPricingUnitCodec> {}
/** The custom pricing unit a charge is priced in (`{code, conversion_rate}`). */
export const AppliedPricingUnit = named<AppliedPricingUnit>(AppliedPricingUnitCodec);

const chargeRequired = {
  svc_id: Uuid,
  svc_billable_metric_id: Uuid,
  billable_metric_code: t.string,
  invoice_display_name: nullable(t.string),
  created_at: Timestamp,
  invoiceable: t.boolean,
  pay_in_advance: t.boolean,
  prorated: t.boolean,
  regroup_paid_fees: nullable(RegroupPaidFees),
  min_amount_cents: Cents,
};

const chargeOptional = {
  code: nullable(t.string),
  taxes: array(Tax),
  applied_pricing_unit: nullable(AppliedPricingUnit),
  accepts_target_wallet: nullable(t.boolean),
  svc_parent_id: nullable(Uuid),
};

type ChargeModelName = keyof typeof chargePropertiesByModel;
type ChargeOf<M extends ChargeModelName> = StructC<
  typeof chargeRequired & {
    charge_model: t.LiteralC<M>;
    properties: (typeof chargePropertiesByModel)[M];
    filters: t.ArrayC<ReturnType<typeof chargeFilter<(typeof chargePropertiesByModel)[M]>>>;
  },
  typeof chargeOptional
>;

function chargeOf<M extends ChargeModelName>(model: M): ChargeOf<M> {
  const properties = chargePropertiesByModel[model];
  return struct(
    'Charge',
    {
      ...chargeRequired,
      charge_model: t.literal(model),
      properties,
      filters: array(chargeFilter('ChargeFilter', properties)),
    },
    chargeOptional,
  );
}

const StandardChargeCodec = chargeOf('standard');
/** A charge of the `standard` model, see {@link Charge}. */
export interface StandardCharge extends t.TypeOf<typeof StandardChargeCodec> {}

const GraduatedChargeCodec = chargeOf('graduated');
/** A charge of the `graduated` model, see {@link Charge}. */
export interface GraduatedCharge extends t.TypeOf<typeof GraduatedChargeCodec> {}

const GraduatedPercentageChargeCodec = chargeOf('graduated_percentage');
/** A charge of the `graduated_percentage` model, see {@link Charge}. */
export interface GraduatedPercentageCharge
  extends t.TypeOf<typeof GraduatedPercentageChargeCodec> {}

const PackageChargeCodec = chargeOf('package');
/** A charge of the `package` model, see {@link Charge}. */
export interface PackageCharge extends t.TypeOf<typeof PackageChargeCodec> {}

const PercentageChargeCodec = chargeOf('percentage');
/** A charge of the `percentage` model, see {@link Charge}. */
export interface PercentageCharge extends t.TypeOf<typeof PercentageChargeCodec> {}

const VolumeChargeCodec = chargeOf('volume');
/** A charge of the `volume` model, see {@link Charge}. */
export interface VolumeCharge extends t.TypeOf<typeof VolumeChargeCodec> {}

const DynamicChargeCodec = chargeOf('dynamic');
/** A charge of the `dynamic` model, see {@link Charge}. */
export interface DynamicCharge extends t.TypeOf<typeof DynamicChargeCodec> {}

const CustomChargeCodec = chargeOf('custom');
/** A charge of the `custom` model, see {@link Charge}. */
export interface CustomCharge extends t.TypeOf<typeof CustomChargeCodec> {}

/** A charge, see {@link Charge}: a union discriminated by `charge_model`. */
export type Charge =
  | StandardCharge
  | GraduatedCharge
  | GraduatedPercentageCharge
  | PackageCharge
  | PercentageCharge
  | VolumeCharge
  | DynamicCharge
  | CustomCharge;

const ChargeCodec = taggedUnion('Charge', 'charge_model', {
  standard: named<StandardCharge>(StandardChargeCodec),
  graduated: named<GraduatedCharge>(GraduatedChargeCodec),
  graduated_percentage: named<GraduatedPercentageCharge>(GraduatedPercentageChargeCodec),
  package: named<PackageCharge>(PackageChargeCodec),
  percentage: named<PercentageCharge>(PercentageChargeCodec),
  volume: named<VolumeCharge>(VolumeChargeCodec),
  dynamic: named<DynamicCharge>(DynamicChargeCodec),
  custom: named<CustomCharge>(CustomChargeCodec),
} satisfies Record<ChargeModel, t.Mixed>);
/**
 * A charge of a plan: how one billable metric is priced. `properties` and the properties of
 * every filter are checked against `charge_model` (an unknown model is reported at
 * `charge_model` with the allowed values), so the TypeScript type is a union discriminated by
 * `charge_model`.
 */
export const Charge = named<Charge>(ChargeCodec);
