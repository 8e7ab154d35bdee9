/**
 * Which events of a history file a command prices: those of the subscription that had
 * happened by `--now`. A history file may hold other subscriptions' events and events dated
 * after `--now`; those are left out (and counted), never given to the engine.
 */
import { eventTimeMs } from '@feecast/engine/internal';
import type { UsageEvent } from '@feecast/models';

/** What a replay prices: one subscription, as of one instant. */
export interface ReplayScope {
  /** The subscription's `external_id`. */
  readonly subscriptionId: string;
  /** `--now` (or the clock), in epoch milliseconds. */
  readonly nowMs: number;
}

/** Why a valid event of the file is left out of the replay (not an error). */
export type OutOfScope = 'other_subscription' | 'after_now';

/**
 * Whether the replay prices `event`: `'in_scope'`, or why not. An event naming another
 * subscription is `other_subscription` (one naming none is the subscription's, as the engine
 * reads it); an event dated after `now` had not happened yet: `after_now`. An event whose
 * timestamp cannot be read is in scope, so that pricing rejects and reports it.
 *
 * @example
 * scopeOf({ transaction_id: 't', code: 'seats', timestamp: '2026-11-20T00:00:00Z' },
 *   { subscriptionId: 'sub_1', nowMs: Date.parse('2026-11-15T00:00:00Z') }) // 'after_now'
 */
export function scopeOf(event: UsageEvent, scope: ReplayScope): 'in_scope' | OutOfScope {
  const named = event.external_subscription_id;
  if (typeof named === 'string' && named !== scope.subscriptionId) return 'other_subscription';
  const time = eventTimeMs(event.timestamp);
  return time !== undefined && time > scope.nowMs ? 'after_now' : 'in_scope';
}

/**
 * The events of `events` that the replay prices (see {@link scopeOf}), read lazily.
 *
 * @example
 * [...inScope(events, { subscriptionId: 'sub_1', nowMs })] // the subscription's events up to now
 */
export function* inScope(
  events: Iterable<UsageEvent>,
  scope: ReplayScope,
): Generator<UsageEvent, void, undefined> {
  for (const event of events) {
    if (scopeOf(event, scope) === 'in_scope') yield event;
  }
}
