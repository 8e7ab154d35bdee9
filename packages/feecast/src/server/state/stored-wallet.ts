/**
 * Wallets and wallet transactions as the engine computes them, stored with their decimals in
 * the reference's wire form (`"22.0"`, not the engine's `"22"`).
 */
import type { Wallet, WalletTransaction } from '@feecast/models';
import { wireDecimalString } from './wire-decimal';

/**
 * The wallet with its credit decimals in the reference's form.
 *
 * @example
 * storedWallet({ ...wallet, credits_balance: '22' }).credits_balance; // '22.0'
 */
export function storedWallet(wallet: Wallet): Wallet {
  return {
    ...wallet,
    credits_balance: wireDecimalString(wallet.credits_balance),
    consumed_credits: wireDecimalString(wallet.consumed_credits),
    credits_ongoing_balance: wireDecimalString(wallet.credits_ongoing_balance),
    credits_ongoing_usage_balance: wireDecimalString(wallet.credits_ongoing_usage_balance),
  };
}

/**
 * The transaction with its amounts in the reference's form.
 *
 * @example
 * storedTransactionDecimals({ ...transaction, amount: '10', credit_amount: '10' }).amount; // '10.0'
 */
export function storedTransactionDecimals(transaction: WalletTransaction): WalletTransaction {
  const remaining = transaction.remaining_credit_amount;
  return {
    ...transaction,
    amount: wireDecimalString(transaction.amount),
    credit_amount: wireDecimalString(transaction.credit_amount),
    remaining_credit_amount: remaining === null ? null : wireDecimalString(remaining),
  };
}
