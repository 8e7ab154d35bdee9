/**
 * Wallets' recurring top-ups as the clock moves (issue 24 §2, invoicing.md §6.4): a rule
 * triggered by `interval` fires on its anniversaries (a local day of the customer's zone), one
 * triggered by `threshold` when the wallet's ongoing balance is at or below its threshold. When
 * and how much are the engine's (`recurringTopUp`); the transactions are created as
 * `POST /wallet_transactions` creates them (`wallet_transaction.created`, `wallet.updated`),
 * with the rule's trigger as their `source`.
 */
import { recurringTopUp } from '@feecast/engine/internal';
import type { Customer, RecurringTransactionRule, Timestamp, Wallet } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { addWalletTransactions } from '../routes/wallet-transactions';
import { addDays, localDate, startOfLocalDay } from '../state/calendar';
import { StateDraft } from '../state/draft';
import type { ServerState } from '../state/state';
import { refreshOngoingBalances } from './wallet-ongoing';

/** How many local days ahead an interval rule's next anniversary is looked for. */
const LOOK_AHEAD_DAYS = 400;

/** The customer's applicable time zone (UTC when it has none). */
function zoneOf(state: ServerState, wallet: Wallet): string {
  const customer: Customer | undefined = state.customers.find(
    (c) => c.svc_id === wallet.svc_customer_id,
  );
  return customer?.applicable_timezone ?? 'UTC';
}

function activeRules(
  wallet: Wallet,
  trigger: 'interval' | 'threshold',
): RecurringTransactionRule[] {
  if (wallet.status !== 'active') return [];
  return (wallet.recurring_transaction_rules ?? []).filter(
    (rule) => rule.status === 'active' && rule.trigger === trigger,
  );
}

/** Whether `rule` of `wallet` fires at `now`, as the engine says (an error counts as no). */
function fires(
  state: ServerState,
  wallet: Wallet,
  rule: RecurringTransactionRule,
  now: string,
): boolean {
  const topUp = recurringTopUp({
    wallet,
    rule,
    now,
    timezone: zoneOf(state, wallet),
    transactions: state.wallet_transactions.filter((t) => t.svc_wallet_id === wallet.svc_id),
  });
  return !isLeft(topUp) && topUp.right !== null;
}

/** A wallet whose interval rule fires next, and when (epoch ms). */
export interface DueTopUp {
  readonly at: number;
  readonly wallet: Wallet;
}

/**
 * The next start of a local day after `position` (epoch ms) at which an interval rule of an
 * active wallet fires, for each wallet that has one within {@link LOOK_AHEAD_DAYS} days.
 *
 * @example
 * intervalTopUpsAfter(state, Date.parse('2025-03-20T12:00:00Z'));
 * // [{ at: Date.parse('2025-04-01T07:00:00Z'), wallet }] (a monthly rule, America/Los_Angeles)
 */
export function intervalTopUpsAfter(state: ServerState, position: number): DueTopUp[] {
  const due: DueTopUp[] = [];
  for (const wallet of state.wallets) {
    const rules = activeRules(wallet, 'interval');
    if (rules.length === 0) continue;
    const zone = zoneOf(state, wallet);
    let day = localDate(new Date(position).toISOString(), zone);
    for (let i = 0; i < LOOK_AHEAD_DAYS; i++) {
      day = addDays(day, 1);
      const at = startOfLocalDay(day, zone);
      if (at <= position) continue;
      const instant = new Date(at).toISOString();
      if (rules.some((rule) => fires(state, wallet, rule, instant))) {
        due.push({ at, wallet });
        break;
      }
    }
  }
  return due;
}

/**
 * `state` with the top-ups the `trigger` rules of `wallet` create at `now`, each logged with
 * source `system`; the same state when none fires.
 *
 * @example
 * topUp(state, wallet, 'interval', '2025-04-01T07:00:00.000Z');
 * // right(state with a wallet_transaction.created log)
 */
export function topUp(
  state: ServerState,
  wallet: Wallet,
  trigger: 'interval' | 'threshold',
  now: Timestamp,
): Either<ApiErrorResponse, ServerState> {
  let current = state;
  for (const rule of activeRules(wallet, trigger)) {
    const stored = current.wallets.find((w) => w.svc_id === wallet.svc_id);
    if (stored === undefined) return right(current);
    const computed = recurringTopUp({
      wallet: stored,
      rule,
      now,
      timezone: zoneOf(current, stored),
      transactions: current.wallet_transactions.filter((t) => t.svc_wallet_id === stored.svc_id),
    });
    if (isLeft(computed)) return right(current);
    if (computed.right === null) continue;
    const draft = new StateDraft(current, now, 'system');
    const added = addWalletTransactions(
      current,
      stored,
      computed.right.wallet_transaction,
      computed.right.source,
      draft,
    );
    if (isLeft(added)) return added;
    current = added.right.state;
  }
  return right(current);
}

/**
 * `state` with the threshold top-ups of every active wallet (of the customers `customerIds`,
 * `svc_id`s, when given) whose ongoing balance is at or below a rule's threshold at `now`.
 *
 * @example
 * thresholdTopUps(state, now); // right(state) with any threshold top-up created
 */
export function thresholdTopUps(
  state: ServerState,
  now: Timestamp,
  customerIds?: ReadonlySet<string>,
): Either<ApiErrorResponse, ServerState> {
  let current = state;
  for (const wallet of state.wallets) {
    if (customerIds !== undefined && !customerIds.has(wallet.svc_customer_id)) continue;
    if (activeRules(wallet, 'threshold').length === 0) continue;
    const next = topUp(current, wallet, 'threshold', now);
    if (isLeft(next)) return next;
    current = next.right;
  }
  return right(current);
}

/**
 * `state`, after a change of `previous` that moved `customerId`'s usage or wallets at `now`
 * (an event stored, a wallet transaction): its wallets' ongoing balances refreshed, then their
 * threshold rules checked, as the reference does on an ongoing-balance change (invoicing.md
 * §6.4). What the engine refuses leaves the state as it was at that step.
 *
 * @example
 * walletsAfterUsage(state, customer.svc_id, now, previous); // wallets refreshed
 */
export function walletsAfterUsage(
  state: ServerState,
  customerId: string,
  now: Timestamp,
  previous: ServerState,
): ServerState {
  const refreshed = refreshOngoingBalances(state, [customerId], now, previous).state;
  const topped = thresholdTopUps(refreshed, now, new Set([customerId]));
  return isLeft(topped) ? refreshed : topped.right;
}
