import type { EstimateFeesResponse } from '@feecast/models';
import { type Either, isLeft, left } from 'fp-ts/lib/Either.js';
import { isAsyncEvents, type WithAsyncEvents } from '../aggregation/index';
import { type FeecastError, isRecord, orThrow } from '../core/index';
import { checkEstimateRequest, PreparedEstimator, readEstimator } from './estimator';
import type { EstimateFeesInput } from './inputs';
import { FULL_PRICING } from './pricing-parts';

/**
 * The fees an event would bring if it were sent now: `POST /events/estimate_fees`
 * (estimate-and-usage.md §2), offline. Nothing is stored.
 *
 * - Checks, in the reference's order (§2.2): the event names the subscription
 *   (`subscription_not_found`, also when the subscription is pending, not started or
 *   terminated before `now`); `timestamp`, if any, is ISO 8601 or Unix seconds
 *   (`invalid_timestamp`); a billable metric has the event's `code` (`unknown_billable_metric`);
 *   a sum, max or latest value is a decimal (`value_is_not_valid_number`); the metric's
 *   expression evaluates (`expression_evaluation_failed`); a pay-in-advance charge of the
 *   plan is priced on the metric (`does_not_match_an_instant_charge`).
 * - The event is priced at `now` (its `timestamp` is not used), in the period that contains
 *   `now` in the customer's zone, after the subscription's stored `events` of the metric up to
 *   `now`: one fee per matching pay-in-advance charge (§2.4), in the filter bucket and pricing
 *   group the event falls in (the same filter rule as billing), equal to the fee billing will
 *   charge for it (`estimatePayInAdvanceFee`; the first-tier flat fee of a graduated charge is
 *   included, see docs/semantics.md).
 * - Taxes per fee: the charge's, else the plan's, else the customer's, else the billing
 *   entity's (§2.10).
 * - `event_transaction_id` is the client's `transaction_id` (null without one); `from_date`
 *   and `to_date` are the charges period; currency is the plan's.
 *
 * - Memory: the stored events are read once, as they come (any iterable, a generator over a
 *   file included), by every pay-in-advance charge of the metric at a time; no event is kept.
 *   A fee in advance depends on the order of the period's events (a sum's high-water mark), so
 *   each charge keeps, per stored event of the metric, its time, its place, its value and its
 *   transaction id (for deduplication): about 300 bytes of resident memory per event and
 *   charge, measured over 1,000,000 to 4,000,000 events (bench/README.md, "Estimates over a
 *   stream"); aggregation, usage and invoices stream in constant memory.
 *
 * With `events` given asynchronously (an `AsyncIterable` or a `ReadableStream`), the same
 * fees as a `Promise`, the stream read once as it comes.
 *
 * @example
 * // 1,000 calls in `eu`, paid in advance at 0.0025: 2.50 EUR, VAT 0.50 EUR.
 * estimateFees({
 *   event: { code: 'api_calls', external_subscription_id: 'sub_acme_starter', properties: { calls: '1000', region: 'eu' } },
 *   customer, subscription, plan: starterInAdvance, billableMetrics,
 *   taxes: { billing_entity: [vat20] },
 *   now: '2026-11-15T00:00:00Z',
 * }) // ~> right({ fees: [{ units: '1000', amount_cents: 250, taxes_amount_cents: 50, total_amount_cents: 300 }] })
 */
export function estimateFees(
  input: WithAsyncEvents<EstimateFeesInput>,
): Promise<Either<FeecastError, EstimateFeesResponse>>;
export function estimateFees(input: EstimateFeesInput): Either<FeecastError, EstimateFeesResponse>;
export function estimateFees(
  input: EstimateFeesInput | WithAsyncEvents<EstimateFeesInput>,
):
  | Either<FeecastError, EstimateFeesResponse>
  | Promise<Either<FeecastError, EstimateFeesResponse>> {
  const problem = checkEstimateRequest(
    input,
    isRecord(input) && isRecord(input.subscription) ? input.subscription.external_id : undefined,
  );
  const streamed = isRecord(input) && isAsyncEvents(input.events);
  const answer = (result: Either<FeecastError, EstimateFeesResponse>) =>
    streamed ? Promise.resolve(result) : result;
  if (problem !== undefined) return answer(left(problem));
  const estimator = readEstimator(input, (read) => new PreparedEstimator(read, FULL_PRICING));
  if (isLeft(estimator)) return answer(estimator);
  return streamed
    ? estimator.right.estimateFees(input as WithAsyncEvents<EstimateFeesInput>)
    : estimator.right.estimateFees(input as EstimateFeesInput);
}

/**
 * {@link estimateFees}, throwing an `Error` (its `cause` is the `FeecastError`) instead of
 * returning a `Left`.
 *
 * @example
 * estimateFeesUnsafe({
 *   event: { code: 'api_calls', external_subscription_id: 'sub_acme_starter', properties: { calls: '1000', region: 'us' } },
 *   customer, subscription, plan: starterInAdvance, billableMetrics,
 *   now: '2026-11-15T00:00:00Z',
 * }).fees[0]?.amount_cents // => 200
 */
export function estimateFeesUnsafe(input: EstimateFeesInput): EstimateFeesResponse {
  return orThrow(estimateFees(input));
}
