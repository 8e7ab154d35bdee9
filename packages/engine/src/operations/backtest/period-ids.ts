import { IdSet } from '../../aggregation/index';

/**
 * The transaction ids that the accumulators of one metric of a subscription (the periods of
 * one lane) counted, each with its periods: what each period's accumulator would remember to
 * find its repeats (an id repeated in another period is not a repeat there), held in one
 * table per subscription and metric instead of one per period. Memory per id: the
 * `IdSet`'s, and its first period; an id counted in several periods also keeps the
 * others (rare: a repeat across a period end).
 * @internal
 */
export class PeriodIds {
  private readonly ids = new IdSet();
  /** Per id (by its place in `ids`), the first period that counted it. */
  private readonly firstPeriods: number[] = [];
  /** The later periods that counted an id, by its place in `ids`. */
  private laterPeriods: Map<number, number[]> | undefined;

  /**
   * Whether period `period` counted `id` before (the event is a repeat there), else
   * remembers that it does now.
   */
  repeated(id: string, period: number): boolean {
    const at = this.ids.place(id);
    if (at < 0) {
      this.firstPeriods.push(period);
      return false;
    }
    if (this.firstPeriods[at] === period) return true;
    this.laterPeriods ??= new Map();
    const later = this.laterPeriods.get(at);
    if (later === undefined) {
      this.laterPeriods.set(at, [period]);
      return false;
    }
    if (later.includes(period)) return true;
    later.push(period);
    return false;
  }
}
