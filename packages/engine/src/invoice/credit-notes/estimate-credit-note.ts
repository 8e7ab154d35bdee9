import type {
  Cents,
  CreditNote,
  CreditNoteReason,
  DecimalString,
  Invoice,
  Wallet,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  abs,
  add,
  compare,
  type Decimal,
  equals,
  type FeecastError,
  feecastError,
  formatDecimal,
  type Instant,
  min,
  ONE,
  parseDecimal,
  parseInstant,
  readCents,
  roundToCent,
  sign,
  subtract,
  sum,
  toWireCents,
  toWireDecimal,
  ZERO,
} from '../../core/index';
import { centsToCredits, readWalletState } from '../wallets/wallet-state';
import { creditNoteObject } from './credit-note-object';
import {
  CREDIT_NOTES_MIN_VERSION,
  type CreditableState,
  creditableState,
} from './invoice-creditable';
import { type NoteItem, noteAmounts } from './note-amounts';
import { fixRounding, type NoteSplit } from './rounding';
import { validateSplit } from './validate';

/** An item of a credit-note request: an amount (minor units, pre-tax, pre-coupon) of one fee. */
export interface CreditNoteItemInput {
  /** The fee's `svc_id` on the invoice. */
  readonly fee_id: string;
  /** An integer, or a decimal string for a precise amount; rounded for the item's `amount_cents`. */
  readonly amount_cents: number | string;
}

/** The input of {@link estimateCreditNote}. */
export interface EstimateCreditNoteInput {
  readonly invoice: Invoice;
  readonly items: readonly CreditNoteItemInput[];
  /**
   * How the note pays back, as in the reference's create request. When none of the three is
   * given the note is an estimate: all credit (all refund, up to what is refundable, on a
   * wallet top-up invoice). When any is given, the split is validated (invoicing.md §9.5).
   */
  readonly credit_amount_cents?: number;
  readonly refund_amount_cents?: number;
  readonly offset_amount_cents?: number;
  /** Credit notes already issued on the invoice. */
  readonly credit_notes?: readonly CreditNote[];
  /** For a wallet top-up invoice: the wallet it funded. */
  readonly wallet?: Wallet | null;
  /** When the note is made (`created_at`, issuing date in the customer's zone); default the invoice's `updated_at`. */
  readonly now?: string;
  readonly reason?: CreditNoteReason;
  readonly description?: string | null;
}

/** The result of {@link estimateCreditNote}. */
export interface EstimatedCreditNote {
  readonly credit_note: CreditNote;
  /**
   * What the items give back as one note: their amount less coupons plus taxes, rounded and
   * fixed up (0 on a wallet top-up invoice, which can only be refunded).
   */
  readonly max_creditable_amount_cents: Cents;
  /** What of the items could be refunded: at most what was paid and not refunded yet. */
  readonly max_refundable_amount_cents: Cents;
  readonly precise_coupons_adjustment_amount_cents: DecimalString;
  readonly precise_taxes_amount_cents: DecimalString;
  /** For a wallet top-up invoice: the credits the refund voids from the wallet (§9.8); else `null`. */
  readonly voided_credits: DecimalString | null;
}

/**
 * The credit note of some fee items of an invoice (invoicing.md §9): per item its amount, the
 * fee's coupon share in proportion (`coupons_adjustment`, version 3 and later), the taxes of
 * each tax on the items' net amounts, the total, how it is paid back (credit, refund,
 * offset) with `credit_status` / `refund_status`, and the reference's one-minor-unit rounding
 * fix-up so that `total − taxes = sub total`.
 *
 * Without a split the note is an estimate: everything is credit (on a wallet top-up invoice,
 * refund, at most what is refundable). With a split, it is checked like a creation. The same
 * fix-up applies to both (see docs/semantics.md, open question 7).
 *
 * Errors: an invoice that cannot be credited (`invoice_not_creditable`), an unknown fee
 * (`unknown_fee`), a negative item (`invalid_amount`), items above their fee's creditable
 * amount (`higher_than_remaining_fee_amount`) or the wallet's balance
 * (`higher_than_wallet_balance`), and for a split: `does_not_match_item_amounts`,
 * `cannot_refund_unpaid_invoice`, `cannot_credit_invoice`, `higher_than_remaining_invoice_amount`.
 *
 * @example
 * // November's invoice; the seats fee (84.00 EUR) credited in full, with its 20 % VAT: 100.80 EUR.
 * const { invoice } = previewInvoiceUnsafe({
 *   customer, subscriptions: [{ subscription, plan }], billableMetrics, events,
 *   taxes: { billing_entity: [vat20] },
 *   now: '2026-11-30T23:59:59Z',
 * });
 * const seats = invoice.fees.find((fee) => fee.item.code === 'seats');
 * if (seats?.svc_id != null) {
 *   estimateCreditNote({ invoice, items: [{ fee_id: seats.svc_id, amount_cents: 8400 }], credit_amount_cents: 10080 })
 *   // ~> right({ credit_note: { sub_total_excluding_taxes_amount_cents: 8400, taxes_amount_cents: 1680,
 *   //   total_amount_cents: 10080, credit_amount_cents: 10080 } })
 * }
 */
export function estimateCreditNote(
  input: EstimateCreditNoteInput,
): Either<FeecastError, EstimatedCreditNote> {
  const { invoice } = input;
  const notes = input.credit_notes ?? [];
  const state = creditableState({ invoice, credit_notes: notes, wallet: input.wallet ?? null });
  if (isLeft(state)) return state;
  const allowed = creditAllowed(invoice, state.right);
  if (isLeft(allowed)) return allowed;
  const now = parseInstant(
    input.now ?? invoice.updated_at,
    input.now === undefined ? ['invoice', 'updated_at'] : ['now'],
  );
  if (isLeft(now)) return now;
  const items = readItems(input.items, state.right);
  if (isLeft(items)) return items;
  const split = requestedSplit(input);
  if (isLeft(split)) return split;
  return computeNote({
    invoice,
    state: state.right,
    notes,
    items: items.right,
    split: split.right,
    wallet: input.wallet ?? null,
    now: now.right,
    reason: input.reason ?? 'other',
    description: input.description ?? null,
  });
}

/** The split of a request, or `null` for an estimate. */
function requestedSplit(input: EstimateCreditNoteInput): Either<FeecastError, NoteSplit | null> {
  if (
    input.credit_amount_cents === undefined &&
    input.refund_amount_cents === undefined &&
    input.offset_amount_cents === undefined
  ) {
    return right(null);
  }
  const credit = readCents(input.credit_amount_cents ?? 0, ['credit_amount_cents']);
  if (isLeft(credit)) return credit;
  const refund = readCents(input.refund_amount_cents ?? 0, ['refund_amount_cents']);
  if (isLeft(refund)) return refund;
  const offset = readCents(input.offset_amount_cents ?? 0, ['offset_amount_cents']);
  if (isLeft(offset)) return offset;
  return right({ credit: credit.right, refund: refund.right, offset: offset.right });
}

/** Can a credit note be issued on the invoice at all? */
function creditAllowed(invoice: Invoice, state: CreditableState): Either<FeecastError, true> {
  if (invoice.version_number < CREDIT_NOTES_MIN_VERSION || invoice.status === 'draft') {
    return left(
      feecastError(
        'invoice_not_creditable',
        `Invoice ${invoice.number} is ${invoice.status === 'draft' ? 'a draft' : `of version ${invoice.version_number}`}; credit notes can be issued on finalized invoices of version ${CREDIT_NOTES_MIN_VERSION} or later.`,
        ['invoice', invoice.status === 'draft' ? 'status' : 'version_number'],
      ),
    );
  }
  if (
    invoice.invoice_type === 'credit' &&
    (invoice.payment_status !== 'succeeded' || state.wallet_balance === null)
  ) {
    return left(
      feecastError(
        'invoice_not_creditable',
        `Wallet top-up invoice ${invoice.number} can be credited only once paid and while its wallet is active; pass the active wallet as \`wallet\`.`,
        ['invoice', 'payment_status'],
      ),
    );
  }
  return right(true);
}

/** Reads the items: known fees, non-negative amounts, within each fee's creditable amount. */
function readItems(
  requested: readonly CreditNoteItemInput[],
  state: CreditableState,
): Either<FeecastError, NoteItem[]> {
  if (requested.length === 0) {
    return left(
      feecastError(
        'invalid_input',
        'items is empty; list at least one { fee_id, amount_cents } of the invoice.',
        ['items'],
      ),
    );
  }
  const items: NoteItem[] = [];
  const asked = new Map<number, Decimal>();
  for (const [index, item] of requested.entries()) {
    const path = ['items', String(index)];
    const feeIndex = state.fees.findIndex(
      (f) => f.fee.svc_id !== null && f.fee.svc_id === item.fee_id,
    );
    const fee = state.fees[feeIndex];
    if (fee === undefined) {
      return left(
        feecastError(
          'unknown_fee',
          `${path.join('.')}.fee_id ${JSON.stringify(item.fee_id)} is not a fee of the invoice; use the svc_id of one of invoice.fees.`,
          [...path, 'fee_id'],
          { fee_id: item.fee_id },
        ),
      );
    }
    const amount = parseDecimal(item.amount_cents, [...path, 'amount_cents']);
    if (isLeft(amount) || sign(amount.right) < 0) {
      return left(
        feecastError(
          'invalid_amount',
          `${path.join('.')}.amount_cents must be a non-negative number of minor units, got ${JSON.stringify(item.amount_cents)}.`,
          [...path, 'amount_cents'],
        ),
      );
    }
    const total = add(asked.get(feeIndex) ?? ZERO, amount.right);
    asked.set(feeIndex, total);
    const creditable = state.fee_creditable[feeIndex] ?? ZERO;
    if (compare(total, creditable) > 0) {
      const walletBound =
        fee.fee_type === 'credit' &&
        state.wallet_balance !== null &&
        compare(total, state.wallet_balance) > 0;
      return left(
        feecastError(
          walletBound ? 'higher_than_wallet_balance' : 'higher_than_remaining_fee_amount',
          walletBound
            ? `${path.join('.')}.amount_cents asks ${formatDecimal(total)} on the top-up fee, more than the wallet's balance (${formatDecimal(state.wallet_balance ?? ZERO)}).`
            : `${path.join('.')}.amount_cents asks ${formatDecimal(total)} on fee ${item.fee_id}, more than can still be credited on it (${formatDecimal(creditable)}: its amount minus earlier credit-note items).`,
          [...path, 'amount_cents'],
          { creditable: formatDecimal(creditable) },
        ),
      );
    }
    items.push({ fee, fee_index: feeIndex, index, precise: amount.right });
  }
  return right(items);
}

/** Everything {@link computeNote} needs. @internal */
export interface NoteRequest {
  readonly invoice: Invoice;
  readonly state: CreditableState;
  readonly notes: readonly CreditNote[];
  readonly items: readonly NoteItem[];
  /** `null`: estimate (all credit, or refund on a top-up invoice). */
  readonly split: NoteSplit | null;
  readonly wallet: Wallet | null;
  readonly now: Instant;
  readonly reason: CreditNoteReason;
  readonly description: string | null;
}

/**
 * Amounts, split, fix-up and the wire object (§9.2 to §9.5, §9.8).
 *
 * @example
 * computeNote({ invoice, state, notes: [], items, split: null, wallet: null, now,
 *   reason: 'other', description: null }) // right({ credit_note, max_creditable_amount_cents, ... })
 * @internal
 */
export function computeNote(request: NoteRequest): Either<FeecastError, EstimatedCreditNote> {
  const { invoice, state, notes, items } = request;
  const amounts = noteAmounts(items, invoice.version_number);
  if (isLeft(amounts)) return amounts;
  const precise = lastNoteTaxes(amounts.right.precise_taxes, items, state, notes);
  if (isLeft(precise)) return precise;
  const net = subtract(amounts.right.items, amounts.right.coupons_adjustment);
  const taxes = roundToCent(precise.right);
  const subTotal = roundToCent(net);
  const computed = roundToCent(add(net, precise.right));
  const topUp = invoice.invoice_type === 'credit';
  // What the items give back as one whole note (the estimate, fixed up like a creation).
  const whole = fixRounding(
    { credit: computed, refund: ZERO, offset: ZERO },
    taxes,
    subTotal,
  ).total;
  const refundable = min(whole, state.refundable);

  let split: NoteSplit;
  if (request.split === null) {
    split = topUp
      ? { credit: ZERO, refund: refundable, offset: ZERO }
      : { credit: whole, refund: ZERO, offset: ZERO };
  } else {
    const valid = validateSplit(invoice, state, notes, request.split, computed);
    if (isLeft(valid)) return valid;
    split = valid.right;
  }
  // The fix-up applies to a note that pays back its items (within the one-unit tolerance);
  // a top-up refund capped below them is kept as it is.
  const total = add(add(split.credit, split.refund), split.offset);
  const fixed =
    compare(abs(subtract(total, computed)), ONE) <= 0
      ? fixRounding(split, taxes, subTotal)
      : { ...split, total };
  const note = creditNoteObject({
    invoice,
    sequence: notes.filter((n) => n.svc_invoice_id === invoice.svc_id).length + 1,
    now: request.now,
    reason: request.reason,
    description: request.description,
    items,
    amounts: amounts.right,
    precise_taxes: precise.right,
    taxes,
    sub_total: subTotal,
    split: fixed,
  });
  if (isLeft(note)) return note;
  let voided: DecimalString | null = null;
  if (topUp && request.wallet !== null) {
    const wallet = readWalletState(request.wallet, 0, ['wallet']);
    if (isLeft(wallet)) return wallet;
    voided = toWireDecimal(centsToCredits(fixed.refund, wallet.right));
  }
  const maxCreditable = toWireCents(topUp ? ZERO : whole, ['items']);
  if (isLeft(maxCreditable)) return maxCreditable;
  const maxRefundable = toWireCents(refundable, ['items']);
  if (isLeft(maxRefundable)) return maxRefundable;
  return right({
    credit_note: note.right,
    max_creditable_amount_cents: maxCreditable.right,
    max_refundable_amount_cents: maxRefundable.right,
    precise_coupons_adjustment_amount_cents: toWireDecimal(amounts.right.coupons_adjustment),
    precise_taxes_amount_cents: toWireDecimal(precise.right),
    voided_credits: voided,
  });
}

/**
 * §9.3: when the note credits everything still creditable on the invoice, the earlier notes'
 * tax rounding (`taxes_amount_cents − precise_taxes_amount_cents`) is taken off its precise
 * taxes, so that all notes' taxes add up. Earlier notes without `precise_taxes_amount_cents`
 * count no rounding.
 */
function lastNoteTaxes(
  precise: Decimal,
  items: readonly NoteItem[],
  state: CreditableState,
  notes: readonly CreditNote[],
): Either<FeecastError, Decimal> {
  if (!equals(sum(items.map((i) => i.precise)), sum(state.fee_creditable))) return right(precise);
  const roundings: Decimal[] = [];
  for (const [i, note] of notes.entries()) {
    if (note.precise_taxes_amount_cents === undefined) continue;
    const path = ['credit_notes', String(i)];
    const rounded = readCents(note.taxes_amount_cents, [...path, 'taxes_amount_cents']);
    if (isLeft(rounded)) return rounded;
    const exact = parseDecimal(note.precise_taxes_amount_cents, [
      ...path,
      'precise_taxes_amount_cents',
    ]);
    if (isLeft(exact)) return exact;
    roundings.push(subtract(rounded.right, exact.right));
  }
  return right(subtract(precise, sum(roundings)));
}
