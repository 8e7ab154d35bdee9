import type { Cents, CreditNote, Invoice } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  type FeecastError,
  type Instant,
  max,
  moneyOf,
  parseInstant,
  readCents,
  roundToCent,
  subtract,
  sum,
  toWireCents,
  ZERO,
} from '../../core/index';
import { readFeeList } from '../../fees/index';

/** The input of {@link progressiveBilledAmount}. */
export interface ProgressiveBilledAmountInput {
  /** The subscription (`svc_id`). */
  readonly subscription_id: string;
  /** An instant of the charges period looked at (usually its start). */
  readonly timestamp: string;
  /**
   * The customer's invoices: the progressive-billing ones are looked for among them, and the
   * others carry the progressive-billing credits already taken (`credits[]` of type `invoice`).
   */
  readonly invoices: readonly Invoice[];
  /** Credit notes issued on those invoices. */
  readonly credit_notes?: readonly CreditNote[];
}

/** The result of {@link progressiveBilledAmount}. */
export interface ProgressiveBilledAmount {
  /** THE progressive-billing invoice of the period: the latest one, or `null`. */
  readonly progressive_billing_invoice: Invoice | null;
  /** Its `fees_amount_cents`: the usage of the period billed so far (fees are cumulative). */
  readonly progressive_billed_amount_cents: Cents;
  /**
   * What the period-end invoice may still credit: its fees, less its coupons, the credits
   * already taken from it (on invoices not voided) and its credit notes' credit amounts
   * (credit status available or consumed); never below 0.
   */
  readonly to_credit_amount_cents: Cents;
  /** Σ over every progressive-billing invoice of the period of Σ fee (net + taxes). */
  readonly total_billed_amount_cents: Cents;
}

/**
 * What progressive billing already billed in a subscription's charges period and what is left
 * to credit (invoicing.md §3.2). The progressive-billing invoices of the period are those of
 * type `progressive_billing`, `finalized` or `failed`, with a billing period of the
 * subscription whose charges period contains `timestamp`; the latest (issuing date, then
 * creation) is THE progressive-billing invoice.
 *
 * @example
 * // One PB invoice this period: fees 100, coupons 30, taxes 14:
 * progressiveBilledAmount({ subscription_id, timestamp: '2025-03-01T00:00:00Z', invoices: [pb] })
 * // right({ progressive_billed_amount_cents: 100, to_credit_amount_cents: 70, total_billed_amount_cents: 84, ... })
 */
export function progressiveBilledAmount(
  input: ProgressiveBilledAmountInput,
): Either<FeecastError, ProgressiveBilledAmount> {
  const at = parseInstant(input.timestamp, ['timestamp']);
  if (isLeft(at)) return at;
  const inPeriod: { invoice: Invoice; index: number; created: Instant }[] = [];
  for (const [index, invoice] of input.invoices.entries()) {
    const found = coversPeriod(invoice, index, input.subscription_id, at.right);
    if (isLeft(found)) return found;
    if (!found.right) continue;
    const created = parseInstant(invoice.created_at, ['invoices', String(index), 'created_at']);
    if (isLeft(created)) return created;
    inPeriod.push({ invoice, index, created: created.right });
  }
  // Latest first: issuing date (YYYY-MM-DD, ordered as text) descending, then creation, then
  // the later in `invoices` (two invoices created at the same instant: the last one issued).
  inPeriod.sort(
    (a, b) =>
      compareText(b.invoice.issuing_date ?? '', a.invoice.issuing_date ?? '') ||
      b.created - a.created ||
      b.index - a.index,
  );
  const latest = inPeriod[0]?.invoice ?? null;

  let billedTotal = ZERO;
  for (const { invoice, index } of inPeriod) {
    const money = moneyOf(invoice.currency, ['invoices', String(index), 'currency']);
    if (isLeft(money)) return money;
    const fees = readFeeList(invoice.fees, money.right, ['invoices', String(index), 'fees']);
    if (isLeft(fees)) return fees;
    billedTotal = add(billedTotal, sum(fees.right.map((f) => add(f.net, f.taxes))));
  }
  const totalBilled = toWireCents(roundToCent(billedTotal), ['invoices']);
  if (isLeft(totalBilled)) return totalBilled;
  if (latest === null) {
    const zero = toWireCents(ZERO, ['invoices']);
    if (isLeft(zero)) return zero;
    return right({
      progressive_billing_invoice: null,
      progressive_billed_amount_cents: zero.right,
      to_credit_amount_cents: zero.right,
      total_billed_amount_cents: totalBilled.right,
    });
  }
  const index = String(inPeriod[0]?.index ?? 0);
  const fees = readCents(latest.fees_amount_cents, ['invoices', index, 'fees_amount_cents']);
  if (isLeft(fees)) return fees;
  const coupons = readCents(latest.coupons_amount_cents, [
    'invoices',
    index,
    'coupons_amount_cents',
  ]);
  if (isLeft(coupons)) return coupons;
  const taken = creditsTaken(input.invoices, latest.svc_id);
  if (isLeft(taken)) return taken;
  const noted = creditNotesOf(input.credit_notes ?? [], latest.svc_id);
  if (isLeft(noted)) return noted;
  const toCredit = max(
    ZERO,
    subtract(subtract(subtract(fees.right, coupons.right), taken.right), noted.right),
  );
  const billed = toWireCents(fees.right, ['invoices', index, 'fees_amount_cents']);
  if (isLeft(billed)) return billed;
  const credit = toWireCents(toCredit, ['invoices', index]);
  if (isLeft(credit)) return credit;
  return right({
    progressive_billing_invoice: latest,
    progressive_billed_amount_cents: billed.right,
    to_credit_amount_cents: credit.right,
    total_billed_amount_cents: totalBilled.right,
  });
}

/** Is the invoice a progressive-billing invoice of the subscription's period at `at`? */
function coversPeriod(
  invoice: Invoice,
  index: number,
  subscriptionId: string,
  at: Instant,
): Either<FeecastError, boolean> {
  if (invoice.invoice_type !== 'progressive_billing') return right(false);
  if (invoice.status !== 'finalized' && invoice.status !== 'failed') return right(false);
  for (const [j, period] of invoice.billing_periods.entries()) {
    if (period.svc_subscription_id !== subscriptionId) continue;
    const path = ['invoices', String(index), 'billing_periods', String(j)];
    const from = parseInstant(period.charges_from_datetime, [...path, 'charges_from_datetime']);
    if (isLeft(from)) return from;
    const to = parseInstant(period.charges_to_datetime, [...path, 'charges_to_datetime']);
    if (isLeft(to)) return to;
    if (from.right <= at && at < to.right) return right(true);
  }
  return right(false);
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Σ progressive-billing credits taken from the invoice `id` by invoices that are not voided. */
function creditsTaken(invoices: readonly Invoice[], id: string): Either<FeecastError, Decimal> {
  const amounts: Decimal[] = [];
  for (const [i, invoice] of invoices.entries()) {
    if (invoice.status === 'voided') continue;
    for (const [j, credit] of invoice.credits.entries()) {
      if (credit.item.type !== 'invoice' || credit.item.svc_item_id !== id) continue;
      const amount = readCents(credit.amount_cents, [
        'invoices',
        String(i),
        'credits',
        String(j),
        'amount_cents',
      ]);
      if (isLeft(amount)) return amount;
      amounts.push(amount.right);
    }
  }
  return right(sum(amounts));
}

/** Σ credit amounts of the invoice's credit notes whose credit is available or consumed. */
function creditNotesOf(notes: readonly CreditNote[], id: string): Either<FeecastError, Decimal> {
  const amounts: Decimal[] = [];
  for (const [i, note] of notes.entries()) {
    if (note.svc_invoice_id !== id) continue;
    if (note.credit_status !== 'available' && note.credit_status !== 'consumed') continue;
    const amount = readCents(note.credit_amount_cents, [
      'credit_notes',
      String(i),
      'credit_amount_cents',
    ]);
    if (isLeft(amount)) return amount;
    amounts.push(amount.right);
  }
  return right(sum(amounts));
}
