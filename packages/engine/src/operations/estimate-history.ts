import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type EventFeed,
  eventTimeMs,
  type Feeding,
  isEventFeed,
  readEvents,
  type UsageEvent,
} from '../aggregation/index';
import { type FeecastError, feecastError, type Instant, isIterableObject } from '../core/index';
import type { OperationEvent } from './inputs';
import { subscriptionEvent } from './subscription-events';

/** What an estimate learned from reading its history. */
export interface EstimateHistory {
  /** How many stored events of the metric it read. */
  readonly count: number;
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
 * Reads an estimate's stored events once (steps that read an iterable, or a feed of
 * asynchronous events), handing `visit` each event of the subscription whose code `wanted`
 * accepts (those of another subscription are skipped; one without a subscription id is the
 * subscription's) with its time, `undefined` when its timestamp does not parse. Nothing is kept per event. `events`
 * that are neither an iterable nor a feed are a `Left` at `['events']`; none is no event.
 *
 * @example
 * driveSync(readStoredEvents(stored, 'sub_1', (code) => code === 'api_calls', (event, timeMs) => seen.push(timeMs)))
 * // right(undefined)
 * @internal
 */
export function* readStoredEvents(
  events: unknown,
  externalSubscriptionId: string,
  wanted: (code: unknown) => boolean,
  visit: (event: UsageEvent, timeMs: number | undefined) => void,
): Feeding<Either<FeecastError, void>> {
  if (events === undefined || events === null) return right(undefined);
  if (!isIterableObject<OperationEvent>(events) && !isEventFeed(events)) {
    return left(
      feecastError(
        'invalid_input',
        'events must be an iterable of usage events (an array, a generator...).',
        ['events'],
      ),
    );
  }
  yield* readEvents(events as Iterable<UsageEvent> | EventFeed, (given) => {
    const stored = given as OperationEvent;
    if (typeof stored !== 'object' || stored === null || !wanted(stored.code)) return;
    const event = subscriptionEvent(stored, externalSubscriptionId);
    if (event !== undefined) visit(event, eventTimeMs(event.timestamp));
  });
  return right(undefined);
}

/**
 * Reads the events already used in the period, as an estimate sees them (estimate-and-usage.md
 * §2.8), once ({@link readStoredEvents}), handing each to `visit`: the subscription's events
 * of the metric's code dated up to `now` (events dated after now are not billed yet; those
 * whose timestamp does not parse are kept, so that aggregation reports them). Nothing is kept
 * per event: a stream of any length is read in constant memory. The estimated event is new, as
 * in the reference (which ignores the client's `transaction_id`): it gets the wanted id unless
 * a stored event of the metric already has it, then the first free `<id>#<n>` (n = 2, 3...).
 *
 * @example
 * driveSync(readEstimateHistory(stored, { externalSubscriptionId: 'sub_1', code: 'api_calls', now, wanted: 'tx_1' }, visit))
 * // right({ count: 12, transactionId: 'tx_1#2' }) when a stored api_calls event is tx_1
 * @internal
 */
export function* readEstimateHistory(
  events: unknown,
  scope: HistoryScope,
  visit: (event: UsageEvent) => void,
): Feeding<Either<FeecastError, EstimateHistory>> {
  const { wanted } = scope;
  const suffixed = `${wanted}#`;
  let count = 0;
  // The ids a suffix could clash with: the wanted one and `<wanted>#...` (rarely any).
  let taken: Set<string> | undefined;
  const ofCode = (code: unknown) => code === scope.code;
  const read = yield* readStoredEvents(
    events,
    scope.externalSubscriptionId,
    ofCode,
    (event, time) => {
      if (time !== undefined && time > scope.now) return;
      const id = event.transaction_id;
      if (typeof id === 'string' && (id === wanted || id.startsWith(suffixed))) {
        taken ??= new Set();
        taken.add(id);
      }
      count++;
      visit(event);
    },
  );
  if (isLeft(read)) return read;
  let transactionId = wanted;
  if (taken?.has(wanted)) {
    for (let n = 2; taken.has(transactionId); n++) transactionId = `${wanted}#${n}`;
  }
  return right({ count, transactionId });
}
