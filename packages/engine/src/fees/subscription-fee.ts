import type { Fee, Plan, Subscription } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  DAY_MS,
  type Decimal,
  decimalFromCount,
  divide,
  type FeecastError,
  feecastError,
  formatInstant,
  fromCents,
  halfAwayFromZero,
  multiply,
  ONE,
  parseInstant,
  toCents,
} from '../core/index';
import { type BilledRange, type BillingPeriod, prorationDays } from '../periods/index';
import { modelFeeAmounts } from './fee-amounts';
import { type FeeIds, lineFee } from './fee-object';

/** The input of {@link subscriptionFeeAmount}. */
export interface SubscriptionFeeAmountInput {
  /** The plan's price per period, in minor units, and its currency. */
  readonly amount_cents: number;
  readonly amount_currency: string;
  /** The plan's free trial, in days (0 or absent: none). */
  readonly trial_period?: number | null | undefined;
  /** The subscription period billed (`billingPeriod`'s `from_datetime`, `to_datetime`, `period_duration`). */
  readonly period: Pick<BillingPeriod, 'from_datetime' | 'to_datetime' | 'period_duration'>;
  /** When the trial started: the first `started_at` of the subscription's upgrade chain. */
  readonly trial_started_at?: string | null | undefined;
  /** The subscription's termination, when it ends inside the period. */
  readonly terminated_at?: string | null | undefined;
  /** The subscription was terminated by an upgrade: its last day is billed on the new plan. */
  readonly terminated_by_upgrade?: boolean | undefined;
  /** The customer's IANA zone whose days are counted; default UTC. */
  readonly timezone?: string | null | undefined;
}

/** A subscription fee's figures. */
export interface SubscriptionFeeAmount {
  /** The billed amount in currency units, unrounded (`precise_amount`). */
  readonly precise_amount: Decimal;
  /** Rounded half away from zero to the currency's minor unit. */
  readonly amount_cents: number;
  /** Days billed, of `duration` days of the full period. */
  readonly days: number;
  readonly duration: number;
}

/**
 * The subscription fee of a period (invoicing.md §8): the plan's amount for a full period,
 * and `amount × days ÷ period_duration` for a partial one, with days counted in the
 * customer's zone as the reference counts them (a partial day counts in full). The billed
 * range starts at the period's start or at the end of the free trial, and ends at the
 * period's end or at the termination (one day less when terminated by an upgrade).
 *
 * @example
 * // A plan of 100 cents, started on 15 March: 17/31 of it, 54.84 -> 55 cents.
 * subscriptionFeeAmount({
 *   amount_cents: 100, amount_currency: 'EUR',
 *   period: { from_datetime: '2022-03-15T00:00:00Z', to_datetime: '2022-03-31T23:59:59Z', period_duration: 31 },
 * }) // right({ amount_cents: 55, days: 17, duration: 31, ... })
 */
export function subscriptionFeeAmount(
  input: SubscriptionFeeAmountInput,
): Either<FeecastError, SubscriptionFeeAmount> {
  const full = fromCents(input.amount_cents, input.amount_currency, ['plan', 'amount_cents']);
  if (isLeft(full)) return full;
  const to = billedEnd(input);
  if (isLeft(to)) return to;
  const trialEndsAt = trialEnd(input);
  if (isLeft(trialEndsAt)) return trialEndsAt;
  const ratio = prorationDays({
    from_datetime: input.period.from_datetime,
    to_datetime: to.right,
    duration: input.period.period_duration,
    timezone: input.timezone,
    trialEndsAt: trialEndsAt.right,
    terminatedByUpgrade: input.terminated_by_upgrade,
  });
  if (isLeft(ratio)) return ratio;
  const { days, duration } = ratio.right;
  // Multiply before dividing: exact whenever the quotient has a finite expansion.
  const precise = divide(multiply(full.right, decimalFromCount(days)), decimalFromCount(duration));
  if (isLeft(precise)) return precise;
  const cents = toCents(precise.right, input.amount_currency, halfAwayFromZero);
  if (isLeft(cents)) return cents;
  return right({ precise_amount: precise.right, amount_cents: cents.right, days, duration });
}

/** The end of the billed range: the period's end, or an earlier termination. */
function billedEnd(input: SubscriptionFeeAmountInput): Either<FeecastError, string> {
  if (input.terminated_at === undefined || input.terminated_at === null) {
    return right(input.period.to_datetime);
  }
  const terminated = parseInstant(input.terminated_at, ['subscription', 'terminated_at']);
  if (isLeft(terminated)) return terminated;
  const end = parseInstant(input.period.to_datetime, ['period', 'to_datetime']);
  if (isLeft(end)) return end;
  return right(terminated.right < end.right ? input.terminated_at : input.period.to_datetime);
}

/** The instant the trial ends (`trial_started_at` + `trial_period` days), if there is a trial. */
function trialEnd(input: SubscriptionFeeAmountInput): Either<FeecastError, string | undefined> {
  const trialDays = input.trial_period ?? 0;
  if (trialDays <= 0 || input.trial_started_at === undefined || input.trial_started_at === null) {
    return right(undefined);
  }
  const start = parseInstant(input.trial_started_at, ['subscription', 'started_at']);
  if (isLeft(start)) return start;
  // Not money: the trial's length in days (a plan's `trial_period`, whole or fractional) as
  // integer epoch milliseconds, the precision of every instant; no amount is computed here.
  return right(formatInstant(start.right + Math.round(trialDays * DAY_MS)));
}

/** The input of {@link subscriptionFee}. */
export interface SubscriptionFeeInput {
  /** The plan billed (overrides applied). */
  readonly plan: Plan;
  readonly subscription: Subscription;
  /** The subscription period billed (cut at a late start or a termination). */
  readonly period: BilledRange;
  /** The customer's IANA time zone, whose days are counted. */
  readonly timezone: string;
  /** The fee's own id and its owners' ids. */
  readonly ids: FeeIds;
  /** Where the plan sits in the caller's input. */
  readonly path: readonly string[];
  /** The subscription was terminated by an upgrade: its last day is billed on the new plan. */
  readonly terminated_by_upgrade?: boolean | undefined;
}

/**
 * The subscription fee of a period as a wire `Fee` (invoicing.md §8): the plan's amount for a
 * full period, `amount × days ÷ period days` for a partial one (late start, termination, one
 * day less when terminated by an upgrade), nothing for the days of the free trial (counted from `started_at`); one unit,
 * `amount_details.plan_amount_cents`, the item naming the plan (its `invoice_display_name`,
 * else its name) and the subscription, `pay_in_advance` as the plan, taxes 0 until the
 * invoice's totals tax it.
 *
 * @example
 * // A plan of 100 cents, started on 15 March (periods.md §4.2): 17/31 -> 55 cents.
 * subscriptionFee({ plan, subscription, timezone: 'UTC', ids, path,
 *   period: { from_datetime: '2022-03-15T00:00:00Z', to_datetime: '2022-03-31T23:59:59Z', duration: 31 } })
 * // right({ amount_cents: 55, units: '1', amount_details: { plan_amount_cents: 100 }, ... })
 */
export function subscriptionFee(input: SubscriptionFeeInput): Either<FeecastError, Fee> {
  const { plan, subscription, period } = input;
  if (plan.amount_cents === null) {
    return left(
      feecastError(
        'invalid_input',
        `The plan ${plan.code} has no amount_cents; give the price of its period (0 for none).`,
        [...input.path, 'amount_cents'],
      ),
    );
  }
  const amount = subscriptionFeeAmount({
    amount_cents: plan.amount_cents,
    amount_currency: plan.amount_currency,
    trial_period: plan.trial_period,
    trial_started_at: subscription.started_at,
    period: {
      from_datetime: period.from_datetime,
      to_datetime: period.to_datetime,
      period_duration: period.duration,
    },
    timezone: input.timezone,
    terminated_by_upgrade: input.terminated_by_upgrade,
  });
  if (isLeft(amount)) return amount;
  const precise = amount.right.precise_amount;
  const amounts = modelFeeAmounts({ amount: precise, unitAmount: precise }, plan.amount_currency);
  if (isLeft(amounts)) return amounts;
  return lineFee(
    {
      item: {
        type: 'subscription',
        code: plan.code,
        name: plan.name,
        svc_item_id: subscription.svc_id,
        item_type: 'Subscription',
        invoice_display_name: plan.invoice_display_name,
        description: plan.description,
      },
      currency: plan.amount_currency,
      from_date: period.from_datetime,
      to_date: period.to_datetime,
      pay_in_advance: plan.pay_in_advance,
      ids: input.ids,
    },
    {
      amounts: amounts.right,
      units: ONE,
      amount_details: { plan_amount_cents: plan.amount_cents },
    },
  );
}
