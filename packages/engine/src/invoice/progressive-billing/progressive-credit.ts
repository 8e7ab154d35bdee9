import type { Cents, CreditNote, Fee, Invoice, InvoiceCredit } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  compare,
  type Decimal,
  derivedId,
  type FeecastError,
  feecastError,
  max,
  min,
  moneyOf,
  readCents,
  roundToCent,
  sign,
  subtract,
  sum,
  toWireCents,
  toWireDecimal,
  ZERO,
} from '../../core/index';
import { type FeeAmounts, keepDecimal, readFeeList, spreadDecimals } from '../../fees/index';
import { type CreditNoteItemRequest, progressiveBillingCreditNoteItems } from './credit-note-items';

/** The input of {@link applyProgressiveBillingCredit}. */
export interface ProgressiveBillingCreditInput {
  /** The period-end invoice, with its fees, before coupons and taxes. */
  readonly invoice: Invoice;
  /** THE progressive-billing invoice of the period ({@link progressiveBilledAmount}). */
  readonly progressive_billing_invoice: Invoice;
  /** Its `to_credit_amount_cents` ({@link progressiveBilledAmount}). */
  readonly to_credit_amount_cents: number;
  /** The subscription (`svc_id`) credited; default: every charge fee of the invoice. */
  readonly subscription_id?: string;
  /** Credit notes already issued on the progressive-billing invoice. */
  readonly credit_notes?: readonly CreditNote[];
}

/** The result of {@link applyProgressiveBillingCredit}. */
export interface ProgressiveBillingCredit {
  /**
   * The invoice with the credit: the charge fees' `precise_coupons_amount_cents` carry their
   * shares (pre-tax), `progressive_billing_credit_amount_cents` grows and
   * `sub_total_excluding_taxes_amount_cents` shrinks by the credit, and `credits` lists it.
   */
  readonly invoice: Invoice;
  /** The credit: at most the charge fees of the same charges on this invoice. */
  readonly credit_amount_cents: Cents;
  /** What could not be credited here, given back by a credit note on the PB invoice. */
  readonly excess_amount_cents: Cents;
  /** The items of that credit note (invoicing.md §9.9); empty without an excess. */
  readonly credit_note_items: readonly CreditNoteItemRequest[];
  /** The invoice credit added (`null` when the credit is 0). */
  readonly credit: InvoiceCredit | null;
}

/**
 * Credits, on a period-end invoice, what progressive billing already invoiced in the period
 * (invoicing.md §3.3). The credit is the amount still to credit, at most the invoice's charge
 * fees whose charge appears among the progressive-billing invoice's fees; the excess is given
 * back with a credit note on the progressive-billing invoice ({@link
 * progressiveBillingCreditNoteItems}). The credit is spread on the charge fees before taxes:
 * each progressive-billing fee, largest first, credits the matching fee of this invoice (same
 * charge, filter and group) up to both amounts, and any rest goes to the other fees of the
 * same charges, so the fees' shares add up to the credit (see docs/semantics.md).
 *
 * @example
 * // PB invoices billed 20, 1000 then 2000 (cumulative); the period's charge fee is 500:
 * applyProgressiveBillingCredit({ invoice, progressive_billing_invoice: latestPb, to_credit_amount_cents: 2000 })
 * // right({ credit_amount_cents: 500, excess_amount_cents: 1500, credit_note_items: [{ fee_id, amount_cents: 1500 }], ... })
 */
export function applyProgressiveBillingCredit(
  input: ProgressiveBillingCreditInput,
): Either<FeecastError, ProgressiveBillingCredit> {
  const { invoice, progressive_billing_invoice: pb } = input;
  const money = moneyOf(invoice.currency, ['invoice', 'currency']);
  if (isLeft(money)) return money;
  if (pb.currency !== invoice.currency) {
    return left(
      feecastError(
        'currency_mismatch',
        `The progressive-billing invoice is in ${pb.currency} but the invoice is in ${invoice.currency}; a credit is taken in the invoice's currency.`,
        ['progressive_billing_invoice', 'currency'],
      ),
    );
  }
  const toCredit = readCents(input.to_credit_amount_cents, ['to_credit_amount_cents']);
  if (isLeft(toCredit)) return toCredit;
  const fees = readFeeList(invoice.fees, money.right, ['invoice', 'fees']);
  if (isLeft(fees)) return fees;
  const pbFees = readFeeList(pb.fees, money.right, ['progressive_billing_invoice', 'fees']);
  if (isLeft(pbFees)) return pbFees;

  const ofSubscription = (f: FeeAmounts) =>
    f.fee_type === 'charge' &&
    (input.subscription_id === undefined || f.fee.svc_subscription_id === input.subscription_id);
  const pbCharges = pbFees.right.filter(ofSubscription);
  const charged = new Set(pbCharges.map((f) => f.fee.svc_charge_id));
  const eligible = fees.right
    .map((fee, index) => ({ fee, index }))
    .filter(({ fee }) => ofSubscription(fee) && charged.has(fee.fee.svc_charge_id));
  const chargesTotal = sum(eligible.map(({ fee }) => fee.amount));
  const credit = min(toCredit.right, chargesTotal);
  const excess = max(ZERO, subtract(toCredit.right, chargesTotal));

  const shares = spread(credit, pbCharges, eligible);
  const creditCents = toWireCents(credit, ['to_credit_amount_cents']);
  if (isLeft(creditCents)) return creditCents;
  const excessCents = toWireCents(excess, ['to_credit_amount_cents']);
  if (isLeft(excessCents)) return excessCents;
  let items: readonly CreditNoteItemRequest[] = [];
  if (sign(excess) > 0) {
    const built = progressiveBillingCreditNoteItems({
      progressive_billing_invoice: pb,
      amount_cents: excessCents.right,
      ...(input.credit_notes === undefined ? {} : { credit_notes: input.credit_notes }),
    });
    if (isLeft(built)) return built;
    items = built.right;
  }
  if (sign(credit) <= 0) {
    return right({
      invoice,
      credit_amount_cents: creditCents.right,
      excess_amount_cents: excessCents.right,
      credit_note_items: items,
      credit: null,
    });
  }

  const updatedFees: Fee[] = [];
  for (const [index, fee] of fees.right.entries()) {
    const share = shares.get(index);
    if (share === undefined) {
      updatedFees.push(fee.fee);
      continue;
    }
    const updated = withCouponShare(fee, share, index);
    if (isLeft(updated)) return updated;
    updatedFees.push(updated.right);
  }
  const totals = invoiceTotals(invoice, credit);
  if (isLeft(totals)) return totals;
  const invoiceCredit: InvoiceCredit = {
    svc_id: derivedId('credit', 'progressive_billing', invoice.svc_id, pb.svc_id),
    amount_cents: creditCents.right,
    amount_currency: invoice.currency,
    before_taxes: true,
    item: { svc_item_id: pb.svc_id, type: 'invoice', code: pb.number, name: pb.number },
    invoice: { svc_id: invoice.svc_id, payment_status: invoice.payment_status },
  };
  return right({
    invoice: {
      ...invoice,
      ...totals.right,
      fees: updatedFees,
      credits: [...invoice.credits, invoiceCredit],
    },
    credit_amount_cents: creditCents.right,
    excess_amount_cents: excessCents.right,
    credit_note_items: items,
    credit: invoiceCredit,
  });
}

/** The fees' shares of the credit, by position in `invoice.fees`. */
function spread(
  credit: Decimal,
  pbFees: readonly FeeAmounts[],
  eligible: readonly { readonly fee: FeeAmounts; readonly index: number }[],
): Map<number, Decimal> {
  const shares = new Map<number, Decimal>();
  const room = (entry: { fee: FeeAmounts; index: number }) =>
    max(ZERO, subtract(entry.fee.net, shares.get(entry.index) ?? ZERO));
  const give = (entry: { fee: FeeAmounts; index: number }, amount: Decimal) => {
    shares.set(entry.index, add(shares.get(entry.index) ?? ZERO, amount));
  };
  let rest = credit;
  const ordered = pbFees
    .map((fee, i) => ({ fee, i }))
    .sort((a, b) => compare(b.fee.amount, a.fee.amount) || a.i - b.i);
  for (const { fee: pbFee } of ordered) {
    if (sign(rest) <= 0) break;
    const match = eligible.find((entry) => sameBucket(entry.fee.fee, pbFee.fee));
    if (match === undefined) continue;
    const amount = min(min(rest, pbFee.amount), room(match));
    if (sign(amount) <= 0) continue;
    give(match, amount);
    rest = subtract(rest, amount);
  }
  for (const entry of eligible) {
    if (sign(rest) <= 0) break;
    const amount = min(rest, room(entry));
    if (sign(amount) <= 0) continue;
    give(entry, amount);
    rest = subtract(rest, amount);
  }
  return shares;
}

/** Same charge, same charge filter, same group. */
function sameBucket(a: Fee, b: Fee): boolean {
  return (
    a.svc_charge_id === b.svc_charge_id &&
    a.svc_charge_filter_id === b.svc_charge_filter_id &&
    sameGroup(a.item.grouped_by, b.item.grouped_by)
  );
}

function sameGroup(
  a: Readonly<Record<string, string | null>>,
  b: Readonly<Record<string, string | null>>,
): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The fee with `share` more in `precise_coupons_amount_cents` (and its sub totals). */
function withCouponShare(
  fee: FeeAmounts,
  share: Decimal,
  index: number,
): Either<FeecastError, Fee> {
  const coupons = add(fee.coupons, share);
  const net = subtract(fee.amount, coupons);
  const text = toWireDecimal(coupons);
  const updated: Fee = spreadDecimals({ ...fee.fee, precise_coupons_amount_cents: text }, fee.fee);
  keepDecimal(updated, 'precise_coupons_amount_cents', text, coupons);
  if (fee.fee.sub_total_excluding_taxes_amount_cents !== undefined) {
    const cents = toWireCents(roundToCent(net), [
      'invoice',
      'fees',
      String(index),
      'sub_total_excluding_taxes_amount_cents',
    ]);
    if (isLeft(cents)) return cents;
    updated.sub_total_excluding_taxes_amount_cents = cents.right;
  }
  if (fee.fee.sub_total_excluding_taxes_precise_amount_cents !== undefined) {
    updated.sub_total_excluding_taxes_precise_amount_cents = toWireDecimal(
      subtract(fee.precise_amount, coupons),
    );
  }
  return right(updated);
}

/** The invoice's totals after a pre-tax credit. */
function invoiceTotals(
  invoice: Invoice,
  credit: Decimal,
): Either<
  FeecastError,
  Pick<
    Invoice,
    'progressive_billing_credit_amount_cents' | 'sub_total_excluding_taxes_amount_cents'
  >
> {
  const before = readCents(invoice.progressive_billing_credit_amount_cents, [
    'invoice',
    'progressive_billing_credit_amount_cents',
  ]);
  if (isLeft(before)) return before;
  const subTotal = readCents(invoice.sub_total_excluding_taxes_amount_cents, [
    'invoice',
    'sub_total_excluding_taxes_amount_cents',
  ]);
  if (isLeft(subTotal)) return subTotal;
  const pbCredit = toWireCents(add(before.right, credit), [
    'invoice',
    'progressive_billing_credit_amount_cents',
  ]);
  if (isLeft(pbCredit)) return pbCredit;
  const remaining = toWireCents(subtract(subTotal.right, credit), [
    'invoice',
    'sub_total_excluding_taxes_amount_cents',
  ]);
  if (isLeft(remaining)) return remaining;
  return right({
    progressive_billing_credit_amount_cents: pbCredit.right,
    sub_total_excluding_taxes_amount_cents: remaining.right,
  });
}
