import { defaultId, textOf, UNKNOWN_CREATION } from '../../core/index';
import type { TaxInput } from './tax-sources';

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
