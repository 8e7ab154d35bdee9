import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type FeecastError,
  feecastError,
  formatInstant,
  type Instant,
  isRecord,
  localDate,
  parseInstant,
  type TimeZone,
  timeZone,
} from '../core/index';
import {
  BILLING_TIMES,
  type BillingAnchor,
  INTERVAL_RULES,
  type IntervalRule,
  isBillingTime,
  isPlanInterval,
  PLAN_INTERVALS,
} from './interval-rules';
import { planChangeKind } from './plan-change';

/**
 * The fields of a plan (wire format, snake_case) that billing periods depend on. A plan
 * decoded from the API can be passed as it is.
 */
export interface PeriodPlan {
  /** `weekly`, `monthly`, `quarterly`, `semiannual` or `yearly`. */
  readonly interval: string;
  /** Pay in advance: the subscription fee of a run covers the period that starts. */
  readonly pay_in_advance: boolean;
  /** Only read to tell an upgrade from a downgrade when `nextPlan` is given. */
  readonly amount_cents?: number | null | undefined;
  /** Yearly and semiannual plans: usage charges are billed on monthly periods. */
  readonly bill_charges_monthly?: boolean | null | undefined;
  /** Yearly and semiannual plans: fixed charges are billed on monthly periods. */
  readonly bill_fixed_charges_monthly?: boolean | null | undefined;
}

/** The fields of a subscription (wire format) that billing periods depend on. */
export interface PeriodSubscription {
  /** `calendar` or `anniversary`. */
  readonly billing_time: string;
  /** The subscription date; anniversary periods are anchored on it (in the customer's zone). */
  readonly subscription_at?: string | null | undefined;
  /** When the subscription started; `null` for a pending subscription. */
  readonly started_at?: string | null | undefined;
  /** When the subscription was terminated, if it was. */
  readonly terminated_at?: string | null | undefined;
  /** A scheduled end: the subscription counts as terminated at `ending_at` from then on. */
  readonly ending_at?: string | null | undefined;
  /** Set when another subscription follows this one (upgrade or downgrade). */
  readonly next_plan_code?: string | null | undefined;
}

/** `usage`: the period that contains `at`; `invoice`: the period a billing run at `at` closes. */
export type PeriodPurpose = 'usage' | 'invoice';

/**
 * The next subscription's plan, to tell an upgrade (or equal price) from a downgrade.
 *
 * @inline
 */
export interface NextPlan {
  readonly interval: string;
  readonly amount_cents: number;
}

/** The input of `billingPeriod`. */
export interface BillingPeriodInput {
  readonly plan: PeriodPlan;
  readonly subscription: PeriodSubscription;
  /** The customer's applicable IANA time zone (customer, else billing entity); default UTC. */
  readonly timezone?: string | null | undefined;
  /** The instant the period is computed for: "now", an event time, or a billing run time. */
  readonly at: string;
  /** Default `usage`. */
  readonly purpose?: PeriodPurpose | undefined;
  /**
   * The plan of the subscription that follows this one, when there is one. Needed only for a
   * terminated in-arrears subscription: a downgrade closes the period that ended, an upgrade
   * (next plan's yearly amount ≥ this one's) the period being terminated. Without it, a
   * termination is treated as not a downgrade.
   */
  readonly nextPlan?: NextPlan | null | undefined;
}

/** The checked, parsed input: instants as epoch milliseconds, the zone, the interval rule. */
export interface PeriodFacts {
  readonly zone: TimeZone;
  readonly at: Instant;
  readonly purpose: PeriodPurpose;
  readonly rule: IntervalRule;
  readonly anchor: BillingAnchor;
  readonly payInAdvance: boolean;
  readonly chargesMonthly: boolean;
  readonly fixedChargesMonthly: boolean;
  readonly startedAt: Instant;
  /** The effective termination: `terminated_at`, else `ending_at` once `at` reached it. */
  readonly terminatedAt: Instant | undefined;
  readonly hasNextSubscription: boolean;
  readonly downgraded: boolean;
}

type Result<A> = Either<FeecastError, A>;

function invalid(path: readonly string[], message: string, value?: unknown): Result<never> {
  return left(
    feecastError('invalid_input', message, path, value === undefined ? undefined : { value }),
  );
}

function optionalInstant(
  record: Record<string, unknown>,
  key: string,
  path: readonly string[],
): Result<Instant | undefined> {
  const value = record[key];
  return value === undefined || value === null
    ? right(undefined)
    : parseInstant(value, [...path, key]);
}

function optionalFlag(
  record: Record<string, unknown>,
  key: string,
  path: readonly string[],
): Result<boolean> {
  const value = record[key];
  if (value === undefined || value === null) return right(false);
  if (typeof value === 'boolean') return right(value);
  return invalid([...path, key], `${[...path, key].join('.')} must be true, false or null.`, value);
}

function readNextPlan(
  input: Record<string, unknown>,
  plan: Record<string, unknown>,
): Result<{ readonly present: boolean; readonly downgraded: boolean }> {
  const next = input.nextPlan;
  if (next === undefined || next === null) return right({ present: false, downgraded: false });
  if (!isRecord(next)) {
    return invalid(['nextPlan'], 'nextPlan must be a plan object or null.', next);
  }
  const change = planChangeKind(plan, next, { plan: ['plan'], next: ['nextPlan'] });
  if (isLeft(change)) return change;
  return right({ present: true, downgraded: change.right === 'downgrade' });
}

/**
 * Checks and parses the input of `billingPeriod`; every problem is a `Left` with the path of
 * the offending field and a message that says what to write instead.
 *
 * @example
 * readPeriodInput({ plan: { interval: 'daily', pay_in_advance: false }, subscription: {}, at: '' })
 * // left({ code: 'invalid_input', path: ['plan', 'interval'], message: 'plan.interval must be one of ...' })
 */
export function readPeriodInput(input: unknown): Result<PeriodFacts> {
  if (!isRecord(input)) {
    return invalid(
      [],
      'billingPeriod expects an object { plan, subscription, timezone?, at, purpose? }.',
      input,
    );
  }
  const { plan, subscription } = input;
  if (!isRecord(plan)) {
    return invalid(['plan'], 'plan must be a plan object with interval and pay_in_advance.', plan);
  }
  if (!isRecord(subscription)) {
    return invalid(
      ['subscription'],
      'subscription must be a subscription object with billing_time and started_at.',
      subscription,
    );
  }
  if (!isPlanInterval(plan.interval)) {
    return invalid(
      ['plan', 'interval'],
      `plan.interval must be one of ${PLAN_INTERVALS.join(', ')}, got ${JSON.stringify(plan.interval) ?? typeof plan.interval}.`,
      plan.interval,
    );
  }
  const rule = INTERVAL_RULES[plan.interval];
  if (typeof plan.pay_in_advance !== 'boolean') {
    return invalid(
      ['plan', 'pay_in_advance'],
      'plan.pay_in_advance must be true or false.',
      plan.pay_in_advance,
    );
  }
  const chargesMonthly = optionalFlag(plan, 'bill_charges_monthly', ['plan']);
  if (isLeft(chargesMonthly)) return chargesMonthly;
  const fixedChargesMonthly = optionalFlag(plan, 'bill_fixed_charges_monthly', ['plan']);
  if (isLeft(fixedChargesMonthly)) return fixedChargesMonthly;
  const billingTime = subscription.billing_time;
  if (!isBillingTime(billingTime)) {
    return invalid(
      ['subscription', 'billing_time'],
      `subscription.billing_time must be one of ${BILLING_TIMES.join(', ')}, got ${JSON.stringify(billingTime) ?? typeof billingTime}.`,
      billingTime,
    );
  }
  const purpose = input.purpose ?? 'usage';
  if (purpose !== 'usage' && purpose !== 'invoice') {
    return invalid(
      ['purpose'],
      `purpose must be "usage" (the period containing at) or "invoice" (the period a billing run at at closes), got ${JSON.stringify(purpose)}.`,
      purpose,
    );
  }
  const zone = timeZone(input.timezone, ['timezone']);
  if (isLeft(zone)) return zone;
  const at = parseInstant(input.at, ['at']);
  if (isLeft(at)) return at;

  const path = ['subscription'];
  const subscriptionAt = optionalInstant(subscription, 'subscription_at', path);
  if (isLeft(subscriptionAt)) return subscriptionAt;
  const startedAt = optionalInstant(subscription, 'started_at', path);
  if (isLeft(startedAt)) return startedAt;
  const terminatedAt = optionalInstant(subscription, 'terminated_at', path);
  if (isLeft(terminatedAt)) return terminatedAt;
  const endingAt = optionalInstant(subscription, 'ending_at', path);
  if (isLeft(endingAt)) return endingAt;
  const next = readNextPlan(input, plan);
  if (isLeft(next)) return next;

  if (startedAt.right === undefined) {
    return left(
      feecastError(
        'subscription_not_started',
        'subscription.started_at is missing: a pending subscription has no billing period yet; give started_at once it has started.',
        ['subscription', 'started_at'],
      ),
    );
  }
  if (at.right < startedAt.right) {
    return left(
      feecastError(
        'subscription_not_started',
        `at (${formatInstant(at.right)}) is before the subscription started (started_at ${formatInstant(startedAt.right)}); pass an at on or after started_at (started_at itself gives the first period).`,
        ['at'],
        { at: formatInstant(at.right), started_at: formatInstant(startedAt.right) },
      ),
    );
  }
  let anchor: BillingAnchor = { billingTime: 'calendar' };
  if (billingTime === 'anniversary') {
    if (subscriptionAt.right === undefined) {
      return invalid(
        ['subscription', 'subscription_at'],
        'subscription.subscription_at is needed for anniversary billing: periods start on its anniversaries.',
      );
    }
    anchor = { billingTime, date: localDate(zone.right, subscriptionAt.right) };
  }
  const scheduledEnd =
    endingAt.right !== undefined && endingAt.right <= at.right ? endingAt.right : undefined;
  const nextPlanCode = subscription.next_plan_code;
  return right({
    zone: zone.right,
    at: at.right,
    purpose,
    rule,
    anchor,
    payInAdvance: plan.pay_in_advance,
    chargesMonthly: rule.splitsChargesMonthly && chargesMonthly.right,
    fixedChargesMonthly: rule.splitsChargesMonthly && fixedChargesMonthly.right,
    startedAt: startedAt.right,
    terminatedAt: terminatedAt.right ?? scheduledEnd,
    hasNextSubscription:
      next.right.present || (typeof nextPlanCode === 'string' && nextPlanCode !== ''),
    downgraded: next.right.downgraded,
  });
}
