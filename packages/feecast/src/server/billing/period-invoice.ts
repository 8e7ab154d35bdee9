/**
 * A subscription's billing runs as the engine computes them (`previewInvoice`, periods.md and
 * invoicing.md): when the next one falls, and the invoice it issues, as a draft (the clock
 * finalizes it after the grace period, through the finalize route's settlement). Nothing here
 * knows a period rule: the engine's invoice says when it is created and why.
 */
import { type PreviewSubscription, previewAggregations } from '@feecast/engine';
import type {
  Customer,
  Invoice,
  Plan,
  Subscription,
  Timestamp,
  UsageEventRecord,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, notFound } from '../http/api-error';
import { eventsOf } from '../routes/invoice-preview';
import type { Operations } from '../routes/operations';
import { asTimestamp } from '../state/brands';
import { eventLog } from '../state/event-index';
import { epochMs } from '../state/instant';
import { operationTaxes, planOf } from '../state/lookup';
import type { ServerState } from '../state/state';
import { invoiceAggregates } from '../state/usage-accumulators';

/** The next billing run of a subscription: when, and whether it is its termination. */
export interface NextRun {
  readonly at: Timestamp;
  readonly terminating: boolean;
}

/** What one run bills: a subscription (as the run sees it) and how the run reads it. */
export interface RunOf {
  readonly subscription: Subscription;
  /** The run's instant (the invoice's `created_at`). */
  readonly at: Timestamp;
  /** The run that starts the subscription (its pay-in-advance fees), at `started_at`. */
  readonly starting?: boolean;
  /** The plan of the subscription that follows this one (a plan change ends it). */
  readonly nextPlan?: Plan;
}

/** The subscription's customer (by id, else by external id). */
function customerOf(state: ServerState, subscription: Subscription): Customer | undefined {
  return (
    state.customers.find((c) => c.svc_id === subscription.svc_customer_id) ??
    state.customers.find((c) => c.external_id === subscription.external_customer_id)
  );
}

/** The subscription, its plan and its customer, or the 404 of the one missing. */
function parties(
  state: ServerState,
  subscription: Subscription,
): Either<ApiErrorResponse, { readonly customer: Customer; readonly plan: Plan }> {
  const customer = customerOf(state, subscription);
  if (customer === undefined) return left(notFound('customer'));
  const plan = planOf(state, subscription);
  if (plan === undefined) return left(notFound('plan'));
  return right({ customer, plan });
}

/**
 * The invoice of one run of `run.subscription`, as a draft: `previewInvoice` with the
 * subscription's stored events, the customer's and the organization's taxes and the
 * customer's invoices (for progressive-billing credits), at the last second of the period the
 * run closes (`run.at` less a second; the run itself for a starting run). Coupons, credit
 * notes and prepaid credits apply when the draft is finalized (invoicing.md §1).
 *
 * @example
 * runInvoice(state, { subscription, at: '2025-02-01T00:00:00Z' }, defaultOperations);
 * // right({ status: 'draft', created_at: '2025-02-01T00:00:00Z', fees: [...], ... })
 */
export function runInvoice(
  state: ServerState,
  run: RunOf,
  operations: Operations,
): Either<ApiErrorResponse, Invoice> {
  return preview(state, run, runInstant(run), operations);
}

/**
 * The invoice of one run without its usage (no stored event is read, so it costs what the
 * plan does, not what the events do): its customer, subscription, currency, dates and billing
 * periods, for an invoice built around other fees (a pay-in-advance fee's).
 *
 * @example
 * runSkeleton(state, { subscription, at: now, starting: true }, defaultOperations);
 * // right({ status: 'draft', billing_periods: [...], ... })
 */
export function runSkeleton(
  state: ServerState,
  run: RunOf,
  operations: Operations,
): Either<ApiErrorResponse, Invoice> {
  return preview(state, run, runInstant(run), operations, 'none');
}

/**
 * The invoice of the period that contains `at` as it stands at `at`: `previewInvoice` of the
 * subscription's stored events so far, with the period's earlier progressive-billing invoices
 * credited (invoicing.md §3.3). A progressive-billing invoice is made of its usage fees.
 * The events of the metrics that can be are given as the states of accumulators kept for the
 * subscription (`previewAggregations`, state/usage-accumulators.ts: the same invoice), so that
 * each invoice of a period costs the events stored since the last one, not every stored event.
 *
 * @example
 * periodSoFar(state, subscription, '2025-01-10T00:00:00Z', defaultOperations);
 * // right({ status: 'draft', billing_periods: [{ charges_from_datetime: '2025-01-01T00:00:00Z', ... }], fees: [...] })
 */
export function periodSoFar(
  state: ServerState,
  subscription: Subscription,
  at: Timestamp,
  operations: Operations,
): Either<ApiErrorResponse, Invoice> {
  return preview(state, { subscription, at }, at, operations, 'aggregated');
}

/** The instant a run is previewed at: the run itself when starting, else a second before. */
function runInstant(run: RunOf): string {
  return run.starting === true ? run.at : oneSecondBefore(run.at);
}

function oneSecondBefore(at: Timestamp): string {
  return new Date(epochMs(at) - 1000).toISOString();
}

/**
 * How a preview reads the subscription's usage: its stored events, its stored events given as
 * the states of kept accumulators where they can be (the same invoice), or none.
 */
type Usage = 'events' | 'aggregated' | 'none';

function preview(
  state: ServerState,
  run: RunOf,
  now: string,
  operations: Operations,
  usage: Usage = 'events',
): Either<ApiErrorResponse, Invoice> {
  const found = parties(state, run.subscription);
  if (isLeft(found)) return found;
  const { customer, plan } = found.right;
  const entry: PreviewSubscription = {
    subscription: run.subscription,
    plan,
    ...(run.starting === true ? { starting: true } : {}),
    ...(run.nextPlan === undefined
      ? {}
      : { nextPlan: { interval: run.nextPlan.interval, amount_cents: run.nextPlan.amount_cents } }),
  };
  const given =
    usage === 'aggregated'
      ? aggregatedEntry(state, customer, run.subscription, entry, now)
      : undefined;
  const taxes = operationTaxes(state, customer);
  const previewed = operations.previewInvoice({
    customer,
    subscriptions: [given?.entry ?? entry],
    billableMetrics: state.billable_metrics,
    events:
      given?.events ??
      (usage === 'none' ? [] : eventsOf(state, new Set([run.subscription.external_id]))),
    taxes: { billing_entity: taxes.billing_entity ?? null, customer: taxes.customer ?? null },
    progressiveBilling: {
      invoices: state.invoices.filter((i) => i.customer.svc_id === customer.svc_id),
      credit_notes: state.credit_notes.filter((n) => n.customer.svc_id === customer.svc_id),
    },
    now,
    status: 'draft',
  });
  return isLeft(previewed) ? previewed : right(previewed.right.invoice);
}

/** A stored event of a subscription: it names it. */
type Named = UsageEventRecord & { readonly external_subscription_id: string };

/**
 * `entry` with its usage as the states of the subscription's kept accumulators
 * (`invoiceAggregates`) and the events of the metrics that need theirs, as `previewAggregations`
 * describes the invoice at `now`; `undefined` when it cannot be described or an accumulator
 * cannot be made (the preview then reads every stored event, and answers the engine's error).
 */
function aggregatedEntry(
  state: ServerState,
  customer: Customer,
  subscription: Subscription,
  entry: PreviewSubscription,
  now: string,
): { readonly entry: PreviewSubscription; readonly events: readonly Named[] } | undefined {
  const described = previewAggregations({
    customer,
    subscriptions: [entry],
    billableMetrics: state.billable_metrics,
    now,
  });
  if (isLeft(described)) return undefined;
  const [only] = described.right;
  if (only === undefined || only.external_subscription_id !== subscription.external_id)
    return undefined;
  const events = eventLog(state.events).ofSubscription(subscription.external_id);
  const aggregated = invoiceAggregates(subscription, only.metrics, events);
  if (aggregated === undefined) return undefined;
  // The log holds under the subscription's id the events that name it only (as `eventsOf`).
  const named = aggregated.events as readonly Named[];
  return { entry: { ...entry, aggregates: aggregated.aggregates }, events: named };
}

/**
 * The next billing run of an active subscription after `position` (the engine's run of the
 * period that contains `position`, or its termination at `ending_at`): the `created_at` of
 * the invoice `previewInvoice` issues at `position`, without usage (usage moves no date).
 *
 * @example
 * nextRun(state, subscription, '2025-01-10T00:00:00Z', defaultOperations);
 * // right({ at: '2025-02-01T00:00:00Z', terminating: false })
 */
export function nextRun(
  state: ServerState,
  subscription: Subscription,
  position: Timestamp,
  operations: Operations,
): Either<ApiErrorResponse, NextRun> {
  const invoice = preview(state, { subscription, at: position }, position, operations, 'none');
  if (isLeft(invoice)) return invoice;
  const reasons = invoice.right.billing_periods.map((period) => period.invoicing_reason);
  return right({
    at: asTimestamp(new Date(epochMs(invoice.right.created_at)).toISOString()),
    terminating: reasons.includes('subscription_terminating'),
  });
}
