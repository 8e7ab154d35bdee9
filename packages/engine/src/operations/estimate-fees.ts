import type { EstimateFeesResponse, Fee } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { estimatePayInAdvanceFee } from '../charge-fees/index';
import { metricIndexOf } from '../charge-fees/internal/metric-match';
import { checkMetric } from '../charge-fees/internal/price-metrics';
import { type FeecastError, feecastError } from '../error';
import { applyTaxes } from '../taxes/index';
import type { EstimateFeesInput } from './inputs';
import { estimateError } from './internal/estimate-error';
import { checkEventTimestamp, pricedEvent } from './internal/estimate-event';
import { estimateHistory } from './internal/estimate-history';
import { isRecord } from './internal/guards';
import { checkContext } from './internal/operation-context';
import { operationTaxSources } from './internal/tax-sources';
import { orThrow } from './internal/unsafe';

/** The transaction id of an estimated event sent without one (it is never stored). */
const ESTIMATE_TRANSACTION_ID = 'feecast-estimate';

function subscriptionNotFound(message: string, path: readonly string[]): FeecastError {
  return feecastError('subscription_not_found', message, path);
}

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
  if (!isRecord(input) || !isRecord(input.event)) {
    return left(
      feecastError(
        'invalid_input',
        'estimateFees needs { event, customer, subscription, plan, billableMetrics, now }.',
        ['event'],
      ),
    );
  }
  const { event } = input;
  if (typeof event.code !== 'string' || event.code === '') {
    return left(
      feecastError('invalid_input', 'event.code must be the code of a billable metric.', [
        'event',
        'code',
      ]),
    );
  }
  const externalId = isRecord(input.subscription) ? input.subscription.external_id : undefined;
  const named = event.external_subscription_id;
  if (named !== undefined && named !== null && named !== externalId) {
    return left(
      subscriptionNotFound(
        `No subscription with external_subscription_id ${JSON.stringify(named)}: the subscription given is ${JSON.stringify(externalId)}.`,
        ['event', 'external_subscription_id'],
      ),
    );
  }
  const context = checkContext(input, {
    status: 'started',
    error: (inactive) =>
      subscriptionNotFound(
        `Subscription ${JSON.stringify(externalId)} ${inactive.reason}: an estimate needs a subscription that has started and is not terminated at now.`,
        ['subscription', inactive.field],
      ),
  });
  if (context._tag === 'Left') return context;
  const timestamp = checkEventTimestamp(event);
  if (timestamp !== undefined) return left(timestamp);
  const metrics = input.billableMetrics;
  const m = metrics.findIndex((metric) => isRecord(metric) && metric.code === event.code);
  const metric = metrics[m];
  if (metric === undefined) {
    return left(
      feecastError(
        'unknown_billable_metric',
        `No billable metric has the code ${JSON.stringify(event.code)}: send the code of one of billableMetrics, or add the metric.`,
        ['event', 'code'],
      ),
    );
  }
  const metricPath = ['billableMetrics', String(m)];
  const compiled = checkMetric(metric, metricPath);
  if (compiled._tag === 'Left') return compiled;
  const { subscription, plan } = input;
  const wanted =
    typeof event.transaction_id === 'string' && event.transaction_id !== ''
      ? event.transaction_id
      : ESTIMATE_TRANSACTION_ID;
  const history = estimateHistory(input.events, {
    externalSubscriptionId: subscription.external_id,
    code: metric.code,
    now: context.right.now,
    wanted,
  });
  if (history._tag === 'Left') return history;
  const priced = pricedEvent(
    event,
    compiled.right,
    subscription.external_id,
    context.right.nowText,
    history.right.transactionId,
  );
  if (priced._tag === 'Left') return priced;
  const charges = plan.charges.flatMap((charge, i) =>
    isRecord(charge) && charge.pay_in_advance === true && metricIndexOf(charge, metrics) === m
      ? [{ charge, i }]
      : [],
  );
  if (charges.length === 0) {
    return left(
      feecastError(
        'does_not_match_an_instant_charge',
        `No pay-in-advance charge of plan ${JSON.stringify(plan.code)} is priced on "${metric.code}": only events of pay-in-advance charges can be estimated.`,
        ['event', 'code'],
      ),
    );
  }
  const { period, currency, timezone } = context.right;
  const fees: Fee[] = [];
  for (const { charge, i } of charges) {
    const fee = estimatePayInAdvanceFee({
      charge,
      billableMetric: metric,
      events: history.right.events,
      event: priced.right,
      period,
      currency,
      timezone,
      subscription,
      customer: input.customer,
      ...(input.pricingUnits === undefined || input.pricingUnits === null
        ? {}
        : { pricing_units: input.pricingUnits }),
    });
    if (fee._tag === 'Left') {
      return left(
        estimateError(fee.left, {
          charge: ['plan', 'charges', String(i)],
          metric: metricPath,
          field: compiled.right.fieldName,
        }),
      );
    }
    fees.push({ ...fee.right, event_transaction_id: event.transaction_id ?? null });
  }
  const taxed = applyTaxes(fees, operationTaxSources(input));
  return taxed._tag === 'Left' ? taxed : right({ fees: taxed.right.fees });
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
