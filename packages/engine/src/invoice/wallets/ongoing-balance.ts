import type { Wallet } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  compare,
  type Decimal,
  type FeecastError,
  max,
  min,
  parseDecimal,
  readCents,
  sign,
  subtract,
  sum,
  ZERO,
} from '../../core/index';
import { walletAppliesTo } from './applies-to';
import {
  compareWalletStates,
  ongoingFields,
  readWalletState,
  type WalletState,
} from './wallet-state';

/** The input of {@link ongoingBalance}. */
export interface OngoingBalanceInput {
  readonly wallet: Wallet;
  /**
   * The usage counted against the wallet and not invoiced yet, in minor units (taxes
   * included): an integer, or a decimal string (rounded to a whole minor unit).
   */
  readonly usage_amount_cents: number | string;
}

/**
 * A wallet's ongoing balance (invoicing.md §6.6): `ongoing_balance_cents = balance_cents −
 * usage`, `ongoing_usage_balance_cents = usage`, and both in credits (`cents ÷ subunit ÷
 * rate_amount`, 5 decimals). Returns the wallet with those four fields updated.
 *
 * @example
 * ongoingBalance({ wallet: { ...wallet, balance_cents: 1000, rate_amount: '1' }, usage_amount_cents: 200 })
 * // right({ ...wallet, ongoing_balance_cents: 800, ongoing_usage_balance_cents: 200,
 * //         credits_ongoing_balance: '8', credits_ongoing_usage_balance: '2' })
 */
export function ongoingBalance(input: OngoingBalanceInput): Either<FeecastError, Wallet> {
  const state = readWalletState(input.wallet, 0, ['wallet']);
  if (isLeft(state)) return state;
  const usage = readUsage(input.usage_amount_cents, ['usage_amount_cents']);
  if (isLeft(usage)) return usage;
  const fields = ongoingFields(state.right.balance, usage.right, state.right);
  if (isLeft(fields)) return fields;
  return right({ ...input.wallet, ...fields.right });
}

/** One line of not-yet-invoiced usage, net, for {@link allocateOngoingUsage}. */
export interface OngoingUsageLine {
  /** `charge`, `subscription`, `commitment`, `fixed_charge`... */
  readonly fee_type: string;
  /** The billable metric of a charge's usage; `null` or absent otherwise. */
  readonly billable_metric_code?: string | null;
  readonly currency: string;
  /**
   * The net amount of this (fee type, metric) in minor units, taxes included: current usage
   * + draft invoice fees − progressively billed fees − pay-in-advance fees (§6.6). Integer or
   * decimal string; may be negative.
   */
  readonly amount_cents: number | string;
}

/** The input of {@link allocateOngoingUsage}. */
export interface AllocateOngoingUsageInput {
  /** The customer's wallets. Only active ones receive usage; the others are returned as given. */
  readonly wallets: readonly Wallet[];
  readonly usage: readonly OngoingUsageLine[];
}

/**
 * Spreads a customer's not-yet-invoiced usage over their wallets and returns every wallet with
 * its ongoing balance refreshed (invoicing.md §6.6). Per currency the usage to allocate is
 * `max(Σ nets, 0)`; lines with a positive net, largest first, each take what is left of it
 * and walk the active wallets they apply to in consumption order: a wallet with an active
 * threshold rule absorbs the rest (its ongoing balance may go negative, which is what fires
 * the rule), the last applicable wallet absorbs any overflow, and the others take up to their
 * balance minus what they already absorbed.
 *
 * @example
 * // Wallets of 50.00 (priority 1) and 150.00 (priority 2), 80.00 of charge usage:
 * allocateOngoingUsage({ wallets: [w50, w150],
 *   usage: [{ fee_type: 'charge', billable_metric_code: 'api', currency: 'EUR', amount_cents: 8000 }] })
 * // right([w50 with ongoing_usage_balance_cents 5000, w150 with 3000])
 */
export function allocateOngoingUsage(
  input: AllocateOngoingUsageInput,
): Either<FeecastError, Wallet[]> {
  const states: WalletState[] = [];
  for (const [i, wallet] of input.wallets.entries()) {
    const state = readWalletState(wallet, i, ['wallets', String(i)]);
    if (isLeft(state)) return state;
    states.push(state.right);
  }
  const lines: { line: OngoingUsageLine; net: Decimal }[] = [];
  for (const [i, line] of input.usage.entries()) {
    const net = readUsage(line.amount_cents, ['usage', String(i), 'amount_cents']);
    if (isLeft(net)) return net;
    lines.push({ line, net: net.right });
  }
  const active = states.filter((s) => s.wallet.status === 'active').sort(compareWalletStates);
  const absorbed = new Map<number, Decimal>();
  for (const currency of new Set(lines.map((l) => l.line.currency))) {
    const ofCurrency = lines.filter((l) => l.line.currency === currency);
    let budget = max(ZERO, sum(ofCurrency.map((l) => l.net)));
    const positive = ofCurrency
      .filter((l) => sign(l.net) > 0)
      .sort((a, b) => compare(b.net, a.net) || compareKeys(a.line, b.line));
    for (const { line, net } of positive) {
      const take = min(net, budget);
      if (sign(take) <= 0) break;
      budget = subtract(budget, take);
      const key = {
        fee_type: line.fee_type,
        billable_metric_code: line.billable_metric_code ?? null,
      };
      const applicable = active.filter(
        (s) => s.wallet.currency === currency && walletAppliesTo(s.wallet, key),
      );
      cascade(take, applicable, absorbed);
    }
  }
  const out: Wallet[] = [];
  for (const state of states) {
    const usage = absorbed.get(state.index);
    if (state.wallet.status !== 'active') {
      out.push(state.wallet);
      continue;
    }
    const fields = ongoingFields(state.balance, usage ?? ZERO, state);
    if (isLeft(fields)) return fields;
    out.push({ ...state.wallet, ...fields.right });
  }
  return right(out);
}

/** One usage line's walk over its applicable wallets (§6.6). */
function cascade(amount: Decimal, wallets: readonly WalletState[], absorbed: Map<number, Decimal>) {
  let rest = amount;
  for (const [i, state] of wallets.entries()) {
    if (sign(rest) <= 0) return;
    const already = absorbed.get(state.index) ?? ZERO;
    const last = i === wallets.length - 1;
    const thresholdRule = state.wallet.recurring_transaction_rules.some(
      (rule) => rule.trigger === 'threshold' && rule.status === 'active',
    );
    if (thresholdRule || last) {
      absorbed.set(state.index, add(already, rest));
      return;
    }
    const room = subtract(state.balance, already);
    if (sign(room) <= 0) continue;
    const part = min(room, rest);
    absorbed.set(state.index, add(already, part));
    rest = subtract(rest, part);
  }
}

function compareKeys(a: OngoingUsageLine, b: OngoingUsageLine): number {
  const ka = `${a.fee_type}\u0000${a.billable_metric_code ?? ''}`;
  const kb = `${b.fee_type}\u0000${b.billable_metric_code ?? ''}`;
  if (ka === kb) return 0;
  return ka < kb ? -1 : 1;
}

function readUsage(value: number | string, path: readonly string[]): Either<FeecastError, Decimal> {
  return typeof value === 'number' ? readCents(value, path) : parseDecimal(value, path);
}
