import {
  batchRows,
  type EventBatch,
  isEventBatch,
  NO_EVENT,
  type UsageEvent,
} from '../../aggregation/index';

/**
 * An event no subscription of the invoice takes, and why.
 *
 * @inline
 */
export interface UnassignedEvent {
  /** The event's `transaction_id` (`null` when it has none). */
  readonly transaction_id: string | null;
  readonly message: string;
}

/** The events of each subscription, and those of none. */
export interface RoutedEvents {
  /** One iterable per subscription, in the order of the subscriptions given. */
  readonly perSubscription: readonly Iterable<UsageEvent>[];
  /**
   * The events no subscription took. Complete once every iterable of `perSubscription` has
   * been read.
   */
  readonly unassigned: readonly UnassignedEvent[];
}

function namedSubscription(event: unknown): string | undefined {
  if (typeof event !== 'object' || event === null) return undefined;
  const id = (event as { readonly external_subscription_id?: unknown }).external_subscription_id;
  return typeof id === 'string' ? id : undefined;
}

function transactionOf(event: unknown): string | null {
  if (typeof event !== 'object' || event === null) return null;
  const id = (event as { readonly transaction_id?: unknown }).transaction_id;
  return typeof id === 'string' ? id : null;
}

/**
 * Splits usage events between the invoice's subscriptions (by `external_id`): an event goes
 * to the subscription its `external_subscription_id` names; an event that names none goes to
 * the only subscription, and to none when there are several. Events naming a subscription
 * that is not on the invoice (or naming none among several) are listed in `unassigned`, never
 * dropped silently. With one subscription the events are streamed (read once, lazily); with
 * several they are read once into one list per subscription. A columnar batch is split as
 * masks of its rows (`batchRows`), one per subscription, without building events.
 *
 * @example
 * const routed = routeEvents(events, ['sub_a', 'sub_b']);
 * routed.perSubscription[0] // the events of sub_a
 * routed.unassigned         // [{ transaction_id: 't9', message: '...' }]
 */
export function routeEvents(
  events: Iterable<UsageEvent>,
  externalIds: readonly string[],
): RoutedEvents {
  const unassigned: UnassignedEvent[] = [];
  const leave = (event: unknown, named: string | undefined) =>
    unassigned.push({
      transaction_id: transactionOf(event),
      message:
        named === undefined
          ? `The event names no external_subscription_id and the invoice has ${externalIds.length} subscriptions; name the subscription it belongs to.`
          : `The event's external_subscription_id ${JSON.stringify(named)} is not a subscription of the invoice.`,
    });
  if (isEventBatch(events)) return routeBatch(events, externalIds, leave, unassigned);
  const [only] = externalIds;
  if (externalIds.length === 1 && only !== undefined) {
    return { perSubscription: [streamOf(events, only, leave)], unassigned };
  }
  const lists: Placed[] = externalIds.map(() => ({ events: [], positions: [] }));
  let position = 0;
  for (const event of events) {
    const named = namedSubscription(event);
    const index = named === undefined ? -1 : externalIds.indexOf(named);
    const list = lists[index];
    if (list === undefined) leave(event, named);
    else {
      list.events.push(event);
      list.positions.push(position);
    }
    position++;
  }
  return { perSubscription: lists.map(inPlace), unassigned };
}

/** A subscription's events and their positions in the caller's stream. */
interface Placed {
  readonly events: UsageEvent[];
  readonly positions: number[];
}

/** The events at their positions, the places between them empty (see `NO_EVENT`); re-readable. */
function inPlace(placed: Placed): Iterable<UsageEvent> {
  return {
    *[Symbol.iterator]() {
      let next = 0;
      for (let i = 0; i < placed.events.length; i++) {
        const position = placed.positions[i] ?? next;
        for (; next < position; next++) yield NO_EVENT;
        yield placed.events[i] as UsageEvent;
        next++;
      }
    },
  };
}

/** {@link routeEvents} for a batch: the same split, as masks of its rows. */
function routeBatch(
  batch: EventBatch,
  externalIds: readonly string[],
  leave: (event: unknown, named: string | undefined) => void,
  unassigned: UnassignedEvent[],
): RoutedEvents {
  const single = externalIds.length === 1;
  const owner = (id: unknown): number =>
    typeof id === 'string' ? externalIds.indexOf(id) : single ? 0 : -1;
  const perSubscription = externalIds.map((_, i) => batchRows(batch, (id) => owner(id) === i));
  const { codes, values } = batch.subscription;
  const owners = values.map(owner);
  const ownerOfNone = owner(undefined);
  for (let row = 0; row < batch.length; row++) {
    // Rows that were not events have no code: aggregation reports them, as the object path does.
    if ((batch.code.codes[row] ?? -1) < 0) continue;
    const s = codes[row] ?? -1;
    if ((s < 0 ? ownerOfNone : (owners[s] ?? -1)) >= 0) continue;
    const named = s < 0 ? undefined : values[s];
    leave(
      { transaction_id: batch.transactionIds[row] },
      typeof named === 'string' ? named : undefined,
    );
  }
  return { perSubscription, unassigned };
}

/** The events of the only subscription, read lazily. */
function* streamOf(
  events: Iterable<UsageEvent>,
  externalId: string,
  leave: (event: unknown, named: string) => void,
): Generator<UsageEvent> {
  for (const event of events) {
    const named = namedSubscription(event);
    if (named === undefined || named === externalId) yield event;
    else {
      leave(event, named);
      // The place stays, so rejections name the caller's positions.
      yield NO_EVENT;
    }
  }
}
