import type { CreditNote, Invoice } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  abs,
  add,
  compare,
  type Decimal,
  type FeecastError,
  feecastError,
  formatDecimal,
  min,
  ONE,
  readCents,
  sign,
  subtract,
  sum,
} from '../../core/index';
import type { CreditableState } from './invoice-creditable';
import type { NoteSplit } from './rounding';

/** Σ of one amount over the earlier credit notes. */
function sumOf(
  notes: readonly CreditNote[],
  key: 'credit_amount_cents' | 'refund_amount_cents' | 'offset_amount_cents',
): Either<FeecastError, Decimal> {
  const values: Decimal[] = [];
  for (const [i, note] of notes.entries()) {
    const value = readCents(note[key], ['credit_notes', String(i), key]);
    if (isLeft(value)) return value;
    values.push(value.right);
  }
  return right(sum(values));
}

function fail(
  code: FeecastError['code'],
  key: string,
  message: string,
  details?: unknown,
): Either<FeecastError, never> {
  return left(feecastError(code, message, [key], details));
}

const cents = (d: Decimal) => formatDecimal(d);

/**
 * Checks the split a caller asks for a credit note (invoicing.md §9.5), against the items'
 * amount (`computed`, rounded), what was paid, and the earlier credit notes (all taken as
 * finalized). Each bound allows the reference's one-minor-unit tolerance where it has one.
 *
 * @example
 * validateSplit(invoice, state, [], { credit: d('12'), refund: d('0'), offset: d('0') }, d('9'))
 * // left({ code: 'does_not_match_item_amounts', ... })
 * @internal
 */
export function validateSplit(
  invoice: Invoice,
  state: CreditableState,
  notes: readonly CreditNote[],
  split: NoteSplit,
  computed: Decimal,
): Either<FeecastError, NoteSplit> {
  const total = add(add(split.credit, split.refund), split.offset);
  const topUp = invoice.invoice_type === 'credit';
  for (const key of ['credit', 'refund', 'offset'] as const) {
    if (sign(split[key]) < 0) {
      return fail(
        'invalid_amount',
        `${key}_amount_cents`,
        `${key}_amount_cents must not be negative, got ${cents(split[key])}.`,
      );
    }
  }
  if (sign(total) <= 0) {
    return fail(
      'invalid_amount',
      'credit_amount_cents',
      'credit_amount_cents + refund_amount_cents + offset_amount_cents must be positive: say how the note is paid back.',
    );
  }
  if (compare(abs(subtract(total, computed)), ONE) > 0) {
    return fail(
      'does_not_match_item_amounts',
      'credit_amount_cents',
      `credit + refund + offset is ${cents(total)} but the items come to ${cents(computed)} with coupons and taxes; make them equal (one minor unit of rounding is allowed).`,
      { total: cents(total), items: cents(computed) },
    );
  }
  const credits = sumOf(notes, 'credit_amount_cents');
  if (isLeft(credits)) return credits;
  const refunds = sumOf(notes, 'refund_amount_cents');
  if (isLeft(refunds)) return refunds;
  const offsets = sumOf(notes, 'offset_amount_cents');
  if (isLeft(offsets)) return offsets;

  if (sign(split.refund) > 0) {
    if (sign(state.total_paid) <= 0) {
      return fail(
        'cannot_refund_unpaid_invoice',
        'refund_amount_cents',
        `The invoice has not been paid, so nothing can be refunded; credit or offset the ${cents(total)} instead.`,
      );
    }
    const refundable = subtract(state.total_paid, refunds.right);
    if (compare(split.refund, refundable) > 0) {
      return fail(
        'higher_than_remaining_invoice_amount',
        'refund_amount_cents',
        `refund_amount_cents (${cents(split.refund)}) is more than was paid and not refunded yet (${cents(refundable)}).`,
        { refundable: cents(refundable) },
      );
    }
  }
  if (topUp && sign(split.credit) > 0) {
    return fail(
      'cannot_credit_invoice',
      'credit_amount_cents',
      'A wallet top-up invoice cannot be credited; refund it (or offset it while unpaid), which voids the credits from the wallet.',
    );
  }
  const creditRoom = subtract(subtract(state.fee_total, credits.right), offsets.right);
  if (compare(split.credit, add(creditRoom, ONE)) > 0) {
    return fail(
      'higher_than_remaining_invoice_amount',
      'credit_amount_cents',
      `credit_amount_cents (${cents(split.credit)}) is more than remains to credit on the invoice (${cents(creditRoom)}).`,
      { remaining: cents(creditRoom) },
    );
  }
  if (sign(split.offset) > 0) {
    if (topUp) {
      if (sign(state.total_paid) > 0 || compare(split.offset, total) !== 0) {
        return fail(
          'invalid_input',
          'offset_amount_cents',
          'On a wallet top-up invoice, an offset is possible only while the invoice is unpaid, and must be the whole credit note.',
        );
      }
    } else {
      const offsetRoom = min(
        subtract(subtract(state.total, state.total_paid), offsets.right),
        state.creditable,
      );
      if (compare(split.offset, offsetRoom) > 0) {
        return fail(
          'higher_than_remaining_invoice_amount',
          'offset_amount_cents',
          `offset_amount_cents (${cents(split.offset)}) is more than remains unpaid and creditable on the invoice (${cents(offsetRoom)}).`,
          { remaining: cents(offsetRoom) },
        );
      }
    }
  }
  const others = add(add(credits.right, refunds.right), offsets.right);
  const totalRoom = subtract(state.fee_total, others);
  if (compare(total, add(totalRoom, ONE)) > 0) {
    return fail(
      'higher_than_remaining_invoice_amount',
      'credit_amount_cents',
      `credit + refund + offset (${cents(total)}) is more than remains on the invoice after its credit notes (${cents(totalRoom)}).`,
      { remaining: cents(totalRoom) },
    );
  }
  return right(split);
}
