import type { Tax } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../core/index';
import { taxesOfCodes } from './tax-codes';

/** A plan item an override names by its `svc_id` (a charge or a fixed charge). */
export interface OverriddenItem {
  readonly svc_id: string;
}

/** An override of a plan item: `id` names the item. */
export interface ItemOverride {
  readonly id?: string;
  readonly tax_codes?: readonly string[];
}

/**
 * Applies item overrides (`plan_overrides.charges[]` or `fixed_charges[]`) to a plan's items
 * by id: each item named by an override is replaced by `change(item, override, path)` (with the
 * taxes its `tax_codes` name, when given); the others stay as they are, in the plan's order.
 * An override without `id`, with an id that is not an item of the plan, or naming an item
 * twice is a `Left` whose path points at it and whose `details.reason` says which
 * (`missing_id`, `unknown_id`, `duplicate_id`).
 *
 * @example
 * overrideItems(plan.charges, overrides.charges, known, ['plan_overrides', 'charges'], 'charge',
 *   (charge, o) => right({ ...charge, properties: o.properties ?? charge.properties }))
 * // right([overriddenCharge, untouchedCharge])
 */
export function overrideItems<T extends OverriddenItem, O extends ItemOverride>(
  items: readonly T[],
  overrides: readonly O[],
  known: ReadonlyMap<string, Tax>,
  path: readonly string[],
  what: string,
  change: (item: T, override: O, path: readonly string[]) => Either<FeecastError, object>,
): Either<FeecastError, unknown[]> {
  const byId = new Map<
    string,
    { readonly override: O; readonly taxes: Tax[] | undefined; readonly path: readonly string[] }
  >();
  for (const [i, override] of overrides.entries()) {
    const at = [...path, String(i)];
    const id = override.id;
    if (id === undefined) {
      return left(
        feecastError(
          'invalid_input',
          `Each override of a ${what} needs the id (svc_id) of the plan's ${what} it changes.`,
          [...at, 'id'],
          { reason: 'missing_id' },
        ),
      );
    }
    if (!items.some((item) => item.svc_id === id)) {
      return left(
        feecastError(
          'invalid_input',
          `The plan has no ${what} with id ${JSON.stringify(id)}; an override changes one of the plan's ${what}s, named by its svc_id.`,
          [...at, 'id'],
          { value: id, reason: 'unknown_id' },
        ),
      );
    }
    if (byId.has(id)) {
      return left(
        feecastError(
          'invalid_input',
          `The ${what} ${id} is overridden twice; give one override per ${what}.`,
          [...at, 'id'],
          { value: id, reason: 'duplicate_id' },
        ),
      );
    }
    let taxes: Tax[] | undefined;
    if (override.tax_codes !== undefined) {
      const found = taxesOfCodes(override.tax_codes, known, [...at, 'tax_codes']);
      if (isLeft(found)) return found;
      taxes = found.right;
    }
    byId.set(id, { override, taxes, path: at });
  }
  const out: unknown[] = [];
  for (const item of items) {
    const entry = byId.get(item.svc_id);
    if (entry === undefined) {
      out.push(item);
      continue;
    }
    const changed = change(item, entry.override, entry.path);
    if (isLeft(changed)) return changed;
    out.push(entry.taxes === undefined ? changed.right : { ...changed.right, taxes: entry.taxes });
  }
  return right(out);
}
