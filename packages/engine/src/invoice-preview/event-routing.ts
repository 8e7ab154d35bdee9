import type { UsageEvent } from '../aggregation/index';

/** An event no subscription of the invoice takes, and why. */
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
 * several they are read once into one list per subscription.
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
  const [only] = externalIds;
  if (externalIds.length === 1 && only !== undefined) {
    return { perSubscription: [streamOf(events, only, leave)], unassigned };
  }
  const lists: UsageEvent[][] = externalIds.map(() => []);
  for (const event of events) {
    const named = namedSubscription(event);
    const index = named === undefined ? -1 : externalIds.indexOf(named);
    const list = lists[index];
    if (list === undefined) leave(event, named);
    else list.push(event);
  }
  return { perSubscription: lists, unassigned };
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
    else leave(event, named);
  }
}
