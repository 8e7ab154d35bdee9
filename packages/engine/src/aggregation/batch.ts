import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';
import { eventTimeMs, type UsageEvent } from './event';
import {
  type AsyncEvents,
  driveAsync,
  driveSync,
  type EventFeed,
  eventFeed,
  type Feeding,
  isAsyncEvents,
  readEvents,
  type WithAsyncEvents,
} from './event-feed';
import { hashOf } from './id-set';

/**
 * A dictionary-coded column: each row holds the index of its value in `values`, or -1 when
 * the row has no value (the property is absent). Equal primitive values share one entry
 * (`"eu"` and `"eu"`; `1` and `"1"` are two); each object or array value has its own.
 *
 * @inline
 */
export interface DictionaryColumn {
  readonly codes: Int32Array;
  readonly values: readonly unknown[];
}

/**
 * Usage events as columns (issue 19 §3): what a what-if tool keeps in memory to price one
 * history on many plans, and what a columnar reader (Parquet, Arrow, a database) can hand
 * over without building an object per event. `aggregate`, `createAccumulator` and the
 * operations price a batch exactly as they price the same events as objects.
 *
 * Memory: 28 bytes per row (time 8, code 4, subscription 4, id hash 4, id reference 8) plus
 * 4 bytes per row and property column, plus each column's distinct values.
 */
export interface EventBatch extends Iterable<UsageEvent> {
  readonly kind: 'feecast_event_batch';
  readonly length: number;
  /** Each row's time in epoch milliseconds; `NaN` where the timestamp is not valid. */
  readonly timeMs: Float64Array;
  /** The rows' timestamps as given, kept only where they are not valid (for the messages). */
  readonly badTimestamps: ReadonlyMap<number, unknown>;
  /** `code`; a row that was not an event object has -1. */
  readonly code: DictionaryColumn;
  /** `external_subscription_id` (-1: none). */
  readonly subscription: DictionaryColumn;
  /** `transaction_id` as given (a row without a usable id holds what it had). */
  readonly transactionIds: readonly unknown[];
  /** A hash of each string `transaction_id` (see `hashOf`), 0 for none: deduplication's first test. */
  readonly idHashes: Int32Array;
  /** One column per property key seen. */
  readonly properties: ReadonlyMap<string, DictionaryColumn>;
  /** `precise_total_amount_cents` where a row has one (dynamic charges). */
  readonly preciseCents: ReadonlyMap<number, unknown>;
  /**
   * Views of the columns derived on first use and kept with the batch (a value column's
   * decimals as scaled integers, its texts): a batch priced again does not read them again.
   * @internal
   */
  readonly derived: Map<string, unknown>;
}

/**
 * The batches `eventBatch` made: only these are batches, so an object that merely looks like
 * one (`{ kind: 'feecast_event_batch' }`) is read as what it is, never trusted as columns.
 */
const made = new WeakSet<object>();

/**
 * Whether `value` is an {@link EventBatch} made by `eventBatch` (never throws).
 *
 * @example
 * isEventBatch(events) // => false
 * const batch = eventBatch(events);
 * batch._tag === 'Right' && isEventBatch(batch.right) // => true
 */
export function isEventBatch(value: unknown): value is EventBatch {
  return typeof value === 'object' && value !== null && made.has(value);
}

/** Builds a dictionary column row by row. */
class ColumnBuilder {
  codes: Int32Array;
  readonly values: unknown[] = [];
  private readonly index = new Map<unknown, number>();

  /** Every row starts without a value (-1), those before the column was first seen too. */
  constructor(capacity: number) {
    this.codes = new Int32Array(Math.max(capacity, 16)).fill(-1);
  }

  set(row: number, value: unknown): void {
    if (row >= this.codes.length) this.grow(row + 1);
    let code: number | undefined;
    if (typeof value === 'object' && value !== null) {
      code = this.values.length;
      this.values.push(value);
    } else {
      code = this.index.get(value);
      if (code === undefined) {
        code = this.values.length;
        this.values.push(value);
        this.index.set(value, code);
      }
    }
    this.codes[row] = code;
  }

  grow(atLeast: number): void {
    let size = this.codes.length;
    while (size < atLeast) size *= 2;
    const codes = new Int32Array(size).fill(-1);
    codes.set(this.codes);
    this.codes = codes;
  }

  column(length: number): DictionaryColumn {
    return { codes: this.codes.slice(0, length), values: this.values };
  }
}

/** Grows a typed array to hold `atLeast` items. */
function grown<T extends Float64Array | Int32Array>(array: T, atLeast: number): T {
  if (atLeast <= array.length) return array;
  let size = array.length;
  while (size < atLeast) size *= 2;
  const out = new (array.constructor as new (n: number) => T)(size);
  out.set(array);
  return out;
}

/** The columns of a batch as its events are read, one row per item. */
class BatchBuilder {
  private capacity: number;
  private timeMs: Float64Array<ArrayBuffer>;
  private idHashes: Int32Array<ArrayBuffer>;
  private readonly transactionIds: unknown[] = [];
  private readonly badTimestamps = new Map<number, unknown>();
  private readonly preciseCents = new Map<number, unknown>();
  private readonly code: ColumnBuilder;
  private readonly subscription: ColumnBuilder;
  private readonly properties = new Map<string, ColumnBuilder>();
  private row = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.timeMs = new Float64Array(capacity);
    this.idHashes = new Int32Array(capacity);
    this.code = new ColumnBuilder(capacity);
    this.subscription = new ColumnBuilder(capacity);
  }

  /** Adds the next item as a row. */
  add(event: UsageEvent): void {
    const row = this.row++;
    if (row >= this.capacity) {
      this.capacity *= 2;
      this.timeMs = grown(this.timeMs, this.capacity);
      this.idHashes = grown(this.idHashes, this.capacity);
    }
    if (typeof event !== 'object' || event === null) {
      // Not an event: a row of no code, which no metric counts (as in the object path).
      this.timeMs[row] = Number.NaN;
      this.transactionIds.push(undefined);
      return;
    }
    const id = event.transaction_id;
    this.transactionIds.push(id);
    this.idHashes[row] = typeof id === 'string' && id !== '' ? hashOf(id) : 0;
    if (typeof event.code === 'string') this.code.set(row, event.code);
    const timestamp = event.timestamp;
    const ms =
      typeof timestamp === 'number' && Number.isSafeInteger(timestamp) && timestamp >= 0
        ? timestamp * 1000
        : eventTimeMs(timestamp);
    if (ms === undefined) {
      this.timeMs[row] = Number.NaN;
      this.badTimestamps.set(row, timestamp);
    } else this.timeMs[row] = ms;
    const sub = event.external_subscription_id;
    if (sub !== undefined) this.subscription.set(row, sub);
    const props = event.properties;
    if (typeof props === 'object' && props !== null) {
      for (const key in props) {
        if (!Object.hasOwn(props, key)) continue;
        let column = this.properties.get(key);
        if (column === undefined) {
          column = new ColumnBuilder(this.capacity);
          this.properties.set(key, column);
        }
        column.set(row, props[key]);
      }
    }
    const cents = event.precise_total_amount_cents;
    if (cents !== undefined) this.preciseCents.set(row, cents);
  }

  /** The batch of the rows added. */
  batch(): EventBatch {
    const length = this.row;
    const columns = new Map<string, DictionaryColumn>();
    for (const [key, builder] of this.properties) {
      if (builder.codes.length < length) builder.grow(length);
      columns.set(key, builder.column(length));
    }
    const { code, subscription } = this;
    if (code.codes.length < length) code.grow(length);
    if (subscription.codes.length < length) subscription.grow(length);
    const batch: EventBatch = {
      [Symbol.iterator]: () => batchEvents(batch),
      kind: 'feecast_event_batch',
      length,
      timeMs: this.timeMs.slice(0, length),
      badTimestamps: this.badTimestamps,
      code: code.column(length),
      subscription: subscription.column(length),
      transactionIds: this.transactionIds,
      idHashes: this.idHashes.slice(0, length),
      properties: columns,
      preciseCents: this.preciseCents,
      derived: new Map(),
    };
    made.add(batch);
    return batch;
  }
}

/**
 * Builds the columns of `events` in one pass (an array or any iterable, read once). Every
 * item becomes a row, events or not, so a row's index is the item's position, as in the
 * object path's rejections. Given asynchronously (an `AsyncIterable` or a `ReadableStream`),
 * the same batch as a `Promise`, the stream read once as it comes: what a caller keeps to
 * price one stream many times (`comparePlans` does).
 *
 * @example
 * // Built once, priced again and again: the same figures as from the events themselves.
 * const batch = eventBatch(events);
 * if (batch._tag === 'Right') {
 *   aggregate(apiCalls, batch.right, NOVEMBER) // ~> right({ aggregation: '91755' })
 * }
 */
export function eventBatch(events: AsyncEvents): Promise<Either<FeecastError, EventBatch>>;
export function eventBatch(events: Iterable<UsageEvent>): Either<FeecastError, EventBatch>;
export function eventBatch(
  events: Iterable<UsageEvent> | AsyncEvents,
): Either<FeecastError, EventBatch> | Promise<Either<FeecastError, EventBatch>> {
  if (isAsyncEvents(events)) return driveAsync(eventBatchSteps(eventFeed(), 1024), events);
  if (typeof (events as Partial<Iterable<UsageEvent>> | null)?.[Symbol.iterator] !== 'function') {
    return left(
      feecastError(
        'invalid_input',
        'events must be an iterable of usage events (an array, a generator...).',
        ['events'],
      ),
    );
  }
  const capacity = Array.isArray(events) ? Math.max(events.length, 16) : 1024;
  return driveSync(eventBatchSteps(events, capacity));
}

/** {@link eventBatch} as steps that read the events once (see `readEvents`). */
function* eventBatchSteps(
  events: Iterable<UsageEvent> | EventFeed,
  capacity: number,
): Feeding<Either<FeecastError, EventBatch>> {
  const builder = new BatchBuilder(capacity);
  yield* readEvents(events, (event) => builder.add(event));
  return right(builder.batch());
}

/**
 * The same batch with only the rows whose `external_subscription_id` `keep` accepts
 * (`undefined` for a row without one): the other rows keep their place (so positions in
 * rejections still name the caller's rows) but get no code, so nothing counts them. `keep` is
 * asked once per distinct subscription id, not once per row. Memory: 4 bytes per row.
 * @internal
 */
export function batchRows(batch: EventBatch, keep: (subscription: unknown) => boolean): EventBatch {
  const kept = batch.subscription.values.map(keep);
  const keepNone = keep(undefined);
  const source = batch.code.codes;
  const subscriptions = batch.subscription.codes;
  const codes = new Int32Array(batch.length);
  for (let row = 0; row < batch.length; row++) {
    const s = subscriptions[row] ?? -1;
    codes[row] = (s < 0 ? keepNone : kept[s] === true) ? (source[row] ?? -1) : -1;
  }
  const rows: EventBatch = {
    ...batch,
    [Symbol.iterator]: () => batchEvents(rows),
    code: { codes, values: batch.code.values },
    // Derived views of value columns do not depend on the rows kept: share them.
    derived: batch.derived,
  };
  made.add(rows);
  return rows;
}

/**
 * Events as columns, as a columnar reader holds them (Parquet, Arrow, a database's result):
 * one array per field, all of the same length, row `i` of each making event `i`. A property
 * column's `undefined` is a property the event does not have; anything else is its value.
 */
export interface EventColumns {
  readonly transaction_id: ArrayLike<unknown>;
  readonly code: ArrayLike<unknown>;
  /**
   * Per row, the time: epoch milliseconds in a `Float64Array` (`NaN`: not a valid time), or
   * timestamps as events give them (ISO 8601 text with an offset, Unix seconds).
   */
  readonly timestamp: Float64Array | ArrayLike<unknown>;
  readonly external_subscription_id?: ArrayLike<unknown>;
  readonly properties?: Readonly<Record<string, ArrayLike<unknown>>>;
  readonly precise_total_amount_cents?: ArrayLike<unknown>;
}

/** A column of `columns` that is not an array of `length` rows, named for the error. */
function badColumn(columns: EventColumns, length: number): string | undefined {
  const named: [string, unknown][] = [
    ['code', columns.code],
    ['timestamp', columns.timestamp],
    ['external_subscription_id', columns.external_subscription_id],
    ['precise_total_amount_cents', columns.precise_total_amount_cents],
  ];
  for (const [key, column] of Object.entries(columns.properties ?? {})) {
    named.push([`properties.${key}`, column]);
  }
  for (const [name, column] of named) {
    if (column === undefined && name !== 'code' && name !== 'timestamp') continue;
    if (!isArrayLike(column) || column.length !== length) return name;
  }
  return undefined;
}

function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  return (
    (Array.isArray(value) || ArrayBuffer.isView(value)) &&
    typeof (value as ArrayLike<unknown>).length === 'number'
  );
}

/** A dictionary column of `values` (rows of `undefined` have none). */
function dictionaryOf(values: ArrayLike<unknown>, length: number): DictionaryColumn {
  const builder = new ColumnBuilder(length);
  for (let row = 0; row < length; row++) {
    const value = values[row];
    if (value !== undefined) builder.set(row, value);
  }
  return builder.column(length);
}

/**
 * Builds a batch straight from columns ({@link EventColumns}), without an object per event:
 * what a columnar reader hands over. The batch prices exactly as `eventBatch` of the same
 * events as objects (a differential property test holds it to that).
 *
 * @example
 * const batch = eventBatchFromColumns({
 *   transaction_id: ['t1', 't2'],
 *   code: ['api_calls', 'api_calls'],
 *   timestamp: new Float64Array([Date.UTC(2025, 2, 3), Date.UTC(2025, 2, 4)]),
 *   properties: { calls: ['10', '2.5'] },
 * });
 * if (batch._tag === 'Right') {
 *   aggregate(
 *     { code: 'api_calls', aggregation_type: 'sum_agg', field_name: 'calls' },
 *     batch.right,
 *     { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' },
 *   ) // ~> right({ aggregation: '12.5' })
 * }
 */
export function eventBatchFromColumns(columns: EventColumns): Either<FeecastError, EventBatch> {
  const ids = columns?.transaction_id;
  if (!isArrayLike(ids)) {
    return left(
      feecastError('invalid_input', 'transaction_id must be an array: one id per row.', [
        'columns',
        'transaction_id',
      ]),
    );
  }
  const length = ids.length;
  const bad = badColumn(columns, length);
  if (bad !== undefined) {
    return left(
      feecastError(
        'invalid_input',
        `${bad} must be an array of ${length} rows, one per transaction_id.`,
        ['columns', ...bad.split('.')],
      ),
    );
  }
  const transactionIds = Array.from(ids);
  const idHashes = new Int32Array(length);
  for (let row = 0; row < length; row++) {
    const id = transactionIds[row];
    idHashes[row] = typeof id === 'string' && id !== '' ? hashOf(id) : 0;
  }
  const timeMs = new Float64Array(length);
  const badTimestamps = new Map<number, unknown>();
  const times = columns.timestamp;
  for (let row = 0; row < length; row++) {
    const given = times[row];
    const ms = times instanceof Float64Array ? given : eventTimeMs(given);
    if (typeof ms !== 'number' || Number.isNaN(ms)) {
      timeMs[row] = Number.NaN;
      badTimestamps.set(row, given);
    } else timeMs[row] = ms;
  }
  const codes = columns.code;
  const code = new ColumnBuilder(length);
  for (let row = 0; row < length; row++) {
    const value = codes[row];
    if (typeof value === 'string') code.set(row, value);
  }
  const properties = new Map<string, DictionaryColumn>();
  for (const [key, values] of Object.entries(columns.properties ?? {})) {
    properties.set(key, dictionaryOf(values, length));
  }
  const preciseCents = new Map<number, unknown>();
  const cents = columns.precise_total_amount_cents;
  if (cents !== undefined) {
    for (let row = 0; row < length; row++) {
      if (cents[row] !== undefined) preciseCents.set(row, cents[row]);
    }
  }
  const subscriptions = columns.external_subscription_id;
  const batch: EventBatch = {
    [Symbol.iterator]: () => batchEvents(batch),
    kind: 'feecast_event_batch',
    length,
    timeMs,
    badTimestamps,
    code: code.column(length),
    subscription:
      subscriptions === undefined
        ? { codes: new Int32Array(length).fill(-1), values: [] }
        : dictionaryOf(subscriptions, length),
    transactionIds,
    idHashes,
    properties,
    preciseCents,
    derived: new Map(),
  };
  made.add(batch);
  return right(batch);
}

/** The instant text of epoch milliseconds (`...T10:00:00Z`, with `.sss` when not whole). */
function isoOfMs(ms: number): string {
  const text = new Date(ms).toISOString();
  return text.endsWith('.000Z') ? `${text.slice(0, -5)}Z` : text;
}

/**
 * Row `row` of a batch as an event object, equal for pricing to the event it was built from
 * (its timestamp as ISO text of the same instant; properties as they were). The slow path of
 * the columnar aggregation, for what its kernels do not cover.
 * @internal
 */
export function batchEvent(batch: EventBatch, row: number): UsageEvent {
  const codeIndex = batch.code.codes[row] ?? -1;
  const ms = batch.timeMs[row] ?? Number.NaN;
  const properties: Record<string, unknown> = {};
  for (const [key, column] of batch.properties) {
    const c = column.codes[row] ?? -1;
    if (c >= 0) properties[key] = column.values[c];
  }
  const subscriptionIndex = batch.subscription.codes[row] ?? -1;
  const event: Record<string, unknown> = {
    transaction_id: batch.transactionIds[row],
    code: codeIndex < 0 ? undefined : batch.code.values[codeIndex],
    timestamp: Number.isNaN(ms) ? batch.badTimestamps.get(row) : isoOfMs(ms),
    properties,
  };
  if (subscriptionIndex >= 0)
    event.external_subscription_id = batch.subscription.values[subscriptionIndex];
  if (batch.preciseCents.has(row)) event.precise_total_amount_cents = batch.preciseCents.get(row);
  return event as unknown as UsageEvent;
}

/**
 * The rows of a batch as event objects, in order (a row that was not an event comes back as
 * an event of no code, which nothing counts): the object path's view of a batch.
 * @internal
 */
export function* batchEvents(batch: EventBatch): Generator<UsageEvent> {
  for (let row = 0; row < batch.length; row++) yield batchEvent(batch, row);
}

/**
 * Runs an operation that reads its events more than once (per subscription, per plan) on its
 * input: now, for events given as an iterable; for events given asynchronously, as a `Promise`,
 * once the stream has been read into a columnar batch ({@link eventBatch}: 28 bytes per event
 * and 4 per property column, plus the ids and the distinct values), which the operation then
 * reads as often as it needs.
 *
 * @example
 * withBatchedEvents(input, previewInvoiceNow) // a Promise of right({ invoice, ... }) for an async stream
 * @internal
 */
export function withBatchedEvents<I extends { readonly events?: unknown }, A>(
  input: I | WithAsyncEvents<I>,
  run: (input: I) => Either<FeecastError, A>,
): Either<FeecastError, A> | Promise<Either<FeecastError, A>> {
  const events =
    typeof input === 'object' && input !== null
      ? (input as { events?: unknown }).events
      : undefined;
  if (!isAsyncEvents(events)) return run(input as I);
  return eventBatch(events as AsyncEvents).then((batch) =>
    isLeft(batch) ? batch : run({ ...input, events: batch.right } as unknown as I),
  );
}
