import { CustomerUsageResponse } from '@feecast/models';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';
import { type WithAsyncEvents, withEvents } from '../aggregation/index';
import { type FeecastError, orThrow } from '../core/index';
import type { UsageInput } from './inputs';
import { usageReport } from './usage-report';
import { wireBody } from './wire-body';

/**
 * A customer's usage of one subscription in the current period:
 * `GET /customers/{external_customer_id}/current_usage` (estimate-and-usage.md §3), offline.
 *
 * - The subscription must be the customer's and active at `now` (else
 *   `no_active_subscription`); the period is the charges period containing `now` in the
 *   customer's zone (`from_datetime`, `to_datetime`; `issuing_date` is its last local day).
 * - One entry per charge of the plan, sorted by billable metric name: its fees over the
 *   subscription's events (pay-in-advance and in-arrears charges alike), with every filter
 *   bucket (`values: null` for the default bucket) and pricing group (`grouped_usage`; a
 *   grouped charge without events shows one group of `null` keys), zero entries included.
 * - `amount_cents` = Σ fees; taxes (the charge's, plan's, customer's or billing entity's)
 *   rounded once on the total (§3.6), or 0 with `applyTaxes: false`; the currency is the
 *   plan's; `svc_invoice_id` is null.
 *
 * The result decodes with `CustomerUsageResponse` of `@feecast/models`.
 *
 * @example
 * // November's charges: 210.95 + 9.76 + 84.00 + 123.20 + 75.00 = 502.91 EUR, 20 % VAT 100.58.
 * currentUsage({
 *   customer, subscription, plan, billableMetrics, events,
 *   taxes: { billing_entity: [vat20] },
 *   now: '2026-11-30T23:59:59Z',
 * }) // ~> right({ customer_usage: { amount_cents: 50291, taxes_amount_cents: 10058, total_amount_cents: 60349 } })
 */
export function currentUsage(
  input: WithAsyncEvents<UsageInput>,
): Promise<Either<FeecastError, CustomerUsageResponse>>;
export function currentUsage(input: UsageInput): Either<FeecastError, CustomerUsageResponse>;
export function currentUsage(
  input: UsageInput | WithAsyncEvents<UsageInput>,
):
  | Either<FeecastError, CustomerUsageResponse>
  | Promise<Either<FeecastError, CustomerUsageResponse>> {
  return withEvents(input, function* (fed) {
    const body = yield* usageReport(fed, 'current');
    return isLeft(body) ? body : wireBody(CustomerUsageResponse, { customer_usage: body.right });
  });
}

/**
 * {@link currentUsage}, throwing an `Error` (its `cause` is the `FeecastError`) instead of
 * returning a `Left`.
 *
 * @example
 * // The 97 events before 15 November: 94.49 + 45.00 + 52.86 + 77.00 + 6.53 = 275.88 EUR.
 * currentUsageUnsafe({
 *   customer, subscription, plan, billableMetrics,
 *   events: events.slice(0, 97),
 *   now: '2026-11-15T00:00:00Z',
 * }).customer_usage.amount_cents // => 27588
 */
export function currentUsageUnsafe(input: UsageInput): CustomerUsageResponse {
  return orThrow(currentUsage(input));
}
