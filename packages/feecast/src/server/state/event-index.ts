/**
 * The stored events by subscription: what the usage operations read of one subscription, and
 * the transaction ids already stored, without a pass over every stored event. An index belongs
 * to one `events` array (the state's); `POST /events` hands it on to the array it makes by
 * appending, so each event is indexed once.
 */
import type { UsageEventRecord } from '@feecast/models';

/** The events of one subscription, in the order they were stored, and by metric code. */
export interface SubscriptionEvents {
  readonly all: readonly UsageEventRecord[];
  readonly byCode: ReadonlyMap<string, readonly UsageEventRecord[]>;
}

/** The events of a state by `external_subscription_id` (`null`: the events with none). */
export class EventIndex {
  private readonly subscriptions = new Map<
    string | null,
    { all: UsageEventRecord[]; byCode: Map<string, UsageEventRecord[]> }
  >();
  private readonly transactions = new Set<string>();

  private add(event: UsageEventRecord): void {
    const key = event.external_subscription_id ?? null;
    let entry = this.subscriptions.get(key);
    if (entry === undefined) {
      entry = { all: [], byCode: new Map() };
      this.subscriptions.set(key, entry);
    }
    entry.all.push(event);
    const ofCode = entry.byCode.get(event.code);
    if (ofCode === undefined) entry.byCode.set(event.code, [event]);
    else ofCode.push(event);
    this.transactions.add(transactionKey(key, event.transaction_id));
  }

  /** An index of `events`. */
  static of(events: readonly UsageEventRecord[]): EventIndex {
    const index = new EventIndex();
    for (const event of events) index.add(event);
    return index;
  }

  /** The events of the subscription `externalId` (none: empty lists). */
  of(externalId: string): SubscriptionEvents {
    return this.subscriptions.get(externalId) ?? NO_EVENTS;
  }

  /** Whether an event with this transaction id is stored for this subscription. */
  has(externalId: string | null | undefined, transactionId: string): boolean {
    return this.transactions.has(transactionKey(externalId ?? null, transactionId));
  }

  /** Adds `event`, stored after every indexed one (the index then belongs to the new array). */
  append(event: UsageEventRecord): void {
    this.add(event);
  }
}

const NO_EVENTS: SubscriptionEvents = { all: [], byCode: new Map() };

function transactionKey(subscription: string | null, transactionId: string): string {
  return `${subscription === null ? '\u0001' : `s${subscription}`}\u0000${transactionId}`;
}

/** The index of each events array, made when first asked for. */
const indexes = new WeakMap<readonly UsageEventRecord[], EventIndex>();

/**
 * The index of `events` (a state's `events`), made on first use and kept while the array lives.
 *
 * @example
 * eventIndex(state.events).of('sub_1').byCode.get('api_calls'); // that subscription's api_calls events
 */
export function eventIndex(events: readonly UsageEventRecord[]): EventIndex {
  let index = indexes.get(events);
  if (index === undefined) {
    index = EventIndex.of(events);
    indexes.set(events, index);
  }
  return index;
}

/**
 * `events` with `event` appended, its index handed on from `events` (which then has none: it
 * is made again if that older array is ever asked for).
 *
 * @example
 * const next = appendEvent(state.events, stored); // next.length === state.events.length + 1
 */
export function appendEvent(
  events: readonly UsageEventRecord[],
  event: UsageEventRecord,
): readonly UsageEventRecord[] {
  const next = events.slice();
  next.push(event);
  const index = indexes.get(events);
  if (index !== undefined) {
    indexes.delete(events);
    index.append(event);
    indexes.set(next, index);
  }
  return next;
}
