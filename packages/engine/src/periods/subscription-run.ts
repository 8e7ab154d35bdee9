import type { Plan, Subscription } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type FeecastError,
  formatInstant,
  type Instant,
  parseInstant,
  SECOND_MS,
} from '../core/index';
import { type BillingPeriod, billingPeriod } from './billing-period';

/**
 * A range of instants billed, with the length in days of the full period it belongs to.
 *
 * @inline
 */
export interface BilledRange {
  readonly from_datetime: string;
  readonly to_datetime: string;
  /** Days of the full period (the divisor of proration). */
  readonly duration: number;
}

/**
 * The next billing run of a subscription after `now` and what it bills (see
 * {@link subscriptionRun}). In-arrears items bill the period the run closes; in-advance
 * items bill the period it opens.
 *
 * @inline
 */
export interface SubscriptionRun {
  /** When the run happens: the instant after the current period ends, or the termination. */
  readonly run: string;
  /** The run is the subscription's termination: nothing is billed for a next period. */
  readonly terminating: boolean;
  /** The period that contains `now`, which the run closes (cut at the termination). */
  readonly closing: BillingPeriod;
  /** The period the run opens (absent on a termination run). */
  readonly next: BillingPeriod | undefined;
  /** The run closes the subscription period: in-arrears subscription fee, commitment. */
  readonly closesSubscription: boolean;
  /** The run opens a subscription period: the pay-in-advance subscription fee. */
  readonly opensSubscription: boolean;
  /** The usage-charges period the run closes, when it closes one. */
  readonly charges: BilledRange | undefined;
  /** The fixed-charges period the run closes (in-arrears fixed charges), when it closes one. */
  readonly fixedClosing: BilledRange | undefined;
  /** The fixed-charges period the run opens (pay-in-advance fixed charges), when it opens one. */
  readonly fixedOpening: BilledRange | undefined;
  /** The run is the subscription's start: it opens the first period and closes none. */
  readonly starting?: boolean;
}

/** The input of {@link subscriptionRun}. */
export interface SubscriptionRunInput {
  readonly plan: Plan;
  readonly subscription: Subscription;
  /** The customer's IANA time zone. */
  readonly timezone: string;
  /** The instant the preview is asked at. */
  readonly now: string;
  /** Where the subscription sits in the caller's input (`['subscriptions', '0']`). */
  readonly path: readonly string[];
  /**
   * The run that starts the subscription, at its `started_at` (`now` is then not read): it
   * opens the first period (a pay-in-advance subscription fee, pay-in-advance fixed charges)
   * and closes nothing.
   */
  readonly starting?: boolean;
}

/** A subscription long started: the periods around `at`, never clamped to a start. */
const LONG_AGO = '1970-01-01T00:00:00Z';

/**
 * The next billing run of a subscription, seen from `now` (periods.md §1, in the customer's
 * zone): the run at the end of the earliest of the current subscription, charges and
 * fixed-charges periods (one second after it, i.e. 00:00 of the next local day), or the
 * subscription's termination (`terminated_at`, else `ending_at`) when it comes first. The run
 * closes the periods that end there (usage charges, in-arrears fixed charges, the in-arrears
 * subscription fee and the commitment) and opens those that start there (the pay-in-advance
 * subscription fee, pay-in-advance fixed charges), except on a termination run. So a
 * pay-in-advance plan's run bills the next period's subscription fee with the current
 * period's usage, as the reference's invoice does; a yearly plan that bills charges monthly
 * runs at the end of the month and bills its subscription fee only on the run that closes the
 * year. With `starting`, the run is the subscription's start instead (at `started_at`): it
 * opens the first period, cut at the start's local day as `billingPeriod` cuts it. Errors are `billingPeriod`'s, with paths under `path` (`now` for the instant).
 *
 * @example
 * subscriptionRun({ plan: monthlyInArrears, subscription, timezone: 'UTC', now: '2025-03-15T12:00:00Z', path })
 * // right({ run: '2025-04-01T00:00:00Z', terminating: false, closesSubscription: true,
 * //         charges: { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z', duration: 31 }, ... })
 */
export function subscriptionRun(
  input: SubscriptionRunInput,
): Either<FeecastError, SubscriptionRun> {
  const { plan, subscription, timezone, path } = input;
  const periodAt = (at: string, sub: Subscription = subscription) =>
    relocate(billingPeriod({ plan: periodPlan(plan), subscription: sub, timezone, at }), path);
  if (input.starting === true) {
    // A pending subscription (no started_at) is refused by billingPeriod.
    const first = periodAt(subscription.started_at ?? '');
    if (isLeft(first)) return first;
    const start = instant(subscription.started_at ?? '', [...path, 'subscription', 'started_at']);
    if (isLeft(start)) return start;
    return right({
      run: formatInstant(start.right),
      terminating: false,
      closing: first.right,
      next: first.right,
      closesSubscription: false,
      opensSubscription: true,
      charges: undefined,
      fixedClosing: undefined,
      fixedOpening: fixedRange(first.right),
      starting: true,
    });
  }
  const current = periodAt(input.now);
  if (isLeft(current)) return current;
  const now = instant(input.now, ['now']);
  if (isLeft(now)) return now;
  const ends = [
    current.right.to_datetime,
    current.right.charges_to_datetime,
    fixedRange(current.right).to_datetime,
  ];
  let firstEnd = Number.POSITIVE_INFINITY;
  for (const end of ends) {
    const parsed = instant(end, path);
    if (isLeft(parsed)) return parsed;
    if (parsed.right < firstEnd) firstEnd = parsed.right;
  }
  const end = terminationOf(subscription, path);
  if (isLeft(end)) return end;

  const termination = end.right;
  if (termination !== undefined && termination <= firstEnd + SECOND_MS) {
    // Terminated in (or right at the end of) the current period: the run is the termination.
    let closing = current.right;
    if (termination > now.right && termination <= firstEnd) {
      const atEnd = periodAt(formatInstant(termination));
      if (isLeft(atEnd)) return atEnd;
      closing = atEnd.right;
    }
    return right({
      run: formatInstant(termination),
      terminating: true,
      closing,
      next: undefined,
      closesSubscription: true,
      opensSubscription: false,
      charges: chargesRange(closing),
      fixedClosing: fixedRange(closing),
      fixedOpening: undefined,
    });
  }

  const run = firstEnd + SECOND_MS;
  const next = periodAt(formatInstant(run));
  if (isLeft(next)) return next;
  const closes = (to: string) => parsedOrUndefined(to) === run - SECOND_MS;
  const opens = (from: string) => parsedOrUndefined(from) === run;
  const closingFixed = fixedRange(current.right);
  const openingFixed = fixedRange(next.right);
  return right({
    run: formatInstant(run),
    terminating: false,
    closing: current.right,
    next: next.right,
    closesSubscription: closes(current.right.to_datetime),
    opensSubscription: opens(next.right.from_datetime),
    charges: closes(current.right.charges_to_datetime) ? chargesRange(current.right) : undefined,
    fixedClosing: closes(closingFixed.to_datetime) ? closingFixed : undefined,
    fixedOpening: opens(openingFixed.from_datetime) ? openingFixed : undefined,
  });
}

/**
 * The whole plan-interval period that contains `at`, never cut by a late start or a
 * termination: a minimum commitment's `days_total` (invoicing.md §7.1).
 *
 * @example
 * fullPeriod({ plan, subscription, timezone: 'UTC', at: '2025-03-20T00:00:00Z', path })
 * // right({ from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z', duration: 31 })
 */
export function fullPeriod(
  input: Omit<SubscriptionRunInput, 'now'> & { readonly at: string },
): Either<FeecastError, BilledRange> {
  const { subscription } = input;
  const period = relocate(
    billingPeriod({
      plan: periodPlan(input.plan),
      subscription: {
        billing_time: subscription.billing_time,
        subscription_at: subscription.subscription_at,
        started_at: LONG_AGO,
      },
      timezone: input.timezone,
      at: input.at,
    }),
    input.path,
  );
  if (isLeft(period)) return period;
  return right({
    from_datetime: period.right.from_datetime,
    to_datetime: period.right.to_datetime,
    duration: period.right.period_duration,
  });
}

/** The plan fields periods read (a plan with a `null` interval is refused by `billingPeriod`). */
function periodPlan(plan: Plan) {
  return {
    interval: plan.interval ?? '',
    pay_in_advance: plan.pay_in_advance,
    bill_charges_monthly: plan.bill_charges_monthly,
    bill_fixed_charges_monthly: plan.bill_fixed_charges_monthly,
  };
}

/** The usage-charges range of a period. */
function chargesRange(period: BillingPeriod): BilledRange {
  return {
    from_datetime: period.charges_from_datetime,
    to_datetime: period.charges_to_datetime,
    duration: period.charges_duration,
  };
}

/**
 * The fixed-charges range of a period. Where the reference's usage view leaves it out (a
 * yearly or semiannual plan billing only its usage charges monthly, outside the first month),
 * fixed charges follow the plan's own period, the subscription period.
 */
function fixedRange(period: BillingPeriod): BilledRange {
  if (
    period.fixed_charges_from_datetime !== undefined &&
    period.fixed_charges_to_datetime !== undefined &&
    period.fixed_charges_duration !== undefined
  ) {
    return {
      from_datetime: period.fixed_charges_from_datetime,
      to_datetime: period.fixed_charges_to_datetime,
      duration: period.fixed_charges_duration,
    };
  }
  return {
    from_datetime: period.from_datetime,
    to_datetime: period.to_datetime,
    duration: period.period_duration,
  };
}

/** The subscription's effective end: `terminated_at`, else `ending_at`. */
function terminationOf(
  subscription: Subscription,
  path: readonly string[],
): Either<FeecastError, Instant | undefined> {
  if (subscription.terminated_at !== null) {
    return instant(subscription.terminated_at, [...path, 'subscription', 'terminated_at']);
  }
  if (subscription.ending_at !== null) {
    return instant(subscription.ending_at, [...path, 'subscription', 'ending_at']);
  }
  return right(undefined);
}

function instant(value: string, path: readonly string[]): Either<FeecastError, Instant> {
  return parseInstant(value, path);
}

/** A timestamp `billingPeriod` wrote itself (always valid), as an instant. */
function parsedOrUndefined(value: string): Instant | undefined {
  const parsed = parseInstant(value, []);
  return isLeft(parsed) ? undefined : parsed.right;
}

/** `billingPeriod`'s errors with paths in the preview's input. */
function relocate<A>(result: Either<FeecastError, A>, path: readonly string[]) {
  if (!isLeft(result)) return result;
  const inner = result.left.path ?? [];
  let where = [...path, ...inner];
  if (inner[0] === 'at') where = ['now', ...inner.slice(1)];
  if (inner[0] === 'timezone') where = ['customer', 'applicable_timezone'];
  return left({ ...result.left, path: where });
}
