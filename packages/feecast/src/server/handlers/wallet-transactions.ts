/**
 * `POST /wallet_transactions` (invoicing.md §6.2–6.3): paid credits make a `pending`
 * purchased transaction (the balance grows when it is paid: this offline server records no
 * payment, so it stays pending); granted credits make a `settled` granted transaction and
 * raise the balance at once; voided credits make a `settled` outbound voided transaction and
 * lower it. Credits are floored to 5 decimal places; a zero amount creates nothing.
 */
import { add, compare, type Decimal, parseDecimal, subtract, ZERO } from '@feecast/engine';
import type {
  CreateWalletTransactionRequest,
  Wallet,
  WalletTransaction,
  WalletTransactionInput,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, invalidField, validationErrors } from '../api-error';
import { asCents, asInteger } from '../brands';
import { StateDraft } from '../draft';
import type { Handler } from '../handler';
import { replaceItem } from '../replace-item';
import { walletTransactionView } from '../views';
import { type WalletCredit, walletCredit } from '../wallet-credits';
import { wireDecimal } from '../wire-decimal';

type Kind = 'paid_credits' | 'granted_credits' | 'voided_credits';

const KINDS: readonly Kind[] = ['paid_credits', 'granted_credits', 'voided_credits'];

/** The priority of a transaction that does not give one (the reference's lowest). */
const DEFAULT_PRIORITY = asInteger(50);

/** The error codes of an invalid amount, as the reference reports them. */
const INVALID: Record<Kind, readonly string[]> = {
  paid_credits: ['invalid_paid_credits', 'invalid_amount'],
  granted_credits: ['invalid_granted_credits', 'invalid_amount'],
  voided_credits: ['invalid_voided_credits', 'invalid_amount'],
};

function amounts(
  wallet: Wallet,
  body: WalletTransactionInput,
): Either<ApiErrorResponse, Partial<Record<Kind, WalletCredit>>> {
  const details: Record<string, readonly string[]> = {};
  const credits: Partial<Record<Kind, WalletCredit>> = {};
  for (const kind of KINDS) {
    const given = body[kind];
    if (given === undefined || given === null) continue;
    const value = parseDecimal(given);
    if (value._tag === 'Left' || compare(value.right, ZERO) < 0) {
      details[kind] = INVALID[kind];
      continue;
    }
    const credit = walletCredit(
      given,
      wallet.rate_amount,
      wallet.currency,
      kind === 'paid_credits',
    );
    if (credit._tag === 'Left') {
      details[kind] = INVALID[kind];
      continue;
    }
    if (compare(credit.right.credits, ZERO) > 0) credits[kind] = credit.right;
  }
  const voided = credits.voided_credits;
  const balance = parseDecimal(wallet.credits_balance);
  if (
    voided !== undefined &&
    details.voided_credits === undefined &&
    (balance._tag === 'Left' || compare(voided.credits, balance.right) > 0)
  ) {
    details.voided_credits = ['insufficient_credits'];
  }
  return Object.keys(details).length > 0 ? left(validationErrors(details)) : right(credits);
}

function checkTopUpLimits(
  wallet: Wallet,
  paid: WalletCredit | undefined,
  ignore: boolean,
): ApiErrorResponse | undefined {
  if (paid === undefined || ignore) return undefined;
  const min = wallet.paid_top_up_min_amount_cents;
  const max = wallet.paid_top_up_max_amount_cents;
  if (min !== null && paid.amountCents < min)
    return invalidField('paid_credits', 'amount_below_minimum');
  if (max !== null && paid.amountCents > max)
    return invalidField('paid_credits', 'amount_above_maximum');
  return undefined;
}

function rebalanced(wallet: Wallet, credit: WalletCredit, sign: 1 | -1, now: string): Wallet {
  const delta = sign === 1 ? credit.credits : subtract(ZERO, credit.credits);
  const cents = sign * credit.amountCents;
  return {
    ...wallet,
    credits_balance: wireDecimal(add(parse(wallet.credits_balance), delta)),
    balance_cents: asCents(wallet.balance_cents + cents),
    credits_ongoing_balance: wireDecimal(add(parse(wallet.credits_ongoing_balance), delta)),
    ongoing_balance_cents: asCents(wallet.ongoing_balance_cents + cents),
    ...(sign === -1
      ? { consumed_credits: wireDecimal(add(parse(wallet.consumed_credits), credit.credits)) }
      : {}),
    last_balance_sync_at: now as Wallet['created_at'],
  };
}

function parse(decimal: string): Decimal {
  const value = parseDecimal(decimal);
  return value._tag === 'Right' ? value.right : ZERO;
}

/**
 * `POST /wallet_transactions`: 422 `{wallet_id: ['wallet_not_found']}` or
 * `['wallet_is_terminated']` (as the reference, a validation error, not a 404); 422 for an
 * amount that is not a non-negative decimal, a void above the balance
 * (`insufficient_credits`), or paid credits outside the wallet's paid top-up limits
 * (`amount_below_minimum` / `amount_above_maximum`, bounds inclusive) unless
 * `ignore_paid_top_up_limits`. Answers every transaction created, in the order paid,
 * granted, voided; logs `wallet_transaction.created` for each.
 *
 * @example
 * // balance 10.00, paid 10 + granted 15 + voided 3 -> 3 transactions, balance 22.00 (§6.2)
 * createWalletTransactions({ ..., body: { wallet_transaction: { wallet_id, paid_credits: '10', granted_credits: '15', voided_credits: '3' } } });
 */
export const createWalletTransactions: Handler<CreateWalletTransactionRequest> = (input) => {
  const { state, now } = input;
  const body = input.body.wallet_transaction;
  const wallet = state.wallets.find((w) => w.svc_id === body.wallet_id);
  if (wallet === undefined) return left(invalidField('wallet_id', 'wallet_not_found'));
  if (wallet.status === 'terminated')
    return left(invalidField('wallet_id', 'wallet_is_terminated'));
  const credits = amounts(wallet, body);
  if (isLeft(credits)) return credits;
  const limits = checkTopUpLimits(
    wallet,
    credits.right.paid_credits,
    body.ignore_paid_top_up_limits ?? false,
  );
  if (limits !== undefined) return left(limits);
  const draft = new StateDraft(state, now);
  const created: WalletTransaction[] = [];
  let next = wallet;
  for (const kind of KINDS) {
    const credit = credits.right[kind];
    if (credit === undefined) continue;
    const settled = kind !== 'paid_credits';
    const transaction: WalletTransaction = {
      svc_id: draft.newId(),
      svc_wallet_id: wallet.svc_id,
      svc_invoice_id: null,
      svc_credit_note_id: null,
      svc_voided_invoice_id: null,
      status: settled ? 'settled' : 'pending',
      source: 'manual',
      transaction_status:
        kind === 'paid_credits' ? 'purchased' : kind === 'granted_credits' ? 'granted' : 'voided',
      transaction_type: kind === 'voided_credits' ? 'outbound' : 'inbound',
      amount: wireDecimal(credit.amount),
      credit_amount: wireDecimal(credit.credits),
      remaining_credit_amount: null,
      remaining_amount_cents: null,
      priority: body.priority ?? DEFAULT_PRIORITY,
      name: body.name ?? null,
      invoice_requires_successful_payment:
        body.invoice_requires_successful_payment ?? wallet.invoice_requires_successful_payment,
      metadata: body.metadata ?? [],
      created_at: now,
      settled_at: settled ? now : null,
      failed_at: null,
      payment_method: {
        payment_method_type: body.payment_method?.payment_method_type ?? 'provider',
        payment_method_id: body.payment_method?.payment_method_id ?? null,
      },
      purchase_order_number: body.purchase_order_number ?? null,
      applied_invoice_custom_sections: [],
      ...(wallet.billing_entity_code === undefined
        ? {}
        : { billing_entity_code: wallet.billing_entity_code }),
    };
    if (settled) next = rebalanced(next, credit, kind === 'voided_credits' ? -1 : 1, now);
    created.push(transaction);
    draft.log({
      type: 'wallet_transaction.created',
      resourceType: 'WalletTransaction',
      resourceId: transaction.svc_id,
      before: null,
      after: transaction,
      externalCustomerId: wallet.external_customer_id,
    });
  }
  return right({
    state: draft.commit({
      wallets: next === wallet ? state.wallets : replaceItem(state.wallets, wallet, next),
      wallet_transactions: [...state.wallet_transactions, ...created],
    }),
    body: { wallet_transactions: created.map(walletTransactionView) },
  });
};
