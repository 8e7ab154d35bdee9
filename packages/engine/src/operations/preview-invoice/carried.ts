import type { Wallet, WalletTransaction } from '@feecast/models';
import type { PreviewInvoiceInput } from './inputs';
import type { InvoicePreview } from './preview-invoice';

/**
 * What one invoice of a sequence hands the next (a plan change's invoices, the next periods'
 * invoices): the applied coupons, the wallets, their transactions and the credit notes.
 */
export type Carried = Pick<
  PreviewInvoiceInput,
  'appliedCoupons' | 'wallets' | 'walletTransactions' | 'creditNotes'
>;

/** The coupons, wallets, transactions and credit notes of an input, as the first invoice takes them. */
export function carriedState(input: Carried): Carried {
  return {
    ...(input.appliedCoupons === undefined ? {} : { appliedCoupons: input.appliedCoupons }),
    ...(input.wallets === undefined ? {} : { wallets: input.wallets }),
    ...(input.walletTransactions === undefined
      ? {}
      : { walletTransactions: input.walletTransactions }),
    ...(input.creditNotes === undefined ? {} : { creditNotes: input.creditNotes }),
  };
}

/** The state the next invoice starts from: as `preview` left the coupons, wallets and notes. */
export function afterInvoice(before: Carried, preview: InvoicePreview): Carried {
  const coupons = before.appliedCoupons;
  const transactions: WalletTransaction[] = [];
  for (const transaction of before.walletTransactions ?? []) {
    transactions.push(transaction as WalletTransaction);
  }
  for (const transaction of preview.wallet_transactions) transactions.push(transaction);
  return {
    ...(coupons === undefined
      ? {}
      : {
          appliedCoupons: coupons.map((entry, i) => {
            const applied = preview.applied_coupons[i];
            return applied === undefined ? entry : { ...entry, applied_coupon: applied };
          }),
        }),
    ...(before.wallets === undefined ? {} : { wallets: preview.wallets as Wallet[] }),
    ...(before.walletTransactions === undefined ? {} : { walletTransactions: transactions }),
    ...(before.creditNotes === undefined ? {} : { creditNotes: preview.credit_notes }),
  };
}
