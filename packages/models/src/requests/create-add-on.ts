import * as t from 'io-ts';
import { array } from '../internal/array';
import { envelope } from '../internal/envelope';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';

const AddOnInputCodec = struct(
  'AddOnInput',
  { name: t.string, code: t.string, amount_cents: Cents, amount_currency: CurrencyCode },
  {
    invoice_display_name: nullable(t.string),
    description: nullable(t.string),
    tax_codes: array(t.string),
  },
);
/** See {@link AddOnInput}. */
export interface AddOnInput extends t.TypeOf<typeof AddOnInputCodec> {}
/** A new add-on: `name`, `code`, `amount_cents` and `amount_currency` are required. */
export const AddOnInput = named<AddOnInput>(AddOnInputCodec);

const CreateAddOnRequestCodec = envelope('CreateAddOnRequest', { add_on: AddOnInput }, {});
/** See {@link CreateAddOnRequest}. */
export interface CreateAddOnRequest extends t.TypeOf<typeof CreateAddOnRequestCodec> {}
/** The body of `POST /add_ons`: `{"add_on": {...}}`. */
export const CreateAddOnRequest = named<CreateAddOnRequest>(CreateAddOnRequestCodec);
