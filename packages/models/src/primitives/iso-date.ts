import * as t from 'io-ts';
import { isCalendarDate } from '../internal/calendar';
import { ISO_DATE_PATTERN } from '../internal/patterns';

/** The brand of {@link IsoDate}. */
export interface IsoDateBrand {
  readonly IsoDate: unique symbol;
}

const DATE = new RegExp(ISO_DATE_PATTERN);

/**
 * A calendar date string `YYYY-MM-DD` naming a real day (`2024-02-29` yes, `2025-02-29` no).
 *
 * @example
 * decode(IsoDate, '2025-03-15') // right
 * decode(IsoDate, '15-03-2025') // left
 */
export const IsoDate = t.brand(
  t.string,
  (s): s is t.Branded<string, IsoDateBrand> => {
    const m = DATE.exec(s);
    if (m === null) return false;
    const [, year, month, day] = m.map(Number);
    return isCalendarDate(year ?? 0, month ?? 0, day ?? 0);
  },
  'IsoDate',
);
/** A `YYYY-MM-DD` date string, see {@link IsoDate}. */
export type IsoDate = t.TypeOf<typeof IsoDate>;
