import { add, createDecimalSum, type Decimal, type DecimalSum, ZERO } from '../../decimal/internal';
import type { AggregationKind, BucketState, KindContext, KindResult } from './kind';
import { proratedSumKind } from './prorated-sum';

class SumState implements BucketState {
  private readonly total: DecimalSum = createDecimalSum();
  private count = 0;

  constructor(private readonly previous: Decimal) {}

  add(value: unknown): 'invalid_value' | undefined {
    if (this.total.add(value) !== undefined) return 'invalid_value';
    this.count++;
    return undefined;
  }

  merge(other: SumState): void {
    this.total.merge(other.total);
    this.count += other.count;
  }

  result(): KindResult {
    const aggregation = add(this.previous, this.total.result());
    return { aggregation, count: this.count, carried: aggregation };
  }
}

/** `sum_agg`: the sum of the field's values (negative values reduce it; never clamped). */
export const sumKind: AggregationKind = {
  type: 'sum_agg',
  needsField: true,
  recurringAllowed: true,
  recurringReadsHistory: true,
  prorated: proratedSumKind,
  create: (context: KindContext) => new SumState(context.previous ?? ZERO),
};
