/**
 * Usage: `POST /events/estimate_fees`, `GET /customers/{id}/current_usage` and
 * `GET /customers/{id}/projected_usage`. The server finds the subscription, its customer,
 * plan, metrics, events and taxes (with the reference's 404 and 405 answers); the
 * computation is the `operations`' (see operations.ts).
 */
import type { EstimateFeesRequest, Subscription, UsageEventRecord } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { answeredAgain } from '../http/answered-again';
import type { ApiErrorResponse } from '../http/api-error';
import { methodNotAllowed, notFound } from '../http/api-error';
import type { BodyPrecheck } from '../http/body';
import { queryValue } from '../http/query';
import { eventLog } from '../state/event-index';
import { subscriptionsOf } from '../state/indexes';
import { epochMs } from '../state/instant';
import { findBillableMetric, findCustomer } from '../state/lookup';
import type { ServerState } from '../state/state';
import { aggregatedUsage } from '../state/usage-accumulators';
import { preparedReport } from '../state/usage-reports';
import { type Handler, type HandlerInput, pathParam, unchanged } from './handler';
import type { UsageInput } from './operations';
import { type UsageContext, usageContext } from './usage-context';

/**
 * The subscription an estimate is for (estimate-and-usage §2.3): the subscriptions with
 * this external id that have started by `now` and are not terminated before it,
 * non-terminated first, then the most recently started.
 */
function estimateSubscription(
  state: ServerState,
  externalId: string,
  now: string,
): Subscription | undefined {
  const nowMs = epochMs(now);
  const candidates = subscriptionsOf(state.subscriptions, externalId).filter(
    (s) =>
      s.started_at !== null &&
      // `started_at` truncated to the second, as the reference compares it.
      Math.floor(epochMs(s.started_at) / 1000) <= Math.floor(nowMs / 1000) &&
      (s.terminated_at === null || nowMs <= epochMs(s.terminated_at)),
  );
  // One subscription of the id in practice: nothing to order.
  if (candidates.length < 2) return candidates[0];
  return candidates.sort((a, b) => {
    const terminated = Number(a.terminated_at !== null) - Number(b.terminated_at !== null);
    if (terminated !== 0) return terminated;
    return epochMs(b.started_at ?? '') - epochMs(a.started_at ?? '');
  })[0];
}

/**
 * The first check of `POST /events/estimate_fees` (estimate-and-usage §2.2 step 1), before any
 * field is decoded: a blank `external_subscription_id` (missing, `null`, empty or spaces) is
 * 404 `subscription_not_found`.
 *
 * @example
 * estimateSubscriptionGiven({ code: 'seats', external_subscription_id: null }); // 404 subscription_not_found
 * estimateSubscriptionGiven({ code: 'seats', external_subscription_id: 'sub_1' }); // undefined
 */
export const estimateSubscriptionGiven: BodyPrecheck = (event) => {
  const id = event.external_subscription_id;
  const blank = id === undefined || id === null || (typeof id === 'string' && id.trim() === '');
  return blank ? notFound('subscription') : undefined;
};

/**
 * `POST /events/estimate_fees`: 404 `subscription_not_found` (no started, unterminated
 * subscription with that external id), 404 `billable_metric_not_found`; then the
 * `estimateFees` operation. Nothing is stored.
 *
 * @example
 * estimateFees({ ..., body: { event: { code: 'seats', external_subscription_id: 'sub_1', properties: {} } } });
 */
export const estimateFees: Handler<EstimateFeesRequest> = (input) => {
  const { state, now } = input;
  const event = input.body.event;
  const subscription = estimateSubscription(state, event.external_subscription_id, now);
  if (subscription === undefined) return left(notFound('subscription'));
  const customer = findCustomer(state, subscription.external_customer_id);
  if (isLeft(customer)) return customer;
  const metric = findBillableMetric(state, event.code);
  if (isLeft(metric)) return metric;
  const usage = usageContext(state, customer.right, subscription, now);
  if (isLeft(usage)) return usage;
  // The estimate reads the stored events of its metric only: the index's list, which grows as
  // events are stored (the estimator keeps tallies of it, see state/estimators.ts).
  const events = eventLog(state.events)
    .ofSubscription(subscription.external_id)
    .byCode.get(event.code);
  const fees = input.operations.estimateFees({
    ...usage.right,
    events: events ?? NO_EVENTS,
    event,
  });
  if (isLeft(fees)) return fees;
  return right(unchanged(state, fees.right));
};

const NO_EVENTS: readonly UsageEventRecord[] = [];

/**
 * The answer of `operation` (`kind`: `current` or `projected`) for the subscription of `usage`:
 * its period's accumulators standing for the stored events (see usage-accumulators.ts), and
 * the answer kept until something it read changes (see usage-reports.ts).
 *
 * @example
 * preparedUsage(state, subscription, usage, 'current', operations.currentUsage, true); // right({ customer_usage })
 */
export function preparedUsage<A>(
  state: ServerState,
  subscription: Subscription,
  usage: UsageContext,
  kind: string,
  operation: (input: UsageInput) => Either<ApiErrorResponse, A>,
  applyTaxes: boolean,
): Either<ApiErrorResponse, A> {
  const { customer, plan, billableMetrics, taxes, events, now } = usage;
  return preparedReport(
    {
      question: `${kind}:${applyTaxes}`,
      subscription,
      reads: [operation, customer, plan, billableMetrics, taxes, events],
      events: events.length,
      now,
    },
    () => {
      const aggregated = aggregatedUsage(
        usage,
        eventLog(state.events).ofSubscription(subscription.external_id),
      );
      return operation({ ...usage, ...aggregated, applyTaxes });
    },
  );
}

/** A usage answer (`kind`: `current` or `projected`) through `operation` (see {@link preparedUsage}). */
function usageAnswer<A extends object>(
  input: HandlerInput<undefined>,
  kind: string,
  operation: (input: UsageInput) => Either<ApiErrorResponse, A>,
): ReturnType<Handler<undefined>> {
  const { state, now } = input;
  const customer = findCustomer(state, pathParam(input, 'external_customer_id'));
  if (isLeft(customer)) return customer;
  const externalId = queryValue(input.query, 'external_subscription_id');
  const subscription =
    externalId === undefined
      ? undefined
      : subscriptionsOf(state.subscriptions, externalId).find(
          (s) => s.external_customer_id === customer.right.external_id && s.status === 'active',
        );
  if (subscription === undefined) return left(methodNotAllowed('no_active_subscription'));
  const usage = usageContext(state, customer.right, subscription, now);
  if (isLeft(usage)) return usage;
  const applyTaxes = queryValue(input.query, 'apply_taxes') !== 'false';
  const body = preparedUsage(state, subscription, usage.right, kind, operation, applyTaxes);
  // A kept answer is given again as the same object until something it read changes: its JSON
  // text is written once (http/answers.ts).
  return isLeft(body) ? body : right(unchanged(state, answeredAgain(body.right)));
}

/**
 * `GET /customers/{external_customer_id}/current_usage`: 404 `customer_not_found`, 405
 * `no_active_subscription` (unknown, pending or terminated `external_subscription_id`);
 * then the `currentUsage` operation (`apply_taxes` defaults to true).
 *
 * @example
 * getCurrentUsage({ ..., params: new Map([['external_customer_id', 'hooli_1234']]), query: new Map([['external_subscription_id', ['sub_1']]]) });
 */
export const getCurrentUsage: Handler<undefined> = (input) =>
  usageAnswer(input, 'current', input.operations.currentUsage);

/**
 * `GET /customers/{external_customer_id}/projected_usage`: as current usage, with the
 * `projectedUsage` operation.
 *
 * @example
 * getProjectedUsage({ ..., params: new Map([['external_customer_id', 'hooli_1234']]), query: new Map([['external_subscription_id', ['sub_1']]]) });
 */
export const getProjectedUsage: Handler<undefined> = (input) =>
  usageAnswer(input, 'projected', input.operations.projectedUsage);
