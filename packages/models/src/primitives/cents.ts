import * as t from 'io-ts';
import { type CentsBrand, isCents } from './predicates';

/**
 * An amount in the minor unit of its currency (`*_cents`): a JSON number that is a safe
 * integer. Fractions (`800.5`) and strings (`"1000"`) are refused. Negative amounts are
 * accepted (balances and adjustments can go below zero).
 *
 * @example
 * decode(Cents, 1000) // right
 * decode(Cents, '1000') // left
 */
export const Cents = t.brand(
  t.number,
  (n): n is t.Branded<number, CentsBrand> => isCents(n),
  'Cents',
);
/** An integer amount in minor units, see {@link Cents}. */
export type Cents = t.TypeOf<typeof Cents>;
