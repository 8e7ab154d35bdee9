/**
 * The amounts of a graduated or volume range: `per_unit_amount` and `flat_amount` (§9, §11).
 * @internal
 */
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { Decimal, FeecastError } from '../../core/index';
import { type PropertyRecord, readAmount } from './properties';

/** A graduated or volume range's amounts. */
export interface UnitPrices {
  readonly perUnit: Decimal;
  readonly flat: Decimal;
}

/**
 * Reads `per_unit_amount` and `flat_amount` of a range, both decimal strings `>= 0`.
 *
 * @example
 * readUnitPrices({ per_unit_amount: '5', flat_amount: '3' }, ['properties', 'graduated_ranges', '1'])
 * // right({ perUnit: 5, flat: 3 })
 */
export function readUnitPrices(
  range: PropertyRecord,
  at: readonly string[],
): Either<FeecastError, UnitPrices> {
  const perUnit = readAmount(range, 'per_unit_amount', at, 'invalid_amount');
  if (isLeft(perUnit)) return perUnit;
  const flat = readAmount(range, 'flat_amount', at, 'invalid_amount');
  if (isLeft(flat)) return flat;
  return right({ perUnit: perUnit.right, flat: flat.right });
}
