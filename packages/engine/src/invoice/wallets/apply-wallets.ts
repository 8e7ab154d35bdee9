import type { Cents, DecimalString, Invoice, Wallet, WalletTransaction } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  countToWire,
  type Decimal,
  derivedId,
  type FeecastError,
  feecastError,
  type Instant,
  type Money,
  max,
  min,
  moneyOf,
  parseInstant,
  readCents,
  roundToCent,
  sign,
  subtract,
  toWireCents,
  toWireDecimal,
  toWireTimestamp,
  ZERO,
} from '../../core/index';
import { walletAppliesTo } from './applies-to';
import { splitConsumption, traceable } from './consumption-sources';
import { type FeeBucket, walletFeeBuckets } from './fee-buckets';
import { creditValueOfCents } from './wallet-credit';
import {
  compareWalletStates,
  ongoingFields,
  readWalletState,
  type WalletState,
} from './wallet-state';

/** Options of {@link applyWallets}. */
export interface ApplyWalletsOptions {
  /**
   * When the invoice is billed: a wallet whose `expiration_at` is at or before this instant is
   * expired and not used; it also dates the wallet transactions. Default: the invoice's
   * `created_at`.
   */
  readonly at?: string;
  /**
   * Whether the invoice is being finalized. Only finalizing invoices consume prepaid credits;
   * drafts (grace period) carry none (invoicing.md §1, open question 14). Default: `true`
   * unless the invoice's `status` is `draft`.
   */
  readonly finalizing?: boolean;
  /**
   * The customer's wallet transactions. When given, and every settled granted or purchased
   * transaction of every wallet passed carries its `remaining_amount_cents`, the consumption is
   * split into granted and purchased credits (`prepaid_granted_credit_amount_cents`,
   * `prepaid_purchased_credit_amount_cents`); otherwise both stay `null`.
   */
  readonly transactions?: readonly WalletTransaction[];
}

/**
 * What one fee bucket received from one wallet.
 *
 * @inline
 */
export interface WalletBucketShare {
  readonly fee_type: string;
  readonly billable_metric_code: string | null;
  /** The exact amount taken, in minor units (may carry a fraction before rounding). */
  readonly amount_cents: DecimalString;
}

/**
 * What one wallet paid on the invoice.
 *
 * @inline
 */
export interface WalletConsumption {
  readonly svc_wallet_id: string;
  /** The wallet transaction's amount: the exact takes, rounded to a whole minor unit. */
  readonly amount_cents: Cents;
  /** The same amount in credits (`amount ÷ rate_amount`, 5 decimals). */
  readonly credit_amount: DecimalString;
  readonly shares: readonly WalletBucketShare[];
  /** Of `amount_cents`, how much came from granted credits (`null` when not traceable). */
  readonly granted_amount_cents: Cents | null;
  /** Of `amount_cents`, how much came from purchased credits (`null` when not traceable). */
  readonly purchased_amount_cents: Cents | null;
}

/**
 * Why no prepaid credit was applied, when none was.
 *
 * @inline
 */
export type WalletsSkipReason =
  | 'not_finalizing'
  | 'invoice_type_without_wallets'
  | 'nothing_to_pay'
  | 'no_applicable_wallet';

/** The result of {@link applyWallets}. */
export interface AppliedWallets {
  /**
   * The invoice with `prepaid_credit_amount_cents`, the granted/purchased split, a lower
   * `total_amount_cents` (and `total_due_amount_cents` when present) and `payment_status`
   * `succeeded` when nothing is left to pay.
   */
  readonly invoice: Invoice;
  /**
   * Every wallet passed, in the same order; those that paid have lower balances
   * (`balance_cents`, `credits_balance`), more `consumed_credits`, and their ongoing usage
   * lowered by what the invoice settled (so the ongoing balance, which already anticipated
   * the invoice, does not drop twice).
   */
  readonly wallets: readonly Wallet[];
  /** One new outbound, settled, `invoiced` transaction per wallet that paid. */
  readonly wallet_transactions: readonly WalletTransaction[];
  /** What each wallet paid, in consumption order. */
  readonly consumptions: readonly WalletConsumption[];
  /** The funding transactions consumed, with lowered remaining amounts (traceable only). */
  readonly updated_transactions: readonly WalletTransaction[];
  readonly prepaid_credit_amount_cents: Cents;
  /** Set when nothing was applied, to say why. */
  readonly skipped?: WalletsSkipReason;
}

/** Invoice types the reference never pays with prepaid credits (one-off and top-up invoices). */
const TYPES_WITHOUT_WALLETS: ReadonlySet<string> = new Set(['add_on', 'one_off', 'credit']);

/**
 * Pays an invoice with the customer's prepaid credits (invoicing.md §6.5), as the reference
 * does when it finalizes the invoice. `invoice.total_amount_cents` is what is still to pay
 * (after coupons, taxes and credit notes).
 *
 * - Wallets used: `active`, not expired at `options.at`, in the invoice's currency, with a
 *   positive balance; consumed by `priority` ascending, then oldest first (then `svc_id`).
 * - Fees are grouped by (fee type, billable metric) with caps `net + taxes − credit-note share`,
 *   largest first; each wallet, in order, takes from the buckets it `applies_to`
 *   (`walletAppliesTo`) at most its balance and what is left of the invoice.
 * - One outbound `invoiced` transaction per wallet, its amount rounded to a whole minor unit.
 *   No wallet pays more than its balance and the wallets together never pay more than the
 *   total (see docs/semantics.md for the one case where the reference's rounding would).
 *
 * A wallet, fee or invoice field that cannot be read is a `Left` naming its path; an invoice
 * that already carries prepaid credits is a `Left` (`wallets_already_applied`).
 *
 * @example
 * // November's invoice, 662.29 EUR with VAT; the wallet's 25 credits pay 25.00 EUR of it.
 * const { invoice } = previewInvoiceUnsafe({
 *   customer, subscriptions: [{ subscription, plan }], billableMetrics, events,
 *   taxes: { billing_entity: [vat20] },
 *   now: '2026-11-30T23:59:59Z',
 * });
 * applyWallets(invoice, [wallet])
 * // ~> right({ prepaid_credit_amount_cents: 2500, invoice: { total_amount_cents: 63729 },
 * //   wallets: [{ balance_cents: 0, credits_balance: '0' }] })
 */
export function applyWallets(
  invoice: Invoice,
  wallets: readonly Wallet[],
  options: ApplyWalletsOptions = {},
): Either<FeecastError, AppliedWallets> {
  const money = moneyOf(invoice.currency, ['invoice', 'currency']);
  if (isLeft(money)) return money;
  if (invoice.prepaid_credit_amount_cents !== 0) {
    return left(
      feecastError(
        'wallets_already_applied',
        `The invoice already carries ${invoice.prepaid_credit_amount_cents} minor units of prepaid credits; apply wallets to an invoice once, before any prepaid credit.`,
        ['invoice', 'prepaid_credit_amount_cents'],
      ),
    );
  }
  const total = readCents(invoice.total_amount_cents, ['invoice', 'total_amount_cents']);
  if (isLeft(total)) return total;
  const at = parseInstant(options.at ?? invoice.created_at, [
    options.at === undefined ? 'invoice' : 'options',
    options.at === undefined ? 'created_at' : 'at',
  ]);
  if (isLeft(at)) return at;
  const states: WalletState[] = [];
  for (const [i, wallet] of wallets.entries()) {
    const state = readWalletState(wallet, i, ['wallets', String(i)]);
    if (isLeft(state)) return state;
    states.push(state.right);
  }

  const unchanged = (skipped: WalletsSkipReason): AppliedWallets => ({
    invoice,
    wallets,
    wallet_transactions: [],
    consumptions: [],
    updated_transactions: [],
    prepaid_credit_amount_cents: countToWire<Cents>(0),
    skipped,
  });
  if (!(options.finalizing ?? invoice.status !== 'draft'))
    return right(unchanged('not_finalizing'));
  if (TYPES_WITHOUT_WALLETS.has(invoice.invoice_type)) {
    return right(unchanged('invoice_type_without_wallets'));
  }
  if (sign(total.right) <= 0) return right(unchanged('nothing_to_pay'));

  const usable = states
    .filter((s) => isUsable(s, invoice.currency, at.right))
    .sort(compareWalletStates);
  // Without a wallet to pay, the fees are not split (most invoices: no wallet at all).
  if (usable.length === 0) return right(unchanged('no_applicable_wallet'));
  const buckets = walletFeeBuckets(invoice, money.right, total.right);
  if (isLeft(buckets)) return buckets;
  const allocations = allocate(usable, buckets.right, total.right);
  if (allocations.length === 0) return right(unchanged('no_applicable_wallet'));

  const split = traceable(wallets, options.transactions) ? options.transactions : undefined;
  return settle(invoice, wallets, allocations, money.right, total.right, at.right, split);
}

/** A wallet is used when active, unexpired, in the invoice's currency and not empty. */
function isUsable(state: WalletState, currency: string, at: Instant): boolean {
  return (
    state.wallet.status === 'active' &&
    state.wallet.currency === currency &&
    sign(state.balance) > 0 &&
    (state.expiration_at === null || state.expiration_at > at)
  );
}

interface Allocation {
  readonly state: WalletState;
  readonly shares: readonly { readonly bucket: FeeBucket; readonly amount: Decimal }[];
  readonly taken: Decimal;
}

/** The reference's allocation loop: each wallet in order, each bucket largest first. */
function allocate(
  states: readonly WalletState[],
  buckets: readonly FeeBucket[],
  total: Decimal,
): Allocation[] {
  const remaining = buckets.map((b) => b.cap);
  let invoiceLeft = total;
  const out: Allocation[] = [];
  for (const state of states) {
    let taken = ZERO;
    const shares: { bucket: FeeBucket; amount: Decimal }[] = [];
    for (const [i, bucket] of buckets.entries()) {
      const bucketLeft = remaining[i] ?? ZERO;
      if (sign(bucketLeft) <= 0 || !walletAppliesTo(state.wallet, bucket)) continue;
      const take = min(min(bucketLeft, subtract(state.balance, taken)), invoiceLeft);
      if (sign(take) <= 0) continue;
      remaining[i] = subtract(bucketLeft, take);
      invoiceLeft = subtract(invoiceLeft, take);
      taken = add(taken, take);
      shares.push({ bucket, amount: take });
    }
    if (sign(taken) > 0) out.push({ state, shares, taken });
  }
  return out;
}

/** Turns the allocations into transactions, updated wallets and the updated invoice. */
function settle(
  invoice: Invoice,
  wallets: readonly Wallet[],
  allocations: readonly Allocation[],
  money: Money,
  total: Decimal,
  at: Instant,
  transactions: readonly WalletTransaction[] | undefined,
): Either<FeecastError, AppliedWallets> {
  const updatedWallets = [...wallets];
  const walletTransactions: WalletTransaction[] = [];
  const consumptions: WalletConsumption[] = [];
  const updatedTransactions: WalletTransaction[] = [];
  let paid = ZERO;
  let granted = ZERO;
  let purchased = ZERO;
  const stamp = toWireTimestamp(at);
  for (const { state, shares, taken } of allocations) {
    // Rounded per wallet like the reference, but never past what is left of the total.
    const amount = min(roundToCent(taken), subtract(total, paid));
    if (sign(amount) <= 0) continue;
    paid = add(paid, amount);
    const value = creditValueOfCents(amount, state.rate, money);
    const amountCents = toWireCents(amount, [...state.path, 'balance_cents']);
    if (isLeft(amountCents)) return amountCents;

    let grantedCents: Cents | null = null;
    let purchasedCents: Cents | null = null;
    if (transactions !== undefined) {
      const sources = splitConsumption(state, amount, transactions);
      if (isLeft(sources)) return sources;
      granted = add(granted, sources.right.granted);
      purchased = add(purchased, sources.right.purchased);
      for (const updated of sources.right.updated) updatedTransactions.push(updated);
      const g = toWireCents(sources.right.granted, [...state.path, 'balance_cents']);
      if (isLeft(g)) return g;
      const p = toWireCents(sources.right.purchased, [...state.path, 'balance_cents']);
      if (isLeft(p)) return p;
      grantedCents = g.right;
      purchasedCents = p.right;
    }

    const wallet = updatedWallet(state, amount, value.credits, stamp);
    if (isLeft(wallet)) return wallet;
    updatedWallets[state.index] = wallet.right;
    walletTransactions.push(outboundTransaction(invoice, state.wallet, value, stamp));
    consumptions.push({
      svc_wallet_id: state.wallet.svc_id,
      amount_cents: amountCents.right,
      credit_amount: toWireDecimal(value.credits),
      shares: shares.map(({ bucket, amount: share }) => ({
        fee_type: bucket.fee_type,
        billable_metric_code: bucket.billable_metric_code,
        amount_cents: toWireDecimal(share),
      })),
      granted_amount_cents: grantedCents,
      purchased_amount_cents: purchasedCents,
    });
  }
  const updatedInvoice = invoiceAfter(invoice, paid, total, transactions, granted, purchased);
  if (isLeft(updatedInvoice)) return updatedInvoice;
  const paidCents = toWireCents(paid, ['invoice', 'prepaid_credit_amount_cents']);
  if (isLeft(paidCents)) return paidCents;
  return right({
    invoice: updatedInvoice.right,
    wallets: updatedWallets,
    wallet_transactions: walletTransactions,
    consumptions,
    updated_transactions: updatedTransactions,
    prepaid_credit_amount_cents: paidCents.right,
  });
}

/** The wallet after paying `amount` minor units (`credits` credits) at `stamp`. */
function updatedWallet(
  state: WalletState,
  amount: Decimal,
  credits: Decimal,
  stamp: Wallet['created_at'],
): Either<FeecastError, Wallet> {
  const balance = subtract(state.balance, amount);
  const balanceCents = toWireCents(balance, [...state.path, 'balance_cents']);
  if (isLeft(balanceCents)) return balanceCents;
  const usage = max(ZERO, subtract(state.usage, amount));
  const ongoing = ongoingFields(balance, usage, state);
  if (isLeft(ongoing)) return ongoing;
  return right({
    ...state.wallet,
    balance_cents: balanceCents.right,
    credits_balance: toWireDecimal(subtract(state.credits_balance, credits)),
    consumed_credits: toWireDecimal(add(state.consumed_credits, credits)),
    last_consumed_credit_at: stamp,
    last_balance_sync_at: stamp,
    ...ongoing.right,
  });
}

/** The outbound, settled, `invoiced` transaction of one wallet's payment. */
function outboundTransaction(
  invoice: Invoice,
  wallet: Wallet,
  value: { readonly amount: Decimal; readonly credits: Decimal },
  stamp: Wallet['created_at'],
): WalletTransaction {
  return {
    svc_id: derivedId('wallet_transaction', 'invoiced', invoice.svc_id, wallet.svc_id),
    svc_wallet_id: wallet.svc_id,
    svc_voided_invoice_id: null,
    svc_invoice_id: invoice.svc_id,
    svc_credit_note_id: null,
    status: 'settled',
    source: 'manual',
    transaction_status: 'invoiced',
    transaction_type: 'outbound',
    amount: toWireDecimal(value.amount),
    credit_amount: toWireDecimal(value.credits),
    remaining_credit_amount: null,
    remaining_amount_cents: null,
    name: null,
    invoice_requires_successful_payment: false,
    metadata: [],
    created_at: stamp,
    settled_at: stamp,
    failed_at: null,
    payment_method: wallet.payment_method,
  };
}

/** The invoice after `paid` minor units of prepaid credits. */
function invoiceAfter(
  invoice: Invoice,
  paid: Decimal,
  total: Decimal,
  transactions: readonly WalletTransaction[] | undefined,
  granted: Decimal,
  purchased: Decimal,
): Either<FeecastError, Invoice> {
  const remaining = subtract(total, paid);
  const paidCents = toWireCents(paid, ['invoice', 'prepaid_credit_amount_cents']);
  if (isLeft(paidCents)) return paidCents;
  const totalCents = toWireCents(remaining, ['invoice', 'total_amount_cents']);
  if (isLeft(totalCents)) return totalCents;
  const positive = (d: Decimal, key: string): Either<FeecastError, Cents | null> =>
    transactions === undefined || sign(d) <= 0 ? right(null) : toWireCents(d, ['invoice', key]);
  const g = positive(granted, 'prepaid_granted_credit_amount_cents');
  if (isLeft(g)) return g;
  const p = positive(purchased, 'prepaid_purchased_credit_amount_cents');
  if (isLeft(p)) return p;
  let due: { total_due_amount_cents?: Cents } = {};
  if (invoice.total_due_amount_cents !== undefined) {
    const paidSoFar = readCents(invoice.total_paid_amount_cents ?? 0, [
      'invoice',
      'total_paid_amount_cents',
    ]);
    if (isLeft(paidSoFar)) return paidSoFar;
    const dueCents = toWireCents(subtract(remaining, paidSoFar.right), [
      'invoice',
      'total_due_amount_cents',
    ]);
    if (isLeft(dueCents)) return dueCents;
    due = { total_due_amount_cents: dueCents.right };
  }
  return right({
    ...invoice,
    prepaid_credit_amount_cents: paidCents.right,
    prepaid_granted_credit_amount_cents: g.right,
    prepaid_purchased_credit_amount_cents: p.right,
    total_amount_cents: totalCents.right,
    payment_status: sign(remaining) > 0 ? invoice.payment_status : 'succeeded',
    ...due,
  });
}
