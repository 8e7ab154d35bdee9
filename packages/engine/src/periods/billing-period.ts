import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type CalendarDate,
  compareDates,
  endOfLocalDay,
  type FeecastError,
  feecastError,
  formatInstant,
  type Instant,
  localDate,
  startOfLocalDay,
} from '../core/index';
import { type Cadence, periodEnd, periodLength } from './cadence';
import { type BillingPeriodInput, type PeriodFacts, readPeriodInput } from './inputs';
import { INTERVAL_RULES } from './interval-rules';
import { elapsedFraction } from './period-ratio';

/**
 * The billing period of a subscription at an instant (API.md, "Periods"). Timestamps are ISO
 * 8601 UTC strings (`2025-01-31T23:59:59Z`); a period runs from 00:00:00 of its first local day
 * to 23:59:59 of its last local day in the customer's time zone, both included, so the next
 * period starts one second after `to_datetime`.
 */
export interface BillingPeriod {
  /**
   * Start of the subscription period: 00:00 local of its first day, or 00:00 local of the day
   * of `started_at` for a first, partial period.
   */
  readonly from_datetime: string;
  /** End of the subscription period: 23:59:59 local of its last day, or `terminated_at`. */
  readonly to_datetime: string;
  /**
   * Start of the period whose usage charges are billed: 00:00 local, or `started_at` itself
   * for a first, partial period. For a pay-in-advance plan's invoice, the period before the
   * subscription period; with `bill_charges_monthly`, a month.
   */
  readonly charges_from_datetime: string;
  /** End of the charges period: 23:59:59 local of its last day, or `terminated_at`. */
  readonly charges_to_datetime: string;
  /**
   * The fixed-charges period. Absent when this period bills no fixed charges: a yearly or
   * semiannual plan with `bill_charges_monthly` but not `bill_fixed_charges_monthly`, outside
   * the first month of its period.
   */
  readonly fixed_charges_from_datetime?: string;
  /** End of the fixed-charges period; absent with `fixed_charges_from_datetime`. */
  readonly fixed_charges_to_datetime?: string;
  /**
   * Days of the period the elapsed fraction is measured on (the subscription period; the
   * charges period when charges are billed monthly), as the reference counts days: local
   * days, partial days in full, DST ignored.
   */
  readonly days: number;
  /** Days of that period elapsed at `at`, the current day included (0 before, `days` after). */
  readonly elapsed_days: number;
  /** `elapsed_days ÷ days`, a decimal string from "0" to "1": projections divide by it. */
  readonly period_ratio: string;
  /**
   * Length in days of the **full** subscription period (never shortened by a late start or a
   * termination): the divisor of the plan amount's day price.
   */
  readonly period_duration: number;
  /** Length in days of the full charges period: the divisor of prorated charges. */
  readonly charges_duration: number;
  /** Length in days of the full fixed-charges period; absent with the fixed-charges period. */
  readonly fixed_charges_duration?: number;
}

/**
 * What an `invoice` run bills. As {@link BillingPeriod}, except that the usage-charges period
 * is absent on the runs that bill no usage charges: a yearly or semiannual plan with
 * `bill_fixed_charges_monthly` but not `bill_charges_monthly`, outside the first month of
 * its period (its monthly runs bill fixed charges only).
 */
export type InvoicePeriod = Omit<
  BillingPeriod,
  'charges_from_datetime' | 'charges_to_datetime' | 'charges_duration'
> &
  Partial<
    Pick<BillingPeriod, 'charges_from_datetime' | 'charges_to_datetime' | 'charges_duration'>
  >;

/** Facts about the run that every cadence reads. */
interface Run {
  readonly facts: PeriodFacts;
  /** `at` as a local date: the reference's billing date. */
  readonly billingDate: CalendarDate;
  /** Terminated at or before `at`. */
  readonly terminatedAtBilling: boolean;
  /** Terminated at billing, in arrears, not by a downgrade: close the period being terminated. */
  readonly terminatedPayInArrears: boolean;
  /** Terminated at billing with no following subscription. */
  readonly terminatedWithoutNext: boolean;
}

/** A cadence with the dates a run derives from it. */
interface RunDates {
  readonly cadence: Cadence;
  /** The invoicing base date (the billing date itself for usage). */
  readonly base: CalendarDate;
  /** First day of the subscription period. */
  readonly from: CalendarDate;
}

/** A range of instants with the length of the full period it belongs to. */
interface Range {
  readonly from: Instant;
  readonly to: Instant;
  readonly duration: number;
}

function runDates(cadence: Cadence, run: Run): RunDates {
  const { billingDate } = run;
  const base = run.facts.purpose === 'usage' ? billingDate : cadence.stepBack(billingDate);
  const from =
    run.facts.payInAdvance || run.terminatedPayInArrears
      ? cadence.startOf(billingDate)
      : cadence.startOf(base);
  return { cadence, base, from };
}

/** periods.md §1.2: the subscription period, clamped to `started_at` and termination. */
function subscriptionRange(dates: RunDates, run: Run): Range {
  const { zone, startedAt, terminatedAt } = run.facts;
  let from = startOfLocalDay(zone, dates.from);
  if (from < startedAt) from = startOfLocalDay(zone, localDate(zone, startedAt));
  let to = endOfLocalDay(zone, periodEnd(dates.cadence, dates.from));
  if (run.terminatedAtBilling && terminatedAt !== undefined && to > terminatedAt) to = terminatedAt;
  if (to < startedAt) to = startedAt;
  return { from, to, duration: periodLength(dates.cadence, dates.from) };
}

/** periods.md §1.3: the (fixed) charges period, clamped to `started_at` and termination. */
function chargesRange(dates: RunDates, run: Run): Range {
  const { zone, startedAt, terminatedAt, payInAdvance } = run.facts;
  let start = dates.from;
  if (run.terminatedWithoutNext) start = dates.cadence.startOf(run.billingDate);
  else if (payInAdvance) start = dates.cadence.startOf(dates.base);
  let from = startOfLocalDay(zone, start);
  if (from < startedAt) from = startedAt;
  let to = endOfLocalDay(zone, periodEnd(dates.cadence, start));
  if (terminatedAt !== undefined && terminatedAt <= to) to = terminatedAt;
  if (to < startedAt) to = startedAt;
  return { from, to, duration: periodLength(dates.cadence, start) };
}

function inverted(range: Range | undefined): boolean {
  return range !== undefined && range.to < range.from;
}

/**
 * The billing period of a subscription at `at`, with the charges period, the fixed-charges
 * period, the full periods' lengths and the elapsed fraction (periods.md, all intervals).
 *
 * - `purpose: 'usage'` (default): the period that contains `at`, as current and projected
 *   usage, pay-in-advance charges and `current_billing_period_*` use it.
 * - `purpose: 'invoice'`: the period that a billing run at `at` closes (normally `at` is the
 *   first day of the next period, or the termination instant). An in-arrears plan bills the
 *   period that ended; a pay-in-advance plan's subscription period is the one that starts,
 *   its charges period the one that ended.
 *
 * Days are local days of `timezone` (the customer's applicable IANA zone, default UTC); the
 * anniversary day, month and weekday are read from `subscription_at` in that zone. Never
 * throws: bad input is a `Left` naming the field (`unknown_timezone`, `invalid_timestamp`,
 * `invalid_input`, `subscription_not_started` when `at` is before `started_at`,
 * `subscription_terminated` when `at` is after the period in which it was terminated).
 *
 * @example
 * billingPeriod({
 *   plan: { interval: 'monthly', pay_in_advance: false },
 *   subscription: { billing_time: 'anniversary', subscription_at: '2021-02-02T00:00:00Z',
 *     started_at: '2021-02-02T00:00:00Z' },
 *   at: '2022-03-02T00:00:00Z',
 *   purpose: 'invoice',
 * })
 * // ~> right({ from_datetime: '2022-02-02T00:00:00Z', to_datetime: '2022-03-01T23:59:59Z',
 * //   charges_from_datetime: '2022-02-02T00:00:00Z', charges_to_datetime: '2022-03-01T23:59:59Z',
 * //   fixed_charges_from_datetime: '2022-02-02T00:00:00Z', fixed_charges_to_datetime: '2022-03-01T23:59:59Z',
 * //   days: 28, elapsed_days: 28, period_ratio: '1',
 * //   period_duration: 28, charges_duration: 28, fixed_charges_duration: 28 })
 */
export function billingPeriod(
  input: BillingPeriodInput & { readonly purpose?: 'usage' | undefined },
): Either<FeecastError, BillingPeriod>;
export function billingPeriod(input: BillingPeriodInput): Either<FeecastError, InvoicePeriod>;
export function billingPeriod(input: BillingPeriodInput): Either<FeecastError, InvoicePeriod> {
  const read = readPeriodInput(input);
  if (isLeft(read)) return read;
  const facts = read.right;
  const terminatedAtBilling = facts.terminatedAt !== undefined && facts.terminatedAt <= facts.at;
  const run: Run = {
    facts,
    billingDate: localDate(facts.zone, facts.at),
    terminatedAtBilling,
    terminatedPayInArrears: terminatedAtBilling && !facts.payInAdvance && !facts.downgraded,
    terminatedWithoutNext: terminatedAtBilling && !facts.hasNextSubscription,
  };
  const main = runDates(facts.rule.cadence(facts.anchor), run);
  const monthly = runDates(INTERVAL_RULES.monthly.cadence(facts.anchor), run);
  // periods.md §2.4-2.5: a yearly or semiannual run that splits only one kind of charges
  // monthly bills the other kind only in the first month of its period.
  const firstMonth =
    compareDates(
      monthly.cadence.startOf(run.billingDate),
      main.cadence.startOf(run.billingDate),
    ) === 0;
  const billsCharges =
    facts.purpose === 'usage' || facts.chargesMonthly || !facts.fixedChargesMonthly || firstMonth;
  const billsFixedCharges = facts.fixedChargesMonthly || !facts.chargesMonthly || firstMonth;

  const subscription = subscriptionRange(main, run);
  const charges = billsCharges
    ? chargesRange(facts.chargesMonthly ? monthly : main, run)
    : undefined;
  const fixedCharges = billsFixedCharges
    ? chargesRange(facts.fixedChargesMonthly ? monthly : main, run)
    : undefined;

  if (inverted(subscription) || inverted(charges) || inverted(fixedCharges)) {
    return left(terminatedBefore(facts, subscription));
  }
  // Projections extrapolate the charges' usage: measure the elapsed fraction on the period
  // those charges accrue over (the month, when charges are billed monthly).
  // Like the subscription period, the measured range starts at 00:00 local of its first day.
  const measured = facts.chargesMonthly && charges !== undefined ? charges : subscription;
  const measuredFrom = startOfLocalDay(facts.zone, localDate(facts.zone, measured.from));
  const elapsed = elapsedFraction(facts.zone, measuredFrom, measured.to, facts.at);
  if (isLeft(elapsed)) return elapsed;

  return right({
    from_datetime: formatInstant(subscription.from),
    to_datetime: formatInstant(subscription.to),
    ...(charges === undefined
      ? {}
      : {
          charges_from_datetime: formatInstant(charges.from),
          charges_to_datetime: formatInstant(charges.to),
        }),
    ...(fixedCharges === undefined
      ? {}
      : {
          fixed_charges_from_datetime: formatInstant(fixedCharges.from),
          fixed_charges_to_datetime: formatInstant(fixedCharges.to),
        }),
    ...elapsed.right,
    period_duration: subscription.duration,
    ...(charges === undefined ? {} : { charges_duration: charges.duration }),
    ...(fixedCharges === undefined ? {} : { fixed_charges_duration: fixedCharges.duration }),
  });
}

function terminatedBefore(facts: PeriodFacts, subscription: Range): FeecastError {
  const terminated =
    facts.terminatedAt === undefined ? 'unknown' : formatInstant(facts.terminatedAt);
  return feecastError(
    'subscription_terminated',
    `The subscription was terminated at ${terminated}, before the period that at (${formatInstant(facts.at)}) falls in (from ${formatInstant(subscription.from)}); its last period is the one at terminated_at (purpose "invoice" at terminated_at for the termination run).`,
    ['at'],
    { at: formatInstant(facts.at), terminated_at: terminated },
  );
}
