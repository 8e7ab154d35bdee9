import * as t from 'io-ts';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { Tax } from './tax';

const AddOnCodec = struct(
  'AddOn',
  {
    svc_id: Uuid,
    name: t.string,
    invoice_display_name: nullable(t.string),
    code: t.string,
    description: nullable(t.string),
    amount_cents: Cents,
    amount_currency: CurrencyCode,
    created_at: Timestamp,
    taxes: array(Tax),
  },
  {},
);
/** An add-on, see {@link AddOn}. */
export interface AddOn extends t.TypeOf<typeof AddOnCodec> {}
/** An add-on: a one-off item (`amount_cents` in `amount_currency`) with its taxes. */
export const AddOn = named<AddOn>(AddOnCodec);
