/**
 * Pay-in-advance charges as events arrive (issue 24 §2, invoicing.md §1 "Pay-in-advance charge
 * invoice"): an event of a metric that a pay-in-advance charge of its subscription's plan
 * prices gets the fees the engine's estimate of that event gives (`estimateFees`, on the
 * subscription's earlier events of the metric), logged `fee.created`; the fee of an
 * invoiceable charge is billed at once on its own invoice, settled as the finalize route
 * settles a draft (coupons, taxes, credit notes, wallets; `invoice.created`).
 */
import type { Fee, Invoice, Subscription, Timestamp, UsageEventRecord } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { issueAtOnce } from '../routes/finalize-draft';
import type { Operations } from '../routes/operations';
import { usageContext } from '../routes/usage-context';
import { StateDraft } from '../state/draft';
import { eventLog } from '../state/event-index';
import { customerById } from '../state/indexes';
import { activeSubscriptionOf, planOf } from '../state/lookup';
import type { ServerState } from '../state/state';
import { runSkeleton } from './period-invoice';

/** The active subscription an event is billed to, when its plan prices it in advance. */
function billedSubscription(state: ServerState, event: UsageEventRecord): Subscription | undefined {
  const subscription = activeSubscriptionOf(state, event);
  if (subscription === undefined) return undefined;
  const plan = planOf(state, subscription);
  const priced = (plan?.charges ?? []).some(
    (charge) => charge.pay_in_advance && charge.billable_metric_code === event.code,
  );
  return priced ? subscription : undefined;
}

/**
 * The invoice of one pay-in-advance fee, as a draft: the subscription's run invoice at `now`
 * without usage (customer, subscription, currency, dates) with the fee as its only fee and the reason
 * `in_advance_charge`; its totals are the settlement's.
 */
function feeInvoice(
  state: ServerState,
  subscription: Subscription,
  fee: Fee,
  now: Timestamp,
  operations: Operations,
): Either<ApiErrorResponse, Invoice> {
  const skeleton = runSkeleton(state, { subscription, at: now, starting: true }, operations);
  if (isLeft(skeleton)) return skeleton;
  return right({
    ...skeleton.right,
    svc_id: fee.svc_invoice_id ?? skeleton.right.svc_id,
    fees: [fee],
    created_at: now,
    updated_at: now,
    billing_periods: skeleton.right.billing_periods.map((period) => ({
      ...period,
      invoicing_reason: 'in_advance_charge' as const,
    })),
  });
}

/**
 * `after` (the state with `event` stored, `before` without it) with the event's
 * pay-in-advance fees: each logged `fee.created`, and billed on an invoice of its own when its
 * charge is invoiceable (finalized at once: `invoice.created`). The same state when no
 * pay-in-advance charge prices the event.
 *
 * @example
 * payInAdvance(before, after, storedEvent, now, defaultOperations);
 * // right(state with the fee's activity log and, for an invoiceable charge, its invoice)
 */
export function payInAdvance(
  before: ServerState,
  after: ServerState,
  event: UsageEventRecord,
  now: Timestamp,
  operations: Operations,
): Either<ApiErrorResponse, ServerState> {
  const subscription = billedSubscription(before, event);
  if (subscription === undefined) return right(after);
  const customer = customerById(before.customers, subscription.svc_customer_id);
  if (customer === undefined) return right(after);
  const context = usageContext(before, customer, subscription, now);
  if (isLeft(context)) return context;
  const earlier = eventLog(before.events)
    .ofSubscription(subscription.external_id)
    .byCode.get(event.code);
  const estimated = operations.estimateFees({ ...context.right, events: earlier ?? [], event });
  if (isLeft(estimated)) return estimated;
  let state = after;
  for (const estimate of estimated.right.fees) {
    const draft = new StateDraft(state, now, 'system');
    const fee: Fee = {
      ...estimate,
      svc_id: draft.newId(),
      svc_invoice_id: estimate.invoiceable ? draft.newId() : null,
      created_at: now,
      event_transaction_id: event.transaction_id,
    };
    draft.log({
      type: 'fee.created',
      resourceType: 'Fee',
      resourceId: fee.svc_id ?? draft.newId(),
      before: null,
      after: fee,
      externalCustomerId: customer.external_id,
      externalSubscriptionId: subscription.external_id,
    });
    if (!fee.invoiceable) {
      state = draft.commit({});
      continue;
    }
    const invoice = feeInvoice(state, subscription, fee, now, operations);
    if (isLeft(invoice)) return invoice;
    const finalized = issueAtOnce(state, invoice.right, draft, operations);
    if (isLeft(finalized)) return finalized;
    state = finalized.right.state;
  }
  return right(state);
}
