import { isLeft, right } from 'fp-ts/lib/Either.js';
import { decimalFromCount, localEpochDay } from '../../core/index';
import type { UsageEvent } from '../event';
import type {
  AggregationKind,
  BucketState,
  BucketStateJson,
  KindContext,
  KindResult,
  UniqueValue,
  ValueProblem,
} from './kind';
import { prorate } from './prorated-share';
import { type Read, readArray, readObject } from './state-json';
import {
  CARRIED,
  compareUniqueValues,
  isAdd,
  type Operation,
  operationJson,
  readOperation,
  readOperationJson,
  readValueEntries,
  sortedByValue,
  timeOf,
} from './unique-operation';

/**
 * Prorated recurring `unique_count_agg` (aggregations.md §1.8): each value counts for the
 * days it was active in the period. Per value, in time order:
 *
 * 1. a `remove` followed on the same local day by an `add` of the value is dropped (a same-day
 *    re-add keeps the value active all along);
 * 2. operations that repeat the current state (an `add` of an active value, a `remove` of an
 *    inactive one) are dropped;
 * 3. each remaining `add` counts from its date (or the period's first date) to the date of the
 *    value's next remaining operation (or the period's last date), both included.
 *
 * The aggregation is `ceil₅(Σ days ÷ charges_duration)`; `full_units_number` is the plain
 * count of active values. Unlike the plain unique count, this needs every operation of a value
 * until the result is read: memory grows with the events of the metric.
 */
class ProratedUniqueCountState implements BucketState {
  private readonly operations = new Map<UniqueValue, Operation[]>();

  constructor(private readonly context: KindContext) {
    for (const value of context.previousActive ?? []) this.operations.set(value, [CARRIED]);
  }

  add(value: unknown, timeMs: number, event: UsageEvent): ValueProblem | undefined {
    const operation = readOperation(value, timeMs, event);
    if (typeof operation === 'string') return operation;
    this.operationsOf(operation.text).push(operation.packed);
    return undefined;
  }

  private operationsOf(value: UniqueValue): Operation[] {
    let list = this.operations.get(value);
    if (list === undefined) {
      list = [];
      this.operations.set(value, list);
    }
    return list;
  }

  /** `other` holds later events of the stream: its operations follow ours on ties. */
  merge(other: ProratedUniqueCountState): void {
    for (const [value, theirs] of other.operations) {
      const ours = this.operationsOf(value);
      for (const operation of theirs) {
        // Both parts start from the same carried values: a value is carried once.
        if (operation === CARRIED && ours.includes(CARRIED)) continue;
        ours.push(operation);
      }
    }
  }

  result(): KindResult {
    let activeDays = 0;
    const active: UniqueValue[] = [];
    const startActive: UniqueValue[] = [];
    for (const [value, operations] of this.operations) {
      const kept = effectiveOperations(this.context, operations);
      activeDays += daysActive(this.context, kept);
      const last = kept[kept.length - 1];
      if (last !== undefined && isAdd(last)) active.push(value);
      if (activeAt(this.context.fromMs, kept)) startActive.push(value);
    }
    const count = active.length;
    return {
      aggregation: prorate(decimalFromCount(activeDays), 1, this.context.chargesDurationDays),
      // As for the plain unique count, the reference reports the count of active values.
      count,
      fullUnits: decimalFromCount(count),
      carriedActive: active.sort(compareUniqueValues),
      start: decimalFromCount(startActive.length),
      startActive: startActive.sort(compareUniqueValues),
    };
  }

  state(): BucketStateJson {
    return {
      values: sortedByValue(this.operations).map(([value, operations]) => ({
        value,
        operations: operations.map(operationJson),
      })),
    };
  }

  /** Fills a new state (with no carried values) from its JSON form. */
  restoreFrom(object: Record<string, unknown>, path: readonly string[]): Read<this> {
    const list = readArray(object, 'values', path);
    if (isLeft(list)) return list;
    const read = readValueEntries(
      list.right,
      [...path, 'values'],
      readOperationList,
      (value, ops) => this.operations.set(value, ops),
    );
    return isLeft(read) ? read : right(this);
  }
}

/** The `operations` of a value's entry, in stream order. */
function readOperationList(
  object: Record<string, unknown>,
  path: readonly string[],
): Read<Operation[]> {
  const list = readArray(object, 'operations', path);
  if (isLeft(list)) return list;
  const operations: Operation[] = [];
  for (const [i, item] of list.right.entries()) {
    const at = [...path, 'operations', String(i)];
    const entry = readObject(item, at);
    if (isLeft(entry)) return entry;
    const op = readOperationJson(entry.right, at);
    if (isLeft(op)) return op;
    operations.push(op.right);
  }
  return right(operations);
}

/** Whether the value of these effective operations (in time order) is active just before `timeMs`. */
function activeAt(timeMs: number, kept: readonly Operation[]): boolean {
  let active = false;
  for (const op of kept) {
    if (timeOf(op) >= timeMs) break;
    active = isAdd(op);
  }
  return active;
}

/** The local day an `add` starts counting: its own, or the period's first. */
function startDay(context: KindContext, op: Operation): number {
  return localEpochDay(context.zone, Math.max(timeOf(op), context.fromMs));
}

/** Steps 1 and 2: the operations that change the value's state, in time order. */
function effectiveOperations(context: KindContext, operations: readonly Operation[]): Operation[] {
  // A stable sort: ties on the time keep stream order.
  const sorted = [...operations].sort((a, b) => timeOf(a) - timeOf(b));
  const changes = stateChanges(context, sorted, false);
  return sorted.filter((_, i) => changes[i]);
}

/**
 * Steps 1 and 2 over one value's operations in time order (ties in stream order), from the
 * state `active`: for each operation, whether it changes the value's state, i.e. whether it
 * is relevant (neither a remove re-added the same local day, nor a repeat of the state).
 *
 * @example
 * // remove then add the same day, from active: neither changes anything
 * stateChanges(context, [removeAt9, addAt10], true) // [false, false]
 * @internal
 */
export function stateChanges(
  context: KindContext,
  sorted: readonly Operation[],
  active: boolean,
): boolean[] {
  let state = active;
  return sorted.map((op, i) => {
    if (!isAdd(op) && readdedSameDay(context, sorted, i)) return false;
    if (isAdd(op) === state) return false;
    state = isAdd(op);
    return true;
  });
}

/** Whether an `add` follows the remove at `index` on the same local day. */
function readdedSameDay(
  context: KindContext,
  sorted: readonly Operation[],
  index: number,
): boolean {
  const op = sorted[index];
  if (op === undefined || op === CARRIED) return false;
  const day = localEpochDay(context.zone, timeOf(op));
  for (let j = index + 1; j < sorted.length; j++) {
    const later = sorted[j];
    if (later === undefined || localEpochDay(context.zone, timeOf(later)) !== day) return false;
    if (isAdd(later)) return true;
  }
  return false;
}

/** Step 3: the days of the period the value was active, from its effective operations. */
function daysActive(context: KindContext, kept: readonly Operation[]): number {
  const lastDay = localEpochDay(context.zone, context.toMs);
  let days = 0;
  kept.forEach((op, i) => {
    if (!isAdd(op)) return;
    const next = kept[i + 1];
    const endDay = next === undefined ? lastDay : localEpochDay(context.zone, timeOf(next));
    days += Math.max(0, endDay + 1 - startDay(context, op));
  });
  return days;
}

/** `unique_count_agg` with `prorated: true`. */
export const proratedUniqueCountKind: AggregationKind = {
  type: 'unique_count_agg',
  needsField: true,
  recurringAllowed: true,
  recurringReadsHistory: true,
  create: (context: KindContext) => new ProratedUniqueCountState(context),
  restore: (context, json, path) => {
    const object = readObject(json, path);
    return isLeft(object)
      ? object
      : new ProratedUniqueCountState({ ...context, previousActive: undefined }).restoreFrom(
          object.right,
          path,
        );
  },
};
