import type { Fee, Invoice } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  type FeecastError,
  formatDecimal,
  localDate,
  parseInstant,
  readCents,
  timeZone,
  toWireCents,
  ZERO,
} from '../../core/index';
import { feeDecimal } from '../../fees/index';
import { lineOf, type PlanDifferenceKind } from '../compare-plans/plan-differences';
import type { SeriesPeriod } from './series';

/** The fees of one line of an invoice (a kind of fee and its code), in a backtest row. */
export interface BacktestFeeLine {
  /** `subscription`, `fixed_charge`, `charge` (by billable metric code), `add_on`, `commitment`. */
  readonly kind: PlanDifferenceKind;
  /** The billable metric code of a charge, the code of a fixed charge; `null` otherwise. */
  readonly code: string | null;
  /** Σ units of the line's fees (a decimal string; true-ups have none). */
  readonly units: string;
  /** Σ `amount_cents` of the line's fees, before coupons and taxes. */
  readonly amount_cents: number;
}

/** One invoice of the backtest: one subscription, one billing period, one plan. */
export interface BacktestRow {
  readonly external_customer_id: string;
  readonly external_subscription_id: string;
  /** `"current"` (the subscription's own plan), or the candidate plan's code. */
  readonly plan: string;
  /** The code of the plan billed. */
  readonly plan_code: string;
  /** The period the invoice closes: its usage-charges period (else its subscription period). */
  readonly from_datetime: string;
  readonly to_datetime: string;
  /** The month of `from_datetime` in the customer's time zone (`YYYY-MM`). */
  readonly month: string;
  /** When the invoice is issued (the billing run's date, in the customer's zone). */
  readonly issuing_date: string | null;
  readonly currency: string;
  readonly fees_amount_cents: number;
  readonly coupons_amount_cents: number;
  readonly taxes_amount_cents: number;
  readonly prepaid_credit_amount_cents: number;
  readonly total_amount_cents: number;
  /**
   * The period's pay-in-advance charge fees: billed on their own invoices as the events came
   * (`previewInvoice`'s `pay_in_advance_fees`), not in the invoice's totals.
   */
  readonly pay_in_advance_amount_cents: number;
  /**
   * What the period earns before taxes: the invoice's fees less its coupons
   * (`sub_total_excluding_taxes_amount_cents`), plus `pay_in_advance_amount_cents`.
   */
  readonly revenue_cents: number;
  /**
   * Events the invoice's aggregations left out (a value that is not a decimal, a repeated
   * transaction id...), as `previewInvoice`'s `rejected` counts them.
   */
  readonly rejected_events: number;
  /** The invoice's and the pay-in-advance fees, per line, in the order of their first fee. */
  readonly fees: readonly BacktestFeeLine[];
}

/** Who and what a row is about. */
export interface RowKeys {
  readonly external_customer_id: string;
  readonly external_subscription_id: string;
  readonly plan: string;
  readonly timezone: string;
}

/** The month (`YYYY-MM`) of an instant in a time zone. */
function monthOf(instant: string, zone: string): Either<FeecastError, string> {
  const parsed = parseInstant(instant, ['from_datetime']);
  if (isLeft(parsed)) return parsed;
  const tz = timeZone(zone, ['timezone']);
  if (isLeft(tz)) return tz;
  const date = localDate(tz.right, parsed.right);
  return right(`${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}`);
}

/** The fees per line (see {@link BacktestFeeLine}). */
function feeLines(fees: readonly Fee[]): Either<FeecastError, BacktestFeeLine[]> {
  const lines = new Map<
    string,
    { kind: PlanDifferenceKind; code: string | null; units: Decimal; amount: Decimal }
  >();
  for (const [i, fee] of fees.entries()) {
    const line = lineOf(fee);
    if (line === undefined) continue;
    const key = `${line.kind}\u0000${line.code ?? ''}`;
    const amount = readCents(fee.amount_cents, ['fees', String(i), 'amount_cents']);
    if (isLeft(amount)) return amount;
    let units = ZERO;
    if (fee.svc_true_up_parent_fee_id === null) {
      const own = feeDecimal(fee, 'units', ['fees', String(i), 'units']);
      if (isLeft(own)) return own;
      units = own.right;
    }
    const seen = lines.get(key);
    if (seen === undefined) {
      // The lines in the order of their first fee (a map keeps its keys' order).
      lines.set(key, { kind: line.kind, code: line.code, units, amount: amount.right });
    } else {
      seen.units = add(seen.units, units);
      seen.amount = add(seen.amount, amount.right);
    }
  }
  const out: BacktestFeeLine[] = [];
  for (const line of lines.values()) {
    const cents = toWireCents(line.amount, ['fees']);
    if (isLeft(cents)) return cents;
    out.push({
      kind: line.kind,
      code: line.code,
      units: formatDecimal(line.units),
      amount_cents: cents.right,
    });
  }
  return right(out);
}

/**
 * The row of one invoice of the backtest: the invoice's totals, the period's pay-in-advance
 * fees, the revenue, and the fees per line.
 * @internal
 */
export function backtestRow(
  keys: RowKeys,
  period: SeriesPeriod,
  invoice: Invoice,
  payInAdvance: readonly Fee[],
  rejected: number,
): Either<FeecastError, BacktestRow> {
  const range = period.run.charges ?? {
    from_datetime: period.run.closing.from_datetime,
    to_datetime: period.run.closing.to_datetime,
  };
  const month = monthOf(range.from_datetime, keys.timezone);
  if (isLeft(month)) return month;
  let inAdvance = 0;
  for (const fee of payInAdvance) inAdvance += fee.amount_cents;
  const fees: Fee[] = [];
  for (const fee of invoice.fees) fees.push(fee);
  for (const fee of payInAdvance) fees.push(fee);
  const lines = feeLines(fees);
  if (isLeft(lines)) return lines;
  const plan = invoice.subscriptions[0]?.plan_code ?? keys.plan;
  return right({
    external_customer_id: keys.external_customer_id,
    external_subscription_id: keys.external_subscription_id,
    plan: keys.plan,
    plan_code: plan,
    from_datetime: range.from_datetime,
    to_datetime: range.to_datetime,
    month: month.right,
    issuing_date: invoice.issuing_date,
    currency: invoice.currency,
    fees_amount_cents: invoice.fees_amount_cents,
    coupons_amount_cents: invoice.coupons_amount_cents,
    taxes_amount_cents: invoice.taxes_amount_cents,
    prepaid_credit_amount_cents: invoice.prepaid_credit_amount_cents,
    total_amount_cents: invoice.total_amount_cents,
    pay_in_advance_amount_cents: inAdvance,
    revenue_cents: invoice.sub_total_excluding_taxes_amount_cents + inAdvance,
    rejected_events: rejected,
    fees: lines.right,
  });
}
