import {
  BillingPeriod,
  type Cents,
  type CurrencyCode,
  type Customer,
  type Fee,
  type Integer,
  type Invoice,
  IsoDate,
  type Subscription,
  Timestamp,
  type Uuid,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  addDays,
  type FeecastError,
  feecastError,
  formatDate,
  formatInstant,
  localDate,
  parseInstant,
  readCents,
  sum,
  timeZone,
  toWireCents,
} from '../../core/index';
import { spreadDecimals } from '../../fees/index';
import { decodeInput, decodeList } from '../../inputs/index';
import type { SubscriptionRun } from '../../periods/index';
import type { CheckedSubscription, PreviewStatus } from './inputs';

/** The invoice's dates. */
export interface InvoiceDates {
  /** The billing run: the latest run of the invoice's subscriptions. */
  readonly created_at: string;
  /** The run's local date in the customer's zone. */
  readonly issuing_date: string;
  /** `issuing_date` + the customer's `net_payment_term` days. */
  readonly payment_due_date: string;
}

/**
 * The dates of the invoice a set of billing runs produce: created at the latest run, issued on
 * its local date in the customer's zone, due `net_payment_term` days later.
 *
 * @example
 * invoiceDates(['2025-04-01T00:00:00Z'], 'Europe/Paris', 30)
 * // right({ created_at: '2025-04-01T00:00:00Z', issuing_date: '2025-04-01', payment_due_date: '2025-05-01' })
 */
export function invoiceDates(
  runs: readonly string[],
  timezone: string,
  netPaymentTerm: number,
): Either<FeecastError, InvoiceDates> {
  const zone = timeZone(timezone, ['customer', 'applicable_timezone']);
  if (isLeft(zone)) return zone;
  let latest: number | undefined;
  for (const run of runs) {
    const at = parseInstant(run, ['run']);
    if (isLeft(at)) return at;
    if (latest === undefined || at.right > latest) latest = at.right;
  }
  if (latest === undefined) {
    return left(feecastError('invalid_input', 'An invoice needs at least one billing run.', []));
  }
  const issued = localDate(zone.right, latest);
  return right({
    created_at: formatInstant(latest),
    issuing_date: formatDate(issued),
    payment_due_date: formatDate(addDays(issued, netPaymentTerm)),
  });
}

/**
 * The invoice's `billing_periods[]` entry of a subscription: the subscription period billed
 * (the one the run opens for a pay-in-advance plan, else the one it closes), the charges
 * period it closes, the fixed-charges period billed (the closed one when the plan has fixed
 * charges in arrears, else the opened one), and why (`subscription_terminating` on a
 * termination run, `subscription_starting` on the run that starts it, else
 * `subscription_periodic`).
 *
 * @example
 * billingPeriodEntry(entry, run)
 * // { svc_subscription_id, svc_plan_id, external_subscription_id, subscription_from_datetime: '2025-03-01T00:00:00Z', ..., invoicing_reason: 'subscription_periodic' }
 */
export function billingPeriodEntry(entry: CheckedSubscription, run: SubscriptionRun): object {
  const { plan, subscription } = entry;
  const period = plan.pay_in_advance && run.next !== undefined ? run.next : run.closing;
  const inArrears = (plan.fixed_charges ?? []).some((fixed) => !fixed.pay_in_advance);
  const fixed = inArrears ? run.fixedClosing : (run.fixedOpening ?? run.fixedClosing);
  return {
    svc_subscription_id: subscription.svc_id,
    svc_plan_id: plan.svc_id,
    external_subscription_id: subscription.external_id,
    subscription_from_datetime: period.from_datetime,
    subscription_to_datetime: period.to_datetime,
    charges_from_datetime: run.charges?.from_datetime ?? run.closing.charges_from_datetime,
    charges_to_datetime: run.charges?.to_datetime ?? run.closing.charges_to_datetime,
    fixed_charges_from_datetime: fixed?.from_datetime ?? null,
    fixed_charges_to_datetime: fixed?.to_datetime ?? null,
    invoicing_reason: run.terminating
      ? 'subscription_terminating'
      : run.starting === true
        ? 'subscription_starting'
        : 'subscription_periodic',
  };
}

/** The input of {@link invoiceObject}. */
export interface InvoiceObjectInput {
  readonly svc_id: Uuid;
  readonly customer: Customer;
  readonly currency: CurrencyCode;
  readonly status: PreviewStatus;
  readonly dates: InvoiceDates;
  readonly fees: readonly Fee[];
  readonly subscriptions: readonly Subscription[];
  /** One entry per subscription ({@link billingPeriodEntry}). */
  readonly billing_periods: readonly object[];
}

/**
 * The wire `Invoice` of a subscription invoice before its credits and taxes: its fees (each
 * pointing at the invoice, created with it), `fees_amount_cents` their sum, every total equal
 * to it and every credit 0, `payment_status` `pending`, the customer and subscriptions
 * embedded, version 4, not stored yet (`sequential_id` and `file_url` null). Its dates and
 * billing periods are checked with their codecs; the rest comes typed from checked inputs.
 *
 * @example
 * invoiceObject({ svc_id, customer, currency: 'EUR', status: 'finalized', dates, fees, subscriptions, billing_periods })
 * // right({ invoice_type: 'subscription', fees_amount_cents: 21400, total_amount_cents: 21400, ... })
 */
export function invoiceObject(input: InvoiceObjectInput): Either<FeecastError, Invoice> {
  const amounts = [];
  for (const [i, fee] of input.fees.entries()) {
    const amount = readCents(fee.amount_cents, ['fees', String(i), 'amount_cents']);
    if (isLeft(amount)) return amount;
    amounts.push(amount.right);
  }
  const total = toWireCents(sum(amounts), ['fees_amount_cents']);
  if (isLeft(total)) return total;
  // The parts not typed yet are checked here (dates, billing periods); the rest (customer,
  // subscriptions, fees, cents) comes typed from checked inputs, as fees do (`buildFee`), so
  // the whole `Invoice` is not decoded again on each preview: a property decodes every
  // invoice `previewInvoice` returns (test/operations/preview-invoice/invoice-decode.test.ts).
  const created_at = decodeInput(Timestamp, input.dates.created_at, ['invoice', 'created_at']);
  if (isLeft(created_at)) return created_at;
  const issuing_date = decodeInput(IsoDate, input.dates.issuing_date, ['invoice', 'issuing_date']);
  if (isLeft(issuing_date)) return issuing_date;
  const payment_due_date = decodeInput(IsoDate, input.dates.payment_due_date, [
    'invoice',
    'payment_due_date',
  ]);
  if (isLeft(payment_due_date)) return payment_due_date;
  const billing_periods = decodeList(BillingPeriod, input.billing_periods, [
    'invoice',
    'billing_periods',
  ]);
  if (isLeft(billing_periods)) return billing_periods;
  const created = created_at.right;
  const fees = input.fees.map((fee) =>
    spreadDecimals({ ...fee, svc_invoice_id: input.svc_id, created_at: created }, fee),
  );
  const netPaymentTerm = (input.customer.net_payment_term ?? 0) as Integer;
  return right({
    svc_id: input.svc_id,
    billing_entity_code: input.customer.billing_entity_code,
    sequential_id: null,
    number: `PREVIEW-${input.svc_id.slice(0, 8).toUpperCase()}`,
    issuing_date: issuing_date.right,
    payment_due_date: payment_due_date.right,
    payment_dispute_lost_at: null,
    payment_overdue: false,
    net_payment_term: netPaymentTerm,
    invoice_type: 'subscription',
    status: input.status,
    payment_status: 'pending',
    currency: input.currency,
    fees_amount_cents: total.right,
    coupons_amount_cents: NO_CENTS,
    credit_notes_amount_cents: NO_CENTS,
    sub_total_excluding_taxes_amount_cents: total.right,
    taxes_amount_cents: NO_CENTS,
    sub_total_including_taxes_amount_cents: total.right,
    prepaid_credit_amount_cents: NO_CENTS,
    prepaid_granted_credit_amount_cents: null,
    prepaid_purchased_credit_amount_cents: null,
    progressive_billing_credit_amount_cents: NO_CENTS,
    total_amount_cents: total.right,
    version_number: VERSION_NUMBER,
    self_billed: false,
    file_url: null,
    created_at: created,
    updated_at: created,
    customer: input.customer,
    billing_periods: billing_periods.right,
    metadata: [],
    applied_taxes: [],
    applied_invoice_custom_sections: [],
    credits: [],
    fees,
    subscriptions: input.subscriptions.slice(),
    error_details: [],
  });
}

/** The amounts of an invoice before its settlement (no coupon, tax, credit). */
const NO_CENTS = 0 as Cents;
/** The invoice format's version the previews write. */
const VERSION_NUMBER = 4 as Integer;
