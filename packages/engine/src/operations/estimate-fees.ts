import type { EstimateFeesResponse } from '@feecast/models';
import { type Either, left } from 'fp-ts/lib/Either.js';
import { type FeecastError, isRecord, orThrow } from '../core/index';
import { checkEstimateRequest, createEstimator } from './estimator';
import type { EstimateFeesInput } from './inputs';

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
 * - Memory: the subscription's stored events of the metric up to `now` are kept in a list
 *   while the estimate is priced (from an array, 8 bytes per event; from a stream, the events
 *   themselves stay alive), so a stream is read once but not in constant memory; aggregation,
 *   usage and invoices stream.
 *
 * @example
 * estimateFees({
 *   event: { code: 'api_calls', external_subscription_id: 'sub_1' },
 *   customer, subscription, plan, billableMetrics, // standard charge at 10, paid in advance
 *   taxes: { billing_entity: [vat20] },
 *   events: stored,
 *   now: '2025-09-02T10:00:00Z',
 * }) // right({ fees: [{ amount_cents: 1000, taxes_amount_cents: 200, total_amount_cents: 1200, units: '1', ... }] })
 */
export function estimateFees(input: EstimateFeesInput): Either<FeecastError, EstimateFeesResponse> {
  const problem = checkEstimateRequest(
    input,
    isRecord(input) && isRecord(input.subscription) ? input.subscription.external_id : undefined,
  );
  if (problem !== undefined) return left(problem);
  const estimator = createEstimator(input);
  return estimator._tag === 'Left' ? estimator : estimator.right.estimateFees(input);
}

/**
 * {@link estimateFees}, throwing an `Error` (its `cause` is the `FeecastError`) instead of
 * returning a `Left`.
 *
 * @example
 * estimateFeesUnsafe({ event, customer, subscription, plan, billableMetrics, now }).fees[0]?.amount_cents // 1000
 */
export function estimateFeesUnsafe(input: EstimateFeesInput): EstimateFeesResponse {
  return orThrow(estimateFees(input));
}
