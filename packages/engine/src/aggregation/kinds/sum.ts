import { isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  createDecimalSum,
  type Decimal,
  type DecimalSum,
  formatDecimal,
  sign,
  ZERO,
} from '../../core/index';
import type {
  AggregationKind,
  BucketState,
  BucketStateJson,
  ColumnarRun,
  KindContext,
  KindResult,
} from './kind';
import { proratedSumKind } from './prorated-sum';
import { readCountAndDecimals } from './state-json';

class SumState implements BucketState {
  /** The period's events. */
  private readonly total: DecimalSum = createDecimalSum();
  /**
   * Events before the period (a recurring sum reads them): made on the first such event, so
   * that the states of other sums (most of them, one per bucket and group of every period)
   * hold one running sum, not two.
   */
  private earlier: DecimalSum | undefined;
  private count = 0;

  /**
   * `context`: the pass's, shared by its states (its `fromMs` read from it: a field of its own
   * would box the number in every state).
   */
  constructor(private readonly context: KindContext) {}

  add(value: unknown, timeMs: number): 'invalid_value' | undefined {
    const sum = timeMs < this.context.fromMs ? this.earlierSum() : this.total;
    if (sum.add(value) !== undefined) return 'invalid_value';
    this.count++;
    return undefined;
  }

  merge(other: SumState): void {
    this.total.merge(other.total);
    if (other.earlier !== undefined) this.earlierSum().merge(other.earlier);
    this.count += other.count;
  }

  absorb(run: ColumnarRun): void {
    if (run.total !== undefined) this.total.merge(run.total);
    this.count += run.count;
  }

  result(): KindResult {
    const start = add(this.context.previous ?? ZERO, this.earlier?.result() ?? ZERO);
    const aggregation = add(start, this.total.result());
    return { aggregation, count: this.count, carried: aggregation, start };
  }

  state(): BucketStateJson {
    return {
      count: this.count,
      sum: formatDecimal(this.total.result()),
      sum_before_period: formatDecimal(this.earlier?.result() ?? ZERO),
    };
  }

  /** Sets the figures of a restored state (a new, empty one). */
  restoreFrom(count: number, total: Decimal, earlier: Decimal): this {
    this.count = count;
    this.total.add(total);
    if (sign(earlier) !== 0) this.earlierSum().add(earlier);
    return this;
  }

  private earlierSum(): DecimalSum {
    this.earlier ??= createDecimalSum();
    return this.earlier;
  }
}

/**
 * `sum_agg`: the sum of the field's values (negative values reduce it; never clamped), without
 * its prorated variant ({@link proratableSumKind}): what a dynamic charge's cents and a preview
 * estimator's `sumAggregation` sum, so that a bundle of them does not hold the prorated sum.
 */
export const sumKind: AggregationKind = {
  type: 'sum_agg',
  needsField: true,
  recurringAllowed: true,
  recurringReadsHistory: true,
  create: (context: KindContext) => new SumState(context),
  restore: (context, json, path) => {
    const read = readCountAndDecimals(json, path, ['sum', 'sum_before_period']);
    if (isLeft(read)) return read;
    const [total = ZERO, earlier = ZERO] = read.right.decimals;
    const state = new SumState(context);
    return right(state.restoreFrom(read.right.count, total, earlier));
  },
};

/**
 * `sum_agg` with its prorated variant (a prorated charge of a recurring sum): the table of
 * every aggregation type's, and a preview estimator's `proratedSumAggregation`.
 */
export const proratableSumKind: AggregationKind = { ...sumKind, prorated: proratedSumKind };
