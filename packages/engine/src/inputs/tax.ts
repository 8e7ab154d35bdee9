import { checkResource, type Tax } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../core/index';
import { taxDefaults } from '../invoice/index';
import { completeInput, type Filling, fillInput, readList } from './complete';

/** What a tax input is, for messages. */
const TAX = 'a tax { code, rate, ... }';

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
  return completeInput((whole) => checkResource('Tax', whole), value, path, TAX, fillTax);
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
