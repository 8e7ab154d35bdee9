import type {
  AppliedCoupon,
  CreditNote,
  Invoice,
  Rate,
  Wallet,
  WalletTransaction,
} from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../core/index';
import { invoiceTotals } from './compute-invoice-totals';
import type { CouponOutcome } from './coupons/apply-coupons';
import type { AppliedCouponInput, CouponApplication } from './coupons/coupon-terms';
import type { AvailableCreditNoteInput } from './credit-note-credits';
import type { TaxSources } from './taxes/tax-sources';
import { type AppliedWallets, applyWallets } from './wallets/apply-wallets';

/** What {@link settleInvoice} settles an invoice with. */
export interface SettleInvoiceOptions<
  A extends AppliedCouponInput = AppliedCoupon,
  C extends AvailableCreditNoteInput = CreditNote,
> {
  /** The customer's applied coupons, each with its coupon (step 4). */
  readonly appliedCoupons: readonly CouponApplication<A>[];
  /** Where the fees that have no applied taxes yet get them (step 5). */
  readonly taxSources: TaxSources;
  /** The customer's credit notes: the available ones are consumed, oldest first (step 6). */
  readonly creditNotes: readonly C[];
  /** The customer's wallets, which pay what is left (step 7). */
  readonly wallets: readonly Wallet[];
  /** The wallets' transactions, to split prepaid credits into granted and purchased. */
  readonly walletTransactions?: readonly WalletTransaction[];
  /**
   * When the invoice is settled: an applied coupon that ends gets it as `terminated_at`, and
   * a wallet used is one not expired then.
   */
  readonly at: string;
  /** The invoice is being finalized: only then do wallets pay it (a draft carries no credits). */
  readonly finalizing: boolean;
}

/** The result of {@link settleInvoice}. */
export interface SettledInvoice<
  A extends AppliedCouponInput = AppliedCoupon,
  C extends AvailableCreditNoteInput = CreditNote,
> extends Pick<
    AppliedWallets,
    'invoice' | 'wallets' | 'wallet_transactions' | 'updated_transactions'
  > {
  /** The applied coupons as they stand after the invoice (input order). */
  readonly applied_coupons: readonly A[];
  /** What each coupon did on the invoice, or why it did nothing. */
  readonly coupon_outcomes: readonly CouponOutcome[];
  /** The credit notes with their balances after the invoice (input order). */
  readonly credit_notes: readonly C[];
  /** The invoice's blended tax rate, in percent (invoicing.md §2.3). */
  readonly taxes_rate: Rate;
}

/**
 * Settles an invoice whose fees are billed (invoicing.md §1, steps 4-8): coupons, taxes and
 * credit notes with the totals (`computeInvoiceTotals`, which also takes the
 * progressive-billing credit the invoice carries), then the prepaid credits of the wallets
 * ({@link applyWallets}). Which steps apply follows the invoice's type and status
 * (`invoiceSteps`). The one money flow of an invoice: `previewInvoice` and the server's
 * finalization both settle with it. A stage's error is the `Left`, with that stage's path.
 *
 * @example
 * // Fees 115.40 USD, coupons of 5.00 and 10 %, VAT 20 %, a credit note of 18.48, a wallet of
 * // 10.00 for charges:
 * settleInvoice(invoice, { appliedCoupons, taxSources, creditNotes, wallets, at, finalizing: true })
 * // right({ invoice: { coupons_amount_cents: 1604, taxes_amount_cents: 1987, credit_notes_amount_cents: 1848,
 * //   prepaid_credit_amount_cents: 1000, total_amount_cents: 9075, ... }, wallets: [{ balance_cents: 0, ... }], ... })
 */
export function settleInvoice<
  A extends AppliedCouponInput = AppliedCoupon,
  C extends AvailableCreditNoteInput = CreditNote,
>(
  invoice: Invoice,
  options: SettleInvoiceOptions<A, C>,
): Either<FeecastError, SettledInvoice<A, C>> {
  return settle(invoice, options, false);
}

/**
 * {@link settleInvoice} of an invoice whose fees are the caller's own, just built and held
 * nowhere else (a preview's invoice): the taxes and credit-note shares are set on those fees
 * rather than on copies of them (`invoiceTotals`). The result is the same.
 * @internal
 *
 * @example
 * settleOwnedInvoice(skeleton, { appliedCoupons, taxSources, creditNotes, wallets, at, finalizing: false })
 * // ~> right({ invoice: { total_amount_cents: 21400 } })
 */
export function settleOwnedInvoice<
  A extends AppliedCouponInput = AppliedCoupon,
  C extends AvailableCreditNoteInput = CreditNote,
>(
  invoice: Invoice,
  options: SettleInvoiceOptions<A, C>,
): Either<FeecastError, SettledInvoice<A, C>> {
  return settle(invoice, options, true);
}

function settle<A extends AppliedCouponInput, C extends AvailableCreditNoteInput>(
  invoice: Invoice,
  options: SettleInvoiceOptions<A, C>,
  owned: boolean,
): Either<FeecastError, SettledInvoice<A, C>> {
  const totals = invoiceTotals<Invoice, A, C>(
    invoice,
    {
      appliedCoupons: options.appliedCoupons,
      taxSources: options.taxSources,
      creditNotes: options.creditNotes,
      now: options.at,
    },
    owned,
  );
  if (isLeft(totals)) return totals;
  const paid = applyWallets(totals.right.invoice, options.wallets, {
    at: options.at,
    finalizing: options.finalizing,
    ...(options.walletTransactions === undefined
      ? {}
      : { transactions: options.walletTransactions }),
  });
  if (isLeft(paid)) return paid;
  return right({
    invoice: paid.right.invoice,
    applied_coupons: totals.right.applied_coupons,
    coupon_outcomes: totals.right.coupon_outcomes,
    credit_notes: totals.right.credit_notes,
    taxes_rate: totals.right.taxes_rate,
    wallets: paid.right.wallets,
    wallet_transactions: paid.right.wallet_transactions,
    updated_transactions: paid.right.updated_transactions,
  });
}
