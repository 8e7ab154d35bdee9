import { isLeft, right } from 'fp-ts/lib/Either.js';
import { decimalFromCount } from '../../core/index';
import type { UsageEvent } from '../event';
import type {
  AggregationKind,
  BucketState,
  BucketStateJson,
  ColumnarRun,
  KindContext,
  KindResult,
  UniqueValue,
  ValueProblem,
} from './kind';
import { proratedUniqueCountKind } from './prorated-unique-count';
import { readArray, readObject } from './state-json';
import {
  CARRIED,
  compareUniqueValues,
  isAdd,
  type Operation,
  operationJson,
  operationOf,
  readOperation,
  readOperationJson,
  readValueEntries,
  sortedByValue,
  timeOf,
} from './unique-operation';

/** No values (a state's values before the period, until it has some). */
const NO_VALUES: ReadonlyMap<UniqueValue, Operation> = new Map();

/** Sets `value`'s latest operation in `latest` to `op` unless a later one is there (ties: `op` wins). */
function keepLatest(latest: Map<UniqueValue, Operation>, value: UniqueValue, op: Operation): void {
  const known = latest.get(value);
  if (known === undefined || timeOf(op) >= timeOf(known)) latest.set(value, op);
}

/** The values whose latest operation adds them, in `compareUniqueValues` order. */
function activeValues(latest: ReadonlyMap<UniqueValue, Operation>): UniqueValue[] {
  const active: UniqueValue[] = [];
  for (const [value, op] of latest) if (isAdd(op)) active.push(value);
  return active.sort(compareUniqueValues);
}

/** How many values' latest operation adds them. */
function activeCount(latest: ReadonlyMap<UniqueValue, Operation>): number {
  let count = 0;
  for (const op of latest.values()) if (isAdd(op)) count++;
  return count;
}

/**
 * `unique_count_agg` with add/remove operations. Per value, the reference scores each event
 * +1/−1/0 against the previous operation (a first `remove` scores 0); the scores of a value
 * add up to 1 exactly when its latest operation is an `add`. So the state keeps, per distinct
 * value, only its latest operation, and (for a recurring metric, which reads the events before
 * the period) its latest operation before the period: memory grows with distinct values, not
 * with events.
 */
class UniqueCountState implements BucketState {
  private readonly last = new Map<UniqueValue, Operation>();
  /**
   * The latest operation of each value before the period (carried values included): made at
   * the first such value, so that the states of other unique counts (most of them, one per
   * bucket and group of every period) hold one map, not two.
   */
  private before: Map<UniqueValue, Operation> | undefined;

  /** `context`: the pass's, shared by its states (see `SumState`). */
  constructor(
    previousActive: readonly UniqueValue[],
    private readonly context: KindContext,
  ) {
    for (const value of previousActive) {
      this.last.set(value, CARRIED);
      this.beforeMap().set(value, CARRIED);
    }
  }

  add(value: unknown, timeMs: number, event: UsageEvent): ValueProblem | undefined {
    const operation = readOperation(value, timeMs, event);
    if (typeof operation === 'string') return operation;
    // Ties on the timestamp go to the later event of the stream.
    keepLatest(this.last, operation.text, operation.packed);
    if (timeMs < this.context.fromMs)
      keepLatest(this.beforeMap(), operation.text, operation.packed);
    return undefined;
  }

  /** `other` holds later events of the stream: it wins ties. */
  merge(other: UniqueCountState): void {
    for (const [value, op] of other.last) keepLatest(this.last, value, op);
    for (const [value, op] of other.before ?? NO_VALUES) keepLatest(this.beforeMap(), value, op);
  }

  private beforeMap(): Map<UniqueValue, Operation> {
    this.before ??= new Map();
    return this.before;
  }

  /**
   * Adds a columnar kernel's run: later events of the stream, which win ties. (The kernel
   * does not run for recurring metrics, so no run holds events before the period.)
   */
  absorb(run: ColumnarRun): void {
    if (run.latest === undefined) return;
    for (const [value, op] of run.latest) keepLatest(this.last, value, op);
  }

  result(): KindResult {
    const last = this.last;
    const before = this.before ?? NO_VALUES;
    const count = activeCount(last);
    // The lists of active values are sorted only when read (a recurring metric's carry, the
    // per-event views): the figures of most unique counts need their counts alone.
    let carried: UniqueValue[] | undefined;
    let started: UniqueValue[] | undefined;
    // The reference reports events_count = the aggregation for unique counts.
    return {
      aggregation: decimalFromCount(count),
      count,
      get carriedActive() {
        carried ??= activeValues(last);
        return carried;
      },
      start: decimalFromCount(activeCount(before)),
      get startActive() {
        started ??= activeValues(before);
        return started;
      },
    };
  }

  state(): BucketStateJson {
    const entries = (latest: ReadonlyMap<UniqueValue, Operation>) =>
      sortedByValue(latest).map(([value, op]) => ({ value, ...operationJson(op) }));
    return {
      values: entries(this.last),
      values_before_period: entries(this.before ?? NO_VALUES),
    };
  }

  /** Sets each value's latest operation, overall or before the period (a restored state). */
  restoreOperation(beforePeriod: boolean, value: UniqueValue, op: Operation): void {
    (beforePeriod ? this.beforeMap() : this.last).set(value, op);
  }
}

/**
 * `unique_count_agg`: the number of distinct values whose latest operation is `add`; events
 * without the field count as one value (`null`).
 */
export const uniqueCountKind: AggregationKind = {
  type: 'unique_count_agg',
  needsField: true,
  countsMissing: true,
  recurringAllowed: true,
  recurringReadsHistory: true,
  prorated: proratedUniqueCountKind,
  create: (context: KindContext) => new UniqueCountState(context.previousActive ?? [], context),
  restore: (context, json, path) => {
    const object = readObject(json, path);
    if (isLeft(object)) return object;
    const state = new UniqueCountState([], context);
    for (const key of ['values', 'values_before_period'] as const) {
      const list = readArray(object.right, key, path);
      if (isLeft(list)) return list;
      const read = readValueEntries(
        list.right,
        [...path, key],
        readOperationJson,
        (value, op) => state.restoreOperation(key === 'values_before_period', value, op),
        operationOf,
      );
      if (isLeft(read)) return read;
    }
    return right(state);
  },
};
