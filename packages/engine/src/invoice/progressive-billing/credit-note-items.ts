import type { CreditNote, Invoice } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  compare,
  type Decimal,
  type FeecastError,
  feecastError,
  formatDecimal,
  max,
  min,
  readCents,
  sign,
  subtract,
  toWireCents,
  ZERO,
} from '../../core/index';
import { creditedByFee } from '../credit-notes/credited-fees';

/**
 * A credit-note item request: an amount (minor units) credited back on one fee.
 *
 * @inline
 */
export interface CreditNoteItemRequest {
  readonly fee_id: string;
  readonly amount_cents: number;
}

/** The input of {@link progressiveBillingCreditNoteItems}. */
export interface ProgressiveBillingCreditNoteItemsInput {
  readonly progressive_billing_invoice: Invoice;
  /** The excess to credit back, in minor units. */
  readonly amount_cents: number;
  /** Credit notes already issued on the progressive-billing invoice. */
  readonly credit_notes?: readonly CreditNote[];
}

/**
 * The items of the automatic credit note that gives back, on a progressive-billing invoice,
 * what the period-end invoice could not credit (invoicing.md §9.9): the invoice's fees by
 * descending amount, each credited up to what is still creditable on it, until the excess is
 * covered. A `Left` (`creditable_amount_is_less_than_requested`) when the fees cannot cover
 * it. Feed the items to `estimateCreditNote` for the note's amounts.
 *
 * @example
 * // PB fees 2000 and 300, excess 1500:
 * progressiveBillingCreditNoteItems({ progressive_billing_invoice: pb, amount_cents: 1500 })
 * // right([{ fee_id: <the 2000 fee>, amount_cents: 1500 }])
 */
export function progressiveBillingCreditNoteItems(
  input: ProgressiveBillingCreditNoteItemsInput,
): Either<FeecastError, CreditNoteItemRequest[]> {
  const requested = readCents(input.amount_cents, ['amount_cents']);
  if (isLeft(requested)) return requested;
  const credited = creditedByFee(input.credit_notes ?? []);
  if (isLeft(credited)) return credited;
  const fees: { id: string; amount: Decimal; index: number; creditable: Decimal }[] = [];
  for (const [index, fee] of input.progressive_billing_invoice.fees.entries()) {
    if (fee.svc_id === null) continue;
    const amount = readCents(fee.amount_cents, [
      'progressive_billing_invoice',
      'fees',
      String(index),
      'amount_cents',
    ]);
    if (isLeft(amount)) return amount;
    const creditable = max(ZERO, subtract(amount.right, credited.right.get(fee.svc_id) ?? ZERO));
    fees.push({ id: fee.svc_id, amount: amount.right, index, creditable });
  }
  fees.sort((a, b) => compare(b.amount, a.amount) || a.index - b.index);
  let rest = requested.right;
  const items: CreditNoteItemRequest[] = [];
  for (const fee of fees) {
    if (sign(rest) <= 0) break;
    const take = min(rest, fee.creditable);
    if (sign(take) <= 0) continue;
    rest = subtract(rest, take);
    const cents = toWireCents(take, ['amount_cents']);
    if (isLeft(cents)) return cents;
    items.push({ fee_id: fee.id, amount_cents: cents.right });
  }
  if (sign(rest) > 0) {
    return left(
      feecastError(
        'creditable_amount_is_less_than_requested',
        `The progressive-billing invoice ${input.progressive_billing_invoice.number} can credit back ${formatDecimal(subtract(requested.right, rest))} minor units on its fees, less than the ${input.amount_cents} asked.`,
        ['amount_cents'],
        { requested: input.amount_cents },
      ),
    );
  }
  return right(items);
}
