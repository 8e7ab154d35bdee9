import {
  type BillableMetric,
  type Customer,
  type Fee,
  isTimestamp,
  type Uuid,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { driveSync, type Rejection, type UsageEvent } from '../../aggregation/index';
import { derivedId, type FeecastError } from '../../core/index';
import {
  type CommitmentTrueUp,
  commitmentTrueUp,
  compilePlanCharges,
  type FeeIds,
  fixedChargeFee,
  type PlanChargeFeesInput,
  type PricingUnitInfo,
  planChargeFeesSteps,
  subscriptionFee,
} from '../../fees/index';
import { type BilledRange, fullPeriod, type SubscriptionRun } from '../../periods/index';
import type { CheckedSubscription, PreviewFacts } from './inputs';

/** The input of {@link subscriptionFees}. */
export interface SubscriptionFeesInput {
  readonly entry: CheckedSubscription;
  readonly run: SubscriptionRun;
  readonly customer: Customer;
  /** The customer's IANA time zone. */
  readonly timezone: string;
  readonly billableMetrics: readonly BillableMetric[];
  /** The subscription's usage events. */
  readonly events: Iterable<UsageEvent>;
  /** The organization's pricing units (for charges priced in one). */
  readonly pricingUnits: readonly PricingUnitInfo[];
  /** The invoice the fees are on: their ids derive from it. */
  readonly invoiceId: Uuid;
}

/** What one subscription puts on the invoice. */
export interface SubscriptionFees {
  /**
   * The fees on the invoice, in this order: the subscription fee, the fixed charges, the
   * usage charges (in arrears) with their `min_amount_cents` true-ups, the commitment true-up.
   */
  readonly fees: Fee[];
  /**
   * The period's fees of pay-in-advance charges: billed on their own invoices as the events
   * came (and, for recurring metrics, the units carried into the period, billed when it
   * started), not on this one; listed so the whole period's price is known (they count
   * towards the minimum commitment). Also the carried units a non-invoiceable recurring
   * charge bills for the next period.
   */
  readonly pay_in_advance_fees: Fee[];
  /** Events left out of the aggregation (bad value, duplicate id, missing field...). */
  readonly rejected: Rejection[];
  /** Events of the plan's metrics dated outside the charges period: not errors, not counted. */
  readonly outside_period: number;
  /** The minimum commitment's reconciliation, when the run closes the commitment's period. */
  readonly commitment: CommitmentTrueUp | undefined;
}

/**
 * The fees one subscription puts on its next invoice (invoicing.md §1 step 1, §7, §8):
 *
 * - the subscription fee: of the period the run closes for a plan billed in arrears, of the
 *   period it opens for a pay-in-advance plan (trial and proration by days as §8);
 * - fixed charges: in arrears for the fixed-charges period the run closes, pay-in-advance ones
 *   for the period it opens (prorated by days when `prorated`);
 * - usage charges of the charges period the run closes (`planChargeFees`, purpose `invoice`:
 *   zero fees dropped, `min_amount_cents` trued up); pay-in-advance charges are billed on
 *   their own invoices and come back apart; unless the run terminates the subscription, a
 *   recurring metric's pay-in-advance charge also bills the units it carries into the charges
 *   period the run opens, in full, dated that period (on the invoice when it is invoiceable,
 *   else apart), and not counted in the closing period's commitment;
 * - the minimum-commitment true-up, when the run closes the subscription period: the
 *   commitment prorated on the days active over the whole period, less every subscription,
 *   charge (in arrears and in advance) and fixed-charge fee of that period, including those
 *   billed on earlier invoices (a pay-in-advance plan's subscription fee, pay-in-advance fixed
 *   charges).
 *
 * Fee ids derive from the invoice's id, the subscription and the fee's place, so the same
 * input gives the same ids.
 *
 * @example
 * subscriptionFees({ entry, run, customer, timezone: 'UTC', billableMetrics, events, pricingUnits: [], invoiceId })
 * // right({ fees: [subscriptionFee, seatsFee, apiCallsFee], pay_in_advance_fees: [], rejected: [], commitment: undefined })
 */
export function subscriptionFees(
  input: SubscriptionFeesInput,
): Either<FeecastError, SubscriptionFees> {
  const { entry, run, timezone, invoiceId } = input;
  const { plan, subscription, path } = entry;
  const owner: FeeIds = {
    svc_subscription_id: subscription.svc_id,
    external_subscription_id: subscription.external_id,
    svc_customer_id: subscription.svc_customer_id,
    external_customer_id: subscription.external_customer_id,
  };
  const ids = (...key: string[]): FeeIds => ({
    ...owner,
    // bounded: `key` is the one or two literal parts of a fee's identity.
    svc_id: derivedId('fee', invoiceId, subscription.svc_id, ...key),
  });
  const closingPeriod: BilledRange = {
    from_datetime: run.closing.from_datetime,
    to_datetime: run.closing.to_datetime,
    duration: run.closing.period_duration,
  };
  const commitmentDue = run.closesSubscription && plan.minimum_commitment != null;
  const fees: Fee[] = [];
  /** The fees of the period the run closes, wherever they are billed: the commitment's base. */
  const periodFees: Fee[] = [];
  const planPath = [...path, 'plan'];

  const upgraded = run.terminating && entry.change === 'upgrade';
  const periodFee = (period: BilledRange, key: string) =>
    subscriptionFee({
      plan,
      subscription,
      period,
      timezone,
      ids: ids(key),
      path: planPath,
      terminated_by_upgrade: upgraded,
    });
  if (plan.pay_in_advance) {
    if (run.opensSubscription && run.next !== undefined) {
      const fee = periodFee(
        {
          from_datetime: run.next.from_datetime,
          to_datetime: run.next.to_datetime,
          duration: run.next.period_duration,
        },
        'subscription',
      );
      if (isLeft(fee)) return fee;
      fees.push(fee.right);
    }
    if (commitmentDue) {
      const fee = periodFee(closingPeriod, 'subscription:closing');
      if (isLeft(fee)) return fee;
      periodFees.push(fee.right);
    }
  } else if (run.closesSubscription) {
    const fee = periodFee(closingPeriod, 'subscription');
    if (isLeft(fee)) return fee;
    fees.push(fee.right);
    periodFees.push(fee.right);
  }

  for (const [j, fixedCharge] of (plan.fixed_charges ?? []).entries()) {
    const fixedFee = (period: BilledRange, key: string) =>
      fixedChargeFee({
        fixedCharge,
        period,
        currency: plan.amount_currency,
        timezone,
        ids: ids('fixed_charge', fixedCharge.svc_id, key),
        path: [...planPath, 'fixed_charges', String(j)],
      });
    const billed = fixedCharge.pay_in_advance ? run.fixedOpening : run.fixedClosing;
    if (billed !== undefined) {
      const fee = fixedFee(billed, 'billed');
      if (isLeft(fee)) return fee;
      if (fee.right !== null) fees.push(fee.right);
      if (fee.right !== null && !fixedCharge.pay_in_advance) periodFees.push(fee.right);
    }
    if (commitmentDue && fixedCharge.pay_in_advance && run.fixedClosing !== undefined) {
      const fee = fixedFee(run.fixedClosing, 'closing');
      if (isLeft(fee)) return fee;
      if (fee.right !== null) periodFees.push(fee.right);
    }
  }

  const payInAdvance: Fee[] = [];
  let rejected: Rejection[] = [];
  let outside = 0;
  if (run.charges !== undefined) {
    let count = 0;
    const report = driveSync(
      planChargeFeesSteps(
        {
          ...chargesPricing(input, run.charges),
          events: input.events,
          ...(entry.aggregates === undefined ? {} : { aggregates: entry.aggregates }),
          feeId: () => derivedId('fee', invoiceId, subscription.svc_id, 'charge', String(count++)),
        },
        entry.compiled,
      ),
    );
    if (isLeft(report)) return left(withPlanPath(report.left, path));
    rejected = report.right.rejected;
    outside = report.right.outside_period;
    for (const fee of report.right.fees) {
      if (fee.pay_in_advance) payInAdvance.push(fee);
      else fees.push(fee);
      periodFees.push(fee);
    }
    // Billed now for the next period: not part of the closing period's commitment.
    for (const fee of report.right.carried) {
      if (fee.pay_in_advance) payInAdvance.push(fee);
      else fees.push(fee);
    }
  }

  let commitment: CommitmentTrueUp | undefined;
  const committed = plan.minimum_commitment;
  if (commitmentDue && committed !== undefined && committed !== null) {
    const whole = fullPeriod({
      plan,
      subscription,
      timezone,
      at: run.closing.from_datetime,
      path,
    });
    if (isLeft(whole)) return whole;
    const trueUp = commitmentTrueUp({
      commitment: committed,
      fees: periodFees,
      currency: plan.amount_currency,
      period: whole.right,
      active: closingPeriod,
      timezone,
      subscription,
    });
    if (isLeft(trueUp)) return left(withPlanPath(trueUp.left, path));
    commitment = trueUp.right;
    if (trueUp.right.fee !== null) {
      fees.push({
        ...trueUp.right.fee,
        svc_id: derivedId('fee', invoiceId, subscription.svc_id, 'commitment'),
        from_date: isTimestamp(closingPeriod.from_datetime) ? closingPeriod.from_datetime : null,
        to_date: isTimestamp(closingPeriod.to_datetime) ? closingPeriod.to_datetime : null,
      });
    }
  }
  return right({
    fees,
    pay_in_advance_fees: payInAdvance,
    rejected,
    outside_period: outside,
    commitment,
  });
}

/**
 * How a run's usage charges are priced (`planChargeFeesReport`'s input but the events): the
 * charges period `charges` the run closes, on the subscription's plan, and, unless the run
 * terminates the subscription, the charges period it opens (recurring pay-in-advance charges
 * bill their carried units for it). `previewAggregations` describes the same aggregations.
 * @internal
 */
export function chargesPricing(
  input: Omit<SubscriptionFeesInput, 'events' | 'invoiceId'>,
  charges: BilledRange,
): Omit<PlanChargeFeesInput, 'events'> {
  const { entry, run, timezone } = input;
  const next = run.terminating ? undefined : run.next;
  return {
    plan: entry.plan,
    billableMetrics: input.billableMetrics,
    period: {
      charges_from_datetime: charges.from_datetime,
      charges_to_datetime: charges.to_datetime,
      charges_duration: charges.duration,
    },
    currency: entry.plan.amount_currency,
    timezone,
    subscription: entry.subscription,
    customer: input.customer,
    purpose: 'invoice',
    pricing_units: input.pricingUnits,
    terminated_by_upgrade: run.terminating && entry.change === 'upgrade',
    ...(next === undefined
      ? {}
      : {
          next_period: {
            charges_from_datetime: next.charges_from_datetime,
            charges_to_datetime: next.charges_to_datetime,
            charges_duration: next.charges_duration,
          },
        }),
  };
}

/**
 * `facts` with each subscription's plan charges checked and compiled once (`compiled`), for
 * a caller that previews the same subscriptions at several instants (`{ ...facts, now }`):
 * each preview prices from the compiled charges instead of compiling them again, with the
 * same result. A plan whose charges do not compile is left as it is: its previews report the
 * problem as they would without this.
 * @internal
 */
export function compiledCharges(facts: PreviewFacts): PreviewFacts {
  return {
    ...facts,
    subscriptions: facts.subscriptions.map((entry) => {
      const compiled = compilePlanCharges({
        plan: entry.plan,
        billableMetrics: facts.billableMetrics,
        currency: entry.plan.amount_currency,
        pricing_units: facts.pricingUnits,
      });
      return isLeft(compiled) ? entry : { ...entry, compiled: compiled.right };
    }),
  };
}

/** An error of the plan's stages, with its path under the subscription's entry. */
export function withPlanPath(error: FeecastError, path: readonly string[]): FeecastError {
  const inner = error.path ?? [];
  if (inner[0] === 'plan') return { ...error, path: [...path, ...inner] };
  if (inner[0] === 'aggregates') return { ...error, path: [...path, ...inner] };
  if (inner[0] === 'commitment') {
    return { ...error, path: [...path, 'plan', 'minimum_commitment', ...inner.slice(1)] };
  }
  return error;
}
