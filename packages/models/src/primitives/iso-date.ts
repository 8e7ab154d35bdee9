import * as t from 'io-ts';
import { type IsoDateBrand, isIsoDate } from './predicates';

/**
 * A calendar date string `YYYY-MM-DD` naming a real day (`2024-02-29` yes, `2025-02-29` no).
 *
 * @example
 * decode(IsoDate, '2025-03-15') // right
 * decode(IsoDate, '15-03-2025') // left
 */
export const IsoDate = t.brand(
  t.string,
  (s): s is t.Branded<string, IsoDateBrand> => isIsoDate(s),
  'IsoDate',
);
/** A `YYYY-MM-DD` date string, see {@link IsoDate}. */
export type IsoDate = t.TypeOf<typeof IsoDate>;
