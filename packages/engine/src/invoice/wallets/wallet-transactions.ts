import type {
  Integer,
  PaymentMethod,
  Wallet,
  WalletTransaction,
  WalletTransactionInput,
  WalletTransactionSource,
} from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  compare,
  countToWire,
  type Decimal,
  derivedId,
  type FeecastError,
  feecastError,
  parseDecimal,
  parseInstant,
  sign,
  subtract,
  toWireCents,
  toWireDecimal,
  toWireTimestamp,
} from '../../core/index';
import type { CreditValue } from './credit-wire';
import {
  checkPaidCredits,
  readCreditsAmount,
  readTopUpLimits,
  roundsToZero,
} from './top-up-limits';
import { creditValue } from './wallet-credit';
import { ongoingFields, readWalletState, type WalletState } from './wallet-state';

/** The input of {@link createWalletTransactions}. */
export interface CreateWalletTransactionsInput {
  /** The wallet named by `wallet_transaction.wallet_id`. */
  readonly wallet: Wallet;
  /** The body of `POST /wallet_transactions`, without its root key. */
  readonly wallet_transaction: WalletTransactionInput;
  /** When the request is made: the transactions' `created_at` (and `settled_at`). */
  readonly now: string;
  /** What creates the transactions: `manual` (an API call, the default), `interval` or `threshold`. */
  readonly source?: WalletTransactionSource;
}

/** The result of {@link createWalletTransactions}. */
export interface CreatedWalletTransactions {
  /**
   * The wallet after the transactions: granted credits are added and voided credits removed
   * at once; paid credits are not, until their invoice is paid ({@link settlePaidTransaction}).
   */
  readonly wallet: Wallet;
  /** The transactions created, in the reference's order: paid, granted, voided. */
  readonly wallet_transactions: readonly WalletTransaction[];
}

/** The reference's default priority of a wallet transaction. */
const DEFAULT_PRIORITY = countToWire<Integer>(50);

/**
 * The result of `POST /wallet_transactions` (invoicing.md §6.2): which transactions a request
 * creates, with which statuses and amounts, and the wallet afterwards. Amounts are floored to
 * 5 decimals; a zero granted or voided amount creates nothing.
 *
 * - `paid_credits` -> inbound, `pending`, `purchased`; a positive decimal (`invalid_amount`
 *   otherwise, 0 included: §6.3), worth at least one minor unit (`amount_rounds_to_zero`,
 *   §6.1), checked against the wallet's paid top-up bounds unless
 *   `ignore_paid_top_up_limits` (§6.3); the balance does not move until
 *   the credit invoice is paid. Its credits are re-derived from the rounded amount.
 * - `granted_credits` -> inbound, `settled`, `granted`; the balance grows at once. A grant
 *   worth less than one minor unit is `amount_rounds_to_zero` (§6.1).
 * - `voided_credits` -> outbound, `settled`, `voided`; the balance shrinks at once (and
 *   `consumed_credits` grows); more than `credits_balance` is `insufficient_credits`.
 *
 * Errors: a terminated wallet (`wallet_is_terminated`), a `wallet_id` that is not the
 * wallet's `svc_id` (`invalid_input`), an amount that is not a non-negative decimal, or paid
 * credits that are not positive (`invalid_amount`), credits worth less than one minor unit
 * (`amount_rounds_to_zero`), a paid top-up out of bounds (`amount_below_minimum`,
 * `amount_above_maximum`). Identifiers are derived from the inputs (same request, same ids).
 *
 * @example
 * // A wallet of 10.00 credits at rate 1: paid 10, granted 15, voided 3.
 * createWalletTransactions({ wallet, now: '2025-03-01T08:00:12Z', wallet_transaction: {
 *   wallet_id: wallet.svc_id, paid_credits: '10', granted_credits: '15', voided_credits: '3' } })
 * // right({ wallet: { balance_cents: 2200, credits_balance: '22', ... },
 * //   wallet_transactions: [pending purchased 10, settled granted 15, settled voided 3] })
 */
export function createWalletTransactions(
  input: CreateWalletTransactionsInput,
): Either<FeecastError, CreatedWalletTransactions> {
  const request = input.wallet_transaction;
  const path = ['wallet_transaction'];
  if (request.wallet_id !== input.wallet.svc_id) {
    return left(
      feecastError(
        'invalid_input',
        `wallet_transaction.wallet_id is ${JSON.stringify(request.wallet_id)} but the wallet passed is ${input.wallet.svc_id}; pass the wallet the request names.`,
        [...path, 'wallet_id'],
      ),
    );
  }
  if (input.wallet.status === 'terminated') {
    return left(
      feecastError(
        'wallet_is_terminated',
        `Wallet ${input.wallet.svc_id} is terminated; credits can only be added to or removed from an active wallet.`,
        [...path, 'wallet_id'],
      ),
    );
  }
  const state = readWalletState(input.wallet, 0, ['wallet']);
  if (isLeft(state)) return state;
  const now = parseInstant(input.now, ['now']);
  if (isLeft(now)) return now;
  const amounts = readAmounts(request, state.right, path);
  if (isLeft(amounts)) return amounts;
  const { paid, granted, voided } = amounts.right;
  if (paid !== null) {
    const limits = readTopUpLimits(input.wallet, ['wallet']);
    if (isLeft(limits)) return limits;
    const checked = checkPaidCredits(
      paid,
      state.right,
      limits.right,
      request.ignore_paid_top_up_limits ?? false,
      [...path, 'paid_credits'],
    );
    if (isLeft(checked)) return checked;
  }

  const context: TransactionContext = {
    state: state.right,
    request,
    source: input.source ?? 'manual',
    stamp: toWireTimestamp(now.right),
  };
  const created: WalletTransaction[] = [];
  let balance = state.right.balance;
  let credits = state.right.credits_balance;
  let consumed = state.right.consumed_credits;
  if (paid !== null && sign(paid) > 0) {
    const value = creditValue(paid, state.right.rate, state.right.money, true);
    created.push(transaction(context, 'purchased', value));
  }
  if (granted !== null && sign(granted) > 0) {
    const value = creditValue(granted, state.right.rate, state.right.money, false);
    const tx = transaction(context, 'granted', value);
    const remaining = toWireCents(value.amount_cents, [...path, 'granted_credits']);
    if (isLeft(remaining)) return remaining;
    created.push({
      ...tx,
      remaining_amount_cents: remaining.right,
      remaining_credit_amount: toWireDecimal(value.credits),
    });
    balance = add(balance, value.amount_cents);
    credits = add(credits, value.credits);
  }
  if (voided !== null && sign(voided) > 0) {
    const value = creditValue(voided, state.right.rate, state.right.money, false);
    created.push(transaction(context, 'voided', value));
    balance = subtract(balance, value.amount_cents);
    credits = subtract(credits, value.credits);
    consumed = add(consumed, value.credits);
  }
  const wallet = walletWithBalance(state.right, balance, credits, consumed);
  if (isLeft(wallet)) return wallet;
  return right({ wallet: wallet.right, wallet_transactions: created });
}

interface RequestAmounts {
  readonly paid: Decimal | null;
  readonly granted: Decimal | null;
  readonly voided: Decimal | null;
}

/** Reads the three amounts of a request, in the reference's validation order. */
function readAmounts(
  request: WalletTransactionInput,
  state: WalletState,
  path: readonly string[],
): Either<FeecastError, RequestAmounts> {
  const read = (value: string | null | undefined, key: string, positive = false) =>
    value === null || value === undefined
      ? right(null)
      : readCreditsAmount(value, [...path, key], positive);
  const paid = read(request.paid_credits, 'paid_credits', true);
  if (isLeft(paid)) return paid;
  const granted = read(request.granted_credits, 'granted_credits');
  if (isLeft(granted)) return granted;
  // §6.1 `rounds_to_zero?`: a grant worth less than one minor unit (after the floor to 5
  // decimals) would add nothing; it is refused, not dropped.
  const given = parseDecimal(request.granted_credits);
  if (
    granted.right !== null &&
    isRight(given) &&
    sign(given.right) > 0 &&
    sign(creditValue(granted.right, state.rate, state.money, false).amount_cents) === 0
  ) {
    return left(roundsToZero(given.right, state, [...path, 'granted_credits']));
  }
  const voided = read(request.voided_credits, 'voided_credits');
  if (isLeft(voided)) return voided;
  if (voided.right !== null && compare(voided.right, state.credits_balance) > 0) {
    return left(
      feecastError(
        'insufficient_credits',
        `${[...path, 'voided_credits'].join('.')} (${toWireDecimal(voided.right)}) is more than the wallet's credits_balance (${state.wallet.credits_balance}); void at most the balance.`,
        [...path, 'voided_credits'],
      ),
    );
  }
  return right({ paid: paid.right, granted: granted.right, voided: voided.right });
}

interface TransactionContext {
  readonly state: WalletState;
  readonly request: WalletTransactionInput;
  readonly source: WalletTransactionSource;
  readonly stamp: WalletTransaction['created_at'];
}

/** A new transaction of the request, of one kind. */
function transaction(
  context: TransactionContext,
  kind: 'purchased' | 'granted' | 'voided',
  value: CreditValue,
): WalletTransaction {
  const { state, request, stamp } = context;
  const settled = kind !== 'purchased';
  const paymentMethod: PaymentMethod =
    request.payment_method === undefined
      ? state.wallet.payment_method
      : {
          payment_method_type: request.payment_method.payment_method_type,
          payment_method_id: request.payment_method.payment_method_id ?? null,
        };
  return {
    svc_id: derivedId(
      'wallet_transaction',
      kind,
      state.wallet.svc_id,
      stamp,
      context.source,
      toWireDecimal(value.credits),
    ),
    svc_wallet_id: state.wallet.svc_id,
    svc_voided_invoice_id: null,
    svc_invoice_id: null,
    svc_credit_note_id: null,
    status: settled ? 'settled' : 'pending',
    source: context.source,
    transaction_status: kind,
    transaction_type: kind === 'voided' ? 'outbound' : 'inbound',
    amount: toWireDecimal(value.amount),
    credit_amount: toWireDecimal(value.credits),
    remaining_credit_amount: null,
    remaining_amount_cents: null,
    name: request.name ?? null,
    invoice_requires_successful_payment:
      request.invoice_requires_successful_payment ??
      state.wallet.invoice_requires_successful_payment,
    metadata: request.metadata ?? [],
    created_at: stamp,
    settled_at: settled ? stamp : null,
    failed_at: null,
    payment_method: paymentMethod,
    priority: request.priority ?? DEFAULT_PRIORITY,
    purchase_order_number: request.purchase_order_number ?? null,
  };
}

/**
 * The wallet with a new balance; its ongoing balance follows (same usage).
 *
 * @example
 * walletWithBalance(state, d('2200'), d('22'), d('3')) // right({ ...wallet, balance_cents: 2200, credits_balance: '22', ... })
 * @internal
 */
export function walletWithBalance(
  state: WalletState,
  balance: Decimal,
  credits: Decimal,
  consumed: Decimal,
): Either<FeecastError, Wallet> {
  const cents = toWireCents(balance, [...state.path, 'balance_cents']);
  if (isLeft(cents)) return cents;
  const ongoing = ongoingFields(balance, state.usage, state);
  if (isLeft(ongoing)) return ongoing;
  return right({
    ...state.wallet,
    balance_cents: cents.right,
    credits_balance: toWireDecimal(credits),
    consumed_credits: toWireDecimal(consumed),
    ...ongoing.right,
  });
}

/** The input of {@link settlePaidTransaction}. */
export interface SettlePaidTransactionInput {
  readonly wallet: Wallet;
  /** A `pending`, `purchased` inbound transaction of the wallet. */
  readonly transaction: WalletTransaction;
  /** Whether the credit invoice was paid (`true`) or its payment failed (`false`). */
  readonly succeeded: boolean;
  readonly now: string;
}

/**
 * What happens to a paid top-up when its credit invoice is paid or fails (invoicing.md §6.2):
 * on success the transaction is `settled` (its remaining amount set) and the wallet's balance
 * grows by its amount; on failure it is `failed` and the wallet is unchanged.
 *
 * @example
 * settlePaidTransaction({ wallet, transaction: pending, succeeded: true, now: '2025-03-02T00:00:00Z' })
 * // right({ wallet: { balance_cents: balance + amount, ... }, transaction: { status: 'settled', ... } })
 */
export function settlePaidTransaction(
  input: SettlePaidTransactionInput,
): Either<FeecastError, { readonly wallet: Wallet; readonly transaction: WalletTransaction }> {
  const tx = input.transaction;
  if (
    tx.svc_wallet_id !== input.wallet.svc_id ||
    tx.status !== 'pending' ||
    tx.transaction_status !== 'purchased'
  ) {
    return left(
      feecastError(
        'invalid_input',
        `transaction ${tx.svc_id} is not a pending purchase of wallet ${input.wallet.svc_id}; only pending purchased transactions are settled by their invoice.`,
        ['transaction'],
      ),
    );
  }
  const state = readWalletState(input.wallet, 0, ['wallet']);
  if (isLeft(state)) return state;
  const now = parseInstant(input.now, ['now']);
  if (isLeft(now)) return now;
  const stamp = toWireTimestamp(now.right);
  if (!input.succeeded) {
    return right({
      wallet: input.wallet,
      transaction: { ...tx, status: 'failed', failed_at: stamp },
    });
  }
  const amount = readAmount(tx);
  if (isLeft(amount)) return amount;
  const value = creditValue(amount.right, state.right.rate, state.right.money, true);
  const cents = toWireCents(value.amount_cents, ['transaction', 'amount']);
  if (isLeft(cents)) return cents;
  const wallet = walletWithBalance(
    state.right,
    add(state.right.balance, value.amount_cents),
    add(state.right.credits_balance, value.credits),
    state.right.consumed_credits,
  );
  if (isLeft(wallet)) return wallet;
  return right({
    wallet: wallet.right,
    transaction: {
      ...tx,
      status: 'settled',
      settled_at: stamp,
      remaining_amount_cents: cents.right,
      remaining_credit_amount: tx.credit_amount,
    },
  });
}

/** The credits of a transaction. */
function readAmount(tx: WalletTransaction): Either<FeecastError, Decimal> {
  return readCreditsAmount(tx.credit_amount, ['transaction', 'credit_amount']);
}
