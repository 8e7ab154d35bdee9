/**
 * `POST /wallet_transactions` (invoicing.md §6.2–6.3). The rules are the engine's
 * (`createWalletTransactions`): which transactions a request creates, their amounts and
 * statuses, the paid top-up bounds and the wallet's new balance. Paid credits make a
 * `pending` purchase that this offline server never settles (it records no payment), granted
 * credits settle and raise the balance at once, voided credits settle and lower it. This
 * handler finds the wallet, answers the engine's refusals as the reference's 422s, and
 * stores the transactions with the server's ids and decimal form.
 */
import type { FeecastError } from '@feecast/engine';
import {
  sameData,
  createWalletTransactions as walletTransactionsOf,
} from '@feecast/engine/internal';
import type {
  CreateWalletTransactionRequest,
  Wallet,
  WalletTransaction,
  WalletTransactionInput,
  WalletTransactionSource,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { depletedWallets } from '../billing/wallet-ongoing';
import { type ApiErrorResponse, invalidField, validationErrors } from '../http/api-error';
import { appendItems } from '../state/chunked-list';
import { StateDraft } from '../state/draft';
import { replaceItem } from '../state/replace-item';
import type { ServerState } from '../state/state';
import { storedTransactionDecimals, storedWallet } from '../state/stored-wallet';
import { walletTransactionView } from '../state/views';
import type { Handler } from './handler';

/**
 * The 422 of a request the engine refuses: the request field it names (`paid_credits`...)
 * with the reference's codes (an invalid amount is `['invalid_<field>', 'invalid_amount']`,
 * as `WalletTransactions::ValidateService` reports it). A stored wallet the engine cannot
 * read (a rate that is not positive, an unknown currency) is `{wallet_id: ['value_is_invalid']}`.
 */
function refusal(error: FeecastError): ApiErrorResponse {
  const [root, field] = error.path ?? [];
  if (root !== 'wallet_transaction' || field === undefined) {
    return invalidField('wallet_id', 'value_is_invalid');
  }
  const codes = error.code === 'invalid_amount' ? [`invalid_${field}`, 'invalid_amount'] : [];
  return validationErrors({ [field]: codes.length > 0 ? codes : [error.code] });
}

/**
 * A transaction the engine computed, as the server stores it: a new id of the state (the
 * engine's ids are derived from the request, and two equal requests at one instant must not
 * share one), decimals in the reference's form, the wallet's billing entity.
 */
function storedTransaction(
  transaction: WalletTransaction,
  wallet: Wallet,
  draft: StateDraft,
): WalletTransaction {
  return {
    ...storedTransactionDecimals(transaction),
    svc_id: draft.newId(),
    applied_invoice_custom_sections: [],
    ...(wallet.billing_entity_code === undefined
      ? {}
      : { billing_entity_code: wallet.billing_entity_code }),
  };
}

/**
 * `state` with the transactions the engine creates for `request` on `wallet` (with `source`:
 * `manual` for a request, `interval` or `threshold` for a recurring rule), each logged
 * `wallet_transaction.created` on `draft`, and `wallet.updated` when the balance moved; the
 * engine's refusal as the reference's 422.
 *
 * @example
 * addWalletTransactions(state, wallet, { wallet_id, granted_credits: '10' }, 'manual', new StateDraft(state, now));
 * // right({ state, created: [transaction] })
 */
export function addWalletTransactions(
  state: ServerState,
  wallet: Wallet,
  request: WalletTransactionInput,
  source: WalletTransactionSource,
  draft: StateDraft,
): Either<
  ApiErrorResponse,
  { readonly state: ServerState; readonly created: readonly WalletTransaction[] }
> {
  const result = walletTransactionsOf({
    wallet,
    wallet_transaction: request,
    now: draft.now,
    source,
  });
  if (isLeft(result)) return left(refusal(result.left));
  const created = result.right.wallet_transactions.map((computed) => {
    const transaction = storedTransaction(computed, wallet, draft);
    draft.log({
      type: 'wallet_transaction.created',
      resourceType: 'WalletTransaction',
      resourceId: transaction.svc_id,
      before: null,
      after: transaction,
      externalCustomerId: wallet.external_customer_id,
    });
    return transaction;
  });
  const nextWallet = storedWallet(result.right.wallet);
  if (!sameData(wallet, nextWallet)) {
    draft.log({
      type: 'wallet.updated',
      resourceType: 'Wallet',
      resourceId: wallet.svc_id,
      before: wallet,
      after: nextWallet,
      externalCustomerId: wallet.external_customer_id,
    });
  }
  return right({
    state: draft.commit({
      wallets: replaceItem(state.wallets, wallet, nextWallet),
      wallet_transactions: appendItems(state.wallet_transactions, created),
    }),
    created,
  });
}

/**
 * `POST /wallet_transactions`: 422 `{wallet_id: ['wallet_not_found']}` or
 * `['wallet_is_terminated']` (as the reference, a validation error, not a 404); 422 for an
 * amount that is not a non-negative decimal, a void above the balance
 * (`insufficient_credits`), or paid credits outside the wallet's paid top-up limits
 * (`amount_below_minimum` / `amount_above_maximum`, bounds inclusive) unless
 * `ignore_paid_top_up_limits`. Answers every transaction created, in the order paid,
 * granted, voided; logs `wallet_transaction.created` for each, and `wallet.updated` when the
 * wallet's balance moved (granted or voided credits), and `wallet.depleted_ongoing_balance`
 * when a void takes its ongoing balance from above 0 to 0 or below.
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
  const added = addWalletTransactions(state, wallet, body, 'manual', new StateDraft(state, now));
  if (isLeft(added)) return added;
  // A void can deplete the wallet (billing/wallet-ongoing.ts).
  const refreshed = depletedWallets(added.right.state, state, wallet.svc_customer_id, now);
  return right({
    state: refreshed,
    body: { wallet_transactions: added.right.created.map(walletTransactionView) },
  });
};
