import type { Wallet, WalletTransaction } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  type FeecastError,
  feecastError,
  type Instant,
  max,
  min,
  parseDecimal,
  parseInstant,
  readCents,
  sign,
  subtract,
  toWireCents,
  toWireDecimal,
  ZERO,
} from '../../core/index';
import { compareWalletOrder } from './wallet-order';
import { centsToCredits, type WalletState } from './wallet-state';

/** The reference's default priority of a wallet transaction. */
const DEFAULT_PRIORITY = 50;

/** An inbound transaction that funds a wallet: granted or purchased, settled. */
function isFunding(tx: WalletTransaction): boolean {
  return (
    tx.transaction_type === 'inbound' &&
    tx.status === 'settled' &&
    (tx.transaction_status === 'granted' || tx.transaction_status === 'purchased')
  );
}

/**
 * Whether the granted/purchased breakdown can be computed (invoicing.md §6.5, open question
 * 10): only when the transactions are known and every funding transaction of every wallet of
 * the customer carries its `remaining_amount_cents` (the reference's "traceable" wallets).
 *
 * @example
 * traceable([wallet], [grantedWithRemaining]) // true
 * traceable([wallet], undefined)             // false
 * @internal
 */
export function traceable(
  wallets: readonly Wallet[],
  transactions: readonly WalletTransaction[] | undefined,
): boolean {
  if (transactions === undefined) return false;
  const ids = new Set(wallets.map((w) => w.svc_id));
  return transactions.every(
    (tx) => !ids.has(tx.svc_wallet_id) || !isFunding(tx) || tx.remaining_amount_cents !== null,
  );
}

/** How a wallet's consumption splits between granted and purchased credits. @internal */
export interface SourceSplit {
  readonly granted: Decimal;
  readonly purchased: Decimal;
  /** The funding transactions consumed, with their remaining amounts lowered. */
  readonly updated: readonly WalletTransaction[];
}

interface Funding {
  readonly tx: WalletTransaction;
  readonly index: number;
  readonly remaining: Decimal;
  readonly priority: number;
  readonly created: Instant;
}

/**
 * Consumes `amount` minor units of a wallet from its funding transactions in the reference's
 * order (invoicing.md §6.5): transaction priority ascending, granted before purchased, oldest
 * first. A `Left` (`inconsistent_wallet_transactions`) when their remaining amounts do not
 * cover the amount.
 *
 * @example
 * splitConsumption(state, d('800'), [purchased1000, granted500])
 * // right({ granted: 500, purchased: 300, updated: [...] })
 * @internal
 */
export function splitConsumption(
  state: WalletState,
  amount: Decimal,
  transactions: readonly WalletTransaction[],
): Either<FeecastError, SourceSplit> {
  const fundings: Funding[] = [];
  for (const [index, tx] of transactions.entries()) {
    if (tx.svc_wallet_id !== state.wallet.svc_id || !isFunding(tx)) continue;
    const path = ['transactions', String(index)];
    const remaining = readCents(tx.remaining_amount_cents, [...path, 'remaining_amount_cents']);
    if (isLeft(remaining)) return remaining;
    if (sign(remaining.right) <= 0) continue;
    const created = parseInstant(tx.created_at, [...path, 'created_at']);
    if (isLeft(created)) return created;
    fundings.push({
      tx,
      index,
      remaining: remaining.right,
      priority: tx.priority ?? DEFAULT_PRIORITY,
      created: created.right,
    });
  }
  // Priority first, then granted (rank 0) before purchased (rank 1): 2 × priority + rank keeps
  // both orders in one integer, compared like a wallet's priority.
  fundings.sort((a, b) =>
    compareWalletOrder(
      { priority: a.priority * 2 + kindRank(a.tx), created: a.created, id: a.tx.svc_id },
      { priority: b.priority * 2 + kindRank(b.tx), created: b.created, id: b.tx.svc_id },
    ),
  );

  let due = amount;
  let granted = ZERO;
  let purchased = ZERO;
  const updated: WalletTransaction[] = [];
  for (const funding of fundings) {
    if (sign(due) <= 0) break;
    const take = min(funding.remaining, due);
    due = subtract(due, take);
    if (funding.tx.transaction_status === 'granted') granted = add(granted, take);
    else purchased = add(purchased, take);
    const path = ['transactions', String(funding.index)];
    const remaining = subtract(funding.remaining, take);
    const cents = toWireCents(remaining, [...path, 'remaining_amount_cents']);
    if (isLeft(cents)) return cents;
    let credits = centsToCredits(remaining, state);
    if (funding.tx.remaining_credit_amount !== null) {
      const before = parseDecimal(funding.tx.remaining_credit_amount, [
        ...path,
        'remaining_credit_amount',
      ]);
      if (isLeft(before)) return before;
      credits = max(ZERO, subtract(before.right, centsToCredits(take, state)));
    }
    updated.push({
      ...funding.tx,
      remaining_amount_cents: cents.right,
      remaining_credit_amount: toWireDecimal(credits),
    });
  }
  if (sign(due) > 0) {
    return left(
      feecastError(
        'inconsistent_wallet_transactions',
        `Wallet ${state.wallet.svc_id} consumes more than the remaining_amount_cents of its settled granted and purchased transactions; pass all of its inbound transactions, with their remaining amounts.`,
        [...state.path, 'balance_cents'],
        { wallet: state.wallet.svc_id },
      ),
    );
  }
  return right({ granted, purchased, updated });
}

/** Granted credits are consumed before purchased ones at the same priority. */
function kindRank(tx: WalletTransaction): number {
  return tx.transaction_status === 'granted' ? 0 : 1;
}
