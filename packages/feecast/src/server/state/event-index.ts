/**
 * The stored events: an append-only log, indexed by subscription (its events in order, by
 * metric code, and its transaction ids), so that storing an event and finding a
 * subscription's events cost what one event or that subscription costs, not what every
 * stored event does.
 *
 * A state is immutable, so each `POST /events` makes a new state with one more event. An
 * {@link EventLog} is a view of the first `length` events of a store that the logs made by
 * appending share (as a slice shares its array): appending to the longest view (the state the
 * server holds) adds the event to the store in place and gives a view one longer; the older
 * view still sees its own events only. Appending to an older view (the server going back to
 * the state on disk after a failed write, or a test answering two requests from one state)
 * first copies its events into a store of its own, once.
 */
import type { UsageEventRecord } from '@feecast/models';

/** The events of one subscription, in the order they were stored, and by metric code. */
export interface SubscriptionEvents {
  readonly all: readonly UsageEventRecord[];
  readonly byCode: ReadonlyMap<string, readonly UsageEventRecord[]>;
}

/** A subscription's events in a store (the lists grow as events are appended). */
interface Entries {
  readonly all: UsageEventRecord[];
  readonly byCode: Map<string, UsageEventRecord[]>;
  /** The position in the store of each transaction id. */
  readonly transactions: Map<string, number>;
}

/** How many events each chunk of a store holds: no copy of every event as the store grows. */
const CHUNK = 8192;

/** The events of a line of logs, in chunks, and their index by subscription. */
class Store {
  readonly chunks: UsageEventRecord[][] = [];
  length = 0;
  /** By `external_subscription_id` (`null`: the events with none). */
  readonly subscriptions = new Map<string | null, Entries>();

  push(event: UsageEventRecord): void {
    let chunk = this.chunks[this.chunks.length - 1];
    if (chunk === undefined || chunk.length === CHUNK) {
      chunk = [];
      this.chunks.push(chunk);
    }
    chunk.push(event);
    const key = event.external_subscription_id ?? null;
    let entries = this.subscriptions.get(key);
    if (entries === undefined) {
      entries = { all: [], byCode: new Map(), transactions: new Map() };
      this.subscriptions.set(key, entries);
    }
    entries.all.push(event);
    const ofCode = entries.byCode.get(event.code);
    if (ofCode === undefined) entries.byCode.set(event.code, [event]);
    else ofCode.push(event);
    // The first event of a transaction id is the stored one (a state is checked unique).
    if (!entries.transactions.has(event.transaction_id)) {
      entries.transactions.set(event.transaction_id, this.length);
    }
    this.length += 1;
  }

  at(position: number): UsageEventRecord | undefined {
    return this.chunks[Math.floor(position / CHUNK)]?.[position % CHUNK];
  }
}

const NO_EVENTS: SubscriptionEvents = { all: [], byCode: new Map() };

/** The stored events of a state: the first `length` events of a shared store. */
export class EventLog implements Iterable<UsageEventRecord> {
  private constructor(
    private store: Store,
    /** How many events this log holds. */
    readonly length: number,
  ) {}

  /**
   * A log of `events`, in their order.
   *
   * @example
   * EventLog.of(state.events).length; // state.events.length
   */
  static of(events: Iterable<UsageEventRecord>): EventLog {
    const store = new Store();
    for (const event of events) store.push(event);
    return new EventLog(store, store.length);
  }

  /** The store this log can append to in place: its own (a copy) when it is an older view. */
  private head(): Store {
    if (this.store.length !== this.length) {
      const own = new Store();
      for (const event of this) own.push(event);
      this.store = own;
    }
    return this.store;
  }

  /**
   * This log with `event` after its events (this one is unchanged).
   *
   * @example
   * log.append(event).length; // log.length + 1
   */
  append(event: UsageEventRecord): EventLog {
    const store = this.head();
    store.push(event);
    return new EventLog(store, store.length);
  }

  /**
   * This log with `events` after its events, in order.
   *
   * @example
   * log.appendAll([a, b]).length; // log.length + 2
   */
  appendAll(events: Iterable<UsageEventRecord>): EventLog {
    const store = this.head();
    for (const event of events) store.push(event);
    return new EventLog(store, store.length);
  }

  /**
   * The events of the subscription `externalId`, in order and by metric code (none: empty).
   * The lists are the store's: they grow as events are appended to the newest log, so a
   * caller that keeps them past the request copies them.
   *
   * @example
   * log.ofSubscription('sub_1').byCode.get('api_calls'); // that subscription's api_calls events
   */
  ofSubscription(externalId: string): SubscriptionEvents {
    return this.head().subscriptions.get(externalId) ?? NO_EVENTS;
  }

  /**
   * Whether an event with this transaction id is stored for this subscription.
   *
   * @example
   * log.has('sub_1', 'tx_1'); // true once tx_1 is stored for sub_1
   */
  has(externalId: string | null | undefined, transactionId: string): boolean {
    const at = this.store.subscriptions.get(externalId ?? null)?.transactions.get(transactionId);
    return at !== undefined && at < this.length;
  }

  /**
   * The events appended to `older` to make this log, or `undefined` when this log does not
   * start with `older`'s events (it was not made from it by appending).
   *
   * @example
   * log.append(event).since(log); // [event]
   */
  since(older: EventLog): UsageEventRecord[] | undefined {
    if (older.store !== this.store || older.length > this.length) return undefined;
    const added: UsageEventRecord[] = [];
    for (let i = older.length; i < this.length; i++) {
      added.push(this.store.at(i) as UsageEventRecord);
    }
    return added;
  }

  /**
   * The events that satisfy `predicate`, in order.
   *
   * @example
   * log.filter((e) => e.code === 'seats');
   */
  filter(predicate: (event: UsageEventRecord) => boolean): UsageEventRecord[] {
    const kept: UsageEventRecord[] = [];
    for (const event of this) if (predicate(event)) kept.push(event);
    return kept;
  }

  *[Symbol.iterator](): Iterator<UsageEventRecord> {
    const { chunks } = this.store;
    let left = this.length;
    for (const chunk of chunks) {
      for (const event of chunk) {
        if (left === 0) return;
        left -= 1;
        yield event;
      }
    }
  }

  /** The events as a JSON array (the state document's `events`). */
  toJSON(): UsageEventRecord[] {
    return this.filter(() => true);
  }
}

/** A state's `events`: a log, or (a state built in code or read from JSON) an array. */
export type StoredEvents = readonly UsageEventRecord[] | EventLog;

/** The log of each events array, made when first asked for. */
const logs = new WeakMap<readonly UsageEventRecord[], EventLog>();

/**
 * The log of a state's `events`: itself, or for an array, its log (made on first use and
 * kept while the array lives).
 *
 * @example
 * eventLog(state.events).ofSubscription('sub_1').byCode.get('api_calls'); // that subscription's api_calls events
 */
export function eventLog(events: StoredEvents): EventLog {
  if (events instanceof EventLog) return events;
  let log = logs.get(events);
  if (log === undefined) {
    log = EventLog.of(events);
    logs.set(events, log);
  }
  return log;
}
