import type { Tax } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../core/index';

/** A list of taxes as inputs carry them: absent, `null` or an array. */
export type KnownTaxList = readonly Tax[] | null | undefined;

/**
 * Indexes taxes by `code`, the first list naming a code winning: the taxes `tax_codes` of a
 * plan override (or of a fee) can name.
 *
 * @example
 * knownTaxes([organizationTaxes, plan.taxes]).get('vat_fr') // the Tax whose code is vat_fr
 */
export function knownTaxes(lists: readonly KnownTaxList[]): ReadonlyMap<string, Tax> {
  const byCode = new Map<string, Tax>();
  for (const list of lists) {
    for (const tax of list ?? []) {
      if (!byCode.has(tax.code)) byCode.set(tax.code, tax);
    }
  }
  return byCode;
}

/**
 * The taxes that `codes` name, in their order (a code given twice counts once). A code that
 * names no known tax is a `Left` (`unknown_tax_code`) whose path points at it.
 *
 * @example
 * taxesOfCodes(['vat_fr'], knownTaxes([taxes]), ['plan_overrides', 'tax_codes'])
 * // right([vatFr])
 * taxesOfCodes(['nope'], knownTaxes([taxes]), ['plan_overrides', 'tax_codes'])
 * // left({ code: 'unknown_tax_code', path: ['plan_overrides', 'tax_codes', '0'], ... })
 */
export function taxesOfCodes(
  codes: readonly string[],
  known: ReadonlyMap<string, Tax>,
  path: readonly string[],
): Either<FeecastError, Tax[]> {
  const taxes: Tax[] = [];
  for (const [i, code] of codes.entries()) {
    const tax = known.get(code);
    if (tax === undefined) {
      return left(
        feecastError(
          'unknown_tax_code',
          `Tax code ${JSON.stringify(code)} is not among the taxes given; pass that tax in taxes.organization (or on the plan, a charge, the customer or the billing entity).`,
          [...path, String(i)],
          { value: code },
        ),
      );
    }
    if (!taxes.includes(tax)) taxes.push(tax);
  }
  return right(taxes);
}
