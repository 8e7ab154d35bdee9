/**
 * The state's collections as persistent lists: appending an item or replacing one costs what
 * one chunk and the chunk index cost, not what the whole collection does, and every older
 * version still sees exactly its own items.
 *
 * A state is immutable, so each write (an invoice, an activity log, a webhook delivery or
 * attempt, a wallet transaction...) makes a new state. With arrays each write copied the whole
 * collection. A {@link ChunkedList} keeps its items in chunks of {@link CHUNK} items, listed in
 * a chunk index, and a version is a chunk index and a length:
 * - appending to the newest version of a line pushes the item into its last chunk (or a new
 *   chunk onto its index) in place: the older versions hold shorter lengths and never read
 *   past them (as a slice shares its array). Appending to an older version (a test answering
 *   two requests from one state, the server going back to the state on disk after a failed
 *   write) finds its last chunk or its index already taken and copies them (one chunk and
 *   the index), never the items;
 * - replacing an item copies its chunk and the index, and puts the new item there.
 * So a write copies at most `CHUNK + length / CHUNK` references: about 550 at 20,000 items.
 *
 * The state's type for a collection is {@link Items}, what both a list and a plain array
 * give (a state built in code or read from JSON holds arrays): reads iterate, find, filter,
 * map or slice; writes go through {@link appendItem}, {@link appendItems} and `replaceItem`,
 * `replaceItems` (replace-item.ts), which make a list of an array once (kept while the array lives).
 * `JSON.stringify` writes a list as its array (`toJSON`), so snapshots and journal records
 * are the same JSON as with arrays.
 */

/** How many items a chunk holds. */
export const CHUNK = 512;

/**
 * A collection of a state, read-only: a plain array or the server's persistent chunked list
 * (`ChunkedList`). The methods are the array's (with the item's position where the array
 * gives it).
 */
export interface Items<T> extends Iterable<T> {
  readonly length: number;
  at(index: number): T | undefined;
  find<S extends T>(predicate: (item: T, index: number) => item is S): S | undefined;
  find(predicate: (item: T, index: number) => unknown): T | undefined;
  findIndex(predicate: (item: T, index: number) => unknown): number;
  filter<S extends T>(predicate: (item: T, index: number) => item is S): S[];
  filter(predicate: (item: T, index: number) => unknown): T[];
  map<U>(transform: (item: T, index: number) => U): U[];
  flatMap<U>(transform: (item: T, index: number) => U | readonly U[]): U[];
  some(predicate: (item: T, index: number) => unknown): boolean;
  every(predicate: (item: T, index: number) => unknown): boolean;
  forEach(action: (item: T, index: number) => void): void;
  includes(item: T): boolean;
  indexOf(item: T): number;
  slice(start?: number, end?: number): T[];
  entries(): IterableIterator<[number, T]>;
}

/** What the versions of one line share: where each item was put (for replacing by identity). */
interface Line<T> {
  readonly positions: WeakMap<T & object, number>;
}

/** A version's iterator over its chunks (a plain object: cheaper than a generator). */
class ChunkIterator<T> implements IterableIterator<T> {
  private chunk = 0;
  private offset = 0;
  private left: number;

  constructor(
    private readonly chunks: readonly (readonly T[])[],
    length: number,
  ) {
    this.left = length;
  }

  next(): IteratorResult<T> {
    if (this.left === 0) return { done: true, value: undefined };
    let items = this.chunks[this.chunk] as readonly T[];
    if (this.offset === CHUNK) {
      this.chunk += 1;
      this.offset = 0;
      items = this.chunks[this.chunk] as readonly T[];
    }
    const value = items[this.offset] as T;
    this.offset += 1;
    this.left -= 1;
    return { done: false, value };
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this;
  }
}

/** A version of a persistent list of items (see the module's comment). */
export class ChunkedList<T> implements Items<T> {
  private constructor(
    /** The chunk index (shared with the versions that appended in place). */
    private readonly chunks: T[][],
    /** How many items this version holds: the first `length` of its chunks. */
    readonly length: number,
    private readonly line: Line<T>,
    /**
     * The versions with the same `token` were made from each other by appending in place, so
     * each one's items start with the shorter ones' (see {@link itemsSince}).
     */
    private readonly token: object,
  ) {}

  /**
   * A list of `items`, in their order.
   *
   * @example
   * ChunkedList.of([a, b]).length; // 2
   */
  static of<T>(items: Iterable<T>): ChunkedList<T> {
    const chunks: T[][] = [];
    let length = 0;
    const line: Line<T> = { positions: new WeakMap() };
    for (const item of items) {
      if (length % CHUNK === 0) chunks.push([]);
      (chunks[chunks.length - 1] as T[]).push(item);
      remember(line, item, length);
      length += 1;
    }
    return new ChunkedList(chunks, length, line, {});
  }

  /** How many of this version's items its last chunk holds (0: none, or no chunk). */
  private tailCount(): number {
    return this.length === 0 ? 0 : this.length - (this.chunkCount() - 1) * CHUNK;
  }

  /** How many chunks this version uses. */
  private chunkCount(): number {
    return Math.ceil(this.length / CHUNK);
  }

  /**
   * This list with `added` after its items, in order (this one is unchanged).
   *
   * @example
   * ChunkedList.of([a]).appendAll([b, c]).length; // 3
   */
  appendAll(added: Iterable<T>): ChunkedList<T> {
    let chunks = this.chunks;
    let count = this.chunkCount();
    let length = this.length;
    let token = this.token;
    for (const item of added) {
      const tail = length - Math.max(0, count - 1) * CHUNK;
      let last = chunks[count - 1];
      if (count === 0 || tail === CHUNK) {
        // A new chunk: pushed onto the index in place when no other version did first.
        if (chunks.length !== count) {
          chunks = chunks.slice(0, count);
          token = {};
        }
        chunks.push([item]);
        count += 1;
      } else if ((last as T[]).length === tail && chunks.length === count) {
        (last as T[]).push(item);
      } else {
        // Another version took this chunk's next place (or the index's): copy them.
        last = (last as T[]).slice(0, tail);
        last.push(item);
        chunks = chunks.slice(0, count);
        chunks[count - 1] = last;
        token = {};
      }
      remember(this.line, item, length);
      length += 1;
    }
    if (length === this.length) return this;
    return new ChunkedList(chunks, length, this.line, token);
  }

  /**
   * This list with `item` after its items (this one is unchanged).
   *
   * @example
   * ChunkedList.of([a]).append(b).at(1); // b
   */
  append(item: T): ChunkedList<T> {
    return this.appendAll([item]);
  }

  /**
   * This list with the item at `index` replaced by `item` (this one is unchanged); itself
   * when `index` is outside it.
   *
   * @example
   * ChunkedList.of([a, b]).replaceAt(1, c).at(1); // c
   */
  replaceAt(index: number, item: T): ChunkedList<T> {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return this;
    const at = Math.floor(index / CHUNK);
    const chunk = (this.chunks[at] as T[]).slice(
      0,
      at === this.chunkCount() - 1 ? this.tailCount() : CHUNK,
    );
    chunk[index % CHUNK] = item;
    const chunks = this.chunks.slice(0, this.chunkCount());
    chunks[at] = chunk;
    remember(this.line, item, index);
    return new ChunkedList(chunks, this.length, this.line, {});
  }

  /**
   * The position of `item` (compared by identity), or -1: a look-up for an item this line
   * stored, a pass otherwise.
   *
   * @example
   * ChunkedList.of([a, b]).indexOf(b); // 1
   */
  indexOf(item: T): number {
    if (typeof item === 'object' && item !== null) {
      const at = this.line.positions.get(item as T & object);
      if (at !== undefined && at < this.length && this.at(at) === item) return at;
    }
    return this.findIndex((candidate) => candidate === item);
  }

  /**
   * The items appended to `older` to make this list, or `undefined` when this list was not
   * made from `older` by appending only (then compare the items).
   *
   * @example
   * list.append(c).since(list); // [c]
   */
  since(older: ChunkedList<T>): T[] | undefined {
    if (older.token !== this.token || older.length > this.length) return undefined;
    return this.slice(older.length);
  }

  at(index: number): T | undefined {
    const at = index < 0 ? this.length + index : index;
    if (!Number.isInteger(at) || at < 0 || at >= this.length) return undefined;
    return this.chunks[Math.floor(at / CHUNK)]?.[at % CHUNK];
  }

  [Symbol.iterator](): IterableIterator<T> {
    return new ChunkIterator(this.chunks, this.length);
  }

  *entries(): IterableIterator<[number, T]> {
    let index = 0;
    for (const item of this) {
      yield [index, item];
      index += 1;
    }
  }

  /** Runs `visit` on each item in order until it answers `true`; the position it stopped at, or -1. */
  private scan(visit: (item: T, index: number) => boolean): number {
    let index = 0;
    for (const chunk of this.chunks) {
      const end = Math.min(chunk.length, this.length - index);
      for (let i = 0; i < end; i++) {
        if (visit(chunk[i] as T, index)) return index;
        index += 1;
      }
      if (index >= this.length) break;
    }
    return -1;
  }

  find<S extends T>(predicate: (item: T, index: number) => item is S): S | undefined;
  find(predicate: (item: T, index: number) => unknown): T | undefined;
  find(predicate: (item: T, index: number) => unknown): T | undefined {
    const at = this.scan((item, index) => Boolean(predicate(item, index)));
    return at < 0 ? undefined : this.at(at);
  }

  findIndex(predicate: (item: T, index: number) => unknown): number {
    return this.scan((item, index) => Boolean(predicate(item, index)));
  }

  filter<S extends T>(predicate: (item: T, index: number) => item is S): S[];
  filter(predicate: (item: T, index: number) => unknown): T[];
  filter(predicate: (item: T, index: number) => unknown): T[] {
    const kept: T[] = [];
    this.scan((item, index) => {
      if (predicate(item, index)) kept.push(item);
      return false;
    });
    return kept;
  }

  map<U>(transform: (item: T, index: number) => U): U[] {
    const mapped: U[] = [];
    this.scan((item, index) => {
      mapped.push(transform(item, index));
      return false;
    });
    return mapped;
  }

  flatMap<U>(transform: (item: T, index: number) => U | readonly U[]): U[] {
    const mapped: U[] = [];
    this.scan((item, index) => {
      const value = transform(item, index);
      if (Array.isArray(value)) for (const one of value as readonly U[]) mapped.push(one);
      else mapped.push(value as U);
      return false;
    });
    return mapped;
  }

  some(predicate: (item: T, index: number) => unknown): boolean {
    return this.scan((item, index) => Boolean(predicate(item, index))) >= 0;
  }

  every(predicate: (item: T, index: number) => unknown): boolean {
    return this.scan((item, index) => !predicate(item, index)) < 0;
  }

  forEach(action: (item: T, index: number) => void): void {
    this.scan((item, index) => {
      action(item, index);
      return false;
    });
  }

  includes(item: T): boolean {
    return this.indexOf(item) >= 0;
  }

  /** The items from `start` to `end` (an array's `slice`: negative counts from the end). */
  slice(start = 0, end = this.length): T[] {
    const from = clamp(start, this.length);
    const to = clamp(end, this.length);
    const items: T[] = [];
    for (let i = from; i < to; i++) {
      items.push(this.chunks[Math.floor(i / CHUNK)]?.[i % CHUNK] as T);
    }
    return items;
  }

  /** The items as a JSON array (the state document's collection). */
  toJSON(): T[] {
    return this.slice();
  }
}

function clamp(index: number, length: number): number {
  const at = Math.trunc(index);
  if (Number.isNaN(at)) return 0;
  return at < 0 ? Math.max(0, length + at) : Math.min(at, length);
}

function remember<T>(line: Line<T>, item: T, index: number): void {
  if (typeof item === 'object' && item !== null) line.positions.set(item as T & object, index);
}

/** The list of each array a write was made to, made when first asked for. */
const lists = new WeakMap<readonly unknown[], ChunkedList<unknown>>();

/**
 * The list of a collection: itself, or for an array its list (made on first use and kept
 * while the array lives, so writes after the first to an array state cost what a list's do).
 *
 * @example
 * listOf(state.invoices).append(invoice);
 */
export function listOf<T>(items: Items<T>): ChunkedList<T> {
  if (items instanceof ChunkedList) return items;
  const array = items as readonly T[];
  let list = lists.get(array) as ChunkedList<T> | undefined;
  if (list === undefined) {
    list = ChunkedList.of(array);
    lists.set(array, list as ChunkedList<unknown>);
  }
  return list;
}

/**
 * `items` with `item` after them (a new list; `items` is unchanged).
 *
 * @example
 * appendItem(state.invoices, invoice).length; // state.invoices.length + 1
 */
export function appendItem<T>(items: Items<T>, item: T): ChunkedList<T> {
  return listOf(items).append(item);
}

/**
 * `items` with `added` after them, in order (`items` itself when `added` is empty).
 *
 * @example
 * appendItems(state.activity_logs, logs).length; // state.activity_logs.length + logs.length
 */
export function appendItems<T>(items: Items<T>, added: readonly T[]): Items<T> {
  if (added.length === 0) return items;
  return listOf(items).appendAll(added);
}

/**
 * The items appended to `before` to make `after` (two versions of one collection), or
 * `undefined` when `after` is not `before` with items appended. A look-up for lists made by
 * appending; a comparison of `before`'s items otherwise.
 *
 * @example
 * itemsSince(state.activity_logs, next.activity_logs); // the logs the change added
 */
export function itemsSince<T>(before: Items<T>, after: Items<T>): T[] | undefined {
  if (before === after) return [];
  if (after instanceof ChunkedList) {
    const older = before instanceof ChunkedList ? before : lists.get(before as readonly T[]);
    const added = older === undefined ? undefined : after.since(older as ChunkedList<T>);
    if (added !== undefined) return added;
  }
  if (after.length < before.length) return undefined;
  let index = 0;
  for (const item of before) {
    if (after.at(index) !== item) return undefined;
    index += 1;
  }
  return after.slice(before.length);
}
