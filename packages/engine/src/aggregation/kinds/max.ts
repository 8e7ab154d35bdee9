import { isLeft, right } from 'fp-ts/lib/Either.js';
import {
  compare,
  createScan,
  type Decimal,
  formatDecimal,
  readDecimal,
  ZERO,
} from '../../core/index';
import type { AggregationKind, BucketState, BucketStateJson, KindResult } from './kind';
import { readCount, readDecimalText, readObject } from './state-json';

/** The scratch of every max's reads (each read is done with it before the next starts). */
const SCAN = createScan();

class MaxState implements BucketState {
  private max: Decimal | undefined;
  private count = 0;

  add(value: unknown): 'invalid_value' | undefined {
    const decimal = readDecimal(value, SCAN);
    if (typeof decimal === 'string') return 'invalid_value';
    if (this.max === undefined || compare(decimal, this.max) > 0) this.max = decimal;
    this.count++;
    return undefined;
  }

  merge(other: MaxState): void {
    if (other.max !== undefined && (this.max === undefined || compare(other.max, this.max) > 0))
      this.max = other.max;
    this.count += other.count;
  }

  result(): KindResult {
    return { aggregation: this.max ?? ZERO, count: this.count };
  }

  state(): BucketStateJson {
    return { count: this.count, max: this.max === undefined ? null : formatDecimal(this.max) };
  }

  static restore(count: number, max: Decimal | null): MaxState {
    const state = new MaxState();
    state.count = count;
    state.max = max ?? undefined;
    return state;
  }
}

/** `max_agg`: the largest field value (0 without events; not clamped: all-negative gives a negative). */
export const maxKind: AggregationKind = {
  type: 'max_agg',
  needsField: true,
  recurringAllowed: false,
  recurringReadsHistory: false,
  create: () => new MaxState(),
  restore: (_context, json, path) => {
    const object = readObject(json, path);
    if (isLeft(object)) return object;
    const count = readCount(object.right, 'count', path);
    if (isLeft(count)) return count;
    const max = readDecimalText(object.right, 'max', path, true);
    return isLeft(max) ? max : right(MaxState.restore(count.right, max.right));
  },
};
