/**
 * Charge `properties`, one codec per charge model. Every model also accepts the grouping
 * keys (`pricing_group_keys`, the deprecated `grouped_by`, `presentation_group_keys`).
 * Amounts are decimal strings; range bounds are JSON numbers (`to_value: null` opens the
 * last range).
 */
import * as t from 'io-ts';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { chosenUnion } from '../internal/tagged-union';
import { DecimalString } from '../primitives/decimal-string';
import { NonNegativeInteger, NonNegativeNumber, PositiveInteger } from '../primitives/numbers';

const PresentationGroupKeyCodec = struct(
  'PresentationGroupKey',
  { value: t.string },
  { options: struct('PresentationGroupKeyOptions', {}, { display_in_invoice: t.boolean }) },
);
/** See {@link PresentationGroupKey}. */
export interface PresentationGroupKey extends t.TypeOf<typeof PresentationGroupKeyCodec> {}
/** A presentation group key of charge properties (`{value, options?: {display_in_invoice}}`). */
export const PresentationGroupKey = named<PresentationGroupKey>(PresentationGroupKeyCodec);

/** Keys every charge model accepts: how fees are split into pricing / presentation groups. */
const groupingProps = {
  pricing_group_keys: nullable(array(t.string)),
  grouped_by: nullable(array(t.string)),
  presentation_group_keys: nullable(array(PresentationGroupKey)),
};

const PricingRangeCodec = struct(
  'PricingRange',
  {
    from_value: NonNegativeNumber,
    to_value: nullable(NonNegativeNumber),
    flat_amount: DecimalString,
    per_unit_amount: DecimalString,
  },
  {},
);
/** See {@link PricingRange}. */
export interface PricingRange extends t.TypeOf<typeof PricingRangeCodec> {}
/** A range of graduated or volume properties: `{from_value, to_value, flat_amount, per_unit_amount}`. */
export const PricingRange = named<PricingRange>(PricingRangeCodec);

const PercentageRangeCodec = struct(
  'PercentageRange',
  {
    from_value: NonNegativeNumber,
    to_value: nullable(NonNegativeNumber),
    rate: DecimalString,
    flat_amount: DecimalString,
  },
  {},
);
/** See {@link PercentageRange}. */
export interface PercentageRange extends t.TypeOf<typeof PercentageRangeCodec> {}
/** A range of graduated-percentage properties: `{from_value, to_value, rate, flat_amount}`. */
export const PercentageRange = named<PercentageRange>(PercentageRangeCodec);

const StandardPropertiesCodec = struct(
  'StandardProperties',
  {},
  { amount: DecimalString, ...groupingProps },
);
/** See {@link StandardProperties}. */
export interface StandardProperties extends t.TypeOf<typeof StandardPropertiesCodec> {}
/** `standard`: a unit `amount`, which may be left out when the charge's filters carry the amounts. */
export const StandardProperties = named<StandardProperties>(StandardPropertiesCodec);

const PackagePropertiesCodec = struct(
  'PackageProperties',
  { amount: DecimalString, free_units: NonNegativeInteger, package_size: PositiveInteger },
  groupingProps,
);
/** See {@link PackageProperties}. */
export interface PackageProperties extends t.TypeOf<typeof PackagePropertiesCodec> {}
/** `package`: `amount` per started package of `package_size` units, after `free_units`. */
export const PackageProperties = named<PackageProperties>(PackagePropertiesCodec);

const GraduatedPropertiesCodec = struct(
  'GraduatedProperties',
  { graduated_ranges: array(PricingRange) },
  groupingProps,
);
/** See {@link GraduatedProperties}. */
export interface GraduatedProperties extends t.TypeOf<typeof GraduatedPropertiesCodec> {}
/** `graduated`: tiers, each priced with its own unit amount plus a flat amount. */
export const GraduatedProperties = named<GraduatedProperties>(GraduatedPropertiesCodec);

const GraduatedPercentagePropertiesCodec = struct(
  'GraduatedPercentageProperties',
  { graduated_percentage_ranges: array(PercentageRange) },
  groupingProps,
);
/** See {@link GraduatedPercentageProperties}. */
export interface GraduatedPercentageProperties
  extends t.TypeOf<typeof GraduatedPercentagePropertiesCodec> {}
/** `graduated_percentage`: tiers, each priced with a percentage `rate` plus a flat amount. */
export const GraduatedPercentageProperties = named<GraduatedPercentageProperties>(
  GraduatedPercentagePropertiesCodec,
);

const VolumePropertiesCodec = struct(
  'VolumeProperties',
  { volume_ranges: array(PricingRange) },
  groupingProps,
);
/** See {@link VolumeProperties}. */
export interface VolumeProperties extends t.TypeOf<typeof VolumePropertiesCodec> {}
/** `volume`: the one range holding the total prices every unit. */
export const VolumeProperties = named<VolumeProperties>(VolumePropertiesCodec);

const PercentagePropertiesCodec = struct(
  'PercentageProperties',
  { rate: DecimalString },
  {
    fixed_amount: nullable(DecimalString),
    free_units_per_events: nullable(PositiveInteger),
    free_units_per_total_aggregation: nullable(DecimalString),
    per_transaction_max_amount: nullable(DecimalString),
    per_transaction_min_amount: nullable(DecimalString),
    ...groupingProps,
  },
);
/** See {@link PercentageProperties}. */
export interface PercentageProperties extends t.TypeOf<typeof PercentagePropertiesCodec> {}
/**
 * `percentage`: a `rate` (percent) of the units, plus optional per-transaction fixed amount,
 * free units / events and per-transaction minimum and maximum (each may be `null`).
 */
export const PercentageProperties = named<PercentageProperties>(PercentagePropertiesCodec);

const DynamicPropertiesCodec = struct('DynamicProperties', {}, groupingProps);
/** See {@link DynamicProperties}. */
export interface DynamicProperties extends t.TypeOf<typeof DynamicPropertiesCodec> {}
/** `dynamic`: no pricing properties; each event carries its own `precise_total_amount_cents`. */
export const DynamicProperties = named<DynamicProperties>(DynamicPropertiesCodec);

const CustomPropertiesCodec = struct(
  'CustomProperties',
  {},
  { custom_properties: t.UnknownRecord, ...groupingProps },
);
/** See {@link CustomProperties}. */
export interface CustomProperties extends t.TypeOf<typeof CustomPropertiesCodec> {}
/** `custom`: `custom_properties` for a custom-aggregation metric. */
export const CustomProperties = named<CustomProperties>(CustomPropertiesCodec);

/**
 * The properties codec of each charge model, keyed by `charge_model`: the one table that
 * {@link Charge} and the plan-override charges are built from.
 */
export const chargePropertiesByModel = {
  standard: StandardProperties,
  graduated: GraduatedProperties,
  graduated_percentage: GraduatedPercentageProperties,
  package: PackageProperties,
  percentage: PercentageProperties,
  volume: VolumeProperties,
  dynamic: DynamicProperties,
  custom: CustomProperties,
} as const;

const ChargePropertiesCodec = chosenUnion(
  'ChargeProperties',
  [
    StandardProperties,
    GraduatedProperties,
    GraduatedPercentageProperties,
    PackageProperties,
    PercentageProperties,
    VolumeProperties,
    CustomProperties,
  ],
  {
    rules: [
      [['graduated_percentage_ranges'], GraduatedPercentageProperties],
      [['graduated_ranges'], GraduatedProperties],
      [['volume_ranges'], VolumeProperties],
      [['package_size', 'free_units'], PackageProperties],
      [
        [
          'rate',
          'fixed_amount',
          'free_units_per_events',
          'free_units_per_total_aggregation',
          'per_transaction_max_amount',
          'per_transaction_min_amount',
        ],
        PercentageProperties,
      ],
      [['custom_properties'], CustomProperties],
    ],
    fallback: StandardProperties,
    owned: false,
  },
);
/** Charge properties of any model, see {@link ChargeProperties}. */
export type ChargeProperties = t.TypeOf<typeof ChargePropertiesCodec>;
/**
 * Charge properties whose model is not sent alongside (a plan-override charge without
 * `charge_model`): the model is recognised by its keys (`graduated_ranges` -> graduated,
 * `package_size` -> package, `rate` -> percentage...; otherwise standard) and checked as such.
 */
export const ChargeProperties = named<ChargeProperties>(ChargePropertiesCodec);

const FixedChargePropertiesCodec = chosenUnion(
  'FixedChargeProperties',
  [StandardProperties, GraduatedProperties, VolumeProperties],
  {
    rules: [
      [['graduated_ranges'], GraduatedProperties],
      [['volume_ranges'], VolumeProperties],
    ],
    fallback: StandardProperties,
    owned: false,
  },
);
/** Fixed-charge properties of any model, see {@link FixedChargeProperties}. */
export type FixedChargeProperties = t.TypeOf<typeof FixedChargePropertiesCodec>;
/** Fixed-charge properties whose model is not sent alongside, recognised by their keys. */
export const FixedChargeProperties = named<FixedChargeProperties>(FixedChargePropertiesCodec);
