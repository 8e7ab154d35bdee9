import { isRight } from 'fp-ts/lib/Either.js';
import {
  add,
  compare,
  type Decimal,
  max,
  negate,
  ONE,
  parseDecimal,
  type ScaledBatch,
  scaledBatch,
  scaledDecimal,
  subtract,
  ZERO,
} from '../core/index';
import type { RecordColumns } from './event-records';
import type { AggregationType, UniqueValue } from './kinds/kind';

/** The decimal of a value text that aggregation has already checked (see `RecordColumns`). */
function decimal(text: UniqueValue): Decimal {
  const parsed = parseDecimal(text ?? '0');
  return isRight(parsed) ? parsed.right : ZERO;
}

/** The decimal texts of sum records (never `null`: a sum refuses an event without the field). */
function texts(records: RecordColumns): string[] {
  const out = new Array<string>(records.length);
  for (let i = 0; i < records.length; i++) out[i] = records.value[i] ?? '0';
  return out;
}

/** `value` once per record. */
function each(records: RecordColumns, value: Decimal): Decimal[] {
  return new Array<Decimal>(records.length).fill(value);
}

const MINUS_ONE = negate(ONE);

/**
 * A unique count's score (1, −1 or 0: how an event changes the number of active values) as
 * a decimal.
 * @internal
 */
export function scoreDecimal(score: number): Decimal {
  return score > 0 ? ONE : score < 0 ? MINUS_ONE : ZERO;
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
export function eventValues(type: AggregationType, records: RecordColumns): Decimal[] {
  if (type === 'count_agg' || type === 'unique_count_agg') return each(records, ONE);
  const values = texts(records);
  if (type === 'max_agg') {
    let best = -1;
    let highest = ZERO;
    values.forEach((text, i) => {
      const value = decimal(text);
      if (best < 0 || compare(value, highest) > 0) {
        best = i;
        highest = value;
      }
    });
    return values.map((_, i) => (i === best ? highest : ZERO));
  }
  const batch = scaledBatch(values);
  if (batch !== undefined) return batch.units.map((units) => scaledDecimal(units, batch.scale));
  return values.map(decimal);
}

/**
 * How each event of a unique count changes the number of active values, in time order
 * (aggregations.md §1.5b): 1 for an `add` of an inactive value, −1 for a `remove` of an
 * active one, 0 for an event that repeats its value's state; `startActive` are the values
 * active when the period starts (a recurring metric's carried values).
 *
 * @example
 * // a is carried; events: add a, add b, remove a, remove a
 * uniqueScores(records, ['a']) // [0, 1, -1, 0]
 */
export function uniqueScores(
  records: RecordColumns,
  startActive: readonly UniqueValue[],
): number[] {
  const active = new Set(startActive);
  const scores = new Array<number>(records.length);
  for (let i = 0; i < records.length; i++) {
    const value = records.value[i] ?? null;
    if (records.removes?.[i] === 1) scores[i] = active.delete(value) ? -1 : 0;
    else if (active.has(value)) scores[i] = 0;
    else {
      active.add(value);
      scores[i] = 1;
    }
  }
  return scores;
}

/**
 * What each event adds to the billed quantity of a pay-in-advance charge (§6.2), in time
 * order: 1 per event for counts; for sums and unique counts a high-water mark: the level
 * starts at what a recurring metric carries into the period (billed at its start; 0 for other
 * metrics), the mark at max(that level, 0), and an event bills only what takes the level above
 * the mark. Sums (`start`: the level at the period's start): +10, −4, +3, +5 from 0 -> 10, 0,
 * 0, 4; −3, +5 -> 0, 2; +5 from a carried 10 -> 5. Unique counts (`scores`, from
 * {@link uniqueScores}, which knows the values active at the start): an `add` bills 1 when it
 * takes the number of active values above its highest, so an `add` of a value still active
 * from an earlier period bills 0. A period's increments add up to max(0, the highest level) −
 * max(0, the starting level).
 */
export function inAdvanceIncrements(
  type: AggregationType,
  records: RecordColumns,
  start: Decimal,
  scores: readonly number[] | undefined,
): Decimal[] {
  if (type === 'count_agg') return each(records, ONE);
  if (type === 'sum_agg') return sumIncrements(records, start);
  // The number of active values never starts below 0: its mark is the starting number, so
  // the level and the mark can both be counted from there.
  let level = 0;
  let highest = 0;
  return (scores ?? []).map((score) => {
    level += score;
    if (level <= highest) return ZERO;
    highest = level;
    return ONE;
  });
}

/** The high-water-mark increments of a sum's events from a level of `start`. */
function sumIncrements(records: RecordColumns, start: Decimal): Decimal[] {
  // The mark starts at what is billed already: max(0, start) (see docs/semantics.md).
  const values = texts(records);
  const batch = scaledBatch(values, start);
  if (batch !== undefined) return scaledIncrements(batch);
  let current = start;
  let highest = max(start, ZERO);
  return values.map((text) => {
    current = add(current, decimal(text));
    const increment = max(subtract(current, highest), ZERO);
    highest = max(highest, current);
    return increment;
  });
}

/**
 * The high-water-mark increments of `sumIncrements` on exact scaled integers: the batch's
 * first unit is the starting level, the others the events' values.
 */
function scaledIncrements(batch: ScaledBatch): Decimal[] {
  let current = batch.units[0] ?? 0;
  let highest = Math.max(current, 0);
  const increments = new Array<Decimal>(batch.units.length - 1);
  for (let i = 1; i < batch.units.length; i++) {
    current += batch.units[i] ?? 0;
    const increment = current > highest ? current - highest : 0;
    if (current > highest) highest = current;
    increments[i - 1] = scaledDecimal(increment, batch.scale);
  }
  return increments;
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
 * runningTotals(['10', '5', '20', '7'].map(parseDecimalUnsafe), { perTotal: parseDecimalUnsafe('12') }) // [10, 15]
 */
export function runningTotals(values: readonly Decimal[], free: FreeUnits): Decimal[] {
  const { perEvents, perTotal } = free;
  const totals: Decimal[] = [];
  let total = ZERO;
  if (perEvents !== undefined) {
    for (const value of values.slice(0, perEvents)) {
      total = add(total, value);
      totals.push(total);
    }
    return totals;
  }
  if (perTotal === undefined) return totals;
  for (const value of values) {
    if (totals.length > 0 && compare(total, perTotal) > 0) break;
    total = add(total, value);
    totals.push(total);
  }
  return totals;
}
