import { decimalFromCount } from '../../decimal/internal';
import type { UsageEvent } from '../event';
import { propertyText } from '../property';
import type { AggregationKind, BucketState, KindContext, KindResult } from './kind';

/**
 * The latest operation seen for one value, packed in one number so an update allocates
 * nothing: `timeMs × 2 + 1` for an add, `timeMs × 2` for a remove (exact: epoch milliseconds
 * stay far below 2^52). Carried values sort before every event.
 */
type LastOperation = number;

const CARRIED: LastOperation = Number.MIN_SAFE_INTEGER + 1;

function isAdd(op: LastOperation): boolean {
  return op % 2 !== 0 || op === CARRIED;
}

function timeOf(op: LastOperation): number {
  return Math.floor(op / 2);
}

/**
 * `unique_count_agg` with add/remove operations. Per value, the reference scores each event
 * +1/−1/0 against the previous operation (a first `remove` scores 0); the scores of a value
 * add up to 1 exactly when its latest operation is an `add`. So the state keeps, per distinct
 * value, only its latest operation (memory grows with distinct values, not with events).
 */
class UniqueCountState implements BucketState {
  private readonly last = new Map<string, LastOperation>();

  constructor(previousActive: readonly string[]) {
    for (const value of previousActive) {
      this.last.set(value, CARRIED);
    }
  }

  add(
    value: unknown,
    timeMs: number,
    event: UsageEvent,
  ): 'invalid_value' | 'invalid_operation_type' | undefined {
    const text = propertyText(value);
    if (text === undefined) return 'invalid_value';
    const operation = event.properties?.operation_type;
    if (operation !== undefined && operation !== 'add' && operation !== 'remove')
      return 'invalid_operation_type';
    const previous = this.last.get(text);
    // Ties on the timestamp go to the later event of the stream.
    if (previous === undefined || timeMs >= timeOf(previous)) {
      this.last.set(text, timeMs * 2 + (operation === 'remove' ? 0 : 1));
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
  create: (context: KindContext) => new UniqueCountState(context.previousActive ?? []),
};
