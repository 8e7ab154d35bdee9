/**
 * Moving the clock: everything that became due between its position and the new instant
 * runs, in time order (due-work.ts), each change logged with `activity_source: "system"` at
 * the instant it was due:
 *
 * - a pending subscription starts at its `subscription_at` (`subscription.started`); another
 *   active subscription under the same `external_id` (a plan change) is terminated first,
 *   with its termination invoice; a starting run with pay-in-advance fees issues its invoice;
 * - an active subscription's billing run (a period end, or its termination at `ending_at`)
 *   issues the run's invoice as a draft (`invoice.drafted`), finalized at once when the grace
 *   period is 0 (`invoice.created`, with the coupons, credit notes and wallets it consumed),
 *   and a termination ends the subscription (`subscription.terminated`);
 * - a draft whose grace period ends is finalized;
 * - a wallet whose `expiration_at` comes is terminated (`wallet.terminated`);
 * - a wallet's interval rule tops it up on its anniversaries; after each instant's work, the
 *   ongoing balances of the wallets of the customers it touched are refreshed
 *   (`wallet.depleted_ongoing_balance` when one runs out), then (and at the end of the move) a
 *   threshold rule tops up a wallet whose ongoing balance is at or below its threshold.
 *
 * The invoices' figures are the engine's (`previewInvoice` for the period, then the finalize
 * route's settlement); the run never prices anything itself.
 */
import type { Invoice, Plan, Subscription, Timestamp } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { finalizeDraft } from '../routes/finalize-draft';
import type { Operations } from '../routes/operations';
import { subscriptionEntry } from '../routes/subscriptions';
import { asTimestamp } from '../state/brands';
import { appendItem } from '../state/chunked-list';
import { StateDraft } from '../state/draft';
import { planOf } from '../state/lookup';
import { replaceItem } from '../state/replace-item';
import type { ServerState } from '../state/state';
import { type DueItem, type DueProblem, nextDue } from './due-work';
import { graceDays } from './grace-period';
import { runInvoice } from './period-invoice';
import { expireWallet } from './wallet-expiration';
import { refreshOngoingBalances } from './wallet-ongoing';
import { thresholdTopUps, topUp } from './wallet-top-ups';

/** What a move of the clock did. */
export interface ClockMove {
  /** The state after the move, its `clock` at the new instant. */
  readonly state: ServerState;
  /** What the engine refused on the way (that work is skipped, the clock moves on). */
  readonly problems: readonly DueProblem[];
}

type Step = Either<ApiErrorResponse, ServerState>;

/** The draft `invoice` stored and logged; finalized at once when the grace period is 0. */
function issue(state: ServerState, invoice: Invoice, now: Timestamp, operations: Operations): Step {
  const draft = new StateDraft(state, now, 'system');
  draft.log({
    type: 'invoice.drafted',
    resourceType: 'Invoice',
    resourceId: invoice.svc_id,
    before: null,
    after: invoice,
    externalCustomerId: invoice.customer.external_id,
  });
  const drafted = draft.commit({ invoices: appendItem(state.invoices, invoice) });
  const customer = drafted.customers.find((c) => c.svc_id === invoice.customer.svc_id);
  if (graceDays(drafted, customer) > 0) return right(drafted);
  return finalizeStored(drafted, invoice, now, operations);
}

function finalizeStored(
  state: ServerState,
  invoice: Invoice,
  now: Timestamp,
  operations: Operations,
): Step {
  const finalized = finalizeDraft(state, invoice, new StateDraft(state, now, 'system'), operations);
  return isLeft(finalized) ? finalized : right(finalized.right.state);
}

/** `subscription` replaced by `next` in the state, with the change logged as `type`. */
function changeSubscription(
  state: ServerState,
  subscription: Subscription,
  next: Subscription,
  type: 'subscription.started' | 'subscription.terminated',
  now: Timestamp,
): ServerState {
  const draft = new StateDraft(state, now, 'system');
  draft.log(subscriptionEntry(type, subscription, next));
  return draft.commit({ subscriptions: replaceItem(state.subscriptions, subscription, next) });
}

/**
 * The run of `subscription` at `now`: its invoice (unless a termination with
 * `on_termination_invoice: skip`), then, on a termination, the subscription terminated.
 */
function billRun(
  state: ServerState,
  subscription: Subscription,
  terminating: boolean,
  now: Timestamp,
  operations: Operations,
  nextPlan?: Plan,
): Step {
  const billed: Subscription = terminating
    ? { ...subscription, status: 'terminated', terminated_at: now }
    : subscription;
  let current = state;
  if (!terminating || subscription.on_termination_invoice !== 'skip') {
    const invoice = runInvoice(
      state,
      { subscription: billed, at: now, ...(nextPlan === undefined ? {} : { nextPlan }) },
      operations,
    );
    if (isLeft(invoice)) return invoice;
    const issued = issue(state, invoice.right, now, operations);
    if (isLeft(issued)) return issued;
    current = issued.right;
  }
  if (!terminating) return right(current);
  return right(changeSubscription(current, subscription, billed, 'subscription.terminated', now));
}

/** A pending subscription started at `now` (ending a plan change's old subscription first). */
function start(
  state: ServerState,
  subscription: Subscription,
  now: Timestamp,
  operations: Operations,
): Step {
  let current = state;
  const plan = planOf(state, subscription);
  const previous = state.subscriptions.find(
    (s) => s.external_id === subscription.external_id && s.status === 'active',
  );
  if (previous !== undefined) {
    const ended = billRun(current, previous, true, now, operations, plan);
    if (isLeft(ended)) return ended;
    current = ended.right;
  }
  const started: Subscription = { ...subscription, status: 'active', started_at: now };
  current = changeSubscription(current, subscription, started, 'subscription.started', now);
  const invoice = runInvoice(
    current,
    { subscription: started, at: now, starting: true },
    operations,
  );
  if (isLeft(invoice)) return invoice;
  // Nothing paid in advance: the start issues no invoice.
  if (invoice.right.fees.length === 0) return right(current);
  return issue(current, invoice.right, now, operations);
}

/** One item of a batch at `now`, on the state as the items before it left it. */
function runItem(state: ServerState, item: DueItem, now: Timestamp, operations: Operations): Step {
  if (item.kind === 'top_up' || item.kind === 'expire') {
    const wallet = state.wallets.find((w) => w.svc_id === item.wallet.svc_id);
    if (wallet === undefined) return right(state);
    if (item.kind === 'expire') return right(expireWallet(state, wallet, now));
    return topUp(state, wallet, 'interval', now);
  }
  if (item.kind === 'finalize') {
    const invoice = state.invoices.find((i) => i.svc_id === item.invoice.svc_id);
    if (invoice === undefined || invoice.status !== 'draft') return right(state);
    return finalizeStored(state, invoice, now, operations);
  }
  const subscription = state.subscriptions.find((s) => s.svc_id === item.subscription.svc_id);
  if (subscription === undefined || subscription.status !== item.subscription.status) {
    return right(state); // a plan change earlier in the batch ended it
  }
  if (item.kind === 'start') return start(state, subscription, now, operations);
  return billRun(state, subscription, item.terminating, now, operations);
}

/** The customer (`svc_id`) whose usage or wallets `item` changes. */
function customerOf(item: DueItem): string {
  if (item.kind === 'finalize') return item.invoice.customer.svc_id;
  if (item.kind === 'top_up' || item.kind === 'expire') return item.wallet.svc_customer_id;
  return item.subscription.svc_customer_id;
}

/**
 * `state` with the ongoing balances of the wallets of `customers` refreshed at `now`, a wallet
 * depleted since `previous` (the state before the instant's work) logged.
 */
function withOngoingBalances(
  state: ServerState,
  previous: ServerState,
  customers: ReadonlySet<string>,
  now: Timestamp,
  problems: Map<string, DueProblem>,
): ServerState {
  const refreshed = refreshOngoingBalances(state, customers, now, previous);
  for (const { customer_id, error } of refreshed.problems) {
    problems.set(`ongoing:${customer_id}`, {
      resource_type: 'Customer',
      resource_id: customer_id,
      error,
    });
  }
  return refreshed.state;
}

function problemOf(item: DueItem, error: ApiErrorResponse): DueProblem {
  if (item.kind === 'finalize') {
    return { resource_type: 'Invoice', resource_id: item.invoice.svc_id, error };
  }
  if (item.kind === 'top_up' || item.kind === 'expire') {
    return { resource_type: 'Wallet', resource_id: item.wallet.svc_id, error };
  }
  return { resource_type: 'Subscription', resource_id: item.subscription.svc_id, error };
}

/** `state` with the wallets' threshold top-ups at `now` (a refusal is listed in `problems`). */
function withThresholdTopUps(
  state: ServerState,
  now: Timestamp,
  problems: Map<string, DueProblem>,
): ServerState {
  const topped = thresholdTopUps(state, now);
  if (!isLeft(topped)) return topped.right;
  problems.set('threshold', {
    resource_type: 'Wallet',
    resource_id: 'threshold',
    error: topped.left,
  });
  return state;
}

/**
 * `state` with everything due after its clock's position up to `to` run, in time order, and
 * its clock at `to` (pinned as `pinned` says). A state without a clock starts at `to`:
 * nothing before it runs.
 *
 * @example
 * runDue(state, '2025-02-01T00:00:00.000Z', true, defaultOperations).state.invoices;
 * // [..., { status: 'finalized', created_at: '2025-02-01T00:00:00Z', ... }]
 */
export function runDue(
  state: ServerState,
  to: Timestamp,
  pinned: boolean,
  operations: Operations,
): ClockMove {
  const target = Date.parse(to);
  let current = state;
  let position = state.clock === undefined ? target : Date.parse(state.clock.now);
  const problems = new Map<string, DueProblem>();
  for (;;) {
    const due = nextDue(current, position, operations);
    for (const problem of due.problems) problems.set(problem.resource_id, problem);
    const batch = due.batch;
    if (batch === undefined || batch.at > target) break;
    const now = asTimestamp(new Date(batch.at).toISOString());
    const customers = new Set<string>();
    const previous = current;
    for (const item of batch.items) {
      customers.add(customerOf(item));
      const next = runItem(current, item, now, operations);
      if (isLeft(next)) {
        problems.set(
          `${item.kind}:${problemOf(item, next.left).resource_id}`,
          problemOf(item, next.left),
        );
      } else {
        current = next.right;
      }
    }
    current = withOngoingBalances(current, previous, customers, now, problems);
    current = withThresholdTopUps(current, now, problems);
    position = batch.at;
  }
  current = withThresholdTopUps(current, to, problems);
  const clock = { now: to, pinned };
  const moved =
    state.clock?.now === clock.now && state.clock.pinned === pinned && current === state
      ? state
      : { ...current, clock };
  return { state: moved, problems: [...problems.values()] };
}
