import { type Decimal, sign, ZERO } from '../core/index';

/** The figures of a charge model's price that the negative guard may zero. */
export interface GuardedAmounts {
  readonly units: Decimal;
  readonly amount: Decimal;
  readonly unitAmount: Decimal;
  readonly fullUnitsNumber?: Decimal | undefined;
}

/**
 * The negative guard of in-arrears fees (charge-models.md §2.1): when the units or the amount
 * are negative, the amount, unit amount, units and full units become 0; the amount details are
 * not recomputed (the caller keeps them). Otherwise the figures are returned unchanged.
 *
 * @example
 * guardNegative({ units: parse('-3'), amount: parse('-28'), unitAmount: parse('9.33') })
 * // { units: 0, amount: 0, unitAmount: 0 }
 */
export function guardNegative<T extends GuardedAmounts>(figures: T): T {
  if (sign(figures.units) >= 0 && sign(figures.amount) >= 0) return figures;
  return {
    ...figures,
    units: ZERO,
    amount: ZERO,
    unitAmount: ZERO,
    ...(figures.fullUnitsNumber === undefined ? {} : { fullUnitsNumber: ZERO }),
  };
}
