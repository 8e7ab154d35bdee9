import {
  add,
  compare,
  type Decimal,
  formatDecimal,
  max,
  parseDecimal,
  type ScaledBatch,
  scaledBatch,
  scaledText,
  subtract,
  ZERO,
} from '../decimal/internal';
import type { AggregationType } from './kinds/index';

/**
 * One accepted event, as the per-event views need it: when, its place in the stream, its value
 * (the decimal text for sums and maxima, the counted text for unique counts) and, for unique
 * counts, whether it adds or removes.
 * @internal
 */
export interface EventRecord {
  readonly timeMs: number;
  readonly order: number;
  readonly value: string;
  readonly removes: boolean;
}

/** Time order, then stream order: the order in which the reference walks a period's events. */
export function byTime(a: EventRecord, b: EventRecord): number {
  return a.timeMs - b.timeMs || a.order - b.order;
}

/** The decimal of a value text that aggregation has already checked (see `EventRecord`). */
function decimal(text: string): Decimal {
  const parsed = parseDecimal(text);
  return parsed._tag === 'Right' ? parsed.right : ZERO;
}

/** Which aggregation types have per-event values, and which can be paid in advance (§6). */
export const PER_EVENT_TYPES: ReadonlySet<AggregationType> = new Set([
  'count_agg',
  'sum_agg',
  'unique_count_agg',
  'max_agg',
]);
export const IN_ADVANCE_TYPES: ReadonlySet<AggregationType> = new Set([
  'count_agg',
  'sum_agg',
  'unique_count_agg',
]);

/**
 * Per-event values in time order (aggregations.md §6.1): a 1 per event for counts and unique
 * counts, the value for sums, and for maxima the value of the first event that reaches the
 * maximum and 0 for every other event (so they add up to the maximum).
 */
export function eventValues(type: AggregationType, records: readonly EventRecord[]): string[] {
  if (type === 'count_agg' || type === 'unique_count_agg') return records.map(() => '1');
  if (type === 'max_agg') {
    let best = -1;
    records.forEach((r, i) => {
      const current = records[best];
      if (current === undefined || compare(decimal(r.value), decimal(current.value)) > 0) best = i;
    });
    return records.map((r, i) => (i === best ? formatDecimal(decimal(r.value)) : '0'));
  }
  const batch = scaledBatch(records.map((r) => r.value));
  if (batch !== undefined) return batch.units.map((units) => scaledText(units, batch.scale));
  return records.map((r) => formatDecimal(decimal(r.value)));
}

/**
 * What each event adds to the billed quantity of a pay-in-advance charge (§6.2), in time
 * order: 1 per event for counts; for sums a high-water mark (an event bills only what takes the
 * running total above its previous maximum, starting from 0: +10, −4, +3, +5 -> 10, 0, 0, 4;
 * −3, +5 -> 0, 2); for unique counts
 * 1 when an `add` takes the number of active values above its previous maximum, else 0.
 */
export function inAdvanceIncrements(
  type: AggregationType,
  records: readonly EventRecord[],
): string[] {
  if (type === 'count_agg') return records.map(() => '1');
  if (type === 'sum_agg') {
    // The mark starts at 0 (nothing billed yet), so the increments always add up to what the
    // period bills: max(0, the highest running total). See docs/semantics.md.
    const batch = scaledBatch(records.map((r) => r.value));
    if (batch !== undefined) return scaledIncrements(batch);
    let current = ZERO;
    let highest = ZERO;
    return records.map((r) => {
      current = add(current, decimal(r.value));
      const increment = max(subtract(current, highest), ZERO);
      highest = max(highest, current);
      return formatDecimal(increment);
    });
  }
  const active = new Set<string>();
  let highest = 0;
  return records.map((r) => {
    if (r.removes) {
      active.delete(r.value);
      return '0';
    }
    active.add(r.value);
    if (active.size <= highest) return '0';
    highest = active.size;
    return '1';
  });
}

/** The high-water-mark increments of `inAdvanceIncrements` on exact scaled integers. */
function scaledIncrements(batch: ScaledBatch): string[] {
  let current = 0;
  let highest = 0;
  return batch.units.map((units) => {
    current += units;
    const increment = current > highest ? current - highest : 0;
    if (current > highest) highest = current;
    return scaledText(increment, batch.scale);
  });
}

/** The free units of a percentage charge that running totals serve (§1.3, §6.1), checked by the caller. */
export interface FreeUnits {
  /** `free_units_per_events`: a positive whole number. */
  readonly perEvents?: number;
  /** `free_units_per_total_aggregation`. */
  readonly perTotal?: Decimal;
}

/**
 * Running totals of per-event values for a percentage charge's free units (§1.3):
 * with `free_units_per_events` = N, the cumulative sums of the first N events
 * ([10, 5, 20], N = 2 -> [10, 15]); otherwise, with `free_units_per_total_aggregation` = A,
 * the cumulative sums up to and including the first that exceeds A ([10, 5, 20, 7], A = 12 ->
 * [10, 15]). Without free units: none.
 *
 * @example
 * runningTotals(['10', '5', '20', '7'], { perTotal: parseDecimalUnsafe('12') }) // ['10', '15']
 */
export function runningTotals(values: readonly string[], free: FreeUnits): string[] {
  const { perEvents, perTotal } = free;
  const totals: string[] = [];
  let total = ZERO;
  if (perEvents !== undefined) {
    for (const value of values.slice(0, perEvents)) {
      total = add(total, decimal(value));
      totals.push(formatDecimal(total));
    }
    return totals;
  }
  if (perTotal === undefined) return totals;
  for (const value of values) {
    if (totals.length > 0 && compare(total, perTotal) > 0) break;
    total = add(total, decimal(value));
    totals.push(formatDecimal(total));
  }
  return totals;
}
