import {
  add,
  createDecimalSum,
  type Decimal,
  type DecimalSum,
  decimalFromCount,
  multiply,
  ZERO,
} from '../../core/index';
import type { AggregationKind, BucketState, KindContext, KindResult } from './kind';
import { daysToPeriodEnd, prorate } from './prorated-share';

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
}

/** `sum_agg` with `prorated: true`. */
export const proratedSumKind: AggregationKind = {
  type: 'sum_agg',
  needsField: true,
  recurringAllowed: true,
  recurringReadsHistory: true,
  create: (context: KindContext) => new ProratedSumState(context),
};
