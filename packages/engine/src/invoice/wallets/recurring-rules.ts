import type {
  DecimalString,
  RecurringTransactionRule,
  Wallet,
  WalletTransaction,
  WalletTransactionInput,
  WalletTransactionSource,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  centsToUnits,
  compare,
  compareDates,
  type Decimal,
  divide,
  type FeecastError,
  feecastError,
  floor,
  halfAwayFromZero,
  type Instant,
  localDate,
  max,
  min,
  multiply,
  ONE,
  parseDecimal,
  parseInstant,
  type Scale,
  sign,
  subtract,
  sum,
  timeZone,
  toWireDecimal,
  ZERO,
} from '../../core/index';
import { isIntervalAnniversary } from './interval-anniversary';
import { readTopUpLimits, type TopUpLimits } from './top-up-limits';
import { CREDITS_SCALE } from './wallet-credit';
import { readWalletState, type WalletState } from './wallet-state';

/** The input of {@link ruleTopUpCredits}. */
export interface RuleTopUpCreditsInput {
  readonly wallet: Wallet;
  readonly rule: RecurringTransactionRule;
  /** The ongoing balance in credits; default the wallet's `credits_ongoing_balance`. */
  readonly ongoing_credits?: string;
  /** Credits of paid top-ups still pending; default 0. */
  readonly pending_paid_credits?: string;
}

/** The credits a rule tops up with. */
export interface RuleTopUpCredits {
  readonly paid_credits: DecimalString;
  readonly granted_credits: DecimalString;
}

/**
 * The credits a recurring transaction rule adds at a given ongoing balance (invoicing.md §6.4):
 *
 * - `target`: the gap to `target_ongoing_balance` (0 once reached), raised to the wallet's
 *   paid minimum; paid, or granted (without the minimum) when `grants_target_top_up`.
 * - `fixed` + `threshold`: `paid_credits`, or enough multiples of it to rise above the
 *   threshold: `paid × (⌊gap ÷ paid⌋ + 1)` where `gap = threshold − ongoing − granted −
 *   pending`, capped at the wallet's paid maximum (open question 11: a gap of exactly one
 *   top-up gives two); plus `granted_credits`.
 * - `fixed` + `interval`: `paid_credits` and `granted_credits` as they are.
 *
 * The wallet's bounds (in credits: cents ÷ subunit ÷ rate) are skipped when the rule has
 * `ignore_paid_top_up_limits`; the maximum never applies to `target`.
 *
 * @example
 * // threshold 10, paid 50, granted 10, ongoing -50: 50 would leave 10 - (-50) - 10 - 50 = 0 to go
 * ruleTopUpCredits({ wallet, rule, ongoing_credits: '-50' })
 * // right({ paid_credits: '100', granted_credits: '10' })
 */
export function ruleTopUpCredits(
  input: RuleTopUpCreditsInput,
): Either<FeecastError, RuleTopUpCredits> {
  const state = readWalletState(input.wallet, 0, ['wallet']);
  if (isLeft(state)) return state;
  const ongoing =
    input.ongoing_credits === undefined
      ? parseDecimal(input.wallet.credits_ongoing_balance, ['wallet', 'credits_ongoing_balance'])
      : parseDecimal(input.ongoing_credits, ['ongoing_credits']);
  if (isLeft(ongoing)) return ongoing;
  const pending = parseDecimal(input.pending_paid_credits ?? '0', ['pending_paid_credits']);
  if (isLeft(pending)) return pending;
  const credits = computeTopUp(state.right, input.rule, ongoing.right, pending.right);
  if (isLeft(credits)) return credits;
  return right({
    paid_credits: toWireDecimal(credits.right.paid),
    granted_credits: toWireDecimal(credits.right.granted),
  });
}

interface TopUp {
  readonly paid: Decimal;
  readonly granted: Decimal;
}

/** §6.4, on exact decimals. */
function computeTopUp(
  state: WalletState,
  rule: RecurringTransactionRule,
  ongoing: Decimal,
  pending: Decimal,
): Either<FeecastError, TopUp> {
  const path = ['rule'];
  const limits = readTopUpLimits(state.wallet, ['wallet']);
  if (isLeft(limits)) return limits;
  const bounds = creditBounds(state, limits.right, rule.ignore_paid_top_up_limits);
  if (rule.method === 'target') {
    if (rule.target_ongoing_balance === null) {
      return left(
        feecastError(
          'invalid_input',
          'rule.target_ongoing_balance is null, but a `target` rule tops up to it; set the target balance in credits.',
          [...path, 'target_ongoing_balance'],
        ),
      );
    }
    const target = parseDecimal(rule.target_ongoing_balance, [...path, 'target_ongoing_balance']);
    if (isLeft(target)) return target;
    const grants = rule.grants_target_top_up === true;
    let topUp = ZERO;
    if (compare(ongoing, target.right) < 0) {
      const gap = subtract(target.right, ongoing);
      topUp = grants ? gap : bounds.clampMin(gap);
    }
    return right(grants ? { paid: ZERO, granted: topUp } : { paid: topUp, granted: ZERO });
  }
  const paid = parseDecimal(rule.paid_credits, [...path, 'paid_credits']);
  if (isLeft(paid)) return paid;
  const granted = parseDecimal(rule.granted_credits, [...path, 'granted_credits']);
  if (isLeft(granted)) return granted;
  if (rule.trigger === 'interval' || sign(paid.right) === 0) {
    return right({ paid: paid.right, granted: granted.right });
  }
  const threshold = parseDecimal(rule.threshold_credits, [...path, 'threshold_credits']);
  if (isLeft(threshold)) return threshold;
  const gap = subtract(subtract(subtract(threshold.right, ongoing), granted.right), pending);
  if (compare(gap, paid.right) < 0) return right({ paid: paid.right, granted: granted.right });
  const times = divide(gap, paid.right);
  if (isLeft(times)) return times;
  const count = add(floor(times.right, 0 as Scale), ONE);
  return right({ paid: bounds.clampMax(multiply(paid.right, count)), granted: granted.right });
}

/** The wallet's paid bounds in credits, as clamps (identity when ignored or unset). */
interface CreditBounds {
  clampMin(credits: Decimal): Decimal;
  clampMax(credits: Decimal): Decimal;
}

function creditBounds(state: WalletState, limits: TopUpLimits, ignore: boolean): CreditBounds {
  const inCredits = (cents: Decimal | null): Decimal | null => {
    if (cents === null) return null;
    const credits = divide(centsToUnits(cents, state.money), state.rate);
    return isLeft(credits) ? null : halfAwayFromZero(credits.right, CREDITS_SCALE);
  };
  const low = ignore ? null : inCredits(limits.min);
  const high = ignore ? null : inCredits(limits.max);
  return {
    clampMin: (credits) => (low === null ? credits : max(credits, low)),
    clampMax: (credits) => (high === null ? credits : min(credits, high)),
  };
}

/** The input of {@link recurringTopUp}. */
export interface RecurringTopUpInput {
  readonly wallet: Wallet;
  /** One of the wallet's `recurring_transaction_rules`. */
  readonly rule: RecurringTransactionRule;
  /** When the rule is evaluated (the reference runs interval rules once a day). */
  readonly now: string;
  /** The customer's applicable IANA time zone, whose local days anniversaries use; default UTC. */
  readonly timezone?: string | null;
  /**
   * The wallet's transactions, to skip an interval rule already applied today and to count
   * pending paid top-ups for a threshold rule.
   */
  readonly transactions?: readonly WalletTransaction[];
  /** Pending paid credits, overriding what `transactions` would give. */
  readonly pending_paid_credits?: string;
}

/** A top-up a rule would create now: the request to send to `POST /wallet_transactions`. */
export interface RecurringTopUp {
  readonly source: Extract<WalletTransactionSource, 'interval' | 'threshold'>;
  readonly paid_credits: DecimalString;
  readonly granted_credits: DecimalString;
  /** `true` for `target` rules and rules that ignore the bounds. */
  readonly ignore_paid_top_up_limits: boolean;
  /** The transaction request the rule enqueues, for {@link createWalletTransactions}. */
  readonly wallet_transaction: WalletTransactionInput;
}

/**
 * What top-up a wallet's recurring transaction rule creates at `now`, or `null` when it does
 * not fire (invoicing.md §6.4). The rule and wallet must be active and the rule unexpired.
 *
 * - `interval`: on each anniversary (local day in `timezone`) of the rule's `started_at`, or
 *   of the wallet's creation; never on the wallet's creation day, never before the anchor,
 *   at most once a day (an inbound `interval` transaction today in `transactions` stops it).
 * - `threshold`: when the ongoing balance (`credits_ongoing_balance`) and the ongoing balance
 *   plus pending paid credits are both at or below `threshold_credits`.
 *
 * The credits are those of {@link ruleTopUpCredits}; a rule that would add nothing does not
 * fire. Pass `wallet_transaction` to {@link createWalletTransactions} with `source` to get the
 * transactions (which then apply the paid bounds unless `ignore_paid_top_up_limits`, open
 * question 9). The one-hour pause after a declined automatic payment is not modelled.
 *
 * @example
 * // A monthly target rule (target 200) started on 2025-02-01, evaluated on 2025-04-01 with an
 * // ongoing balance of 8 credits:
 * recurringTopUp({ wallet, rule, now: '2025-04-01T06:00:00Z' })
 * // right({ source: 'interval', paid_credits: '192', granted_credits: '0', ignore_paid_top_up_limits: true, ... })
 */
export function recurringTopUp(
  input: RecurringTopUpInput,
): Either<FeecastError, RecurringTopUp | null> {
  const { wallet, rule } = input;
  const now = parseInstant(input.now, ['now']);
  if (isLeft(now)) return now;
  const state = readWalletState(wallet, 0, ['wallet']);
  if (isLeft(state)) return state;
  if (rule.status !== 'active' || wallet.status !== 'active') return right(null);
  if (rule.expiration_at !== null) {
    const expiration = parseInstant(rule.expiration_at, ['rule', 'expiration_at']);
    if (isLeft(expiration)) return expiration;
    if (expiration.right <= now.right) return right(null);
  }
  const ongoing = parseDecimal(wallet.credits_ongoing_balance, [
    'wallet',
    'credits_ongoing_balance',
  ]);
  if (isLeft(ongoing)) return ongoing;

  let pending = ZERO;
  if (rule.trigger === 'interval') {
    const fires = intervalFires(input, state.right, now.right);
    if (isLeft(fires)) return fires;
    if (!fires.right) return right(null);
  } else {
    const pendingCredits = pendingPaidCredits(input);
    if (isLeft(pendingCredits)) return pendingCredits;
    pending = pendingCredits.right;
    const threshold = parseDecimal(rule.threshold_credits, ['rule', 'threshold_credits']);
    if (isLeft(threshold)) return threshold;
    if (
      compare(ongoing.right, threshold.right) > 0 ||
      compare(add(pending, ongoing.right), threshold.right) > 0
    ) {
      return right(null);
    }
  }
  const credits = computeTopUp(state.right, rule, ongoing.right, pending);
  if (isLeft(credits)) return credits;
  if (sign(credits.right.paid) === 0 && sign(credits.right.granted) === 0) return right(null);
  const ignore = rule.method === 'target' || rule.ignore_paid_top_up_limits;
  const paid = toWireDecimal(credits.right.paid);
  const granted = toWireDecimal(credits.right.granted);
  return right({
    source: rule.trigger,
    paid_credits: paid,
    granted_credits: granted,
    ignore_paid_top_up_limits: ignore,
    wallet_transaction: {
      wallet_id: wallet.svc_id,
      // Only what the rule adds: a paid top-up of 0 credits is not a valid request (§6.3).
      ...(sign(credits.right.paid) > 0 ? { paid_credits: paid } : {}),
      ...(sign(credits.right.granted) > 0 ? { granted_credits: granted } : {}),
      name: rule.transaction_name,
      invoice_requires_successful_payment: rule.invoice_requires_successful_payment,
      ignore_paid_top_up_limits: ignore,
      metadata: rule.transaction_metadata,
      payment_method: rule.payment_method,
      ...(rule.purchase_order_number === undefined
        ? {}
        : { purchase_order_number: rule.purchase_order_number }),
    },
  });
}

/** Whether an interval rule fires at `now` (see {@link recurringTopUp}). */
function intervalFires(
  input: RecurringTopUpInput,
  state: WalletState,
  now: Instant,
): Either<FeecastError, boolean> {
  const zone = timeZone(input.timezone, ['timezone']);
  if (isLeft(zone)) return zone;
  let anchor = state.created_at;
  if (input.rule.started_at !== null) {
    const started = parseInstant(input.rule.started_at, ['rule', 'started_at']);
    if (isLeft(started)) return started;
    anchor = started.right;
  }
  const today = localDate(zone.right, now);
  if (now < anchor) return right(false);
  if (compareDates(localDate(zone.right, state.created_at), today) === 0) return right(false);
  for (const [i, tx] of (input.transactions ?? []).entries()) {
    if (
      tx.svc_wallet_id !== input.wallet.svc_id ||
      tx.source !== 'interval' ||
      tx.transaction_type !== 'inbound'
    ) {
      continue;
    }
    const created = parseInstant(tx.created_at, ['transactions', String(i), 'created_at']);
    if (isLeft(created)) return created;
    if (compareDates(localDate(zone.right, created.right), today) === 0) return right(false);
  }
  return right(isIntervalAnniversary(input.rule.interval, localDate(zone.right, anchor), today));
}

/** Credits of the wallet's pending paid top-ups. */
function pendingPaidCredits(input: RecurringTopUpInput): Either<FeecastError, Decimal> {
  if (input.pending_paid_credits !== undefined) {
    return parseDecimal(input.pending_paid_credits, ['pending_paid_credits']);
  }
  const amounts: Decimal[] = [];
  for (const [i, tx] of (input.transactions ?? []).entries()) {
    if (
      tx.svc_wallet_id !== input.wallet.svc_id ||
      tx.status !== 'pending' ||
      tx.transaction_status !== 'purchased'
    ) {
      continue;
    }
    const credits = parseDecimal(tx.credit_amount, ['transactions', String(i), 'credit_amount']);
    if (isLeft(credits)) return credits;
    amounts.push(credits.right);
  }
  return right(sum(amounts));
}
