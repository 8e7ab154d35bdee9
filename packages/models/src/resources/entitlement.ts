import * as t from 'io-ts';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { chosenUnion, taggedUnion } from '../internal/tagged-union';
import { Integer } from '../primitives/numbers';

const privilegeProps = { code: t.string, name: nullable(t.string), config: t.UnknownRecord };

const EntitlementPrivilegeCodec = taggedUnion('EntitlementPrivilege', 'value_type', {
  integer: struct(
    'EntitlementPrivilege',
    { ...privilegeProps, value_type: t.literal('integer'), value: Integer },
    {},
  ),
  boolean: struct(
    'EntitlementPrivilege',
    { ...privilegeProps, value_type: t.literal('boolean'), value: t.boolean },
    {},
  ),
  string: struct(
    'EntitlementPrivilege',
    { ...privilegeProps, value_type: t.literal('string'), value: t.string },
    {},
  ),
  select: struct(
    'EntitlementPrivilege',
    {
      ...privilegeProps,
      value_type: t.literal('select'),
      value: t.string,
      config: struct('SelectConfig', { select_options: array(t.string) }, {}),
    },
    {},
  ),
});
/** An entitlement privilege, see {@link EntitlementPrivilege}. */
export type EntitlementPrivilege = t.TypeOf<typeof EntitlementPrivilegeCodec>;
/**
 * A privilege of an entitlement. `value` is checked against `value_type`: an integer, a
 * boolean, a string, or for `select` one string (the options are in `config.select_options`).
 */
export const EntitlementPrivilege = named<EntitlementPrivilege>(EntitlementPrivilegeCodec);

const EntitlementCodec = struct(
  'Entitlement',
  {
    code: t.string,
    name: nullable(t.string),
    description: nullable(t.string),
    privileges: array(EntitlementPrivilege),
  },
  {},
);
/** An entitlement, see {@link Entitlement}. */
export interface Entitlement extends t.TypeOf<typeof EntitlementCodec> {}
/** An entitlement: a feature (`code`, `name`, `description`) and the privileges a plan grants. */
export const Entitlement = named<Entitlement>(EntitlementCodec);

const WrappedEntitlementCodec = struct('WrappedEntitlement', { entitlement: Entitlement }, {});
/** See {@link WrappedEntitlement}. */
export interface WrappedEntitlement extends t.TypeOf<typeof WrappedEntitlementCodec> {}
/** An entitlement wrapped as `{"entitlement": {...}}`, the form of the specification. */
export const WrappedEntitlement = named<WrappedEntitlement>(WrappedEntitlementCodec);

const PlanEntitlementCodec = chosenUnion('PlanEntitlement', [WrappedEntitlement, Entitlement], {
  rules: [[['entitlement'], WrappedEntitlement]],
  fallback: Entitlement,
  owned: true,
});
/** See {@link PlanEntitlement}. */
export type PlanEntitlement = t.TypeOf<typeof PlanEntitlementCodec>;
/**
 * An item of `plan.entitlements[]` (and `subscription.entitlements[]`): wrapped (`{"entitlement": {...}}`, specification and
 * OpenAPI) or flat (`{code, name, description, privileges}`, what the reference's server
 * sends). The form is recognised by the `entitlement` key.
 */
export const PlanEntitlement = named<PlanEntitlement>(PlanEntitlementCodec);
