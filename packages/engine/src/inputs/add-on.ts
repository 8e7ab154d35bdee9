import { AddOn, decode } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  defaultId,
  type FeecastError,
  type OtherWireKeys,
  textOf,
  UNKNOWN_CREATION,
} from '../core/index';
import type { TaxInput } from '../invoice/index';
import { completeInput } from './complete';
import { fillGivenTaxes } from './tax';

/**
 * An add-on billed once on an invoice, as an input (a decoded wire `AddOn` is one): `code`,
 * `amount_cents`, `amount_currency`, `taxes`, and how many times it is billed (`units`,
 * default 1) decide its fee; the rest defaults as docs/inputs.md says.
 */
export interface AddOnInput
  extends OtherWireKeys<AddOn, 'code' | 'amount_cents' | 'amount_currency' | 'taxes'> {
  readonly code: string;
  readonly amount_cents: number;
  readonly amount_currency: string;
  readonly taxes?: readonly TaxInput[] | null;
  /** How many times it is billed (default 1): a decimal string or a number. */
  readonly units?: string | number;
}

/**
 * Reads an add-on input into the wire `AddOn` (its `units`, when given, ride along), with the
 * defaults of docs/inputs.md ("Add-on"): `svc_id` derived from the code, `name` the code, no
 * description, no taxes.
 *
 * @example
 * readAddOn({ code: 'setup', amount_cents: 5000, amount_currency: 'EUR' }, ['addOns', '0'])
 * // right({ svc_id: '...', name: 'setup', code: 'setup', taxes: [], ... })
 * @internal
 */
export function readAddOn(value: unknown, path: readonly string[]): Either<FeecastError, AddOn> {
  return completeInput(
    (whole) => decode(AddOn, whole),
    value,
    path,
    'an add-on { code, amount_cents, amount_currency, ... }',
    (given) => {
      const code = textOf(given.code);
      const taxes = fillGivenTaxes(given, path);
      if (isLeft(taxes)) return taxes;
      return right({
        defaults: {
          svc_id: defaultId(given, 'add_on', code),
          name: code ?? '',
          invoice_display_name: null,
          description: null,
          created_at: UNKNOWN_CREATION,
          taxes: [],
        },
        read: taxes.right,
      });
    },
  );
}
