import type { Cents, CreditNote, Invoice, Wallet } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  decimalFromCount,
  equals,
  type FeecastError,
  type Money,
  max,
  min,
  moneyOf,
  multiply,
  ratioOr,
  readCents,
  roundToCent,
  sign,
  subtract,
  sum,
  toWireCents,
  ZERO,
} from '../../core/index';
import { type FeeAmounts, readFeeList } from '../../fees/index';
import { creditedByFee } from './credited-fees';
import { itemCoupons } from './note-amounts';

/** Credit notes exist from this invoice version on (the reference's `CREDIT_NOTES_MIN_VERSION`). */
export const CREDIT_NOTES_MIN_VERSION = 2;

const HUNDRED = decimalFromCount(100);

/** The input of {@link invoiceCreditableAmounts}. */
export interface InvoiceCreditableInput {
  readonly invoice: Invoice;
  /** Credit notes already issued on the invoice. */
  readonly credit_notes?: readonly CreditNote[];
  /** For a wallet top-up (`credit`) invoice: the wallet it funded, if still active. */
  readonly wallet?: Wallet | null;
}

/** What can still be credited or refunded on an invoice. */
export interface InvoiceCreditable {
  /** What a credit note may still credit (0 on wallet top-up invoices). */
  readonly creditable_amount_cents: Cents;
  /** What a credit note may still refund. */
  readonly refundable_amount_cents: Cents;
  /** Per fee (in `invoice.fees` order): its amount minus the credit-note items on it. */
  readonly fees: readonly {
    readonly fee_id: string | null;
    readonly creditable_amount_cents: Cents;
  }[];
}

/** The invoice's creditable amounts, exact, for the estimate. @internal */
export interface CreditableState {
  readonly money: Money;
  readonly fees: readonly FeeAmounts[];
  /** Per fee: what can still be credited on it. */
  readonly fee_creditable: readonly Decimal[];
  readonly creditable: Decimal;
  readonly refundable: Decimal;
  /** `total_amount_cents`. */
  readonly total: Decimal;
  /** `total_paid_amount_cents` (or the total when paid and the field is absent). */
  readonly total_paid: Decimal;
  /** Σ fee amounts + round(Σ fee amount × taxes rate ÷ 100) (the reference's `fee_total_amount_cents`). */
  readonly fee_total: Decimal;
  /** The active wallet a top-up invoice funded, if any. */
  readonly wallet_balance: Decimal | null;
}

/**
 * Reads the invoice's creditable state (invoicing.md §9.6).
 *
 * @example
 * creditableState({ invoice }) // right({ creditable: 160, refundable: 160, fee_creditable: [133], ... })
 * @internal
 */
export function creditableState(
  input: InvoiceCreditableInput,
): Either<FeecastError, CreditableState> {
  const { invoice } = input;
  const money = moneyOf(invoice.currency, ['invoice', 'currency']);
  if (isLeft(money)) return money;
  const fees = readFeeList(invoice.fees, money.right, ['invoice', 'fees']);
  if (isLeft(fees)) return fees;
  const credited = creditedByFee(input.credit_notes ?? []);
  if (isLeft(credited)) return credited;
  const read = (value: number, key: string) => readCents(value, ['invoice', key]);
  const total = read(invoice.total_amount_cents, 'total_amount_cents');
  if (isLeft(total)) return total;
  const paid = read(
    invoice.total_paid_amount_cents ??
      (invoice.payment_status === 'succeeded' ? invoice.total_amount_cents : 0),
    'total_paid_amount_cents',
  );
  if (isLeft(paid)) return paid;
  let walletBalance: Decimal | null = null;
  if (input.wallet !== undefined && input.wallet !== null && input.wallet.status === 'active') {
    const balance = readCents(input.wallet.balance_cents, ['wallet', 'balance_cents']);
    if (isLeft(balance)) return balance;
    walletBalance = balance.right;
  }
  const refunds: Decimal[] = [];
  for (const [i, note] of (input.credit_notes ?? []).entries()) {
    const refund = readCents(note.refund_amount_cents, [
      'credit_notes',
      String(i),
      'refund_amount_cents',
    ]);
    if (isLeft(refund)) return refund;
    refunds.push(refund.right);
  }

  const feeCreditable = fees.right.map((fee) => {
    const id = fee.fee.svc_id;
    const left = max(
      ZERO,
      subtract(fee.amount, id === null ? ZERO : (credited.right.get(id) ?? ZERO)),
    );
    return fee.fee_type === 'credit' && walletBalance !== null ? min(left, walletBalance) : left;
  });
  const creditNotesAllowed =
    invoice.version_number >= CREDIT_NOTES_MIN_VERSION && invoice.status !== 'draft';
  let available = ZERO;
  if (creditNotesAllowed && sign(sum(feeCreditable)) !== 0) {
    // Each fee's coupon share (coupons and progressive-billing credits, §0) in proportion to
    // what is left to credit on it, as a credit note deducts it (§9.2); see docs/semantics.md.
    const nets = fees.right.map((fee, i) => {
      const creditable = feeCreditable[i] ?? ZERO;
      return subtract(
        creditable,
        itemCoupons({ fee, precise: creditable }, invoice.version_number),
      );
    });
    const taxed = fees.right.map((fee, i) => multiply(nets[i] ?? ZERO, fee.taxes_rate));
    const vat = roundToCent(ratioOr(sum(taxed), HUNDRED, ZERO));
    available = roundToCent(add(sum(nets), vat));
  }
  const isTopUp = invoice.invoice_type === 'credit';
  const creditable = isTopUp ? ZERO : available;
  let refundable = ZERO;
  // The reference's guard, kept as it is: not marked paid, yet paid in full.
  const fullyPaidButPending =
    invoice.payment_status !== 'succeeded' && equals(paid.right, total.right);
  if (creditNotesAllowed && !fullyPaidButPending) {
    const left = max(ZERO, subtract(paid.right, sum(refunds)));
    refundable = isTopUp ? min(left, walletBalance ?? ZERO) : min(left, creditable);
  }
  const feeTotal = add(
    sum(fees.right.map((f) => f.amount)),
    roundToCent(
      ratioOr(sum(fees.right.map((f) => multiply(f.amount, f.taxes_rate))), HUNDRED, ZERO),
    ),
  );
  return right({
    money: money.right,
    fees: fees.right,
    fee_creditable: feeCreditable,
    creditable,
    refundable,
    total: total.right,
    total_paid: paid.right,
    fee_total: feeTotal,
    wallet_balance: walletBalance,
  });
}

/**
 * What can still be credited and refunded on an invoice (invoicing.md §9.6). Nothing on a
 * draft or an invoice before version 2. Each fee can be credited up to its amount minus the
 * credit-note items already on it; the invoice's creditable amount is that, less each fee's
 * coupon and progressive-billing share in proportion (version 3 and later), plus the taxes on
 * the rest (rounded once): what one credit note of everything left would total. Refundable:
 * what was paid and not refunded yet, at most the creditable amount (on a wallet top-up
 * invoice, at most the wallet's balance; its creditable amount is 0).
 *
 * @example
 * // A fee of 1.33 at 20%, paid, nothing credited yet:
 * invoiceCreditableAmounts({ invoice })
 * // right({ creditable_amount_cents: 160, refundable_amount_cents: 160, fees: [{ fee_id, creditable_amount_cents: 133 }] })
 */
export function invoiceCreditableAmounts(
  input: InvoiceCreditableInput,
): Either<FeecastError, InvoiceCreditable> {
  const state = creditableState(input);
  if (isLeft(state)) return state;
  const creditable = toWireCents(state.right.creditable, ['invoice']);
  if (isLeft(creditable)) return creditable;
  const refundable = toWireCents(state.right.refundable, ['invoice']);
  if (isLeft(refundable)) return refundable;
  const fees: { fee_id: string | null; creditable_amount_cents: Cents }[] = [];
  for (const [i, fee] of state.right.fees.entries()) {
    const cents = toWireCents(state.right.fee_creditable[i] ?? ZERO, [
      'invoice',
      'fees',
      String(i),
    ]);
    if (isLeft(cents)) return cents;
    fees.push({ fee_id: fee.fee.svc_id, creditable_amount_cents: cents.right });
  }
  return right({
    creditable_amount_cents: creditable.right,
    refundable_amount_cents: refundable.right,
    fees,
  });
}
