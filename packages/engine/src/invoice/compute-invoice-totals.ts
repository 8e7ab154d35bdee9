import type {
  AppliedCoupon,
  Cents,
  CreditNote,
  CurrencyCode,
  InvoiceAppliedTax,
  InvoiceCredit,
  InvoicePaymentStatus,
  Rate,
  Timestamp,
  Uuid,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  type FeecastError,
  feecastError,
  formatDecimal,
  max,
  min,
  readCents,
  roundCents,
  sign,
  subtract,
  sum,
  ZERO,
} from '../core/index';
import {
  applyCoupons,
  type CouponOutcome,
  type CouponSkipReason,
  skippedOutcome,
} from './coupons/apply-coupons';
import type { AppliedCouponInput, CouponApplication } from './coupons/coupon-terms';
import type { CouponFeeInput, CouponPlan } from './coupons/eligible-fees';
import type { InvoiceSubscription } from './coupons/invoice-subscriptions';
import {
  type AvailableCreditNoteInput,
  type CreditNoteFeeInput,
  creditNotesConsumed,
} from './credit-note-credits';
import { invoiceCredit, type PendingCredit } from './invoice-credits';
import { invoiceSteps } from './invoice-steps';
import { type FeeTaxOutcome, type TaxableFeeInput, taxedFees } from './taxes/apply-taxes';
import { computeInvoiceTaxes, type FeeAppliedTaxInput } from './taxes/invoice-taxes';
import { resolveTaxSources, type TaxSources } from './taxes/tax-sources';

/**
 * The fields of a fee (the wire `Fee`) that the invoice's totals read and fill.
 *
 * @inline
 */
export interface TotalsFeeInput extends TaxableFeeInput, CouponFeeInput, CreditNoteFeeInput {
  readonly item: { readonly type: string; readonly code: string; readonly svc_item_id: string };
  readonly applied_taxes?: readonly FeeAppliedTaxInput[];
}

/** The fields of an invoice (the wire `Invoice`) that its totals are computed from. */
export interface TotalsInvoiceInput {
  readonly svc_id: Uuid;
  readonly currency: CurrencyCode;
  /** `subscription`, `progressive_billing`, `advance_charges`, `add_on`, `one_off` or `credit`. */
  readonly invoice_type: string;
  /** `draft` invoices get no coupons, credit notes or prepaid credits. */
  readonly status: string;
  readonly created_at: Timestamp;
  readonly fees: readonly TotalsFeeInput[];
  /** Credits already on the invoice: coupon credits count towards `coupons_amount_cents`. */
  readonly credits: readonly InvoiceCredit[];
  readonly applied_taxes?: readonly Pick<InvoiceAppliedTax, 'tax_code' | 'svc_id' | 'created_at'>[];
  /**
   * Given (progressive-billing stage): the credit of earlier progressive-billing invoices. As
   * in the reference (§3.3), that stage also puts each fee's share of it in the fee's
   * `precise_coupons_amount_cents`, so that coupons and taxes see the fees net of it.
   */
  readonly progressive_billing_credit_amount_cents: number;
  /** Given (credit-note stage): credit-note credits already granted to this invoice. */
  readonly credit_notes_amount_cents: number;
  /** Given (wallet stage): what the customer's wallets pay. */
  readonly prepaid_credit_amount_cents: number;
  readonly prepaid_granted_credit_amount_cents?: number | null;
  readonly prepaid_purchased_credit_amount_cents?: number | null;
}

/** Options of {@link computeInvoiceTotals}: the inputs of the steps that create credits. */
export interface InvoiceTotalsOptions<
  A extends AppliedCouponInput,
  C extends AvailableCreditNoteInput,
> {
  /** Step 4: the customer's applied coupons, each with its coupon. */
  readonly appliedCoupons?: readonly CouponApplication<A>[];
  /**
   * Step 5: where the fees that have no applied taxes yet get them. Without it, fees keep the
   * taxes they have and the invoice's taxes are computed from those.
   */
  readonly taxSources?: TaxSources;
  /** The invoice's subscriptions with their plans, for plan-limited coupons (default: `taxSources.subscriptions`). */
  readonly subscriptions?: readonly InvoiceSubscription<CouponPlan>[];
  /** Step 6: the customer's credit notes; the available ones are consumed, oldest first. */
  readonly creditNotes?: readonly C[];
  /** The time of the invoice: an applied coupon that ends gets it as `terminated_at`. */
  readonly now?: string;
}

/**
 * The invoice fields {@link computeInvoiceTotals} fills (the wire `Invoice`'s amounts and lists).
 *
 * @inline
 */
export interface InvoiceTotalsFields {
  readonly fees_amount_cents: Cents;
  readonly progressive_billing_credit_amount_cents: Cents;
  readonly coupons_amount_cents: Cents;
  readonly sub_total_excluding_taxes_amount_cents: Cents;
  readonly taxes_amount_cents: Cents;
  readonly sub_total_including_taxes_amount_cents: Cents;
  readonly credit_notes_amount_cents: Cents;
  readonly prepaid_credit_amount_cents: Cents;
  readonly total_amount_cents: Cents;
  /** `pending` when something is left to pay, else `succeeded`. */
  readonly payment_status: InvoicePaymentStatus;
  readonly credits: InvoiceCredit[];
  readonly applied_taxes: InvoiceAppliedTax[];
}

/**
 * A fee of a totaled invoice: as given, taxed, with its credit-note share when notes were consumed.
 *
 * @inline
 */
export type TotaledFee<F> = F & { readonly precise_credit_notes_amount_cents?: string };

/**
 * The invoice `I` with its totals: a wire `Invoice` stays an `Invoice`.
 *
 * @inline
 */
export type TotaledInvoice<I extends TotalsInvoiceInput> = Omit<
  I,
  keyof InvoiceTotalsFields | 'fees'
> &
  InvoiceTotalsFields & { readonly fees: TotaledFee<I['fees'][number]>[] };

/**
 * Given credit amounts that the caps left unused.
 *
 * @inline
 */
export interface UnusedCredits {
  readonly progressive_billing_credit_amount_cents: number;
  readonly credit_notes_amount_cents: number;
  readonly prepaid_credit_amount_cents: number;
}

/** The result of {@link computeInvoiceTotals}. */
export interface InvoiceTotals<I extends TotalsInvoiceInput, A, C> {
  /** The invoice with its fees, credits, applied taxes and every amount field filled. */
  readonly invoice: TotaledInvoice<I>;
  /** The applied coupons as they stand after this invoice, in input order. */
  readonly applied_coupons: A[];
  /** What each coupon did (or why it did nothing). */
  readonly coupon_outcomes: CouponOutcome[];
  /** Which taxes each fee got (or that it kept its own). */
  readonly tax_outcomes: FeeTaxOutcome[];
  /** The credit notes with their balances after this invoice, in input order. */
  readonly credit_notes: C[];
  /** The invoice's blended tax rate in percent, to 5 decimals (reference §2.3). */
  readonly taxes_rate: Rate;
  /** Given amounts the caps left unused (e.g. prepaid credit above the total). */
  readonly unused: UnusedCredits;
}

/**
 * An invoice's totals in the reference's order (invoicing.md §1): fees, then
 * progressive-billing credits (pre-tax, at most the fees), coupons (pre-tax, at most what is
 * left), taxes (on each fee's amount after its coupon and progressive shares; the invoice's
 * taxes recomputed per tax from the fees, §2.3), credit notes (post-tax, at most the total),
 * prepaid credits (post-tax, only on a total above 0, at most the total). It fills
 * `fees_amount_cents`, `progressive_billing_credit_amount_cents`, `coupons_amount_cents`,
 * `sub_total_excluding_taxes_amount_cents`, `taxes_amount_cents`,
 * `sub_total_including_taxes_amount_cents`, `credit_notes_amount_cents`,
 * `prepaid_credit_amount_cents`, `total_amount_cents`, `applied_taxes`, `credits` and
 * `payment_status` (`pending` above 0, else `succeeded`, as at billing time), so that
 *
 *     sub_total_excluding_taxes = fees - progressive_billing_credit - coupons
 *     sub_total_including_taxes = sub_total_excluding_taxes + taxes
 *     total                     = sub_total_including_taxes - credit_notes - prepaid_credit
 *
 * Progressive-billing, credit-note and prepaid amounts are given on the invoice (the stages
 * that compute them are elsewhere); coupons and credit notes can also be applied here from
 * `options`. Which steps apply depends on the invoice's type and status (`invoiceSteps`). No
 * total is ever negative. Running it again on its own result gives the same invoice.
 *
 * @example
 * // November's fees, 551.91 EUR; the coupon takes 10.00, VAT 20 % of 541.91 = 108.38 (108.382).
 * const { invoice } = previewInvoiceUnsafe({
 *   customer, subscriptions: [{ subscription, plan }], billableMetrics, events,
 *   now: '2026-11-30T23:59:59Z',
 * });
 * computeInvoiceTotals(invoice, {
 *   appliedCoupons: [{ applied_coupon: appliedCoupon, coupon }],
 *   taxSources: { billing_entity: [vat20], subscriptions: [{ subscription, plan }] },
 * })
 * // ~> right({ invoice: { fees_amount_cents: 55191, coupons_amount_cents: 1000, taxes_amount_cents: 10838,
 * //   total_amount_cents: 65029 } })
 */
export function computeInvoiceTotals<
  I extends TotalsInvoiceInput,
  A extends AppliedCouponInput = AppliedCoupon,
  C extends AvailableCreditNoteInput = CreditNote,
>(
  invoice: I,
  options: InvoiceTotalsOptions<A, C> = {},
): Either<FeecastError, InvoiceTotals<I, A, C>> {
  return invoiceTotals(invoice, options, false);
}

/**
 * {@link computeInvoiceTotals}, with `owned`: the invoice's fees are the caller's own, just
 * built and held nowhere else (a preview's invoice), so the taxes and the credit-note shares
 * are set on them rather than on copies of them. The invoice and figures are the same
 * either way.
 * @internal
 *
 * @example
 * invoiceTotals(skeleton, { taxSources, creditNotes: [] }, true) // ~> right({ invoice: { total_amount_cents: 21400 } })
 */
export function invoiceTotals<
  I extends TotalsInvoiceInput,
  A extends AppliedCouponInput = AppliedCoupon,
  C extends AvailableCreditNoteInput = CreditNote,
>(
  invoice: I,
  options: InvoiceTotalsOptions<A, C>,
  owned: boolean,
): Either<FeecastError, InvoiceTotals<I, A, C>> {
  type F = TotaledFee<I['fees'][number]>;
  const steps = invoiceSteps(invoice);
  const currency = invoice.currency;
  const cents = (value: Decimal, field: string) => roundCents(value, currency, [field]);
  const given = readGiven(invoice);
  if (isLeft(given)) return given;

  // Steps 1 and 2: fees.
  const feesAmount = sumFees(invoice);
  if (isLeft(feesAmount)) return feesAmount;

  // Step 3: progressive-billing credits, at most the fees.
  const progressive = steps.progressiveBilling
    ? min(given.right.progressive, max(feesAmount.right, ZERO))
    : ZERO;

  // Step 4: coupons.
  const couponStep = applyInvoiceCoupons(
    invoice,
    options,
    steps.coupons,
    subtract(feesAmount.right, progressive),
  );
  if (isLeft(couponStep)) return couponStep;
  let fees: F[] = couponStep.right.fees;
  const coupons = add(couponStep.right.existing, couponStep.right.added);
  const subTotalExcluding = subtract(subtract(feesAmount.right, progressive), coupons);
  if (sign(subTotalExcluding) < 0) {
    return left(
      feecastError(
        'invalid_input',
        `The invoice's fees (${formatDecimal(feesAmount.right)}) less its progressive-billing credit (${formatDecimal(progressive)}) and coupon credits (${formatDecimal(coupons)}) is negative; the credits on an invoice cannot exceed its fees.`,
        ['credits'],
      ),
    );
  }

  // Step 5: taxes.
  let taxOutcomes: FeeTaxOutcome[] = [];
  if (steps.taxes && options.taxSources !== undefined) {
    const resolved = resolveTaxSources(options.taxSources);
    if (isLeft(resolved)) return resolved;
    const taxed = taxedFees(fees, resolved.right, owned);
    if (isLeft(taxed)) return taxed;
    fees = taxed.right.fees;
    taxOutcomes = taxed.right.outcomes;
  }
  const subTotalCents = cents(subTotalExcluding, 'sub_total_excluding_taxes_amount_cents');
  if (isLeft(subTotalCents)) return subTotalCents;
  const invoiceTaxes = computeInvoiceTaxes({
    svc_id: invoice.svc_id,
    currency,
    created_at: invoice.created_at,
    fees: steps.taxes ? fees : [],
    sub_total_excluding_taxes_amount_cents: subTotalCents.right,
    ...(invoice.applied_taxes === undefined ? {} : { applied_taxes: invoice.applied_taxes }),
  });
  if (isLeft(invoiceTaxes)) return invoiceTaxes;
  const taxes = readCents(invoiceTaxes.right.taxes_amount_cents, ['taxes_amount_cents']);
  if (isLeft(taxes)) return taxes;
  const subTotalIncluding = add(subTotalExcluding, taxes.right);

  // Step 6: credit notes, at most what is owed after taxes.
  const noteStep = applyInvoiceCreditNotes(
    invoice,
    fees,
    options,
    steps.creditNotes,
    given.right.creditNotes,
    subTotalIncluding,
    owned,
  );
  if (isLeft(noteStep)) return noteStep;
  fees = noteStep.right.fees;
  const afterNotes = subtract(subTotalIncluding, noteStep.right.amount);

  // Step 7: prepaid credits, only on a total above 0, at most the total.
  const prepaid =
    steps.prepaidCredits && sign(afterNotes) > 0 ? min(given.right.prepaid, afterNotes) : ZERO;
  const total = subtract(afterNotes, prepaid);
  const paymentStatus: InvoicePaymentStatus = sign(total) > 0 ? 'pending' : 'succeeded';

  const credits = invoiceCredits(invoice, paymentStatus, [
    ...couponStep.right.credits,
    ...noteStep.right.credits,
  ]);
  if (isLeft(credits)) return credits;
  const amounts = amountFields(currency, {
    fees_amount_cents: feesAmount.right,
    progressive_billing_credit_amount_cents: progressive,
    coupons_amount_cents: coupons,
    sub_total_excluding_taxes_amount_cents: subTotalExcluding,
    taxes_amount_cents: taxes.right,
    sub_total_including_taxes_amount_cents: subTotalIncluding,
    credit_notes_amount_cents: noteStep.right.amount,
    prepaid_credit_amount_cents: prepaid,
    total_amount_cents: total,
  });
  if (isLeft(amounts)) return amounts;
  const unused = amountFields(currency, {
    progressive_billing_credit_amount_cents: subtract(given.right.progressive, progressive),
    credit_notes_amount_cents: noteStep.right.unusedGiven,
    prepaid_credit_amount_cents: subtract(given.right.prepaid, prepaid),
  });
  if (isLeft(unused)) return unused;
  const prepaidKept = sign(subtract(given.right.prepaid, prepaid)) === 0;
  const out: TotaledInvoice<I> = {
    ...invoice,
    ...amounts.right,
    ...(prepaidKept
      ? {}
      : { prepaid_granted_credit_amount_cents: null, prepaid_purchased_credit_amount_cents: null }),
    payment_status: paymentStatus,
    fees,
    credits: credits.right,
    applied_taxes: invoiceTaxes.right.applied_taxes,
  };
  return right({
    invoice: out,
    applied_coupons: couponStep.right.appliedCoupons,
    coupon_outcomes: couponStep.right.outcomes,
    tax_outcomes: taxOutcomes,
    credit_notes: noteStep.right.creditNotes,
    taxes_rate: invoiceTaxes.right.taxes_rate,
    unused: unused.right,
  });
}

/** The given credit amounts of the invoice, each a whole number of cents of 0 or more. */
function readGiven(
  invoice: TotalsInvoiceInput,
): Either<
  FeecastError,
  { readonly progressive: Decimal; readonly creditNotes: Decimal; readonly prepaid: Decimal }
> {
  const read = (field: keyof TotalsInvoiceInput & `${string}_amount_cents`) => {
    const value = readCents(invoice[field], [field]);
    if (isLeft(value) || sign(value.right) >= 0) return value;
    return left(
      feecastError('invalid_input', `${field} is a credit given to the invoice: 0 or more.`, [
        field,
      ]),
    );
  };
  const progressive = read('progressive_billing_credit_amount_cents');
  if (isLeft(progressive)) return progressive;
  const creditNotes = read('credit_notes_amount_cents');
  if (isLeft(creditNotes)) return creditNotes;
  const prepaid = read('prepaid_credit_amount_cents');
  if (isLeft(prepaid)) return prepaid;
  return right({
    progressive: progressive.right,
    creditNotes: creditNotes.right,
    prepaid: prepaid.right,
  });
}

/** Σ `amount_cents` of the fees, which must all be in the invoice's currency. */
function sumFees(invoice: TotalsInvoiceInput): Either<FeecastError, Decimal> {
  const amounts: Decimal[] = [];
  for (const [i, fee] of invoice.fees.entries()) {
    if (fee.amount_currency !== invoice.currency) {
      return left(
        feecastError(
          'currency_mismatch',
          `Fee ${i} is in ${fee.amount_currency} but the invoice is in ${invoice.currency}; an invoice has one currency.`,
          ['fees', String(i), 'amount_currency'],
        ),
      );
    }
    const amount = readCents(fee.amount_cents, ['fees', String(i), 'amount_cents']);
    if (isLeft(amount)) return amount;
    amounts.push(amount.right);
  }
  return right(sum(amounts));
}

/** A credit to put on the invoice, with the record it comes from (its id's key). */
interface NewCredit {
  readonly credit: PendingCredit;
  readonly key: string;
}

interface CouponStep<F, A> {
  readonly fees: F[];
  /** Coupon credits the invoice already had. */
  readonly existing: Decimal;
  /** Coupon credits added here. */
  readonly added: Decimal;
  readonly credits: NewCredit[];
  readonly appliedCoupons: A[];
  readonly outcomes: CouponOutcome[];
}

function applyInvoiceCoupons<I extends TotalsInvoiceInput, A extends AppliedCouponInput>(
  invoice: I,
  options: InvoiceTotalsOptions<A, AvailableCreditNoteInput>,
  enabled: boolean,
  beforeCoupons: Decimal,
): Either<FeecastError, CouponStep<I['fees'][number], A>> {
  const existingCredits: Decimal[] = [];
  for (const [i, credit] of invoice.credits.entries()) {
    if (credit.item.type !== 'coupon') continue;
    const amount = readCents(credit.amount_cents, ['credits', String(i), 'amount_cents']);
    if (isLeft(amount)) return amount;
    existingCredits.push(amount.right);
  }
  const existing = sum(existingCredits);
  const applications = options.appliedCoupons ?? [];
  const appliedCoupons = applications.map((application) => application.applied_coupon);
  const feeCount = invoice.fees.length;
  const skipped: CouponOutcome[] = [];
  const skip = (application: CouponApplication<A>, reason: CouponSkipReason) =>
    skipped.push(skippedOutcome(application.applied_coupon, feeCount, reason));
  const toApply: number[] = [];
  for (const [index, application] of applications.entries()) {
    const credited = invoice.credits.some(
      (credit) =>
        credit.item.type === 'coupon' &&
        credit.item.svc_item_id === application.applied_coupon.svc_coupon_id,
    );
    if (!enabled) skip(application, 'invoice_not_eligible');
    else if (credited) skip(application, 'already_applied');
    else toApply.push(index);
  }
  const fees = [...invoice.fees];
  if (toApply.length === 0) {
    return right({ fees, existing, added: ZERO, credits: [], appliedCoupons, outcomes: skipped });
  }
  const running = roundCents(subtract(beforeCoupons, existing), invoice.currency, [
    'sub_total_excluding_taxes_amount_cents',
  ]);
  if (isLeft(running)) return running;
  const subscriptions = options.subscriptions ?? options.taxSources?.subscriptions ?? undefined;
  const applied = applyCoupons(
    fees,
    toApply.flatMap((index) => applications[index] ?? []),
    {
      currency: invoice.currency,
      sub_total_excluding_taxes_amount_cents: running.right,
      ...(subscriptions === undefined || subscriptions === null ? {} : { subscriptions }),
      ...(options.now === undefined ? {} : { now: options.now }),
    },
  );
  if (isLeft(applied)) return applied;
  for (const [position, index] of toApply.entries()) {
    const updated = applied.right.applied_coupons[position];
    if (updated !== undefined) appliedCoupons[index] = updated;
  }
  const added = readCents(applied.right.coupons_amount_cents, ['coupons_amount_cents']);
  if (isLeft(added)) return added;
  return right({
    fees: applied.right.fees,
    existing,
    added: added.right,
    credits: applied.right.credits.map(({ svc_applied_coupon_id, ...credit }) => ({
      credit,
      key: svc_applied_coupon_id,
    })),
    appliedCoupons,
    outcomes: [...applied.right.outcomes, ...skipped],
  });
}

interface CreditNoteStep<F, C> {
  readonly fees: F[];
  /** Credit notes' credits on this invoice: the given amount (capped) plus those consumed here. */
  readonly amount: Decimal;
  /** The part of the given credit-note amount above what the invoice owed. */
  readonly unusedGiven: Decimal;
  readonly credits: NewCredit[];
  readonly creditNotes: C[];
}

function applyInvoiceCreditNotes<F extends TotalsFeeInput, C extends AvailableCreditNoteInput>(
  invoice: TotalsInvoiceInput,
  fees: F[],
  options: InvoiceTotalsOptions<AppliedCouponInput, C>,
  enabled: boolean,
  given: Decimal,
  owed: Decimal,
  owned: boolean,
): Either<FeecastError, CreditNoteStep<F, C>> {
  const creditNotes = [...(options.creditNotes ?? [])];
  if (!enabled) {
    return right({ fees, amount: ZERO, unusedGiven: given, credits: [], creditNotes });
  }
  const fromGiven = min(given, max(owed, ZERO));
  const unusedGiven = subtract(given, fromGiven);
  if (options.creditNotes === undefined) {
    return right({ fees, amount: fromGiven, unusedGiven, credits: [], creditNotes });
  }
  const stillOwed = roundCents(subtract(owed, fromGiven), invoice.currency, ['total_amount_cents']);
  if (isLeft(stillOwed)) return stillOwed;
  const consumed = creditNotesConsumed(
    {
      svc_id: invoice.svc_id,
      currency: invoice.currency,
      total_amount_cents: stillOwed.right,
      fees,
    },
    options.creditNotes,
    owned,
  );
  if (isLeft(consumed)) return consumed;
  const amount = readCents(consumed.right.credit_notes_amount_cents, ['credit_notes_amount_cents']);
  if (isLeft(amount)) return amount;
  return right({
    fees: consumed.right.fees,
    amount: add(fromGiven, amount.right),
    unusedGiven,
    credits: consumed.right.credits.map(({ svc_credit_note_id, ...credit }) => ({
      credit,
      key: svc_credit_note_id,
    })),
    creditNotes: consumed.right.credit_notes,
  });
}

/** The invoice's credits: those it had (now pointing at its new payment status) and the new ones. */
function invoiceCredits(
  invoice: TotalsInvoiceInput,
  paymentStatus: InvoicePaymentStatus,
  added: readonly NewCredit[],
): Either<FeecastError, InvoiceCredit[]> {
  const self = { svc_id: invoice.svc_id, payment_status: paymentStatus };
  const credits: InvoiceCredit[] = invoice.credits.map((credit) =>
    credit.invoice.svc_id === invoice.svc_id ? { ...credit, invoice: self } : credit,
  );
  for (const { credit, key } of added) {
    const entry = invoiceCredit(credit, key, self);
    if (isLeft(entry)) return entry;
    credits.push(entry.right);
  }
  return right(credits);
}

/** Whole-cent wire integers of exact amounts, field by field. */
function amountFields<K extends string>(
  currency: CurrencyCode,
  amounts: Readonly<Record<K, Decimal>>,
): Either<FeecastError, Record<K, Cents>> {
  const out: Partial<Record<K, Cents>> = {};
  for (const field of Object.keys(amounts) as K[]) {
    const value = roundCents(amounts[field], currency, [field]);
    if (isLeft(value)) return value;
    out[field] = value.right;
  }
  return right(out as Record<K, Cents>);
}
