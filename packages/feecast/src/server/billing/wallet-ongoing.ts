/**
 * Wallets' ongoing balances (issue 24, invoicing.md §6.6): a wallet's `ongoing_usage_balance_cents`
 * is the customer's usage not invoiced yet that it covers, its `ongoing_balance_cents` its balance
 * less that usage (and both in credits). They are refreshed for a customer when one of its
 * events is stored and after the clock's work touches it; the allocation over the customer's
 * wallets is the engine's (`allocateOngoingUsage`), the usage its current usage (the answer
 * `GET /customers/{id}/current_usage` gives, kept per subscription: no stored event is priced
 * again).
 *
 * The usage counted, per (fee type, billable metric), as the reference counts it: each active
 * subscription's current usage with its taxes, less its pay-in-advance charges (already
 * invoiced event by event) and less the usage fees of its current period's progressive-billing
 * invoices (net of coupons, with taxes), plus the fees of the customer's draft invoices with
 * their taxes.
 * The usage answer gives taxes per subscription, not per charge: a charge's share is the
 * subscription's taxes in proportion to its amount (exact when the charges share one tax rate).
 *
 * A wallet is depleted when a change (an event, a wallet transaction, the clock's work at one
 * instant) takes its ongoing balance from above 0 before the change to 0 or below after it, the
 * refresh included: one `wallet.depleted_ongoing_balance` activity (source `system`, hence a
 * webhook). The reference keeps a flag set by its refresh; here every change that moves a
 * balance leaves the ongoing balance up to date (an event or the clock's work refreshes it, a
 * wallet transaction moves the balance under the same usage), so the ongoing balance before a
 * change is what the flag follows, and the rule is the same: depleted again only after a change
 * left it above 0 (a top-up) and another took it to 0 or below.
 */
import { add, decimalFromCount, divide, formatDecimal, multiply } from '@feecast/engine';
import { allocateOngoingUsage, type OngoingUsageLine, sameData } from '@feecast/engine/internal';
import type { Customer, Subscription, Timestamp, Wallet } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { apiErrorOf } from '../routes/engine-error';
import { usageContext } from '../routes/usage-context';
import { StateDraft } from '../state/draft';
import { customerById } from '../state/indexes';
import { epochMs } from '../state/instant';
import type { ServerState } from '../state/state';
import { storedWallet } from '../state/stored-wallet';
import { arrearsAmounts } from './arrears-usage';
import { isUsageFee, ofPeriod } from './billed-usage';
import { invoiceFigure } from './invoice-figures';

/** A customer whose wallets' ongoing balances could not be refreshed, and why. */
export interface OngoingProblem {
  readonly customer_id: string;
  readonly error: ApiErrorResponse;
}

/** The customers (`svc_id`) with an active wallet, for each `wallets` list seen. */
const holders = new WeakMap<readonly Wallet[], ReadonlySet<string>>();

/**
 * Whether the customer `customerId` (`svc_id`) has an active wallet: a look-up, the set made
 * once per list of wallets (an event does not change the list).
 *
 * @example
 * hasActiveWallet(state, customer.svc_id); // true
 */
export function hasActiveWallet(state: ServerState, customerId: string): boolean {
  let known = holders.get(state.wallets);
  if (known === undefined) {
    const ids = new Set<string>();
    for (const wallet of state.wallets) {
      if (wallet.status === 'active') ids.add(wallet.svc_customer_id);
    }
    known = ids;
    holders.set(state.wallets, known);
  }
  return known.has(customerId);
}

/** The usage lines of one active subscription: its current usage, without pay-in-advance charges. */
function subscriptionLines(
  state: ServerState,
  customer: Customer,
  subscription: Subscription,
  now: Timestamp,
  lines: OngoingUsageLine[],
): ApiErrorResponse | undefined {
  const usage = usageContext(state, customer, subscription, now);
  if (isLeft(usage)) return usage.left;
  const body = arrearsAmounts(state, subscription, usage.right);
  if (isLeft(body)) return body.left;
  for (const line of progressiveLines(state, subscription, epochMs(body.right.from_datetime))) {
    lines.push(line);
  }
  const { taxes_amount_cents: taxesCents, amount_cents: amountCents } = body.right;
  const taxes = decimalFromCount(taxesCents);
  const total = decimalFromCount(amountCents);
  for (const charge of body.right.charges) {
    const amount = decimalFromCount(charge.amount_cents);
    let withTaxes = formatDecimal(amount);
    if (taxesCents !== 0 && amountCents !== 0) {
      const share = divide(multiply(taxes, amount), total);
      if (isLeft(share)) return apiErrorOf(share.left);
      withTaxes = formatDecimal(add(share.right, amount));
    }
    lines.push({
      fee_type: 'charge',
      billable_metric_code: charge.billable_metric_code,
      currency: charge.amount_currency,
      amount_cents: withTaxes,
    });
  }
  return undefined;
}

/**
 * Less the usage fees of the progressive-billing invoices of the subscription's current period
 * (starting at `fromMs`), each net of its coupons, taxes included (§6.6): the current usage
 * still holds what they billed, and the wallets paid them when they were finalized. Kept with
 * the invoices list (invoice-figures.ts).
 */
function progressiveLines(
  state: ServerState,
  subscription: Subscription,
  fromMs: number,
): readonly OngoingUsageLine[] {
  return invoiceFigure(state.invoices, `progressive-lines:${subscription.svc_id}:${fromMs}`, () => {
    const lines: OngoingUsageLine[] = [];
    for (const invoice of state.invoices) {
      if (invoice.invoice_type !== 'progressive_billing' || invoice.status !== 'finalized') {
        continue;
      }
      if (!ofPeriod(invoice, subscription.svc_id, fromMs)) continue;
      for (const fee of invoice.fees) {
        if (!isUsageFee(fee) || fee.svc_subscription_id !== subscription.svc_id) continue;
        lines.push({
          fee_type: fee.item.type,
          billable_metric_code: fee.item.code,
          currency: fee.amount_currency,
          // The fee less its coupons (its amount when the invoice has no sub-total per fee).
          amount_cents: -(
            (fee.sub_total_excluding_taxes_amount_cents ?? fee.amount_cents) +
            fee.taxes_amount_cents
          ),
        });
      }
    }
    return lines;
  });
}

/** The fees of the customer's draft invoices with their taxes (§6.6), kept with the invoices list. */
function draftLines(state: ServerState, customer: Customer): readonly OngoingUsageLine[] {
  return invoiceFigure(state.invoices, `draft-lines:${customer.svc_id}`, () => {
    const lines: OngoingUsageLine[] = [];
    for (const invoice of state.invoices) {
      if (invoice.status !== 'draft' || invoice.customer.svc_id !== customer.svc_id) continue;
      for (const fee of invoice.fees) {
        lines.push({
          fee_type: fee.item.type,
          billable_metric_code: fee.item.type === 'charge' ? fee.item.code : null,
          currency: fee.amount_currency,
          amount_cents: fee.amount_cents + fee.taxes_amount_cents,
        });
      }
    }
    return lines;
  });
}

/** The customer's usage not invoiced yet, per fee (§6.6). */
function usageLines(
  state: ServerState,
  customer: Customer,
  now: Timestamp,
): Either<ApiErrorResponse, OngoingUsageLine[]> {
  const lines: OngoingUsageLine[] = [];
  for (const subscription of state.subscriptions) {
    if (subscription.status !== 'active') continue;
    if (subscription.external_customer_id !== customer.external_id) continue;
    const problem = subscriptionLines(state, customer, subscription, now, lines);
    if (problem !== undefined) return left(problem);
  }
  for (const line of draftLines(state, customer)) lines.push(line);
  return right(lines);
}

/** The ongoing balance of each wallet of `wallets`, by `svc_id`. */
function ongoingBefore(wallets: readonly Wallet[]): ReadonlyMap<string, number> {
  const known = new Map<string, number>();
  for (const wallet of wallets) known.set(wallet.svc_id, wallet.ongoing_balance_cents);
  return known;
}

/**
 * `state` with the ongoing balances of `customer`'s wallets refreshed, each wallet whose
 * balance was above 0 in `before` (by `svc_id`; the refreshed wallet's own when absent) and is
 * 0 or below now logged as depleted.
 */
function refreshCustomer(
  state: ServerState,
  customer: Customer,
  now: Timestamp,
  before: ReadonlyMap<string, number>,
): Either<ApiErrorResponse, ServerState> {
  const lines = usageLines(state, customer, now);
  if (isLeft(lines)) return lines;
  const wallets = state.wallets.filter((w) => w.svc_customer_id === customer.svc_id);
  const allocated = allocateOngoingUsage({ wallets, usage: lines.right });
  if (isLeft(allocated)) return left(apiErrorOf(allocated.left));
  const changed = new Map<Wallet, Wallet>();
  for (const [i, stored] of wallets.entries()) {
    const computed = allocated.right[i];
    if (computed === undefined) continue;
    const refreshed = storedWallet(computed);
    if (!sameData(stored, refreshed))
      changed.set(stored, { ...refreshed, last_balance_sync_at: now });
  }
  return right(withDepletions(state, wallets, changed, before, now));
}

/**
 * `state` with `changed` (stored wallet -> its new version) replacing its wallets, and a
 * `wallet.depleted_ongoing_balance` logged for each of `wallets` (as changed) that is active, 0
 * or below now, and was above 0 in `before` (by `svc_id`).
 */
function withDepletions(
  state: ServerState,
  wallets: readonly Wallet[],
  changed: ReadonlyMap<Wallet, Wallet>,
  before: ReadonlyMap<string, number>,
  now: Timestamp,
): ServerState {
  const draft = new StateDraft(state, now, 'system');
  let depleted = false;
  for (const stored of wallets) {
    const after = changed.get(stored) ?? stored;
    const was = before.get(stored.svc_id) ?? stored.ongoing_balance_cents;
    if (stored.status !== 'active' || was <= 0 || after.ongoing_balance_cents > 0) continue;
    depleted = true;
    draft.log({
      type: 'wallet.depleted_ongoing_balance',
      resourceType: 'Wallet',
      resourceId: after.svc_id,
      before: stored,
      after,
      externalCustomerId: after.external_customer_id,
    });
  }
  if (changed.size === 0 && !depleted) return state;
  return draft.commit({ wallets: state.wallets.map((w) => changed.get(w) ?? w) });
}

/**
 * `state`, after a change of `previous` that moved the balances of `customerId`'s wallets but
 * not its usage (a wallet transaction: the engine keeps each wallet's ongoing usage), with each
 * wallet it depleted logged (`wallet.depleted_ongoing_balance`: a void can).
 *
 * @example
 * // 0.50 ongoing, 1 credit voided:
 * depletedWallets(state, previous, customer.svc_id, now).activity_logs; // [..., wallet.depleted_ongoing_balance]
 */
export function depletedWallets(
  state: ServerState,
  previous: ServerState,
  customerId: string,
  now: Timestamp,
): ServerState {
  const wallets = state.wallets.filter((w) => w.svc_customer_id === customerId);
  return withDepletions(state, wallets, new Map(), ongoingBefore(previous.wallets), now);
}

/**
 * `state` (after a change of `previous`) with the ongoing balances of the wallets of the
 * customers `customerIds` (`svc_id`s) that have an active wallet refreshed at `now`, each wallet
 * above 0 in `previous` and at 0 or below now logged as depleted
 * (`wallet.depleted_ongoing_balance`); a customer whose usage the engine refuses keeps its
 * balances and is listed in `problems`.
 *
 * @example
 * // 100 credits at 1.00, 150 events of 0.50 so far:
 * refreshOngoingBalances(state, [customer.svc_id], now, previous).state.wallets[0];
 * // { ..., ongoing_balance_cents: 2500, ongoing_usage_balance_cents: 7500, credits_ongoing_balance: '25.0' }
 */
export function refreshOngoingBalances(
  state: ServerState,
  customerIds: Iterable<string>,
  now: Timestamp,
  previous: ServerState,
): { readonly state: ServerState; readonly problems: readonly OngoingProblem[] } {
  const before = ongoingBefore(previous.wallets);
  const ids = new Set(customerIds);
  let current = state;
  const problems: OngoingProblem[] = [];
  for (const id of ids) {
    if (!hasActiveWallet(current, id)) continue;
    const customer = customerById(current.customers, id);
    if (customer === undefined) continue;
    const next = refreshCustomer(current, customer, now, before);
    if (isLeft(next)) problems.push({ customer_id: id, error: next.left });
    else current = next.right;
  }
  return { state: current, problems };
}
