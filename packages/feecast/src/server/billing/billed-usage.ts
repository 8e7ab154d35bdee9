/**
 * What a subscription's invoices already billed of its usage, as the usage thresholds read it
 * (usage-thresholds.ts): the usage its finalized invoices billed (`I`) and what progressive
 * billing billed in its current period (`P`, the engine's `progressiveBilledAmount`). Read from
 * every invoice of the state, so kept with the invoices list (invoice-figures.ts): a stored
 * event that issues no invoice reads them at the cost of a look-up.
 *
 * A check counts the invoices made by its instant only: a state can hold invoices dated after
 * a pinned clock (the bundled example's own progressive-billing invoice is made at 14:02 on the
 * day its clock stands at), and those do not exist yet for it. So the figures are kept with
 * the span of instants that see the same invoices (from the latest one made by the check's
 * instant to the next one made after it), and read again outside it.
 */
import { progressiveBilledAmount } from '@feecast/engine/internal';
import type { CreditNote, Customer, Fee, Invoice, Subscription, Uuid } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { apiErrorOf } from '../routes/engine-error';
import type { Items } from '../state/chunked-list';
import { epochMs } from '../state/instant';
import type { ServerState } from '../state/state';
import { invoiceFigure } from './invoice-figures';

/** The usage a subscription's invoices billed, in cents (see the file's comment). */
export interface BilledUsage {
  /** `I`: the usage its finalized invoices billed, the current period's progressive ones left out. */
  readonly invoiced: number;
  /** `P`: what progressive billing billed in the current period. */
  readonly progressive: number;
}

/** Figures kept with the invoices list, the credit notes and the span of instants they hold for. */
interface Kept {
  readonly creditNotes: Items<CreditNote>;
  /** The instants (epoch ms) that see the same invoices: `sinceMs <= now < untilMs`. */
  readonly sinceMs: number;
  readonly untilMs: number;
  readonly billed: Either<ApiErrorResponse, BilledUsage>;
}

/** Does the invoice bill the subscription's charges period that starts at `fromMs`? */
export function ofPeriod(invoice: Invoice, subscriptionId: Uuid, fromMs: number): boolean {
  return invoice.billing_periods.some(
    (period) =>
      period.svc_subscription_id === subscriptionId &&
      epochMs(period.charges_from_datetime) === fromMs,
  );
}

/** A usage fee a progressive-billing invoice bills: a charge billed in arrears, not a true-up. */
export function isUsageFee(fee: Fee): boolean {
  return (
    fee.item.type === 'charge' && !fee.pay_in_advance && fee.svc_true_up_parent_fee_id === null
  );
}

/**
 * `I`: Σ over the subscription's finalized invoices of `issued`, its progressive-billing
 * invoices of the current period (starting at `fromMs`) left out, of their in-arrears charge
 * fees less their progressive-billing credits (a period billed progressively counts once).
 */
function invoicedUsage(
  issued: readonly Invoice[],
  subscription: Subscription,
  fromMs: number,
): number {
  let cents = 0;
  for (const invoice of issued) {
    if (invoice.status !== 'finalized') continue;
    if (!invoice.billing_periods.some((p) => p.svc_subscription_id === subscription.svc_id)) {
      continue;
    }
    if (
      invoice.invoice_type === 'progressive_billing' &&
      ofPeriod(invoice, subscription.svc_id, fromMs)
    ) {
      continue;
    }
    for (const fee of invoice.fees) {
      if (isUsageFee(fee) && fee.svc_subscription_id === subscription.svc_id) {
        cents += fee.amount_cents;
      }
    }
    cents -= invoice.progressive_billing_credit_amount_cents;
  }
  return cents;
}

/** The figures at `nowMs`, read from every invoice, and the span of instants they hold for. */
function readBilled(
  state: ServerState,
  customer: Customer,
  subscription: Subscription,
  from: string,
  nowMs: number,
): Kept {
  let sinceMs = Number.NEGATIVE_INFINITY;
  let untilMs = Number.POSITIVE_INFINITY;
  const issued: Invoice[] = [];
  const ofCustomer: Invoice[] = [];
  for (const invoice of state.invoices) {
    const mine = invoice.customer.svc_id === customer.svc_id;
    if (
      !mine &&
      !invoice.billing_periods.some((p) => p.svc_subscription_id === subscription.svc_id)
    ) {
      continue;
    }
    const madeMs = epochMs(invoice.created_at);
    if (madeMs > nowMs) {
      untilMs = Math.min(untilMs, madeMs);
      continue;
    }
    sinceMs = Math.max(sinceMs, madeMs);
    issued.push(invoice);
    if (mine) ofCustomer.push(invoice);
  }
  const creditNotes = state.credit_notes;
  const amount = progressiveBilledAmount({
    subscription_id: subscription.svc_id,
    timestamp: from,
    invoices: ofCustomer,
    credit_notes: creditNotes.filter((n) => n.customer.svc_id === customer.svc_id),
  });
  const billed: Either<ApiErrorResponse, BilledUsage> = isLeft(amount)
    ? left(apiErrorOf(amount.left))
    : right({
        invoiced: invoicedUsage(issued, subscription, epochMs(from)),
        progressive: amount.right.progressive_billed_amount_cents,
      });
  return { creditNotes, sinceMs, untilMs, billed };
}

/**
 * What `subscription`'s invoices (of `state`, made by `nowMs`) billed of its usage, its current
 * period starting at `from`: `I` and `P` of the usage thresholds, or the engine's refusal.
 *
 * @example
 * billedUsage(state, customer, subscription, '2025-03-15T07:00:00Z', Date.parse(now));
 * // right({ invoiced: 0, progressive: 5000 })
 */
export function billedUsage(
  state: ServerState,
  customer: Customer,
  subscription: Subscription,
  from: string,
  nowMs: number,
): Either<ApiErrorResponse, BilledUsage> {
  const key = `billed:${subscription.svc_id}:${customer.svc_id}:${from}`;
  return invoiceFigure(
    state.invoices,
    key,
    () => readBilled(state, customer, subscription, from, nowMs),
    (kept: Kept) =>
      kept.creditNotes === state.credit_notes && kept.sinceMs <= nowMs && nowMs < kept.untilMs,
  ).billed;
}
