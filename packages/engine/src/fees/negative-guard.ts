import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, parseDecimal, sign } from '../core/index';

/** The figures of a charge model's result that the negative guard may zero. */
export interface GuardedAmounts {
  readonly units: string;
  readonly amount: string;
  readonly unit_amount: string;
  readonly full_units_number?: string;
}

/**
 * The negative guard of in-arrears fees (charge-models.md §2.1): when the units or the amount
 * are negative, the amount, unit amount, units and full units become "0"; the amount details are
 * not recomputed (the caller keeps them). Otherwise the figures are returned unchanged.
 *
 * @example
 * guardNegative({ units: '-3', amount: '-28', unit_amount: '9.33' })
 * // right({ units: '0', amount: '0', unit_amount: '0' })
 */
export function guardNegative<T extends GuardedAmounts>(figures: T): Either<FeecastError, T> {
  const units = parseDecimal(figures.units, ['units']);
  if (isLeft(units)) return units;
  const amount = parseDecimal(figures.amount, ['amount']);
  if (isLeft(amount)) return amount;
  if (sign(units.right) >= 0 && sign(amount.right) >= 0) return right(figures);
  return right({
    ...figures,
    units: '0',
    amount: '0',
    unit_amount: '0',
    ...(figures.full_units_number === undefined ? {} : { full_units_number: '0' }),
  });
}
