import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../error';
import { type BillingPeriod, billingPeriod } from '../../periods/index';
import { formatDate } from '../../time/calendar';
import { formatInstant, type Instant, parseInstant } from '../../time/instant';
import { localDate, timeZone } from '../../time/timezone';
import type { OperationContext } from '../inputs';
import { isRecord } from './guards';
import { type Inactivity, inactivity, type StatusRule } from './subscription-activity';

/** How an operation answers a subscription that is not active at `now`. */
export interface ActivityRule {
  readonly status: StatusRule;
  readonly error: (inactive: Inactivity) => FeecastError;
}

/** An operation's context, checked once: `now`, the customer's zone and the current period. */
export interface CheckedContext {
  /** `now` in epoch milliseconds. */
  readonly now: Instant;
  /** `now` as the service writes timestamps (`2025-03-02T10:00:00Z`). */
  readonly nowText: string;
  /** The customer's applicable IANA zone (`null`: UTC). */
  readonly timezone: string | null;
  /** The period that contains `now`, in the customer's zone (`purpose: 'usage'`). */
  readonly period: BillingPeriod;
  /** The last local day of the subscription period (`YYYY-MM-DD`): usage's `issuing_date`. */
  readonly issuingDate: string;
  /** The plan's currency. */
  readonly currency: string;
}

function invalid(message: string, path: readonly string[], value?: unknown): FeecastError {
  return feecastError('invalid_input', message, path, value === undefined ? undefined : { value });
}

/** Where `billingPeriod`'s inputs come from in an operation's input. */
function relocatePeriodError(error: FeecastError): FeecastError {
  const [head, ...rest] = error.path ?? [];
  if (head === 'at') return { ...error, path: ['now', ...rest] };
  if (head === 'timezone') return { ...error, path: ['customer', 'applicable_timezone', ...rest] };
  return error;
}

/**
 * Checks the shape of what every operation reads, whatever `now` is: the customer,
 * subscription and plan are objects, the subscription has its ids, the billable metrics and
 * charges are lists of objects and the plan has a currency. `undefined` when all is well.
 *
 * @example
 * checkOperationShape({ customer, subscription, plan: { ...plan, charges: 'none' }, billableMetrics })
 * // { code: 'invalid_input', path: ['plan', 'charges'], ... }
 * @internal
 */
export function checkOperationShape(
  input: Omit<OperationContext, 'now'>,
): FeecastError | undefined {
  if (!isRecord(input)) {
    return invalid(
      'The operation needs an input object { customer, subscription, plan, billableMetrics, now, ... }.',
      [],
    );
  }
  for (const key of ['customer', 'subscription', 'plan'] as const) {
    if (!isRecord(input[key])) {
      return invalid(`${key} must be the ${key} object (its wire format).`, [key], input[key]);
    }
  }
  if (!Array.isArray(input.billableMetrics)) {
    return invalid('billableMetrics must be a list of billable metrics.', ['billableMetrics']);
  }
  const { subscription, plan } = input;
  if (typeof subscription.svc_id !== 'string' || typeof subscription.external_id !== 'string') {
    return invalid('The subscription needs its svc_id and external_id: fees and taxes name them.', [
      'subscription',
      typeof subscription.svc_id !== 'string' ? 'svc_id' : 'external_id',
    ]);
  }
  const badMetric = input.billableMetrics.findIndex((metric) => !isRecord(metric));
  if (badMetric >= 0) {
    return invalid('Each billable metric must be an object (its wire format).', [
      'billableMetrics',
      String(badMetric),
    ]);
  }
  if (!Array.isArray(plan.charges)) {
    return invalid('plan.charges must be a list of charges.', ['plan', 'charges']);
  }
  const badCharge = plan.charges.findIndex((charge) => !isRecord(charge));
  if (badCharge >= 0) {
    return invalid('Each charge of the plan must be an object (its wire format).', [
      'plan',
      'charges',
      String(badCharge),
    ]);
  }
  if (typeof plan.amount_currency !== 'string') {
    return invalid(
      'plan.amount_currency must be an ISO 4217 code: every fee is in the plan currency.',
      ['plan', 'amount_currency'],
      plan.amount_currency,
    );
  }
  return undefined;
}

/**
 * The part of a checked context that `now` decides, for an input whose shape
 * {@link checkOperationShape} accepted: `now` parsed, the subscription active at `now` (else
 * `activity.error`), and the period that contains `now` in the customer's applicable zone
 * (`billingPeriod` with `purpose: 'usage'`).
 *
 * @example
 * contextAt({ customer, subscription, plan, billableMetrics }, '2025-03-02T10:00:00Z', rule)
 * // right({ period: { charges_from_datetime: '2025-03-01T00:00:00Z', ... }, issuingDate: '2025-03-31', ... })
 * @internal
 */
export function contextAt(
  input: Omit<OperationContext, 'now'>,
  nowValue: unknown,
  activity: ActivityRule,
): Either<FeecastError, CheckedContext> {
  const { customer, subscription, plan } = input;
  const now = parseInstant(nowValue, ['now']);
  if (now._tag === 'Left') return now;
  const inactive = inactivity(subscription, now.right, activity.status);
  if (inactive !== undefined) return left(activity.error(inactive));
  const timezone = customer.applicable_timezone ?? customer.timezone ?? null;
  const zone = timeZone(timezone, ['customer', 'applicable_timezone']);
  if (zone._tag === 'Left') return zone;
  const nowText = formatInstant(now.right);
  const period = billingPeriod({
    plan: {
      interval: plan.interval ?? '',
      pay_in_advance: plan.pay_in_advance,
      bill_charges_monthly: plan.bill_charges_monthly,
      bill_fixed_charges_monthly: plan.bill_fixed_charges_monthly,
    },
    subscription,
    timezone,
    at: nowText,
    purpose: 'usage',
  });
  if (period._tag === 'Left') return left(relocatePeriodError(period.left));
  const end = parseInstant(period.right.to_datetime, ['period', 'to_datetime']);
  if (end._tag === 'Left') return end;
  return right({
    now: now.right,
    nowText,
    timezone,
    period: period.right,
    issuingDate: formatDate(localDate(zone.right, end.right)),
    currency: plan.amount_currency,
  });
}

/**
 * Checks what every operation reads (customer, subscription, plan, billable metrics, `now`),
 * that the subscription is active at `now` (else `activity.error`), and finds the period that
 * contains `now` in the customer's applicable time zone (estimate-and-usage.md §2.7, §3.3):
 * {@link checkOperationShape}, then {@link contextAt}. Every problem is a `Left` whose path
 * names the operation's input (`['now']`, `['plan', 'interval']`...).
 *
 * @example
 * checkContext({ customer, subscription, plan, billableMetrics, now: '2025-03-02T10:00:00Z' }, rule)
 * // right({ period: { charges_from_datetime: '2025-03-01T00:00:00Z', ... }, issuingDate: '2025-03-31', ... })
 * @internal
 */
export function checkContext(
  input: OperationContext,
  activity: ActivityRule,
): Either<FeecastError, CheckedContext> {
  const problem = checkOperationShape(input);
  return problem === undefined ? contextAt(input, input.now, activity) : left(problem);
}
