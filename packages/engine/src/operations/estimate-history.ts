import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { eventTimeMs, type UsageEvent } from '../aggregation/index';
import { type FeecastError, feecastError, type Instant, isIterableObject } from '../core/index';
import type { OperationEvent } from './inputs';
import { subscriptionEvent } from './subscription-events';

/** The stored events an estimate reads, and the transaction id the estimated event gets. */
export interface EstimateHistory {
  readonly events: readonly UsageEvent[];
  /** The wanted id, or that id with a suffix when a stored event of the metric has it. */
  readonly transactionId: string;
}

/** What selects an estimate's history. */
export interface HistoryScope {
  readonly externalSubscriptionId: string;
  readonly code: string;
  readonly now: Instant;
  /** The transaction id the estimated event should get. */
  readonly wanted: string;
}

/**
 * The events already used in the period, as an estimate sees them (estimate-and-usage.md
 * §2.8): the subscription's events of the metric's code dated up to `now` (events dated after
 * now are not billed yet; those whose timestamp does not parse are kept, so that aggregation
 * reports them). The estimated event is new, as in the reference (which ignores the client's
 * `transaction_id`): it gets the wanted id unless a stored event of the metric already has it.
 *
 * @example
 * estimateHistory(stored, { externalSubscriptionId: 'sub_1', code: 'api_calls', now, wanted: 'tx_1' })
 * // right({ events: [...], transactionId: 'tx_1#2' }) when a stored api_calls event is tx_1
 * @internal
 */
export function estimateHistory(
  events: unknown,
  scope: HistoryScope,
): Either<FeecastError, EstimateHistory> {
  if (events === undefined || events === null) {
    return right({ events: [], transactionId: scope.wanted });
  }
  if (!isIterableObject<OperationEvent>(events)) {
    return left(
      feecastError(
        'invalid_input',
        'events must be an iterable of usage events (an array, a generator...).',
        ['events'],
      ),
    );
  }
  const kept: UsageEvent[] = [];
  let clash = false;
  for (const stored of events) {
    if (typeof stored !== 'object' || stored === null || stored.code !== scope.code) continue;
    const event = subscriptionEvent(stored, scope.externalSubscriptionId);
    if (event === undefined) continue;
    const time = eventTimeMs(event.timestamp);
    if (time !== undefined && time > scope.now) continue;
    if (event.transaction_id === scope.wanted) clash = true;
    kept.push(event);
  }
  let transactionId = scope.wanted;
  if (clash) {
    const taken = new Set(kept.map((event) => event.transaction_id));
    for (let n = 2; taken.has(transactionId); n++) transactionId = `${scope.wanted}#${n}`;
  }
  return right({ events: kept, transactionId });
}
