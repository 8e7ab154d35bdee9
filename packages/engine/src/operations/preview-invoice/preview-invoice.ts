import type {
  AppliedCoupon,
  CreditNote,
  Fee,
  Invoice,
  Rate,
  Uuid,
  Wallet,
  WalletTransaction,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type Rejection, type WithAsyncEvents, withBatchedEvents } from '../../aggregation/index';
import { derivedId, type FeecastError, orThrow } from '../../core/index';
import { addOnFee, type CommitmentTrueUp } from '../../fees/index';
import {
  applyProgressiveBillingCredit,
  type CouponOutcome,
  type CreditNoteItemRequest,
  progressiveBilledAmount,
  settleOwnedInvoice,
  type TaxSources,
} from '../../invoice/index';
import type { SubscriptionRun } from '../../periods/index';
import { routeEvents, type UnassignedEvent } from './event-routing';
import { type PreviewFacts, type PreviewInvoiceInput, readPreviewInput } from './inputs';
import { billingPeriodEntry, invoiceDates, invoiceObject } from './invoice-object';
import { previewRuns } from './preview-aggregations';
import { subscriptionFees } from './subscription-fees';

/**
 * What the progressive-billing invoices of a subscription's period gave the invoice.
 *
 * @inline
 */
export interface ProgressiveBillingOutcome {
  readonly external_subscription_id: string;
  /** THE progressive-billing invoice of the period (the latest). */
  readonly progressive_billing_invoice_id: string;
  /** The credit taken on this invoice (pre-tax). */
  readonly credit_amount_cents: number;
  /** What the charge fees could not absorb: given back by a credit note on that invoice. */
  readonly excess_amount_cents: number;
  /** The items of that credit note (invoicing.md §9.9); empty without an excess. */
  readonly credit_note_items: readonly CreditNoteItemRequest[];
}

/**
 * A subscription's minimum-commitment reconciliation on the invoice.
 *
 * @inline
 */
export interface CommitmentOutcome {
  readonly external_subscription_id: string;
  readonly true_up: CommitmentTrueUp;
}

/** The result of {@link previewInvoice}. */
export interface InvoicePreview {
  /**
   * The invoice as it will read once finalized (or as a draft): customer, subscriptions,
   * billing periods, fees with their taxes and coupon shares, credits, applied taxes and
   * every total. It decodes with the `Invoice` codec of `@feecast/models`.
   */
  readonly invoice: Invoice;
  /** The applied coupons as they stand after this invoice (input order). */
  readonly applied_coupons: readonly AppliedCoupon[];
  /** What each coupon did on the invoice, or why it did nothing. */
  readonly coupon_outcomes: readonly CouponOutcome[];
  /** The credit notes with their balances after this invoice (input order). */
  readonly credit_notes: readonly CreditNote[];
  /** The wallets after paying the invoice (input order): lower balances, more consumed. */
  readonly wallets: readonly Wallet[];
  /** One outbound, settled, `invoiced` transaction per wallet that paid. */
  readonly wallet_transactions: readonly WalletTransaction[];
  /** The invoice's blended tax rate, in percent (invoicing.md §2.3). */
  readonly taxes_rate: Rate;
  /**
   * The period's pay-in-advance charge fees, billed on their own invoices, not on this one
   * (with, for a recurring metric, the units carried into the period, billed when it started),
   * and the carried units a non-invoiceable recurring charge bills for the next period.
   */
  readonly pay_in_advance_fees: readonly Fee[];
  /** The minimum commitments reconciled by this invoice (with a true-up of 0 or more). */
  readonly commitments: readonly CommitmentOutcome[];
  /** The progressive-billing credits of each subscription whose period was billed progressively. */
  readonly progressive_billing: readonly ProgressiveBillingOutcome[];
  /** Events left out of the aggregation, and why (bad value, duplicate id, missing field...). */
  readonly rejected: readonly Rejection[];
  /** Events of the plans' metrics dated outside the billed periods: not errors, not counted. */
  readonly outside_period: number;
  /** Events that belong to no subscription of the invoice. */
  readonly unassigned_events: readonly UnassignedEvent[];
}

/**
 * What the customer will be invoiced at the next billing run after `now`, as the finalized
 * invoice will read (API.md "previewInvoice"; invoicing.md §1). For each subscription, the
 * run at the end of the period that contains `now` (in the customer's zone), or at its
 * termination when that comes first (`subscriptionRun`), bills:
 *
 * 1. fees (`subscriptionFees`): the subscription fee (in arrears: the period that ends;
 *    pay in advance: the period that starts; trial and proration by days), fixed charges
 *    (standard, graduated, volume; pay in advance or not; prorated), usage charges of the
 *    period that ends (pay-in-advance charges come back apart, in `pay_in_advance_fees`;
 *    those of recurring metrics bill the units they carry into the next period here), the
 *    minimum-commitment true-up; and the given add-ons, once;
 * 2. progressive-billing credits from the period's progressive-billing invoices (§3.3);
 * 3. coupons, 4. taxes (`taxes.billing_entity`, `taxes.customer`, and the taxes riding on
 *    plans, charges, fixed charges, commitments and add-ons), 5. credit notes, 6. prepaid
 *    credits from the wallets, with the totals: the invoice's settlement (`settleInvoice`),
 *    the same as the server's finalization.
 *
 * A subscription's `plan_overrides` apply to its plan first (`applyPlanOverrides`). With
 * `status: 'draft'` the invoice is shown in its grace period: no coupons, credit notes or
 * wallets. Ids derive from the input (no randomness): the same input gives the same invoice.
 * Bad input is a `Left` naming the field; it never throws.
 *
 * @example
 * // Fees 49.00 + 502.91 = 551.91 EUR; the coupon takes 10.00; VAT 20 % of 541.91 = 108.38;
 * // 650.29 EUR, less the wallet's 25.00 EUR of prepaid credits: 625.29 EUR.
 * previewInvoice({
 *   customer, subscriptions: [{ subscription, plan }], billableMetrics, events,
 *   taxes: { billing_entity: [vat20] },
 *   appliedCoupons: [{ applied_coupon: appliedCoupon, coupon }],
 *   wallets: [wallet],
 *   now: '2026-11-30T23:59:59Z',
 * }) // ~> right({ invoice: { fees_amount_cents: 55191, coupons_amount_cents: 1000, taxes_amount_cents: 10838,
 * //   prepaid_credit_amount_cents: 2500, total_amount_cents: 62529 } })
 */
export function previewInvoice(
  input: WithAsyncEvents<PreviewInvoiceInput>,
): Promise<Either<FeecastError, InvoicePreview>>;
export function previewInvoice(input: PreviewInvoiceInput): Either<FeecastError, InvoicePreview>;
export function previewInvoice(
  input: PreviewInvoiceInput | WithAsyncEvents<PreviewInvoiceInput>,
): Either<FeecastError, InvoicePreview> | Promise<Either<FeecastError, InvoicePreview>> {
  return withBatchedEvents(input, previewInvoiceNow);
}

/** {@link previewInvoice} of events given as an iterable or a batch. */
function previewInvoiceNow(input: PreviewInvoiceInput): Either<FeecastError, InvoicePreview> {
  const read = readPreviewInput(input);
  if (isLeft(read)) return read;
  return previewOfFacts(read.right);
}

/**
 * {@link previewInvoice} of an input already read (`readPreviewInput`): for a caller that
 * reads a subscription and its plan once and previews it at several instants
 * (`{ ...facts, now }`), with the same result as reading the input each time.
 * `found`: the runs `previewRuns` gives for these facts, when the caller has them (a backtest
 * found each period's run to list its periods): they are not computed again.
 * @internal
 */
export function previewOfFacts(
  facts: PreviewFacts,
  found?: readonly SubscriptionRun[],
): Either<FeecastError, InvoicePreview> {
  const computed = found === undefined ? previewRuns(facts) : right(found);
  if (isLeft(computed)) return computed;
  const runs = computed.right;
  const invoiceId = derivedId(
    'invoice',
    'preview',
    facts.customer.svc_id,
    facts.now,
    facts.status,
    ...facts.subscriptions.flatMap((entry) => [entry.subscription.svc_id, entry.plan.svc_id]),
    ...facts.addOns.map((entry) => entry.addOn.svc_id),
  );
  const billed = invoiceFees(facts, runs, invoiceId);
  if (isLeft(billed)) return billed;
  const { fees, payInAdvance, rejected, commitments, unassigned } = billed.right;
  const outside = billed.right.outside_period;

  const dates = invoiceDates(
    runs.map((run) => run.run),
    facts.timezone,
    facts.customer.net_payment_term ?? 0,
  );
  if (isLeft(dates)) return dates;
  const skeleton = invoiceObject({
    svc_id: invoiceId,
    customer: facts.customer,
    currency: facts.currency,
    status: facts.status,
    dates: dates.right,
    fees,
    subscriptions: facts.subscriptions.map((entry) => entry.subscription),
    billing_periods: facts.subscriptions.map((entry, i) => {
      const run = runs[i];
      return run === undefined ? {} : billingPeriodEntry(entry, run);
    }),
  });
  if (isLeft(skeleton)) return skeleton;

  const credited = progressiveCredits(skeleton.right, facts, runs);
  if (isLeft(credited)) return credited;
  // The invoice's fees are this call's own (`invoiceObject` made them): settled in place.
  const settled = settleOwnedInvoice(credited.right.invoice, {
    appliedCoupons: facts.appliedCoupons,
    taxSources: taxSources(facts),
    creditNotes: facts.creditNotes,
    wallets: facts.wallets,
    ...(facts.walletTransactions === undefined
      ? {}
      : { walletTransactions: facts.walletTransactions }),
    at: dates.right.created_at,
    finalizing: facts.status === 'finalized',
  });
  if (isLeft(settled)) return left(inInputTerms(settled.left));
  const paid = settled.right;
  // Built typed from checked inputs, as fees are: the `Invoice` codec checks it in tests
  // (test/fees/charge/fees-decode.test.ts) and at the wire boundary, not on every preview.
  return right({
    invoice: withOwnCreditsStatus(paid.invoice),
    applied_coupons: paid.applied_coupons,
    coupon_outcomes: paid.coupon_outcomes,
    credit_notes: paid.credit_notes,
    wallets: paid.wallets,
    wallet_transactions: paid.wallet_transactions,
    taxes_rate: paid.taxes_rate,
    pay_in_advance_fees: payInAdvance,
    commitments,
    progressive_billing: credited.right.outcomes,
    rejected,
    outside_period: outside,
    unassigned_events: unassigned,
  });
}

/**
 * {@link previewInvoice} that throws an `Error` carrying the error's code and message (the
 * `FeecastError` as its `cause`) instead of returning a `Left`: for notebooks and scripts.
 *
 * @example
 * // 551.91 EUR of fees, + 20 % VAT 110.38 (110.382).
 * previewInvoiceUnsafe({
 *   customer, subscriptions: [{ subscription, plan }], billableMetrics, events,
 *   taxes: { billing_entity: [vat20] },
 *   now: '2026-11-30T23:59:59Z',
 * }).invoice.total_amount_cents // => 66229
 */
export function previewInvoiceUnsafe(input: PreviewInvoiceInput): InvoicePreview {
  return orThrow(previewInvoice(input));
}

/** The fees of the invoice, and what pricing them reported. */
interface InvoiceFees {
  readonly fees: Fee[];
  readonly payInAdvance: Fee[];
  readonly rejected: Rejection[];
  outside_period: number;
  readonly commitments: CommitmentOutcome[];
  readonly unassigned: readonly UnassignedEvent[];
}

/** Every subscription's fees for its run ({@link subscriptionFees}), then the add-ons'. */
function invoiceFees(
  facts: PreviewFacts,
  runs: readonly SubscriptionRun[],
  invoiceId: Uuid,
): Either<FeecastError, InvoiceFees> {
  const routed = routeEvents(
    facts.events,
    facts.subscriptions.map((entry) => entry.subscription.external_id),
  );
  const out: InvoiceFees = {
    fees: [],
    payInAdvance: [],
    rejected: [],
    outside_period: 0,
    commitments: [],
    unassigned: routed.unassigned,
  };
  for (const [i, entry] of facts.subscriptions.entries()) {
    const run = runs[i];
    if (run === undefined) continue;
    const billed = subscriptionFees({
      entry,
      run,
      customer: facts.customer,
      timezone: facts.timezone,
      billableMetrics: facts.billableMetrics,
      events: routed.perSubscription[i] ?? [],
      pricingUnits: facts.pricingUnits,
      invoiceId,
    });
    if (isLeft(billed)) return billed;
    // Loops, not spreads: a period may leave out millions of events.
    for (const fee of billed.right.fees) out.fees.push(fee);
    for (const fee of billed.right.pay_in_advance_fees) out.payInAdvance.push(fee);
    for (const rejection of billed.right.rejected) out.rejected.push(rejection);
    out.outside_period += billed.right.outside_period;
    if (billed.right.commitment !== undefined) {
      out.commitments.push({
        external_subscription_id: entry.subscription.external_id,
        true_up: billed.right.commitment,
      });
    }
  }
  for (const [i, entry] of facts.addOns.entries()) {
    const fee = addOnFee({
      addOn: entry.addOn,
      units: entry.units,
      ids: {
        svc_id: derivedId('fee', invoiceId, 'add_on', String(i)),
        svc_customer_id: facts.customer.svc_id,
        external_customer_id: facts.customer.external_id,
      },
      path: entry.path,
    });
    if (isLeft(fee)) return fee;
    out.fees.push(fee.right);
  }
  return right(out);
}

/** The settlement's error, with the path of the preview's input it comes from. */
function inInputTerms(error: FeecastError): FeecastError {
  const [head, ...rest] = error.path ?? [];
  const renamed: Readonly<Record<string, readonly string[]>> = {
    applied_coupons: ['appliedCoupons'],
    credit_notes: ['creditNotes'],
  };
  if (head !== undefined && renamed[head] !== undefined) {
    return { ...error, path: [...(renamed[head] ?? []), ...rest] };
  }
  if (head === 'tax_sources') {
    const [source, ...inner] = rest;
    if (source === 'subscriptions') return { ...error, path: ['subscriptions', ...inner] };
    if (source === 'add_ons') return { ...error, path: ['addOns', ...inner] };
    return { ...error, path: ['taxes', ...rest] };
  }
  return error;
}

/** Where the fees get their taxes (invoicing.md §2.1). */
function taxSources(facts: PreviewFacts): TaxSources {
  return {
    billing_entity: facts.taxes.billing_entity,
    customer: facts.taxes.customer,
    organization: facts.taxes.organization,
    subscriptions: facts.subscriptions.map((entry) => ({
      subscription: { svc_id: entry.subscription.svc_id },
      plan: entry.plan,
    })),
    add_ons: facts.addOns.map((entry) => entry.addOn),
  };
}

/** Each subscription's progressive-billing credit (invoicing.md §3.2, §3.3). */
function progressiveCredits(
  invoice: Invoice,
  facts: PreviewFacts,
  runs: readonly SubscriptionRun[],
): Either<
  FeecastError,
  { readonly invoice: Invoice; readonly outcomes: ProgressiveBillingOutcome[] }
> {
  const given = facts.progressiveBilling;
  const outcomes: ProgressiveBillingOutcome[] = [];
  if (given === undefined) return right({ invoice, outcomes });
  let current = invoice;
  for (const [i, entry] of facts.subscriptions.entries()) {
    const charges = runs[i]?.charges;
    if (charges === undefined) continue;
    const billed = progressiveBilledAmount({
      subscription_id: entry.subscription.svc_id,
      timestamp: charges.from_datetime,
      invoices: given.invoices,
      credit_notes: given.credit_notes,
    });
    if (isLeft(billed)) return left(underProgressiveBilling(billed.left));
    const pb = billed.right.progressive_billing_invoice;
    if (pb === null) continue;
    const applied = applyProgressiveBillingCredit({
      invoice: current,
      progressive_billing_invoice: pb,
      to_credit_amount_cents: billed.right.to_credit_amount_cents,
      subscription_id: entry.subscription.svc_id,
      credit_notes: given.credit_notes,
    });
    if (isLeft(applied)) return left(underProgressiveBilling(applied.left));
    current = applied.right.invoice;
    outcomes.push({
      external_subscription_id: entry.subscription.external_id,
      progressive_billing_invoice_id: pb.svc_id,
      credit_amount_cents: applied.right.credit_amount_cents,
      excess_amount_cents: applied.right.excess_amount_cents,
      credit_note_items: applied.right.credit_note_items,
    });
  }
  return right({ invoice: current, outcomes });
}

/** A progressive-billing stage's error, with its path under `progressiveBilling`. */
function underProgressiveBilling(error: FeecastError): FeecastError {
  const inner = error.path ?? [];
  return inner[0] === 'invoices' ||
    inner[0] === 'credit_notes' ||
    inner[0] === 'progressive_billing_invoice'
    ? { ...error, path: ['progressiveBilling', ...inner] }
    : error;
}

/** The invoice's own credits point at its final payment status. */
function withOwnCreditsStatus(invoice: Invoice): Invoice {
  return {
    ...invoice,
    credits: invoice.credits.map((credit) =>
      credit.invoice.svc_id === invoice.svc_id
        ? { ...credit, invoice: { ...credit.invoice, payment_status: invoice.payment_status } }
        : credit,
    ),
  };
}
