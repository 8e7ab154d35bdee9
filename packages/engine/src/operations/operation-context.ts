import type { BillableMetric, Customer, Plan, Subscription, Tax } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  extended,
  type FeecastError,
  feecastError,
  formatDate,
  formatInstant,
  type Instant,
  isRecord,
  localDate,
  parseInstant,
  timeZone,
} from '../core/index';
import {
  readBillableMetrics,
  readCustomer,
  readPlan,
  readSubscription,
  readTaxes,
} from '../inputs/index';
import { type BillingPeriod, billingPeriod } from '../periods/index';
import type { OperationContext } from './inputs';
import { type Inactivity, inactivity, type StatusRule } from './subscription-activity';

/** An operation's context as the input layer read it: full wire objects. */
export interface ReadContext {
  readonly customer: Customer;
  readonly subscription: Subscription;
  readonly plan: Plan;
  readonly billableMetrics: readonly BillableMetric[];
  readonly taxes: {
    readonly billing_entity: readonly Tax[];
    readonly customer?: readonly Tax[];
  } | null;
}

/** An operation's input once read: its context as full wire objects, its other keys as given. */
export type ReadOperation = Omit<OperationContext, keyof ReadContext | 'now'> & ReadContext;

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

/** The part of an operation's context that a plan decides: its billable metrics and the plan, read. */
export type PlanContext = Pick<ReadContext, 'billableMetrics' | 'plan'>;

/**
 * The billable metrics and the plan of an operation's input (its charges matched with the
 * metrics), read by the shared input layer: what every subscription of one plan shares, read
 * once for all of them by a caller that prices many ({@link readOperationContext} with
 * `planned`).
 *
 * @example
 * readPlanContext({ plan, billableMetrics }) // right({ plan: { charges: [...], ... }, billableMetrics: [...] })
 * @internal
 */
export function readPlanContext(
  input: Pick<OperationContext, 'plan' | 'billableMetrics'>,
): Either<FeecastError, PlanContext> {
  if (!Array.isArray(input.billableMetrics)) {
    return left(
      invalid('billableMetrics must be a list of billable metrics.', ['billableMetrics']),
    );
  }
  const billableMetrics = readBillableMetrics(input.billableMetrics, ['billableMetrics']);
  if (isLeft(billableMetrics)) return billableMetrics;
  const plan = readPlan(input.plan, ['plan'], billableMetrics.right);
  if (isLeft(plan)) return plan;
  return right({ billableMetrics: billableMetrics.right, plan: plan.right });
}

/**
 * The context of an operation, read by the shared input layer (docs/inputs.md): the
 * customer, billable metrics, plan (its charges matched with the metrics) and subscription as
 * full wire objects, the minimal fields given and the others defaulted, and the operation's
 * taxes. The other keys of the input (`now`, `event`, `events`, `applyTaxes`...) are kept as
 * they are. Every problem is a `Left` whose path names the operation's input. With `planned`
 * (the input's plan and metrics already read, {@link readPlanContext}), they are not read again.
 *
 * @example
 * readOperationContext({ customer: { external_id: 'cust_1' }, subscription, plan, billableMetrics, now })
 * // right({ customer: { svc_id: '...', applicable_timezone: 'UTC', ... }, subscription: { status: 'active', ... }, ... })
 * @internal
 */
export function readOperationContext<I extends Omit<OperationContext, 'now'>>(
  input: I,
  planned?: PlanContext,
): Either<FeecastError, I & ReadContext> {
  if (!isRecord(input)) {
    return left(
      invalid(
        'The operation needs an input object { customer, subscription, plan, billableMetrics, now, ... }.',
        [],
      ),
    );
  }
  const customer = readCustomer(input.customer, ['customer']);
  if (isLeft(customer)) return customer;
  const read = planned === undefined ? readPlanContext(input) : right(planned);
  if (isLeft(read)) return read;
  const { billableMetrics, plan } = read.right;
  const subscription = readSubscription(input.subscription, ['subscription'], {
    customer: customer.right,
    plan,
  });
  if (isLeft(subscription)) return subscription;
  const taxes = readOperationTaxes(input.taxes);
  if (isLeft(taxes)) return taxes;
  return right(
    extended(input, {
      customer: customer.right,
      billableMetrics,
      plan,
      subscription: subscription.right,
      taxes: taxes.right,
    }),
  );
}

/** The taxes of an operation's input, each read with its defaults. */
function readOperationTaxes(value: unknown): Either<FeecastError, ReadContext['taxes']> {
  if (value === undefined || value === null) return right(null);
  if (!isRecord(value)) {
    return left(invalid('taxes must be an object { billing_entity?, customer? }.', ['taxes']));
  }
  const billingEntity = readTaxes(value.billing_entity, ['taxes', 'billing_entity']);
  if (isLeft(billingEntity)) return billingEntity;
  if (value.customer === undefined || value.customer === null) {
    return right({ billing_entity: billingEntity.right });
  }
  const ofCustomer = readTaxes(value.customer, ['taxes', 'customer']);
  if (isLeft(ofCustomer)) return ofCustomer;
  return right({ billing_entity: billingEntity.right, customer: ofCustomer.right });
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
  input: ReadOperation,
  nowValue: unknown,
  activity: ActivityRule,
): Either<FeecastError, CheckedContext> {
  const { customer, subscription, plan } = input;
  const now = parseInstant(nowValue, ['now']);
  if (isLeft(now)) return now;
  const inactive = inactivity(subscription, now.right, activity.status);
  if (inactive !== undefined) return left(activity.error(inactive));
  const timezone = customer.applicable_timezone ?? customer.timezone ?? null;
  const zone = timeZone(timezone, ['customer', 'applicable_timezone']);
  if (isLeft(zone)) return zone;
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
  if (isLeft(period)) return left(relocatePeriodError(period.left));
  const end = parseInstant(period.right.to_datetime, ['period', 'to_datetime']);
  if (isLeft(end)) return end;
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
 * Reads what every operation reads (customer, subscription, plan, billable metrics, taxes,
 * `now`: {@link readOperationContext}), checks that the subscription is active at `now` (else
 * `activity.error`), and finds the period that contains `now` in the customer's applicable
 * time zone (estimate-and-usage.md §2.7, §3.3; {@link contextAt}). Every problem is a `Left`
 * whose path names the operation's input (`['now']`, `['plan', 'interval']`...). With
 * `planned`, the plan and metrics are not read again (see {@link readOperationContext}).
 *
 * @example
 * checkContext({ customer, subscription, plan, billableMetrics, now: '2025-03-02T10:00:00Z' }, rule)
 * // right({ read: { customer, subscription, plan, ... }, context: { period: { charges_from_datetime: '2025-03-01T00:00:00Z', ... }, ... } })
 * @internal
 */
export function checkContext<I extends OperationContext>(
  input: I,
  activity: ActivityRule,
  planned?: PlanContext,
): Either<FeecastError, { readonly read: I & ReadContext; readonly context: CheckedContext }> {
  const read = readOperationContext(input, planned);
  if (isLeft(read)) return read;
  const context = contextAt(read.right, read.right.now, activity);
  return isLeft(context) ? context : right({ read: read.right, context: context.right });
}
