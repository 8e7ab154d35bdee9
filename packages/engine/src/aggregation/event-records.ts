import type { UniqueValue } from './kinds/kind';

/**
 * Accepted events of a slot as the per-event views read them, in columns: when (epoch ms), the
 * place in the stream, the value (the decimal text for sums and maxima, the counted value for
 * unique counts, `null` for an event without the field) and, for unique counts, whether the
 * event removes its value. Entry `i` of every column is the same event.
 * @internal
 */
export interface RecordColumns {
  readonly length: number;
  readonly timeMs: Float64Array;
  readonly order: Float64Array;
  readonly value: readonly UniqueValue[];
  /** 1 for an event that removes its value; `undefined` when none does. */
  readonly removes: Uint8Array | undefined;
}

/** The largest integer a double holds exactly, plus one: packed sort keys stay below it. */
const EXACT_LIMIT = 2 ** 53;

/** A column of `capacity` entries holding the first `length` of `column`. */
function grown(
  column: Float64Array<ArrayBuffer>,
  capacity: number,
  length: number,
): Float64Array<ArrayBuffer> {
  const next = new Float64Array(capacity);
  next.set(column.subarray(0, length));
  return next;
}

/**
 * The per-event records of a slot, appended in stream order into typed columns (no object per
 * event). {@link inTimeOrder} gives them in time order, then stream order (the order in which
 * the reference walks a period's events), sorting only when they were not appended that way;
 * appending never reorders what is stored, so a view of the first `n` records stays valid
 * after more are appended.
 * @internal
 */
export class EventRecords {
  length = 0;
  private times = new Float64Array(16);
  private orders = new Float64Array(16);
  private readonly values: UniqueValue[] = [];
  private removals: Uint8Array | undefined;
  /** Every record so far follows the one before it in time order, then stream order. */
  private timeOrdered = true;
  /** Every record so far has a later stream position than the one before it. */
  private streamOrdered = true;
  private sorted: { readonly length: number; readonly columns: RecordColumns } | undefined;

  push(timeMs: number, order: number, value: UniqueValue, removes: boolean): void {
    const i = this.length;
    if (i === this.times.length) {
      this.times = grown(this.times, 2 * i, i);
      this.orders = grown(this.orders, 2 * i, i);
    }
    if (i > 0) {
      const lastTime = this.times[i - 1] ?? 0;
      const lastOrder = this.orders[i - 1] ?? 0;
      if (order <= lastOrder) this.streamOrdered = false;
      if (timeMs < lastTime || (timeMs === lastTime && order <= lastOrder))
        this.timeOrdered = false;
    }
    this.times[i] = timeMs;
    this.orders[i] = order;
    this.values.push(value);
    if (removes) {
      this.removals ??= new Uint8Array(this.times.length);
      if (this.removals.length < this.times.length) {
        const next = new Uint8Array(this.times.length);
        next.set(this.removals);
        this.removals = next;
      }
      this.removals[i] = 1;
    }
    this.length = i + 1;
  }

  /** Appends `other`'s records, their stream positions moved by `orderOffset`. */
  append(other: EventRecords, orderOffset: number): void {
    for (let i = 0; i < other.length; i++) {
      this.push(
        other.times[i] ?? 0,
        (other.orders[i] ?? 0) + orderOffset,
        other.values[i] ?? null,
        other.removals?.[i] === 1,
      );
    }
  }

  /**
   * The first `length` records (all by default) in time order, then stream order: the columns
   * themselves when they were appended in that order (checked as they came), else a sorted
   * copy, kept for the next call of the same length.
   */
  inTimeOrder(length = this.length): RecordColumns {
    const removes = this.removals;
    if (this.timeOrdered && length === this.length) {
      return {
        length,
        timeMs: this.times.subarray(0, length),
        order: this.orders.subarray(0, length),
        value: this.values.length === length ? this.values : this.values.slice(0, length),
        removes: removes?.subarray(0, length),
      };
    }
    if (this.sorted?.length === length) return this.sorted.columns;
    const permutation = this.timePermutation(length);
    const timeMs = new Float64Array(length);
    const order = new Float64Array(length);
    const value = new Array<UniqueValue>(length);
    const removed = removes === undefined ? undefined : new Uint8Array(length);
    for (let k = 0; k < length; k++) {
      const i = permutation[k] ?? 0;
      timeMs[k] = this.times[i] ?? 0;
      order[k] = this.orders[i] ?? 0;
      value[k] = this.values[i] ?? null;
      if (removed !== undefined) removed[k] = removes?.[i] ?? 0;
    }
    const columns = { length, timeMs, order, value, removes: removed };
    this.sorted = { length, columns };
    return columns;
  }

  /**
   * The storage indices of the first `length` records in time order, then stream order. When
   * stream positions grow with storage, ties are broken by the index, so each record packs into
   * one exact double, `(time − earliest) × length + index`, and a numeric sort of those keys
   * (no comparator) orders them; otherwise, or when the keys would pass 2^53, a comparator sort.
   */
  private timePermutation(length: number): ArrayLike<number> {
    const times = this.times;
    let earliest = Number.POSITIVE_INFINITY;
    let latest = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < length; i++) {
      const t = times[i] ?? 0;
      if (t < earliest) earliest = t;
      if (t > latest) latest = t;
    }
    if (this.streamOrdered && (latest - earliest + 1) * length < EXACT_LIMIT) {
      const keys = new Float64Array(length);
      for (let i = 0; i < length; i++) keys[i] = ((times[i] ?? 0) - earliest) * length + i;
      keys.sort();
      const permutation = new Uint32Array(length);
      for (let k = 0; k < length; k++) permutation[k] = (keys[k] ?? 0) % length;
      return permutation;
    }
    const orders = this.orders;
    const permutation = Array.from({ length }, (_, i) => i);
    return permutation.sort(
      (a, b) => (times[a] ?? 0) - (times[b] ?? 0) || (orders[a] ?? 0) - (orders[b] ?? 0),
    );
  }
}
