import { isLeft, isRight, right } from 'fp-ts/lib/Either.js';
import {
  add,
  ceil,
  createScan,
  type Decimal,
  decimalFromCount,
  divide,
  formatDecimal,
  multiply,
  readDecimal,
  type Scale,
  ZERO,
} from '../../core/index';
import type {
  AggregationKind,
  BucketState,
  BucketStateJson,
  KindContext,
  KindResult,
} from './kind';
import { readCountAndDecimals } from './state-json';

const MS_PER_DAY = 86_400_000;
/** The reference ceils the time-weighted average to 20 decimals. */
const AVERAGE_SCALE = 20 as Scale;

/**
 * `weighted_sum_agg`: each event's value is a change of a level (+3 GB, −1 GB); the result is
 * the level's time-weighted average over the charges period. The reference walks the events
 * in time order and sums level × duration; that sum is linear in the events, so it equals
 *
 *     ( initial × (end − from) + Σ value × (end − timestamp) ) / (charges_duration days)
 *
 * which needs no ordering and no memory per event, and merges by addition. `end` is the end
 * of the period's last second (23:59:59 -> next midnight), as the reference ceils it.
 */
class WeightedSumState implements BucketState {
  private readonly scan = createScan();
  private weighted: Decimal = ZERO;
  private variation: Decimal = ZERO;
  private count = 0;

  constructor(private readonly context: KindContext) {}

  add(value: unknown, timeMs: number): 'invalid_value' | undefined {
    const decimal = readDecimal(value, this.scan);
    if (typeof decimal === 'string') return 'invalid_value';
    this.weighted = add(
      this.weighted,
      multiply(decimal, decimalFromCount(this.context.endMs - timeMs)),
    );
    this.variation = add(this.variation, decimal);
    this.count++;
    return undefined;
  }

  merge(other: WeightedSumState): void {
    this.weighted = add(this.weighted, other.weighted);
    this.variation = add(this.variation, other.variation);
    this.count += other.count;
  }

  result(): KindResult {
    const { fromMs, endMs, chargesDurationDays, previous } = this.context;
    const initial = previous ?? ZERO;
    const total = add(multiply(initial, decimalFromCount(endMs - fromMs)), this.weighted);
    const average = divide(total, decimalFromCount(chargesDurationDays * MS_PER_DAY));
    const level = add(initial, this.variation);
    return {
      aggregation: isRight(average) ? ceil(average.right, AVERAGE_SCALE) : ZERO,
      count: this.count,
      // Non-recurring: the variation over the period; recurring: the level at its end.
      total_aggregated_units: previous === undefined ? this.variation : level,
      carried: level,
    };
  }

  state(): BucketStateJson {
    return {
      count: this.count,
      weighted_ms: formatDecimal(this.weighted),
      variation: formatDecimal(this.variation),
    };
  }

  /** Sets the figures of a restored state (a new, empty one). */
  restoreFrom(count: number, weighted: Decimal, variation: Decimal): this {
    this.count = count;
    this.weighted = weighted;
    this.variation = variation;
    return this;
  }
}

/** `weighted_sum_agg`: the time-weighted average of a level changed by each event's value. */
export const weightedSumKind: AggregationKind = {
  type: 'weighted_sum_agg',
  needsField: true,
  recurringAllowed: true,
  recurringReadsHistory: false,
  create: (context: KindContext) => new WeightedSumState(context),
  restore: (context, json, path) => {
    const read = readCountAndDecimals(json, path, ['weighted_ms', 'variation']);
    if (isLeft(read)) return read;
    const [weighted = ZERO, variation = ZERO] = read.right.decimals;
    return right(new WeightedSumState(context).restoreFrom(read.right.count, weighted, variation));
  },
};
