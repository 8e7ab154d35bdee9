import type { Cents, DecimalString, Wallet } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  centsToUnits,
  type Decimal,
  divide,
  type FeecastError,
  halfAwayFromZero,
  type Instant,
  type Money,
  moneyOf,
  parseDecimal,
  parseInstant,
  readCents,
  roundToCent,
  subtract,
  toWireCents,
  toWireDecimal,
  ZERO,
} from '../../core/index';
import { CREDITS_SCALE, readRate } from './wallet-credit';
import { compareWalletOrder } from './wallet-order';

/** A wallet's numbers, read once and exactly. @internal */
export interface WalletState {
  readonly wallet: Wallet;
  /** Position in the caller's array (for paths and for putting results back in order). */
  readonly index: number;
  readonly path: readonly string[];
  readonly money: Money;
  readonly rate: Decimal;
  readonly balance: Decimal;
  readonly credits_balance: Decimal;
  readonly consumed_credits: Decimal;
  /** `ongoing_usage_balance_cents`: usage not invoiced yet, already counted against the wallet. */
  readonly usage: Decimal;
  readonly created_at: Instant;
  readonly expiration_at: Instant | null;
}

/**
 * Reads a wallet's numbers and timestamps, each error naming its path.
 *
 * @example
 * readWalletState(wallet, 0, ['wallets', '0']) // right({ balance: 1000, rate: 1, ... })
 * @internal
 */
export function readWalletState(
  wallet: Wallet,
  index: number,
  path: readonly string[],
): Either<FeecastError, WalletState> {
  const money = moneyOf(wallet.currency, [...path, 'currency']);
  if (isLeft(money)) return money;
  const rate = readRate(wallet.rate_amount, [...path, 'rate_amount']);
  if (isLeft(rate)) return rate;
  const balance = readCents(wallet.balance_cents, [...path, 'balance_cents']);
  if (isLeft(balance)) return balance;
  const credits = parseDecimal(wallet.credits_balance, [...path, 'credits_balance']);
  if (isLeft(credits)) return credits;
  const consumed = parseDecimal(wallet.consumed_credits, [...path, 'consumed_credits']);
  if (isLeft(consumed)) return consumed;
  const usage = readCents(wallet.ongoing_usage_balance_cents, [
    ...path,
    'ongoing_usage_balance_cents',
  ]);
  if (isLeft(usage)) return usage;
  const created = parseInstant(wallet.created_at, [...path, 'created_at']);
  if (isLeft(created)) return created;
  let expiration: Instant | null = null;
  if (wallet.expiration_at !== null) {
    const read = parseInstant(wallet.expiration_at, [...path, 'expiration_at']);
    if (isLeft(read)) return read;
    expiration = read.right;
  }
  return right({
    wallet,
    index,
    path,
    money: money.right,
    rate: rate.right,
    balance: balance.right,
    credits_balance: credits.right,
    consumed_credits: consumed.right,
    usage: usage.right,
    created_at: created.right,
    expiration_at: expiration,
  });
}

/** The ongoing fields of a wallet (invoicing.md §6.6). @internal */
export interface OngoingFields {
  readonly ongoing_balance_cents: Cents;
  readonly ongoing_usage_balance_cents: Cents;
  readonly credits_ongoing_balance: DecimalString;
  readonly credits_ongoing_usage_balance: DecimalString;
}

/**
 * Minor units to credits: `cents ÷ subunit ÷ rate`, 5 decimals, half away from zero.
 *
 * @example
 * centsToCredits(d('1200'), { money: eur, rate: d('10') }) // 1.2
 * @internal
 */
export function centsToCredits(
  cents: Decimal,
  state: Pick<WalletState, 'money' | 'rate'>,
): Decimal {
  const credits = divide(centsToUnits(cents, state.money), state.rate);
  return isLeft(credits) ? ZERO : halfAwayFromZero(credits.right, CREDITS_SCALE);
}

/**
 * §6.6: `ongoing_balance = balance − usage`, both also in credits (`cents ÷ subunit ÷ rate`,
 * 5 decimals). The usage is rounded to a whole minor unit first.
 *
 * @example
 * ongoingFields(d('1000'), d('200'), state)
 * // right({ ongoing_balance_cents: 800, ongoing_usage_balance_cents: 200, credits_ongoing_balance: '8', ... })
 * @internal
 */
export function ongoingFields(
  balance: Decimal,
  usage: Decimal,
  state: Pick<WalletState, 'money' | 'rate' | 'path'>,
): Either<FeecastError, OngoingFields> {
  const usageCents = roundToCent(usage);
  const ongoingCents = subtract(balance, usageCents);
  const ongoingWire = toWireCents(ongoingCents, [...state.path, 'ongoing_balance_cents']);
  if (isLeft(ongoingWire)) return ongoingWire;
  const usageWire = toWireCents(usageCents, [...state.path, 'ongoing_usage_balance_cents']);
  if (isLeft(usageWire)) return usageWire;
  return right({
    ongoing_balance_cents: ongoingWire.right,
    ongoing_usage_balance_cents: usageWire.right,
    credits_ongoing_balance: toWireDecimal(centsToCredits(ongoingCents, state)),
    credits_ongoing_usage_balance: toWireDecimal(centsToCredits(usageCents, state)),
  });
}

/**
 * Compares wallet states in consumption order (priority, created_at, svc_id).
 *
 * @example
 * [second, first].sort(compareWalletStates) // [first, second] (priority, then created_at)
 * @internal
 */
export function compareWalletStates(a: WalletState, b: WalletState): number {
  return compareWalletOrder(
    { priority: a.wallet.priority, created: a.created_at, id: a.wallet.svc_id },
    { priority: b.wallet.priority, created: b.created_at, id: b.wallet.svc_id },
  );
}
