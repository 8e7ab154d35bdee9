import * as t from 'io-ts';
import type { FixedChargeModel } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { oneOf } from '../internal/one-of';
import { type StructC, struct } from '../internal/struct';
import { taggedUnion } from '../internal/tagged-union';
import { DecimalString } from '../primitives/decimal-string';
import { NonNegativeNumber } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { GraduatedProperties, StandardProperties, VolumeProperties } from './charge-properties';
import { Tax } from './tax';

const FixedChargeUnitsCodec = oneOf([NonNegativeNumber, DecimalString], 'FixedChargeUnits');
/** See {@link FixedChargeUnits}. */
export type FixedChargeUnits = t.TypeOf<typeof FixedChargeUnitsCodec>;
/**
 * Fixed-charge `units`: the specification says integer, the reference's OpenAPI says
 * number and its server sends a decimal string (`"10.0"`); all three are accepted as sent.
 */
export const FixedChargeUnits = named<FixedChargeUnits>(FixedChargeUnitsCodec);

const fixedChargeRequired = {
  svc_id: Uuid,
  svc_add_on_id: Uuid,
  svc_parent_id: nullable(Uuid),
  code: t.string,
  invoice_display_name: nullable(t.string),
  add_on_code: t.string,
  created_at: Timestamp,
  pay_in_advance: t.boolean,
  prorated: t.boolean,
  units: FixedChargeUnits,
  taxes: array(Tax),
};

const fixedChargeProperties = {
  standard: StandardProperties,
  graduated: GraduatedProperties,
  volume: VolumeProperties,
} as const;

type FixedChargeOf<M extends FixedChargeModel> = StructC<
  typeof fixedChargeRequired & {
    charge_model: t.LiteralC<M>;
    properties: (typeof fixedChargeProperties)[M];
  },
  Record<never, never>
>;

function fixedChargeOf<M extends FixedChargeModel>(model: M): FixedChargeOf<M> {
  return struct(
    'FixedCharge',
    {
      ...fixedChargeRequired,
      charge_model: t.literal(model),
      properties: fixedChargeProperties[model],
    },
    {},
  );
}

const StandardFixedChargeCodec = fixedChargeOf('standard');
/** A fixed charge of the `standard` model, see {@link FixedCharge}. */
export interface StandardFixedCharge extends t.TypeOf<typeof StandardFixedChargeCodec> {}

const GraduatedFixedChargeCodec = fixedChargeOf('graduated');
/** A fixed charge of the `graduated` model, see {@link FixedCharge}. */
export interface GraduatedFixedCharge extends t.TypeOf<typeof GraduatedFixedChargeCodec> {}

const VolumeFixedChargeCodec = fixedChargeOf('volume');
/** A fixed charge of the `volume` model, see {@link FixedCharge}. */
export interface VolumeFixedCharge extends t.TypeOf<typeof VolumeFixedChargeCodec> {}

/** A fixed charge, see {@link FixedCharge}: a union discriminated by `charge_model`. */
export type FixedCharge = StandardFixedCharge | GraduatedFixedCharge | VolumeFixedCharge;

const FixedChargeCodec = taggedUnion('FixedCharge', 'charge_model', {
  standard: named<StandardFixedCharge>(StandardFixedChargeCodec),
  graduated: named<GraduatedFixedCharge>(GraduatedFixedChargeCodec),
  volume: named<VolumeFixedCharge>(VolumeFixedChargeCodec),
});
/**
 * A fixed charge of a plan: an add-on billed every period for a number of `units`, priced
 * with the standard, graduated or volume model; `properties` are checked against
 * `charge_model`.
 */
export const FixedCharge = named<FixedCharge>(FixedChargeCodec);
