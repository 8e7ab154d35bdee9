import { type Decimal, formatDecimal, parseDecimal, sign } from '../decimal/internal';
import type { KindContext } from './kinds/index';
import { ceilDaysToPeriodEnd, daysToPeriodEnd, prorate } from './kinds/prorated-share';
import type { EventRecord } from './per-event';

/** The per-event views of a prorated charge (aggregations.md §1.8 and §6.1). */
export interface ProratedViews {
  readonly event_values?: readonly string[];
  readonly event_prorated_values?: readonly string[];
  readonly in_advance_prorated_increments: readonly string[];
}

function decimalOf(text: string): Decimal | undefined {
  const parsed = parseDecimal(text);
  return parsed._tag === 'Right' ? parsed.right : undefined;
}

/**
 * Prorated per-event views, from the period's records in time order and their plain views:
 *
 * - for sums, `event_values` led by what the period starts from (carried value and earlier
 *   events) when it is not zero, and `event_prorated_values` in parallel: each value times
 *   the days from its date to the period's last date over `charges_duration`, ceiled to 5
 *   decimals (the leading value counts for the whole period);
 * - for sums and unique counts, `in_advance_prorated_increments`: each in-advance increment
 *   times the days left from the event to `to_datetime` (rounded up) over `charges_duration`,
 *   ceiled to 5 decimals, as a pay-in-advance prorated charge bills an event.
 */
export function proratedViews(
  context: KindContext,
  records: readonly EventRecord[],
  values: readonly string[],
  increments: readonly string[],
  persisted: Decimal | undefined,
): ProratedViews {
  const duration = context.chargesDurationDays;
  const at = (texts: readonly string[], days: (record: EventRecord) => number) =>
    records.map((record, i) => {
      const value = decimalOf(texts[i] ?? '0');
      return value === undefined ? '0' : formatDecimal(prorate(value, days(record), duration));
    });
  const in_advance_prorated_increments = at(increments, (r) =>
    ceilDaysToPeriodEnd(context, r.timeMs),
  );
  if (persisted === undefined) return { in_advance_prorated_increments };
  const leads = sign(persisted) !== 0;
  const proratedValues = at(values, (r) => daysToPeriodEnd(context, r.timeMs));
  return {
    event_values: leads ? [formatDecimal(persisted), ...values] : values,
    event_prorated_values: leads
      ? [formatDecimal(prorate(persisted, context.periodDays, duration)), ...proratedValues]
      : proratedValues,
    in_advance_prorated_increments,
  };
}
