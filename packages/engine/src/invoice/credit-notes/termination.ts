import type { CreditNote, Invoice, OnTerminationCreditNote } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  decimalFromCount,
  endOfLocalDay,
  type FeecastError,
  feecastError,
  type Instant,
  localDate,
  max,
  min,
  multiply,
  parseInstant,
  ratioOr,
  readCents,
  roundToCent,
  sign,
  subtract,
  timeZone,
  ZERO,
} from '../../core/index';
import { countDays } from '../../periods/index';
import { creditedByFee } from './credited-fees';
import { computeNote, type EstimatedCreditNote } from './estimate-credit-note';
import { creditableState } from './invoice-creditable';
import { type NoteItem, noteAmounts } from './note-amounts';

/** The input of {@link terminationCreditNote}. */
export interface TerminationCreditNoteInput {
  /** The invoice that billed the pay-in-advance subscription fee of the period. */
  readonly invoice: Invoice;
  /** That subscription fee's `svc_id`; its `from_date` / `to_date` are the period. */
  readonly fee_id: string;
  readonly terminated_at: string;
  /** The subscription's `on_termination_credit_note`: how the unused amount is paid back. */
  readonly on_termination_credit_note: Exclude<OnTerminationCreditNote, 'skip'>;
  /** Terminated by an upgrade: one unused day less. */
  readonly upgrade?: boolean;
  /** The end of a trial inside the period: usage is counted from there. */
  readonly trial_ended_at?: string | null;
  /** The plan amount of the period; default the fee's `amount_details.plan_amount_cents`, else its amount. */
  readonly plan_amount_cents?: number;
  /** Default: the customer's `applicable_timezone`. */
  readonly timezone?: string | null;
  /** Credit notes already issued on the invoice. */
  readonly credit_notes?: readonly CreditNote[];
  /** When the note is made; default `terminated_at`. */
  readonly now?: string;
}

/**
 * The credit note the reference issues when a pay-in-advance subscription is terminated in
 * the middle of a period it was billed for (invoicing.md §9.7): the unused days at the plan's
 * day price (`plan amount ÷ period days × days after the termination day`, one day less for
 * an upgrade), at most the fee's amount less earlier credit notes on it, with the fee's coupon
 * share and taxes. With `refund` or `offset`, what was paid for the fee beyond the used days
 * (`paid share − used amount with coupons and taxes`) is refunded, the rest credited
 * (`refund`) or offset (`offset`). `null` when nothing is left to credit.
 *
 * @example
 * // Plan 31.00 a month paid in advance for October, 20% tax, terminated on 15 October:
 * terminationCreditNote({ invoice, fee_id, terminated_at: '2022-10-15T12:00:00Z', on_termination_credit_note: 'credit' })
 * // right({ credit_note: { items: [{ amount_cents: 1600 }], total_amount_cents: 1920, credit_amount_cents: 1920, ... } })
 */
export function terminationCreditNote(
  input: TerminationCreditNoteInput,
): Either<FeecastError, EstimatedCreditNote | null> {
  const { invoice } = input;
  const notes = input.credit_notes ?? [];
  const state = creditableState({ invoice, credit_notes: notes });
  if (isLeft(state)) return state;
  const feeIndex = state.right.fees.findIndex((f) => f.fee.svc_id === input.fee_id);
  const fee = state.right.fees[feeIndex];
  if (fee === undefined) {
    return left(
      feecastError(
        'unknown_fee',
        `fee_id ${JSON.stringify(input.fee_id)} is not a fee of the invoice; use the svc_id of its subscription fee.`,
        ['fee_id'],
      ),
    );
  }
  const zone = timeZone(input.timezone ?? invoice.customer.applicable_timezone, ['timezone']);
  if (isLeft(zone)) return zone;
  const path = ['invoice', 'fees', String(feeIndex)];
  const from = parseInstant(fee.fee.from_date, [...path, 'from_date']);
  if (isLeft(from)) return from;
  const to = parseInstant(fee.fee.to_date, [...path, 'to_date']);
  if (isLeft(to)) return to;
  const terminated = parseInstant(input.terminated_at, ['terminated_at']);
  if (isLeft(terminated)) return terminated;
  const now = parseInstant(input.now ?? input.terminated_at, [
    input.now === undefined ? 'terminated_at' : 'now',
  ]);
  if (isLeft(now)) return now;
  const plan = readCents(
    input.plan_amount_cents ?? fee.fee.amount_details?.plan_amount_cents ?? fee.fee.amount_cents,
    input.plan_amount_cents === undefined
      ? [...path, 'amount_details', 'plan_amount_cents']
      : ['plan_amount_cents'],
  );
  if (isLeft(plan)) return plan;
  let usedFrom: Instant = from.right;
  if (input.trial_ended_at !== undefined && input.trial_ended_at !== null) {
    const trial = parseInstant(input.trial_ended_at, ['trial_ended_at']);
    if (isLeft(trial)) return trial;
    usedFrom = Math.max(usedFrom, trial.right);
  }

  const termEnd = endOfLocalDay(zone.right, localDate(zone.right, terminated.right));
  const periodDays = Math.max(1, countDays(zone.right, from.right, to.right));
  // Integer day counts: whole days after the termination day, one less for an upgrade.
  const unusedDays = Math.max(
    0,
    (to.right > termEnd ? countDays(zone.right, termEnd, to.right) : 0) -
      (input.upgrade === true ? 1 : 0),
  );
  const usedDays = usedFrom <= termEnd ? countDays(zone.right, usedFrom, termEnd) : 0;
  const dayShare = (days: number) =>
    ratioOr(multiply(plan.right, decimalFromCount(days)), decimalFromCount(periodDays), ZERO);

  const credited = creditedByFee(notes);
  if (isLeft(credited)) return credited;
  const item = subtract(
    min(dayShare(unusedDays), fee.amount),
    credited.right.get(input.fee_id) ?? ZERO,
  );
  if (sign(item) <= 0) return right(null);

  const items = [{ fee, fee_index: feeIndex, index: 0, precise: item }];
  const base = {
    invoice,
    state: state.right,
    notes,
    items,
    wallet: null,
    now: now.right,
    reason: 'order_cancellation' as const,
    description: null,
  };
  const estimate = computeNote({ ...base, split: null });
  if (isLeft(estimate)) return estimate;
  if (input.on_termination_credit_note === 'credit') return estimate;

  const total = readCents(estimate.right.max_creditable_amount_cents, ['items']);
  if (isLeft(total)) return total;
  const refund = terminationRefund(
    invoice,
    state.right.total_paid,
    { fee, fee_index: feeIndex, index: 0, precise: dayShare(usedDays) },
    total.right,
  );
  if (isLeft(refund)) return refund;
  const rest = subtract(total.right, refund.right);
  return computeNote({
    ...base,
    split:
      input.on_termination_credit_note === 'refund'
        ? { credit: rest, refund: refund.right, offset: ZERO }
        : { credit: ZERO, refund: refund.right, offset: rest },
  });
}

/**
 * §9.7: what is refunded is the fee's share of what was paid, less what the used days cost
 * with coupons and taxes, between 0 and the note's total. The fee's share of the payment is
 * `(net + taxes) ÷ sub total including taxes × total paid`.
 */
function terminationRefund(
  invoice: Invoice,
  paid: Decimal,
  used: NoteItem,
  total: Decimal,
): Either<FeecastError, Decimal> {
  const subTotal = readCents(invoice.sub_total_including_taxes_amount_cents, [
    'invoice',
    'sub_total_including_taxes_amount_cents',
  ]);
  if (isLeft(subTotal)) return subTotal;
  const usedAmounts = noteAmounts([used], invoice.version_number);
  if (isLeft(usedAmounts)) return usedAmounts;
  const usedTotal = roundToCent(
    add(
      subtract(usedAmounts.right.items, usedAmounts.right.coupons_adjustment),
      usedAmounts.right.precise_taxes,
    ),
  );
  const feeTotal = add(used.fee.net, used.fee.precise_taxes);
  const paidShare = multiply(ratioOr(feeTotal, subTotal.right, ZERO), paid);
  return right(roundToCent(max(ZERO, min(total, subtract(paidShare, usedTotal)))));
}
