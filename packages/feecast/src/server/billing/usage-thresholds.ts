/**
 * Usage thresholds (issue 24, invoicing.md §3): after an event is stored, a subscription whose
 * plan (or its own copy of it) has `usage_thresholds` and whose progressive billing is not
 * disabled is checked with the engine's `passedUsageThresholds` on its lifetime usage:
 *
 * - current usage `C`: the engine's current usage of the period (before taxes) of the charges
 *   billed in arrears, from the period's accumulators (arrears-usage.ts), so that a check
 *   costs what the plan's charges cost, not what the stored events do;
 * - invoiced usage `I`: Σ over the subscription's finalized invoices, its progressive-billing
 *   invoices of the current period left out, of their in-arrears charge fees less their
 *   progressive-billing credit (the usage each billed once); no historical usage
 *   (billed-usage.ts, kept with the invoices list);
 *
 * (pay-in-advance charges are left out of both: they are invoiced as their events arrive, and
 * a progressive-billing invoice bills the in-arrears usage only).
 * - `P`: what progressive billing already billed in the period (`progressiveBilledAmount`).
 *
 * When thresholds pass, each is logged `subscription.usage_threshold_reached` and a
 * progressive-billing invoice is issued and finalized at once (`invoice.created`): the usage
 * fees of the period so far (`previewInvoice` at the event's instant, the period's earlier
 * progressive-billing invoices credited), with the thresholds it was issued for in
 * `applied_usage_thresholds`; the period-end invoice credits it (`previewInvoice` given the
 * customer's invoices). Everything is logged with `activity_source: "system"`.
 */
import { type LifetimeUsageAmounts, passedUsageThresholds } from '@feecast/engine/internal';
import type {
  AppliedUsageThreshold,
  Customer,
  Invoice,
  Plan,
  Subscription,
  Timestamp,
  UsageEventRecord,
  UsageThreshold,
  Uuid,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { apiErrorOf } from '../routes/engine-error';
import { issueAtOnce } from '../routes/finalize-draft';
import type { Operations } from '../routes/operations';
import { usageContext } from '../routes/usage-context';
import { StateDraft } from '../state/draft';
import { customerById } from '../state/indexes';
import { epochMs } from '../state/instant';
import { activeSubscriptionOf, planOf } from '../state/lookup';
import type { ServerState } from '../state/state';
import { subscriptionListView } from '../state/views';
import { arrearsAmounts } from './arrears-usage';
import { billedUsage, isUsageFee } from './billed-usage';
import { periodSoFar } from './period-invoice';
import { hasActiveWallet } from './wallet-ongoing';

/**
 * The usage thresholds checked for `subscription` on `plan` (its plan, or its own copy): none
 * when progressive billing is disabled for it.
 *
 * @example
 * thresholdsOf(subscription, planOf(state, subscription)); // [{ amount_cents: 10000, ... }]
 */
export function thresholdsOf(
  subscription: Subscription,
  plan: Plan | undefined,
): readonly UsageThreshold[] {
  if (subscription.progressive_billing_disabled === true) return [];
  return plan?.usage_thresholds ?? [];
}

/**
 * The active subscription with usage thresholds the event is billed to, and its thresholds,
 * when a charge of its plan billed in arrears prices the event's metric (an event of another
 * metric moves no lifetime usage: nothing is priced).
 */
function checkedSubscription(
  state: ServerState,
  event: UsageEventRecord,
): { readonly subscription: Subscription; readonly thresholds: readonly UsageThreshold[] } | null {
  const subscription = activeSubscriptionOf(state, event);
  if (subscription === undefined) return null;
  const plan = planOf(state, subscription);
  const thresholds = thresholdsOf(subscription, plan);
  if (thresholds.length === 0) return null;
  const priced = (plan?.charges ?? []).some(
    (c) => !c.pay_in_advance && c.billable_metric_code === event.code,
  );
  return priced ? { subscription, thresholds } : null;
}

/**
 * `invoice` with new ids (from `newId`) for itself, its fees and its credits, and every
 * reference to those ids inside it renamed: a preview's ids derive from its instant, and two
 * progressive-billing invoices may be issued at the same instant (a pinned clock).
 */
function withNewIds(invoice: Invoice, newId: () => Uuid): Invoice {
  const renamed = new Map<string, Uuid>();
  const rename = (id: Uuid): Uuid => {
    const fresh = newId();
    renamed.set(id, fresh);
    return fresh;
  };
  const invoiceId = rename(invoice.svc_id);
  const feeIds = invoice.fees.map((fee) => (fee.svc_id === null ? null : rename(fee.svc_id)));
  const creditIds = invoice.credits.map((credit) => rename(credit.svc_id));
  const ref = (id: Uuid | null): Uuid | null => (id === null ? null : (renamed.get(id) ?? id));
  return {
    ...invoice,
    svc_id: invoiceId,
    fees: invoice.fees.map((fee, i) => ({
      ...fee,
      svc_id: feeIds[i] ?? null,
      svc_invoice_id: invoiceId,
      svc_true_up_fee_id: ref(fee.svc_true_up_fee_id),
      svc_true_up_parent_fee_id: ref(fee.svc_true_up_parent_fee_id),
    })),
    credits: invoice.credits.map((credit, i) => ({
      ...credit,
      svc_id: creditIds[i] ?? credit.svc_id,
      invoice: { ...credit.invoice, svc_id: invoiceId },
    })),
  };
}

/**
 * The progressive-billing invoice of `passed`, as a draft: the usage fees of the period so far
 * (the period's earlier progressive-billing invoices credited), reason `progressive_billing`;
 * its totals are the settlement's.
 */
function progressiveInvoice(
  state: ServerState,
  subscription: Subscription,
  passed: readonly AppliedUsageThreshold[],
  draft: StateDraft,
  operations: Operations,
): Either<ApiErrorResponse, Invoice> {
  const period = periodSoFar(state, subscription, draft.now, operations);
  if (isLeft(period)) return period;
  const usage = period.right.fees.filter(isUsageFee);
  const kept = new Set(usage.map((fee) => fee.svc_id));
  const invoice: Invoice = {
    ...period.right,
    invoice_type: 'progressive_billing',
    status: 'draft',
    fees: usage.map((fee) =>
      fee.svc_true_up_fee_id !== null && !kept.has(fee.svc_true_up_fee_id)
        ? { ...fee, svc_true_up_fee_id: null }
        : fee,
    ),
    created_at: draft.now,
    updated_at: draft.now,
    billing_periods: period.right.billing_periods.map((entry) => ({
      ...entry,
      invoicing_reason: 'progressive_billing' as const,
    })),
    applied_usage_thresholds: [...passed],
  };
  return right(withNewIds(invoice, () => draft.newId()));
}

/** A subscription's last check: what it read, and the thresholds that passed. */
interface LastCheck {
  readonly thresholds: readonly UsageThreshold[];
  readonly usage: LifetimeUsageAmounts;
  readonly billed: number;
  readonly passed: ReturnType<typeof passedUsageThresholds>;
}

/** By subscription object (a changed subscription is another object). */
const lastChecks = new WeakMap<Subscription, LastCheck>();

/**
 * The engine's `passedUsageThresholds` of `thresholds` for this usage and `billed` (`P`): the
 * answer of the subscription's last check when it read the same thresholds (by identity) and
 * amounts (a pure function of them), so that an event that moves no amount (units still within
 * a free or a paid package...) asks the engine nothing.
 */
function passedThresholds(
  subscription: Subscription,
  thresholds: readonly UsageThreshold[],
  usage: LifetimeUsageAmounts,
  billed: number,
): ReturnType<typeof passedUsageThresholds> {
  const last = lastChecks.get(subscription);
  if (
    last !== undefined &&
    last.thresholds === thresholds &&
    last.billed === billed &&
    last.usage.historical_usage_amount_cents === usage.historical_usage_amount_cents &&
    last.usage.invoiced_usage_amount_cents === usage.invoiced_usage_amount_cents &&
    last.usage.current_usage_amount_cents === usage.current_usage_amount_cents
  ) {
    return last.passed;
  }
  const passed = passedUsageThresholds({
    thresholds,
    lifetime_usage: usage,
    progressive_billed_amount_cents: billed,
  });
  lastChecks.set(subscription, { thresholds, usage, billed, passed });
  return passed;
}

/** The subscription's lifetime usage at `now`, and the charges period it is in. */
function lifetimeUsage(
  state: ServerState,
  customer: Customer,
  subscription: Subscription,
  now: Timestamp,
): Either<ApiErrorResponse, { readonly usage: LifetimeUsageAmounts; readonly billed: number }> {
  const context = usageContext(state, customer, subscription, now);
  if (isLeft(context)) return context;
  // The usage of the charges billed in arrears, from the period's accumulators (a charge's
  // `amount_cents` is before taxes); with its taxes when the customer's wallets will read it
  // after this check (events.ts), so that both share one reading.
  const wallets = hasActiveWallet(state, customer.svc_id);
  const current = arrearsAmounts(state, subscription, context.right, wallets);
  if (isLeft(current)) return current;
  let currentCents = 0;
  for (const charge of current.right.charges) currentCents += charge.amount_cents;
  const from = current.right.from_datetime;
  const billed = billedUsage(state, customer, subscription, from, epochMs(now));
  if (isLeft(billed)) return billed;
  return right({
    usage: {
      historical_usage_amount_cents: 0,
      invoiced_usage_amount_cents: billed.right.invoiced,
      current_usage_amount_cents: currentCents,
    },
    billed: billed.right.progressive,
  });
}

/**
 * `state` (`event` just stored in it at `now`) with the progressive-billing
 * invoice of the usage thresholds the subscription's usage passes, each threshold logged
 * `subscription.usage_threshold_reached`; the same state when none passes (or the subscription
 * has no thresholds: nothing is priced then).
 *
 *
 * The check never refuses the event (the reference checks thresholds after the event is
 * stored, apart from it): when the engine cannot answer (a subscription not active at `now`,
 * thresholds it refuses, an invoice it cannot settle), the state is the same, the event kept.
 *
 * @example
 * // thresholds of 100.00; 120.00 of usage so far, nothing billed progressively yet:
 * usageThresholds(state, storedEvent, now, defaultOperations);
 * // state with an invoice { invoice_type: 'progressive_billing', fees_amount_cents: 12000, ... }
 */
export function usageThresholds(
  state: ServerState,
  event: UsageEventRecord,
  now: Timestamp,
  operations: Operations,
): ServerState {
  const checked = thresholdsPassed(state, event, now, operations);
  return isLeft(checked) ? state : checked.right;
}

/** {@link usageThresholds}, with the engine's refusal as a `Left`. */
function thresholdsPassed(
  state: ServerState,
  event: UsageEventRecord,
  now: Timestamp,
  operations: Operations,
): Either<ApiErrorResponse, ServerState> {
  const checked = checkedSubscription(state, event);
  if (checked === null) return right(state);
  const { subscription, thresholds } = checked;
  const customer = customerById(state.customers, subscription.svc_customer_id);
  if (customer === undefined) return right(state);
  const lifetime = lifetimeUsage(state, customer, subscription, now);
  if (isLeft(lifetime)) return lifetime;
  const { usage, billed } = lifetime.right;
  const passed = passedThresholds(subscription, thresholds, usage, billed);
  if (isLeft(passed)) return left(apiErrorOf(passed.left));
  if (passed.right.length === 0) return right(state);

  const total =
    usage.historical_usage_amount_cents +
    usage.invoiced_usage_amount_cents +
    usage.current_usage_amount_cents;
  const applied: AppliedUsageThreshold[] = passed.right.map((threshold) => ({
    lifetime_usage_amount_cents: total as AppliedUsageThreshold['lifetime_usage_amount_cents'],
    created_at: now,
    usage_threshold: threshold,
  }));
  const draft = new StateDraft(state, now, 'system');
  for (const threshold of passed.right) {
    draft.log({
      type: 'subscription.usage_threshold_reached',
      resourceType: 'Subscription',
      resourceId: subscription.svc_id,
      before: null,
      after: { ...subscriptionListView(subscription), usage_threshold: threshold },
      externalCustomerId: customer.external_id,
      externalSubscriptionId: subscription.external_id,
    });
  }
  const invoice = progressiveInvoice(state, subscription, applied, draft, operations);
  if (isLeft(invoice)) return invoice;
  const finalized = issueAtOnce(state, invoice.right, draft, operations);
  return isLeft(finalized) ? finalized : right(finalized.right.state);
}
