import * as t from 'io-ts';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Integer, Rate } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const TaxCodec = struct(
  'Tax',
  {
    svc_id: Uuid,
    name: t.string,
    code: t.string,
    description: nullable(t.string),
    rate: Rate,
    applied_to_organization: t.boolean,
    created_at: Timestamp,
  },
  {
    add_ons_count: Integer,
    customers_count: Integer,
    plans_count: Integer,
    charges_count: Integer,
    commitments_count: Integer,
  },
);
/** A tax, see {@link Tax}. */
export interface Tax extends t.TypeOf<typeof TaxCodec> {}
/**
 * A tax (`svc_id`, `name`, `code`, `description`, `rate` in percent as a JSON number,
 * `applied_to_organization`, `created_at`), as found in `taxes[]` of plans, charges, fixed
 * charges, add-ons, commitments and customers. The usage counters the reference adds
 * (`add_ons_count`...) are optional.
 */
export const Tax = named<Tax>(TaxCodec);
