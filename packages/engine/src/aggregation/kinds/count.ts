import { isLeft, right } from 'fp-ts/lib/Either.js';
import { decimalFromCount } from '../../core/index';
import type { AggregationKind, BucketState, ColumnarRun, KindResult } from './kind';
import { readCount, readObject } from './state-json';

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

  state(): { count: number } {
    return { count: this.count };
  }

  static restore(count: number): CountState {
    const state = new CountState();
    state.count = count;
    return state;
  }
}

/** `count_agg`: the number of events. */
export const countKind: AggregationKind = {
  type: 'count_agg',
  needsField: false,
  recurringAllowed: false,
  recurringReadsHistory: false,
  create: () => new CountState(),
  restore: (_context, json, path) => {
    const object = readObject(json, path);
    if (isLeft(object)) return object;
    const count = readCount(object.right, 'count', path);
    return isLeft(count) ? count : right(CountState.restore(count.right));
  },
};
