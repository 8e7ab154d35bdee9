/**
 * The input of the usage operations from the state: what the engine's `OperationContext`
 * asks for, taken from the server's collections.
 */
import type { OperationContext } from '@feecast/engine';
import type { Customer, Subscription, Timestamp, UsageEventRecord } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, notFound } from '../http/api-error';
import { eventLog } from '../state/event-index';
import { operationTaxes, planOf } from '../state/lookup';
import type { ServerState } from '../state/state';

/** What every operation reads, and the subscription's stored events. */
export type UsageContext = OperationContext & { readonly events: readonly UsageEventRecord[] };

/**
 * The operations' input from the state: the subscription's plan (overrides applied), every
 * billable metric, the customer, the billing entity's and customer's taxes, the stored events
 * of the subscription and `now`; 404 `plan_not_found` when the plan is missing.
 *
 * @example
 * usageContext(state, customer, subscription, now); // right({ customer, subscription, plan, events, ... })
 */
export function usageContext(
  state: ServerState,
  customer: Customer,
  subscription: Subscription,
  now: Timestamp,
): Either<ApiErrorResponse, UsageContext> {
  const plan = planOf(state, subscription);
  if (plan === undefined) return left(notFound('plan'));
  return right({
    customer,
    subscription,
    plan,
    billableMetrics: state.billable_metrics,
    events: eventLog(state.events).ofSubscription(subscription.external_id).all,
    taxes: operationTaxes(state, customer),
    now,
  });
}
