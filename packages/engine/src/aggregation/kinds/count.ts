import { decimalFromCount } from '../../core/index';
import type { AggregationKind, BucketState, ColumnarRun, KindResult } from './kind';

class CountState implements BucketState {
  private count = 0;

  add(): undefined {
    this.count++;
    return undefined;
  }

  merge(other: CountState): void {
    this.count += other.count;
  }

  absorb(run: ColumnarRun): void {
    this.count += run.count;
  }

  result(): KindResult {
    return { aggregation: decimalFromCount(this.count), count: this.count };
  }
}

/** `count_agg`: the number of events. */
export const countKind: AggregationKind = {
  type: 'count_agg',
  needsField: false,
  recurringAllowed: false,
  recurringReadsHistory: false,
  create: () => new CountState(),
};
