import { compare, createScan, type Decimal, readDecimal, ZERO } from '../../core/index';
import type { AggregationKind, BucketState, KindResult } from './kind';

class MaxState implements BucketState {
  private readonly scan = createScan();
  private max: Decimal | undefined;
  private count = 0;

  add(value: unknown): 'invalid_value' | undefined {
    const decimal = readDecimal(value, this.scan);
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
}

/** `max_agg`: the largest field value (0 without events; not clamped: all-negative gives a negative). */
export const maxKind: AggregationKind = {
  type: 'max_agg',
  needsField: true,
  recurringAllowed: false,
  recurringReadsHistory: false,
  create: () => new MaxState(),
};
