import type { Cents, CreditNote, CurrencyCode, DecimalString, Uuid } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  countToWire,
  type Decimal,
  decimalText,
  type FeecastError,
  max,
  min,
  parseInstant,
  readCents,
  roundCents,
  sign,
  subtract,
  sum,
  ZERO,
} from '../core/index';
import { feeDecimal, keepDecimal, spreadDecimals } from '../fees/index';
import { allocateProportionally } from './coupons/allocate-proportionally';
import { COUPON_SHARE_SCALE, type NetFeeInput, readFeeNet } from './coupons/fee-net';

/** The fields of a credit note (the wire `CreditNote`) that a later invoice consumes. */
export type AvailableCreditNoteInput = Pick<
  CreditNote,
  | 'svc_id'
  | 'svc_invoice_id'
  | 'number'
  | 'invoice_number'
  | 'currency'
  | 'balance_amount_cents'
  | 'credit_status'
  | 'created_at'
>;

/** The fields of a fee (the wire `Fee`) a credit note's credit is spread over. */
export interface CreditNoteFeeInput extends NetFeeInput {
  readonly taxes_amount_cents: number;
  /**
   * The part of earlier credit notes' credits the fee holds (the reference's
   * `fees.precise_credit_notes_amount_cents`; not a field of the wire `Fee`, kept as an extra
   * key so that wallets can cap what they pay per fee). Absent means 0.
   */
  readonly precise_credit_notes_amount_cents?: string;
}

/** The invoice a credit note is consumed by. */
export interface CreditNoteInvoiceInput<F extends CreditNoteFeeInput> {
  readonly svc_id: Uuid;
  readonly currency: CurrencyCode;
  /** What the invoice still has to pay after taxes, before credit notes. */
  readonly total_amount_cents: number;
  readonly fees: readonly F[];
}

/** The credit one credit note gives an invoice (an `invoice.credits[]` entry before its ids). */
export interface CreditNoteCredit {
  readonly svc_credit_note_id: Uuid;
  readonly amount_cents: Cents;
  readonly amount_currency: CurrencyCode;
  readonly before_taxes: false;
  readonly item: {
    readonly svc_item_id: Uuid;
    readonly type: 'credit_note';
    readonly code: string;
    readonly name: string;
  };
}

/** A fee with the share of credit-note credits it holds. */
export type WithCreditNoteShare<F> = F & {
  readonly precise_credit_notes_amount_cents: DecimalString;
};

/** The result of {@link consumeCreditNotes}. */
export interface CreditNotesConsumed<F, C> {
  /** The fees, each with its `precise_credit_notes_amount_cents`. */
  readonly fees: WithCreditNoteShare<F>[];
  /** Every credit note, in input order, with its balance (and `credit_status`) after the invoice. */
  readonly credit_notes: C[];
  /** One credit per credit note used, oldest first. */
  readonly credits: CreditNoteCredit[];
  /** The sum of the credits: at most the invoice's total. */
  readonly credit_notes_amount_cents: number;
}

/**
 * Consumes a customer's available credit notes on a later invoice (reference invoicing.md
 * §5): the finalized notes with `credit_status: 'available'`, in the invoice's currency, not
 * issued on this invoice, oldest first (`created_at`, then input order); each gives
 * `min(balance, what the invoice still owes)` after taxes, its balance goes down by that
 * much and reaches `consumed` at 0; the loop stops when the invoice owes nothing. Each credit
 * is also spread over the fees, in proportion to what each fee still owes after taxes
 * (`amount - coupon share + taxes_amount_cents - earlier credit-note share`), by the same
 * allocation as coupons, to 5 decimals: wallets cap what they pay per fee with it.
 *
 * @example
 * // Invoice total 100.00, fees 60.00 and 40.00; credit notes of 20.00 then 50.00 (reference §5).
 * consumeCreditNotes(invoice, [note20, note50])
 * // right({ credit_notes_amount_cents: 7000, fees: [{ precise_credit_notes_amount_cents: '4200.0' }, { precise_credit_notes_amount_cents: '2800.0' }], ... })
 */
export function consumeCreditNotes<
  F extends CreditNoteFeeInput,
  C extends AvailableCreditNoteInput,
>(
  invoice: CreditNoteInvoiceInput<F>,
  creditNotes: readonly C[],
): Either<FeecastError, CreditNotesConsumed<F, C>> {
  return creditNotesConsumed(invoice, creditNotes, false);
}

/**
 * {@link consumeCreditNotes}, with `owned`: the invoice's fees are the caller's own, just
 * built and held nowhere else (a preview's invoice), so with no credit note to consume each
 * fee without a share gets its share of 0 set on it rather than on a copy. The fees and
 * figures are the same either way.
 * @internal
 *
 * @example
 * creditNotesConsumed(invoice, [], true) // right({ fees: invoice.fees, credit_notes_amount_cents: 0, ... })
 */
export function creditNotesConsumed<
  F extends CreditNoteFeeInput,
  C extends AvailableCreditNoteInput,
>(
  invoice: CreditNoteInvoiceInput<F>,
  creditNotes: readonly C[],
  owned: boolean,
): Either<FeecastError, CreditNotesConsumed<F, C>> {
  const owed = readCents(invoice.total_amount_cents, ['invoice', 'total_amount_cents']);
  if (isLeft(owed)) return owed;
  // No credit note to consume (most invoices): nothing to spread, each fee keeps its share.
  if (creditNotes.length === 0) return noCreditNotes(invoice.fees, owned);
  const fees = readFees(invoice.fees);
  if (isLeft(fees)) return fees;
  const order = candidates(invoice, creditNotes);
  if (isLeft(order)) return order;
  const shares = fees.right.map((fee) => fee.share);
  const notes: C[] = [...creditNotes];
  const credits: CreditNoteCredit[] = [];
  const taken: Decimal[] = [];
  let remaining = max(owed.right, ZERO);
  for (const { index, balance } of order.right) {
    const note = creditNotes[index];
    if (note === undefined || sign(remaining) <= 0) break;
    const path = ['credit_notes', String(index)];
    const credit = min(balance, remaining);
    const spread = spreadCredit(credit, fees.right, shares);
    if (isLeft(spread)) return spread;
    remaining = subtract(remaining, credit);
    taken.push(credit);
    const after = subtract(balance, credit);
    const cents = roundCents(credit, invoice.currency, [...path, 'credit']);
    if (isLeft(cents)) return cents;
    const balanceAfter = roundCents(after, invoice.currency, [...path, 'balance_amount_cents']);
    if (isLeft(balanceAfter)) return balanceAfter;
    notes[index] = {
      ...note,
      balance_amount_cents: balanceAfter.right,
      credit_status: sign(after) <= 0 ? 'consumed' : note.credit_status,
    };
    credits.push({
      svc_credit_note_id: note.svc_id,
      amount_cents: cents.right,
      amount_currency: invoice.currency,
      before_taxes: false,
      item: {
        svc_item_id: note.svc_id,
        type: 'credit_note',
        code: note.number,
        name: note.invoice_number,
      },
    });
  }
  const outFees: WithCreditNoteShare<F>[] = [];
  for (const [i, fee] of invoice.fees.entries()) {
    const text = decimalText(shares[i] ?? ZERO, [
      'fees',
      String(i),
      'precise_credit_notes_amount_cents',
    ]);
    if (isLeft(text)) return text;
    outFees.push(withShare(fee, text.right, shares[i] ?? ZERO));
  }
  const total = roundCents(sum(taken), invoice.currency, ['credit_notes_amount_cents']);
  if (isLeft(total)) return total;
  return right({
    fees: outFees,
    credit_notes: notes,
    credits,
    credit_notes_amount_cents: total.right,
  });
}

/**
 * The share of a fee that holds none, as `decimalText` writes 0, its decimal kept: what a fee
 * without `precise_credit_notes_amount_cents` gets, without reading or writing it per fee.
 */
const NO_SHARE_TEXT = '0.0' as DecimalString;
const NO_SHARE = keepDecimal(
  { precise_credit_notes_amount_cents: NO_SHARE_TEXT },
  'precise_credit_notes_amount_cents',
  NO_SHARE_TEXT,
  ZERO,
);

/** {@link consumeCreditNotes} of no credit note: the fees with the shares they hold. */
function noCreditNotes<F extends CreditNoteFeeInput, C>(
  fees: readonly F[],
  owned: boolean,
): Either<FeecastError, CreditNotesConsumed<F, C>> {
  const outFees: WithCreditNoteShare<F>[] = [];
  for (const [i, fee] of fees.entries()) {
    const given = fee.precise_credit_notes_amount_cents;
    if (given === undefined || given === null) {
      // Most fees (none consumed a credit note yet): the share of 0, in one copy, or on the
      // fee itself when it is the caller's own.
      if (!owned) outFees.push(spreadDecimals({ ...fee, ...NO_SHARE }, fee, NO_SHARE));
      else {
        (
          fee as { precise_credit_notes_amount_cents?: string | null }
        ).precise_credit_notes_amount_cents = NO_SHARE_TEXT;
        outFees.push(spreadDecimals(fee as WithCreditNoteShare<F>, fee, NO_SHARE));
      }
      continue;
    }
    const path = ['fees', String(i), 'precise_credit_notes_amount_cents'];
    const share = feeDecimal(fee, 'precise_credit_notes_amount_cents', path, ZERO);
    if (isLeft(share)) return share;
    const text = decimalText(share.right, path);
    if (isLeft(text)) return text;
    outFees.push(withShare(fee, text.right, share.right));
  }
  return right({
    fees: outFees,
    credit_notes: [],
    credits: [],
    credit_notes_amount_cents: countToWire<Cents>(0),
  });
}

/** The fee with its credit-note share `text`, and the share's decimal kept beside it. */
function withShare<F extends CreditNoteFeeInput>(
  fee: F,
  text: DecimalString,
  share: Decimal,
): WithCreditNoteShare<F> {
  const out = spreadDecimals({ ...fee, precise_credit_notes_amount_cents: text }, fee);
  return keepDecimal(out, 'precise_credit_notes_amount_cents', text, share);
}

interface CreditFee {
  /** What the fee owes after taxes: `amount - coupon share + taxes_amount_cents`. */
  readonly afterTax: Decimal;
  readonly share: Decimal;
}

function readFees(fees: readonly CreditNoteFeeInput[]): Either<FeecastError, CreditFee[]> {
  const out: CreditFee[] = [];
  for (const [i, fee] of fees.entries()) {
    const path = ['fees', String(i)];
    const net = readFeeNet(fee, path);
    if (isLeft(net)) return net;
    const taxes = readCents(fee.taxes_amount_cents, [...path, 'taxes_amount_cents']);
    if (isLeft(taxes)) return taxes;
    const share = feeDecimal(
      fee,
      'precise_credit_notes_amount_cents',
      [...path, 'precise_credit_notes_amount_cents'],
      ZERO,
    );
    if (isLeft(share)) return share;
    out.push({ afterTax: add(net.right.net, taxes.right), share: share.right });
  }
  return right(out);
}

/** Spreads one credit over the fees (in place, on `shares`), each share capped at what the fee owes. */
function spreadCredit(
  credit: Decimal,
  fees: readonly CreditFee[],
  shares: Decimal[],
): Either<FeecastError, void> {
  const weights = fees.map((fee, i) => max(subtract(fee.afterTax, shares[i] ?? ZERO), ZERO));
  if (sign(sum(weights)) === 0) return right(undefined);
  const parts = allocateProportionally(credit, weights, COUPON_SHARE_SCALE);
  if (isLeft(parts)) return parts;
  for (const [i, part] of parts.right.entries()) {
    const fee = fees[i];
    if (fee !== undefined) shares[i] = min(add(shares[i] ?? ZERO, part), max(fee.afterTax, ZERO));
  }
  return right(undefined);
}

/** The credit notes the invoice can consume, with their balances, oldest first. */
function candidates<C extends AvailableCreditNoteInput>(
  invoice: CreditNoteInvoiceInput<CreditNoteFeeInput>,
  creditNotes: readonly C[],
): Either<FeecastError, { readonly index: number; readonly balance: Decimal }[]> {
  const keyed: { readonly index: number; readonly created: number; readonly balance: Decimal }[] =
    [];
  for (const [index, note] of creditNotes.entries()) {
    const path = ['credit_notes', String(index)];
    const created = parseInstant(note.created_at, [...path, 'created_at']);
    if (isLeft(created)) return created;
    const balance = readCents(note.balance_amount_cents, [...path, 'balance_amount_cents']);
    if (isLeft(balance)) return balance;
    const usable =
      note.credit_status === 'available' &&
      note.svc_invoice_id !== invoice.svc_id &&
      note.currency === invoice.currency &&
      sign(balance.right) > 0;
    if (usable) keyed.push({ index, created: created.right, balance: balance.right });
  }
  keyed.sort((a, b) => a.created - b.created || a.index - b.index);
  return right(keyed.map(({ index, balance }) => ({ index, balance })));
}
