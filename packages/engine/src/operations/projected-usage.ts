import { CustomerProjectedUsageResponse } from '@feecast/models';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';
import { type WithAsyncEvents, withEvents } from '../aggregation/index';
import { type FeecastError, orThrow } from '../core/index';
import type { UsageInput } from './inputs';
import { usageReport } from './usage-report';
import { wireBody } from './wire-body';

/**
 * A customer's current usage and its projection to the end of the period:
 * `GET /customers/{external_customer_id}/projected_usage` (estimate-and-usage.md §4),
 * offline, with every feature on.
 *
 * Everything of {@link currentUsage} (taxes apply to the current amount only), plus, per
 * charge, filter bucket and group, `projected_units` (units ÷ the elapsed fraction, to 2
 * decimals) and `projected_amount_cents` (the charge model on the projected units; a recurring
 * metric projects its current figures), and the pricing unit's `projected_amount_cents`. The
 * elapsed fraction is `billingPeriod`'s `period_ratio` at `now` (days elapsed, today included,
 * ÷ days of the period). Every filter bucket and group is projected, the default bucket
 * included, and the top-level `projected_amount_cents` is the sum of the charges' (see
 * docs/semantics.md).
 *
 * The result decodes with `CustomerProjectedUsageResponse` of `@feecast/models`.
 *
 * @example
 * // 15 of November's 30 days have elapsed: each charge's units are doubled, then priced:
 * // 188.98 + 85.00 + 105.72 + 132.00 + 11.53 = 523.23 EUR, from 275.88 EUR so far.
 * projectedUsage({
 *   customer, subscription, plan, billableMetrics,
 *   events: events.slice(0, 97), // those before 15 November
 *   now: '2026-11-15T00:00:00Z',
 * }) // ~> right({ customer_projected_usage: { amount_cents: 27588, projected_amount_cents: 52323 } })
 */
export function projectedUsage(
  input: WithAsyncEvents<UsageInput>,
): Promise<Either<FeecastError, CustomerProjectedUsageResponse>>;
export function projectedUsage(
  input: UsageInput,
): Either<FeecastError, CustomerProjectedUsageResponse>;
export function projectedUsage(
  input: UsageInput | WithAsyncEvents<UsageInput>,
):
  | Either<FeecastError, CustomerProjectedUsageResponse>
  | Promise<Either<FeecastError, CustomerProjectedUsageResponse>> {
  return withEvents(input, function* (fed) {
    const body = yield* usageReport(fed, 'projected');
    return isLeft(body)
      ? body
      : wireBody(CustomerProjectedUsageResponse, { customer_projected_usage: body.right });
  });
}

/**
 * {@link projectedUsage}, throwing an `Error` (its `cause` is the `FeecastError`) instead of
 * returning a `Left`.
 *
 * @example
 * projectedUsageUnsafe({
 *   customer, subscription, plan, billableMetrics,
 *   events: events.slice(0, 97), // those before 15 November
 *   now: '2026-11-15T00:00:00Z',
 * }).customer_projected_usage.projected_amount_cents // => 52323
 */
export function projectedUsageUnsafe(input: UsageInput): CustomerProjectedUsageResponse {
  return orThrow(projectedUsage(input));
}
