import { type Either, isLeft, left } from 'fp-ts/lib/Either.js';
import { isAsyncEvents, type WithAsyncEvents } from '../aggregation/index';
import { type FeecastError, isRecord, orThrow } from '../core/index';
import type { EstimateFeesOfResponse } from './estimate-set';
import type { EstimatorContext } from './estimator';
import { createEstimator, type EstimateSetRequest } from './set-estimator';

/** The input of {@link estimateFeesOf}: `estimateFees`' context, and the new events. */
export interface EstimateFeesOfInput extends EstimatorContext, EstimateSetRequest {}

/**
 * The fees a set of hypothetical events would bring, in one call: each event's fees, as
 * `estimateFees` gives them, and their total (amounts, taxes, totals). The events are
 * estimated in the order given, which must be their time order: each is priced at its
 * `timestamp` (ISO 8601 or Unix seconds; else at `now`), after the stored `events` up to that
 * instant and the new events before it, as if each had been stored before the next was
 * estimated. So the result equals estimating them one by one, each with the earlier ones added
 * to the history, with `now` at its time (a property the tests check); unlike `estimateFees`,
 * which prices its one event at `now`, each event of the set is priced at its own time, and
 * the events may span several periods.
 *
 * - An event earlier than the one before it is a `Left` (`events_out_of_order`, at
 *   `['newEvents', i, 'timestamp']`): the set is not sorted for you, since the order is what is
 *   being asked. Any other problem of an event is `estimateFees`' error with its path under
 *   `['newEvents', i]` (the first failing event's).
 * - Cost: one pass. The stored events are read once; one reader per period, metric and
 *   pay-in-advance charge reads them and the new events, then prices all of its new events in
 *   one go; a set of n events over h stored events costs about (h + n) per period it spans, not
 *   n estimates.
 * - With `events` given asynchronously (an `AsyncIterable` or a `ReadableStream`), the same
 *   result as a `Promise`, the stream read once.
 *
 * @example
 * // Two more events on Starter's API calls paid in advance, one after the other: 1,000 calls
 * // in `eu` at 0.0025 = 2.50 EUR (VAT 20 %: 0.50), then 500 in `us` at 0.002 = 1.00 EUR (VAT
 * // 0.20); together 3.50 EUR, VAT 0.70, 4.20 EUR.
 * estimateFeesOf({
 *   customer, subscription, plan: starterInAdvance, billableMetrics,
 *   taxes: { billing_entity: [vat20] },
 *   newEvents: [
 *     { code: 'api_calls', external_subscription_id: 'sub_acme_starter', timestamp: '2026-11-15T10:00:00Z', properties: { calls: '1000', region: 'eu' } },
 *     { code: 'api_calls', external_subscription_id: 'sub_acme_starter', timestamp: '2026-11-15T11:00:00Z', properties: { calls: '500', region: 'us' } },
 *   ],
 * })
 * // ~> right({ estimates: [{ fees: [{ amount_cents: 250, taxes_amount_cents: 50 }] }, { fees: [{ amount_cents: 100, taxes_amount_cents: 20 }] }],
 * //   total: { amount_cents: 350, taxes_amount_cents: 70, total_amount_cents: 420 } })
 */
export function estimateFeesOf(
  input: WithAsyncEvents<EstimateFeesOfInput>,
): Promise<Either<FeecastError, EstimateFeesOfResponse>>;
export function estimateFeesOf(
  input: EstimateFeesOfInput,
): Either<FeecastError, EstimateFeesOfResponse>;
export function estimateFeesOf(
  input: EstimateFeesOfInput | WithAsyncEvents<EstimateFeesOfInput>,
):
  | Either<FeecastError, EstimateFeesOfResponse>
  | Promise<Either<FeecastError, EstimateFeesOfResponse>> {
  const streamed = isRecord(input) && isAsyncEvents(input.events);
  const estimator = createEstimator(input);
  if (isLeft(estimator)) return streamed ? Promise.resolve(left(estimator.left)) : estimator;
  return streamed
    ? estimator.right.estimateFeesOf(input as WithAsyncEvents<EstimateFeesOfInput>)
    : estimator.right.estimateFeesOf(input as EstimateFeesOfInput);
}

/**
 * {@link estimateFeesOf}, throwing an `Error` (its `cause` is the `FeecastError`) instead of
 * returning a `Left`.
 *
 * @example
 * // 2,000 calls in `eu` paid in advance at 0.0025: 5.00 EUR.
 * estimateFeesOfUnsafe({
 *   customer, subscription, plan: starterInAdvance, billableMetrics,
 *   newEvents: [{ code: 'api_calls', external_subscription_id: 'sub_acme_starter', properties: { calls: '2000', region: 'eu' } }],
 *   now: '2026-11-15T00:00:00Z',
 * }).total.amount_cents // => 500
 */
export function estimateFeesOfUnsafe(input: EstimateFeesOfInput): EstimateFeesOfResponse {
  return orThrow(estimateFeesOf(input));
}
