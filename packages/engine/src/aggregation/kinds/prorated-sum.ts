import { isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  createDecimalSum,
  type Decimal,
  type DecimalSum,
  decimalFromCount,
  formatDecimal,
  multiply,
  ZERO,
} from '../../core/index';
import type {
  AggregationKind,
  BucketState,
  BucketStateJson,
  KindContext,
  KindResult,
} from './kind';
import { daysToPeriodEnd, prorate } from './prorated-share';
import {
  type Read,
  readArray,
  readCount,
  readDecimalText,
  readObject,
  repeated,
} from './state-json';

/**
 * Prorated recurring `sum_agg` (aggregations.md §1.8): an event of the period counts for the
 * days from its date to the period's last date, an earlier event (or the carried value) for
 * the whole, possibly truncated, period:
 *
 *     ceil₅( (persisted × period_days + Σ value × days_to_end) ÷ charges_duration )
 *
 * Events are summed exactly per day count (at most one sum per day of the period), so memory
 * does not grow with the number of events and states merge by addition.
 */
class ProratedSumState implements BucketState {
  /** Period events' values, by the number of days they count for. */
  private readonly byDays = new Map<number, DecimalSum>();
  /** Events before the period. */
  private readonly earlier: DecimalSum = createDecimalSum();
  private count = 0;

  constructor(private readonly context: KindContext) {}

  add(value: unknown, timeMs: number): 'invalid_value' | undefined {
    const target =
      timeMs < this.context.fromMs
        ? this.earlier
        : this.sumFor(daysToPeriodEnd(this.context, timeMs));
    if (target.add(value) !== undefined) return 'invalid_value';
    this.count++;
    return undefined;
  }

  private sumFor(days: number): DecimalSum {
    let sum = this.byDays.get(days);
    if (sum === undefined) {
      sum = createDecimalSum();
      this.byDays.set(days, sum);
    }
    return sum;
  }

  merge(other: ProratedSumState): void {
    this.earlier.merge(other.earlier);
    for (const [days, theirs] of other.byDays) this.sumFor(days).merge(theirs);
    this.count += other.count;
  }

  result(): KindResult {
    const { periodDays, chargesDurationDays, previous } = this.context;
    const persisted = add(previous ?? ZERO, this.earlier.result());
    let full: Decimal = persisted;
    let dayUnits = multiply(persisted, decimalFromCount(periodDays));
    for (const [days, sum] of this.byDays) {
      const value = sum.result();
      full = add(full, value);
      dayUnits = add(dayUnits, multiply(value, decimalFromCount(days)));
    }
    return {
      aggregation: prorate(dayUnits, 1, chargesDurationDays),
      count: this.count,
      carried: full,
      fullUnits: full,
      start: persisted,
    };
  }

  state(): BucketStateJson {
    return {
      count: this.count,
      sum_before_period: formatDecimal(this.earlier.result()),
      sums_by_days: Array.from(this.byDays)
        .sort(([a], [b]) => a - b)
        .map(([days, sum]) => ({ days, sum: formatDecimal(sum.result()) })),
    };
  }

  /** Fills a new, empty state from its JSON form. */
  restoreFrom(object: Record<string, unknown>, path: readonly string[]): Read<this> {
    const count = readCount(object, 'count', path);
    if (isLeft(count)) return count;
    const earlier = readDecimalText(object, 'sum_before_period', path);
    if (isLeft(earlier)) return earlier;
    const list = readArray(object, 'sums_by_days', path);
    if (isLeft(list)) return list;
    for (const [i, item] of list.right.entries()) {
      const at = [...path, 'sums_by_days', String(i)];
      const entry = readObject(item, at);
      if (isLeft(entry)) return entry;
      const days = readCount(entry.right, 'days', at);
      if (isLeft(days)) return days;
      if (this.byDays.has(days.right)) return repeated([...at, 'days'], days.right);
      const sum = readDecimalText(entry.right, 'sum', at);
      if (isLeft(sum)) return sum;
      this.sumFor(days.right).add(sum.right);
    }
    this.count = count.right;
    this.earlier.add(earlier.right);
    return right(this);
  }
}

/** `sum_agg` with `prorated: true`. */
export const proratedSumKind: AggregationKind = {
  type: 'sum_agg',
  needsField: true,
  recurringAllowed: true,
  recurringReadsHistory: true,
  create: (context: KindContext) => new ProratedSumState(context),
  restore: (context, json, path) => {
    const object = readObject(json, path);
    return isLeft(object) ? object : new ProratedSumState(context).restoreFrom(object.right, path);
  },
};
