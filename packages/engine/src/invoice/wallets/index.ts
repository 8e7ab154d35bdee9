/**
 * Prepaid credits (reference: invoicing.md §6): wallets and their credits, wallet
 * transactions, paid top-up bounds, recurring top-up rules, ongoing balances, and paying an
 * invoice with the customer's wallets.
 */

export { type WalletFeeKey, walletAppliesTo } from './applies-to';
export {
  type AppliedWallets,
  type ApplyWalletsOptions,
  applyWallets,
  type WalletBucketShare,
  type WalletConsumption,
  type WalletsSkipReason,
} from './apply-wallets';
export { isIntervalAnniversary } from './interval-anniversary';
export {
  type AllocateOngoingUsageInput,
  allocateOngoingUsage,
  type OngoingBalanceInput,
  type OngoingUsageLine,
  ongoingBalance,
} from './ongoing-balance';
export {
  type RecurringTopUp,
  type RecurringTopUpInput,
  type RuleTopUpCredits,
  type RuleTopUpCreditsInput,
  recurringTopUp,
  ruleTopUpCredits,
} from './recurring-rules';
export { checkPaidTopUp, type PaidTopUpInput } from './top-up-limits';
export {
  CREDITS_SCALE,
  creditsRoundToZero,
  type WalletCreditAmount,
  type WalletCreditFromCentsInput,
  type WalletCreditInput,
  walletCredit,
  walletCreditFromCents,
} from './wallet-credit';
export { type WalletOrderFields, walletApplicationOrder } from './wallet-order';
export {
  type CreatedWalletTransactions,
  type CreateWalletTransactionsInput,
  createWalletTransactions,
  type SettlePaidTransactionInput,
  settlePaidTransaction,
} from './wallet-transactions';
