import { Tax } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../error';
import type { TaxInput } from '../taxes/tax-sources';
import { completeInput, type Filling, fillInput, readList } from './complete';
import { defaultId, textOf, UNKNOWN_CREATION } from './defaults';

/** What a tax input is, for messages. */
const TAX = 'a tax { code, rate, ... }';

/** The fields a fee's applied tax copies from its tax, defaults filled in. */
export interface TaxFields {
  readonly svc_id: string;
  readonly name: string;
  readonly code: string;
  readonly description: string | null;
  readonly rate: number;
}

/**
 * The defaults of a tax that gives only some of its fields (docs/inputs.md, "Tax"): `svc_id`
 * derived from the code, `name` the code, `description` null, `applied_to_organization`
 * false, `created_at` 1970-01-01T00:00:00Z.
 *
 * @example
 * taxDefaults({ code: 'vat_20' }) // { svc_id: '...', name: 'vat_20', description: null, ... }
 * @internal
 */
export function taxDefaults(given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const code = textOf(given.code);
  return {
    svc_id: defaultId(given, 'tax', code),
    name: code ?? '',
    description: null,
    applied_to_organization: false,
    created_at: UNKNOWN_CREATION,
  };
}

/**
 * A tax's fields with their defaults (`taxDefaults`), for the stages that read a tax without
 * decoding it (taxing a fee).
 *
 * @example
 * taxFields({ code: 'vat_20', rate: 20 }) // { svc_id: '...', name: 'vat_20', code: 'vat_20', description: null, rate: 20 }
 * @internal
 */
export function taxFields(tax: TaxInput): TaxFields {
  // Most taxes come complete (decoded wire taxes): defaults are computed only when needed.
  const given = tax.svc_id !== undefined && tax.name !== undefined;
  const defaults = given ? undefined : taxDefaults({ code: tax.code });
  return {
    svc_id: tax.svc_id ?? String(defaults?.svc_id),
    name: tax.name ?? String(defaults?.name),
    code: tax.code,
    description: tax.description ?? null,
    rate: tax.rate,
  };
}

/** The defaults of a tax input, for {@link fillInput} and {@link completeInput}. */
function fillTax(given: Readonly<Record<string, unknown>>): Either<FeecastError, Filling> {
  return right({ defaults: taxDefaults(given) });
}

/**
 * Reads a tax input into the wire `Tax`: `code` and `rate` given, the rest defaulted
 * (`taxDefaults`).
 *
 * @example
 * readTax({ code: 'vat_20', rate: 20 }, ['taxes', 'billing_entity', '0'])
 * // right({ svc_id: '...', name: 'vat_20', code: 'vat_20', rate: 20, description: null, applied_to_organization: false, ... })
 * @internal
 */
export function readTax(value: unknown, path: readonly string[]): Either<FeecastError, Tax> {
  return completeInput(Tax, value, path, TAX, fillTax);
}

/**
 * Reads an optional list of taxes (absent or `null`: none).
 *
 * @example
 * readTaxes([{ code: 'vat_20', rate: 20 }], ['taxes', 'billing_entity']) // right([{ svc_id: '...', ... }])
 * @internal
 */
export function readTaxes(value: unknown, path: readonly string[]): Either<FeecastError, Tax[]> {
  return readList(value, path, readTax);
}

/**
 * The taxes an input object gives, with their defaults, as the key to set on the object:
 * `{ taxes }`, or `{}` when it gives none (its default applies). They are checked with the
 * object that holds them.
 *
 * @example
 * fillGivenTaxes({ code: 'startup', taxes: [{ code: 'vat_20', rate: 20 }] }, ['plan'])
 * // right({ taxes: [{ svc_id: '...', code: 'vat_20', name: 'vat_20', ... }] })
 * @internal
 */
export function fillGivenTaxes(
  given: Readonly<Record<string, unknown>>,
  path: readonly string[],
): Either<FeecastError, { readonly taxes?: unknown[] }> {
  if (given.taxes === undefined) return right({});
  const taxes = readList(given.taxes, [...path, 'taxes'], (tax, at) =>
    fillInput(tax, at, TAX, fillTax),
  );
  return isLeft(taxes) ? taxes : right({ taxes: taxes.right });
}
