import { decimalFromCount } from '../../decimal/internal';
import type { UsageEvent } from '../event';
import type { AggregationKind, BucketState, KindContext, KindResult, ValueProblem } from './kind';
import { proratedUniqueCountKind } from './prorated-unique-count';
import { CARRIED, isAdd, type Operation, readOperation, timeOf } from './unique-operation';

/**
 * `unique_count_agg` with add/remove operations. Per value, the reference scores each event
 * +1/−1/0 against the previous operation (a first `remove` scores 0); the scores of a value
 * add up to 1 exactly when its latest operation is an `add`. So the state keeps, per distinct
 * value, only its latest operation (memory grows with distinct values, not with events).
 */
class UniqueCountState implements BucketState {
  private readonly last = new Map<string, Operation>();

  constructor(previousActive: readonly string[]) {
    for (const value of previousActive) {
      this.last.set(value, CARRIED);
    }
  }

  add(value: unknown, timeMs: number, event: UsageEvent): ValueProblem | undefined {
    const operation = readOperation(value, timeMs, event);
    if (typeof operation === 'string') return operation;
    const previous = this.last.get(operation.text);
    // Ties on the timestamp go to the later event of the stream.
    if (previous === undefined || timeMs >= timeOf(previous)) {
      this.last.set(operation.text, operation.packed);
    }
    return undefined;
  }

  /** `other` holds later events of the stream: it wins ties. */
  merge(other: UniqueCountState): void {
    for (const [value, op] of other.last) {
      const mine = this.last.get(value);
      if (mine === undefined || timeOf(op) >= timeOf(mine)) this.last.set(value, op);
    }
  }

  result(): KindResult {
    const active = [...this.last].filter(([, op]) => isAdd(op)).map(([value]) => value);
    const count = active.length;
    // The reference reports events_count = the aggregation for unique counts.
    return { aggregation: decimalFromCount(count), count, carriedActive: active.sort() };
  }
}

/** `unique_count_agg`: the number of distinct values whose latest operation is `add`. */
export const uniqueCountKind: AggregationKind = {
  type: 'unique_count_agg',
  needsField: true,
  recurringAllowed: true,
  recurringReadsHistory: true,
  prorated: proratedUniqueCountKind,
  create: (context: KindContext) => new UniqueCountState(context.previousActive ?? []),
};
