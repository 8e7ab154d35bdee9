import type { Charge } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type Fed, type Feeding, isEventFeed } from '../aggregation/index';
import {
  add,
  type FeecastError,
  feecastError,
  isIterableObject,
  readCents,
  roundCents,
  sum,
} from '../core/index';
import { type ChargeFee, type CompiledPlanCharges, planChargeFeesSteps } from '../fees/index';
import type { OperationContext, UsageInput } from './inputs';
import {
  type ActivityRule,
  type CheckedContext,
  checkContext,
  type PlanContext,
  type ReadOperation,
} from './operation-context';
import { subscriptionEvents } from './subscription-events';
import { operationTaxSources } from './tax-sources';
import { type Figures, type UsageKind, usageEntries } from './usage-entries';
import { type ChargeRows, type RowsOptions, usageRows } from './usage-rows';
import { type TaxedFees, usageTaxes } from './usage-taxes';

function noActiveSubscription(message: string, path: readonly string[]): FeecastError {
  return feecastError('no_active_subscription', message, path);
}

/**
 * A subscription given for another customer than the one asked for: none of theirs is active.
 *
 * @example
 * otherCustomer({ subscription: { external_customer_id: 'a' }, customer: { external_id: 'b' } }); // no_active_subscription
 * @internal
 */
export function otherCustomer(
  input: Pick<UsageInput, 'subscription' | 'customer'>,
): FeecastError | undefined {
  const { subscription, customer } = input;
  const pairs = [
    [subscription.external_customer_id, customer.external_id, 'external_customer_id'],
    [subscription.svc_customer_id, customer.svc_id, 'svc_customer_id'],
  ] as const;
  for (const [own, asked, field] of pairs) {
    if (typeof own === 'string' && typeof asked === 'string' && own !== asked) {
      return noActiveSubscription(
        `Subscription ${JSON.stringify(subscription.external_id)} belongs to customer ${JSON.stringify(own)}, not ${JSON.stringify(asked)}: pass one of the customer's subscriptions.`,
        ['subscription', field],
      );
    }
  }
  return undefined;
}

/**
 * The context of a usage operation: the subscription is the customer's and active at `now`
 * (else `no_active_subscription`), and the period containing `now` (see `checkContext`; with
 * `planned`, the plan and metrics already read).
 *
 * @example
 * checkUsageContext({ customer, subscription, plan, billableMetrics, now: '2025-07-03T10:00:00Z' })
 * // right({ read: { customer, subscription, ... }, context: { period: { charges_from_datetime: '2025-07-01T00:00:00Z', ... } } })
 * @internal
 */
export function checkUsageContext<I extends OperationContext>(given: I, planned?: PlanContext) {
  const checked = checkContext(given, usageActivity(given), planned);
  if (isLeft(checked)) return checked;
  const foreign = otherCustomer(checked.right.read);
  return foreign === undefined ? checked : left(foreign);
}

/**
 * What usage asks of the subscription at `now`: active (else `no_active_subscription`). The
 * input's subscription is read only when the error is written, after the context's checks:
 * the input itself may be anything.
 *
 * @example
 * contextAt(read, now, usageActivity(read)); // left(no_active_subscription) once terminated
 * @internal
 */
export function usageActivity(input: {
  readonly subscription: Pick<UsageInput['subscription'], 'external_id'>;
}): ActivityRule {
  return {
    status: 'active_only',
    error: (inactive) =>
      noActiveSubscription(
        `Subscription ${JSON.stringify(input.subscription.external_id)} ${inactive.reason}: usage is shown for an active subscription only.`,
        ['subscription', inactive.field],
      ),
  };
}

/**
 * What was built before from the same states (see `prepareUsage`): the fees of every charge,
 * in the plan's charge order, and the rows and entries of some charges (`usageRows`' `known`,
 * `usageEntries`' `known`), taken as they are.
 */
export interface UsageAhead {
  readonly fees: readonly ChargeFee[];
  readonly rows?: ReadonlyMap<Charge, ChargeRows> | undefined;
  readonly entries?: ReadonlyMap<ChargeRows, Figures> | undefined;
  /** Fees found untaxed under the input's tax sources (`untaxedFees`), not checked again. */
  readonly untaxed?: ReadonlySet<ChargeFee> | undefined;
}

/** The fees of a usage report and their rows per charge, before entries, amounts and taxes. */
export interface UsageFees {
  readonly fees: readonly ChargeFee[];
  readonly charges: readonly ChargeRows[];
}

/**
 * The fees of every charge of the plan in the period of `context`, over `events` and the
 * given `aggregates` (`planChargeFeesReport`, `purpose: 'usage'`, with `period_ratio` for
 * projections), and their rows per charge, filter bucket and group. With `compiled` (the
 * plan's charges compiled once, {@link compilePlanCharges} of the same plan, metrics, pricing
 * units and currency), they are not checked and compiled again; with `ahead` (the fees of
 * every charge, in the plan's charge order, priced before from the same states, and the rows
 * of some charges built from them: see `prepareUsage`), they are not priced (nor those rows
 * built) again.
 *
 * @example
 * driveSync(usageFees(read, context, events, 'current')); // right({ fees: [...], charges: [...] })
 * @internal
 */
export function* usageFees(
  input: ReadOperation & Pick<UsageInput, 'aggregates' | 'pricingUnits'>,
  context: CheckedContext,
  events: Fed<UsageInput>['events'],
  kind: UsageKind,
  compiled?: CompiledPlanCharges,
  ahead?: UsageAhead,
): Feeding<Either<FeecastError, UsageFees>> {
  const report =
    ahead === undefined
      ? yield* usageChargeFees(input, context, events, kind, compiled)
      : right(ahead.fees);
  if (isLeft(report)) return report;
  const fees = report.right;
  const charges = feeRows(input, context, fees, { compiled, known: ahead?.rows });
  return isLeft(charges) ? charges : right({ fees, charges: charges.right });
}

/**
 * `usageRows` of `fees` with the input's plan, metrics and pricing units, and whether the
 * context's period has elapsed.
 *
 * @example
 * feeRows(read, context, fees, { compiled }); // right([{ charge, metric, rows: [...] }])
 * @internal
 */
export function feeRows(
  input: ReadOperation & Pick<UsageInput, 'pricingUnits'>,
  context: CheckedContext,
  fees: readonly ChargeFee[],
  options: Pick<RowsOptions, 'compiled' | 'only' | 'known'>,
): Either<FeecastError, ChargeRows[]> {
  const { period } = context;
  return usageRows(input.plan, input.billableMetrics, fees, {
    pricingUnits: input.pricingUnits ?? undefined,
    elapsed: period.elapsed_days === period.days,
    ...options,
  });
}

/**
 * The fees of {@link usageFees}, without their rows: with `compiled`, the fees of its metrics'
 * charges only (a caller that prices some of the plan's metrics again, `createUsageMeter`).
 *
 * @example
 * driveSync(usageChargeFees(read, context, events, 'current', compiled)); // right([...fees])
 * @internal
 */
export function* usageChargeFees(
  input: ReadOperation & Pick<UsageInput, 'aggregates' | 'pricingUnits'>,
  context: CheckedContext,
  events: Fed<UsageInput>['events'],
  kind: UsageKind,
  compiled?: CompiledPlanCharges,
): Feeding<Either<FeecastError, ChargeFee[]>> {
  const { period, currency, timezone } = context;
  const { plan, subscription, customer, billableMetrics } = input;
  const pricingUnits = input.pricingUnits ?? undefined;
  const report = yield* planChargeFeesSteps(
    {
      plan,
      billableMetrics,
      events: subscriptionEvents(events, subscription.external_id),
      period,
      currency,
      timezone,
      subscription,
      customer,
      purpose: 'usage',
      ...(input.aggregates === undefined || input.aggregates === null
        ? {}
        : { aggregates: input.aggregates }),
      ...(kind === 'projected' ? { period_ratio: period.period_ratio } : {}),
      ...(pricingUnits === undefined ? {} : { pricing_units: pricingUnits }),
    },
    compiled,
  );
  return isLeft(report) ? report : right(report.right.fees);
}

/**
 * The amount of usage fees (Σ of every row, rounded once) and their taxes, rounded once at the
 * usage level (estimate-and-usage.md §3.6; 0 with `applyTaxes: false`); with `kept`, the fees
 * taxed before are not taxed again; with `untaxed`, the fees found untaxed before under the
 * same sources are not checked again.
 *
 * @example
 * usageAmount(read, context, usageFees); // right({ amount: 2532, taxes: 506 })
 * @internal
 */
export function usageAmount(
  input: ReadOperation & Pick<UsageInput, 'applyTaxes'>,
  context: CheckedContext,
  priced: UsageFees,
  kept?: TaxedFees,
  untaxed?: ReadonlySet<ChargeFee>,
): Either<FeecastError, { readonly amount: number; readonly taxes: number }> {
  const rows = priced.charges.flatMap((charge) => charge.rows);
  const amount = roundCents(sum(rows.map((row) => row.amount)), context.currency, ['amount_cents']);
  if (isLeft(amount)) return amount;
  const taxes =
    input.applyTaxes === false
      ? right(0)
      : usageTaxes(
          priced.fees,
          operationTaxSources(input),
          amount.right,
          context.period.charges_from_datetime,
          kept,
          untaxed,
        );
  if (isLeft(taxes)) return taxes;
  return right({ amount: amount.right, taxes: taxes.right });
}

/**
 * The body of current usage (`kind: 'current'`) or projected usage (`'projected'`),
 * unchecked against the wire codecs (estimate-and-usage.md §3, §4): the subscription must be
 * the customer's and active at `now` (`no_active_subscription`); the period containing `now`
 * in the customer's zone; every charge's fees over the subscription's events in one pass per
 * metric (`planChargeFeesReport`, `purpose: 'usage'`, with `period_ratio` for projections);
 * the entries per charge, filter bucket and group; the amount, taxes rounded once at the usage
 * level (or 0 with `applyTaxes: false`) and total; for projections, `projected_amount_cents`
 * = Σ of the charges' projected amounts.
 *
 * Steps that read the events once (see `withEvents`).
 *
 * @example
 * driveSync(usageReport(input, 'current'))
 * // right({ from_datetime: '2025-07-01T00:00:00Z', amount_cents: 5, taxes_amount_cents: 1, ... })
 * @internal
 */
export function* usageReport(
  given: Fed<UsageInput>,
  kind: UsageKind,
): Feeding<Either<FeecastError, Record<string, unknown>>> {
  const checked = checkUsageContext(given);
  if (isLeft(checked)) return checked;
  const { read: input, context } = checked.right;
  if (!isIterableObject(input.events) && !isEventFeed(input.events)) {
    return left(
      feecastError(
        'invalid_input',
        'events must be an iterable of usage events (an array, a generator...).',
        ['events'],
      ),
    );
  }
  return yield* usageBody(input, context, input.events, kind);
}

/**
 * The body of a usage report (see {@link usageReport}) for a context already checked
 * (`checkUsageContext`): its fees over `events` and the input's `aggregates`, entries, amounts
 * and taxes. With `compiled` (the plan's charges compiled once, see {@link usageFees}), they
 * are not checked and compiled again; with `ahead`, its fees (and some charges' rows and
 * entries) are those already built.
 *
 * @example
 * driveSync(usageBody(read, context, [], 'current', compiled))
 * // right({ from_datetime: '2025-07-01T00:00:00Z', amount_cents: 5, ... })
 * @internal
 */
export function* usageBody(
  input: ReadOperation & Pick<UsageInput, 'aggregates' | 'pricingUnits' | 'applyTaxes'>,
  context: CheckedContext,
  events: Fed<UsageInput>['events'],
  kind: UsageKind,
  compiled?: CompiledPlanCharges,
  ahead?: UsageAhead,
): Feeding<Either<FeecastError, Record<string, unknown>>> {
  const { period, currency, issuingDate } = context;
  const priced = yield* usageFees(input, context, events, kind, compiled, ahead);
  if (isLeft(priced)) return priced;
  const entries = usageEntries(priced.right.charges, currency, kind, ahead?.entries);
  if (isLeft(entries)) return entries;
  const amounts = usageAmount(input, context, priced.right, undefined, ahead?.untaxed);
  if (isLeft(amounts)) return amounts;
  const { amount, taxes } = amounts.right;
  const rows = priced.right.charges.flatMap((charge) => charge.rows);
  const taxesCents = readCents(taxes, ['taxes_amount_cents']);
  const amountCents = readCents(amount, ['amount_cents']);
  if (isLeft(taxesCents)) return taxesCents;
  if (isLeft(amountCents)) return amountCents;
  const total = roundCents(add(amountCents.right, taxesCents.right), currency, [
    'total_amount_cents',
  ]);
  if (isLeft(total)) return total;
  const projected = roundCents(sum(rows.map((row) => row.projectedAmount)), currency, [
    'projected_amount_cents',
  ]);
  if (isLeft(projected)) return projected;
  return right({
    from_datetime: period.charges_from_datetime,
    to_datetime: period.charges_to_datetime,
    issuing_date: issuingDate,
    currency,
    amount_cents: amount,
    ...(kind === 'projected' ? { projected_amount_cents: projected.right } : {}),
    taxes_amount_cents: taxes,
    total_amount_cents: total.right,
    svc_invoice_id: null,
    charges_usage: entries.right,
  });
}
