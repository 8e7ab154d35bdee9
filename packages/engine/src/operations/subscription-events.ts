import {
  batchRows,
  type EventFeed,
  isEventBatch,
  isEventFeed,
  mapFeed,
  NO_EVENT,
  type UsageEvent,
} from '../aggregation/index';
import type { OperationEvent } from './inputs';

/**
 * Whether an event is the subscription's: its `external_subscription_id` names it, or it has
 * none (an event stream already scoped to the subscription). Anything that is not an event
 * object is kept, so that aggregation reports it.
 *
 * @example
 * ofSubscription({ external_subscription_id: 'sub_2', ... }, 'sub_1') // false
 * @internal
 */
export function ofSubscription(event: OperationEvent, externalId: string): boolean {
  if (typeof event !== 'object' || event === null) return true;
  const id = event.external_subscription_id;
  return id === undefined || id === null || id === externalId;
}

/** Whether the event's subscription id is absent or a string, as `UsageEvent` types it. */
function isEngineEvent(event: OperationEvent): event is UsageEvent {
  return typeof event !== 'object' || event === null || event.external_subscription_id !== null;
}

/** An event as aggregation types it: a `null` subscription id is left out. */
function engineEvent(event: OperationEvent): UsageEvent {
  if (isEngineEvent(event)) return event;
  const { external_subscription_id: _none, ...rest } = event;
  return rest;
}

/**
 * The event as the engine's stages type it, if it is the subscription's (see
 * {@link ofSubscription}); `undefined` otherwise.
 *
 * @example
 * subscriptionEvent({ external_subscription_id: null, ... }, 'sub_1') // the event, without the null id
 * @internal
 */
export function subscriptionEvent(
  event: OperationEvent,
  externalId: string,
): UsageEvent | undefined {
  return ofSubscription(event, externalId) ? engineEvent(event) : undefined;
}

function isOwnEvent(externalId: string) {
  return (event: OperationEvent): event is UsageEvent =>
    ofSubscription(event, externalId) && isEngineEvent(event);
}

/** The subscription's events; another's leaves its place empty, so positions stay the caller's. */
function* filtered(events: Iterable<OperationEvent>, externalId: string): Generator<UsageEvent> {
  for (const event of events) yield subscriptionEvent(event, externalId) ?? NO_EVENT;
}

/**
 * The events of one subscription (estimate-and-usage.md §2.8, §3.5: events are matched by the
 * subscription's external id). An array that holds only the subscription's events is returned
 * as it is (the hot path reads it directly); otherwise the events are filtered lazily, so a
 * stream of any length is read once with constant memory; another subscription's event leaves
 * its place empty (`NO_EVENT`), so rejections name the caller's positions. A columnar batch stays a batch: its
 * rows of other subscriptions are masked (`batchRows`), not copied out; a feed of asynchronous
 * events is filtered the same way as it comes.
 *
 * @example
 * [...subscriptionEvents([{ external_subscription_id: 'sub_2', ... }, e], 'sub_1')] // [e]
 * @internal
 */
export function subscriptionEvents(
  events: Iterable<OperationEvent>,
  externalId: string,
): Iterable<UsageEvent>;
export function subscriptionEvents(
  events: Iterable<OperationEvent> | EventFeed,
  externalId: string,
): Iterable<UsageEvent> | EventFeed;
export function subscriptionEvents(
  events: Iterable<OperationEvent> | EventFeed,
  externalId: string,
): Iterable<UsageEvent> | EventFeed {
  if (isEventFeed(events)) {
    return mapFeed(
      events,
      (event) => subscriptionEvent(event as OperationEvent, externalId) ?? NO_EVENT,
    );
  }
  if (isEventBatch(events)) {
    return batchRows(events, (id) => id === undefined || id === null || id === externalId);
  }
  if (Array.isArray(events) && events.every(isOwnEvent(externalId))) return events;
  return filtered(events, externalId);
}
