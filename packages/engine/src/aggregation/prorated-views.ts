import { type Decimal, sign, ZERO } from '../core/index';
import type { RecordColumns } from './event-records';
import type { AggregationType, KindContext, UniqueValue } from './kinds/kind';
import { ceilDaysToPeriodEnd, daysToPeriodEnd, prorate } from './kinds/prorated-share';
import { stateChanges } from './kinds/prorated-unique-count';
import { packOperation } from './kinds/unique-operation';
import { scoreDecimal } from './per-event';

/** The per-event views of a prorated charge (aggregations.md §1.8 and §6.1). */
export interface ProratedViews {
  readonly event_values?: readonly Decimal[];
  readonly event_prorated_values?: readonly Decimal[];
  readonly in_advance_prorated_increments: readonly Decimal[];
}

/** What the period of a prorated aggregation starts from (`KindResult.start`, `startActive`). */
export interface ProratedStart {
  /** A sum's total at the period's start. */
  readonly total: Decimal;
  /** A unique count's values active at the period's start. */
  readonly active: readonly UniqueValue[];
}

/**
 * Prorated per-event views, from the period's records in time order and their plain views:
 *
 * - for sums, `event_values` led by what the period starts from (carried value and earlier
 *   events) when it is not zero, and `event_prorated_values` in parallel: each value times
 *   the days from its date to the period's last date over `charges_duration`, ceiled to 5
 *   decimals (the leading value counts for the whole period);
 * - for unique counts, `event_values` of ±1 per relevant operation (§6.1): 1 for an `add`
 *   that makes its value active, −1 for a `remove` that makes it inactive, 0 for an event the
 *   proration drops (a repeat of the value's state, or a `remove` re-added the same local day);
 * - for sums and unique counts, `in_advance_prorated_increments`: each in-advance increment
 *   times the days left from the event to `to_datetime` (rounded up) over `charges_duration`,
 *   ceiled to 5 decimals, as a pay-in-advance prorated charge bills an event.
 */
export function proratedViews(
  context: KindContext,
  type: AggregationType,
  records: RecordColumns,
  values: readonly Decimal[],
  increments: readonly Decimal[],
  start: ProratedStart,
): ProratedViews {
  const duration = context.chargesDurationDays;
  const at = (decimals: readonly Decimal[], days: (timeMs: number) => number) => {
    const out = new Array<Decimal>(records.length);
    for (let i = 0; i < records.length; i++) {
      out[i] = prorate(decimals[i] ?? ZERO, days(records.timeMs[i] ?? 0), duration);
    }
    return out;
  };
  const in_advance_prorated_increments = at(increments, (timeMs) =>
    ceilDaysToPeriodEnd(context, timeMs),
  );
  if (type === 'unique_count_agg') {
    return {
      event_values: relevantOperations(context, records, start.active),
      in_advance_prorated_increments,
    };
  }
  const persisted = start.total;
  const leads = sign(persisted) !== 0;
  const proratedValues = at(values, (timeMs) => daysToPeriodEnd(context, timeMs));
  return {
    event_values: leads ? [persisted, ...values] : values,
    event_prorated_values: leads
      ? [prorate(persisted, context.periodDays, duration), ...proratedValues]
      : proratedValues,
    in_advance_prorated_increments,
  };
}

/**
 * The ±1 of each unique-count event a prorated aggregation keeps, 0 for those it drops: per
 * value, its events in time order from its state at the period's start (`stateChanges`).
 */
function relevantOperations(
  context: KindContext,
  records: RecordColumns,
  startActive: readonly UniqueValue[],
): Decimal[] {
  const byValue = new Map<UniqueValue, number[]>();
  for (let i = 0; i < records.length; i++) {
    const value = records.value[i] ?? null;
    const indices = byValue.get(value);
    if (indices === undefined) byValue.set(value, [i]);
    else indices.push(i);
  }
  const removes = (i: number) => records.removes?.[i] === 1;
  const active = new Set(startActive);
  const out = new Array<Decimal>(records.length).fill(ZERO);
  for (const [value, indices] of byValue) {
    const operations = indices.map((i) => packOperation(records.timeMs[i] ?? 0, removes(i)));
    stateChanges(context, operations, active.has(value)).forEach((changes, k) => {
      const i = indices[k];
      if (changes && i !== undefined) out[i] = scoreDecimal(removes(i) ? -1 : 1);
    });
  }
  return out;
}
