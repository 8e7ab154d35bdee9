import type { Fee, Plan, Subscription } from '@feecast/models';
import { type Either, isLeft, left } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError, formatDecimal } from '../../core/index';
import type { BilledRange } from '../../periods/index';
import { feeAmounts } from '../fee-amounts';
import { type FeeIds, feeObject } from '../fee-object';
import { subscriptionFeeAmount } from './amount';

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
}

/**
 * The subscription fee of a period as a wire `Fee` (invoicing.md §8): the plan's amount for a
 * full period, `amount × days ÷ period days` for a partial one (late start, termination),
 * nothing for the days of the free trial (counted from `started_at`); one unit,
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
  });
  if (isLeft(amount)) return amount;
  const precise = formatDecimal(amount.right.precise_amount);
  const amounts = feeAmounts({ amount: precise, unit_amount: precise }, plan.amount_currency);
  if (isLeft(amounts)) return amounts;
  return feeObject({
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
    amounts: amounts.right,
    units: '1',
    amount_details: { plan_amount_cents: plan.amount_cents },
    from_date: period.from_datetime,
    to_date: period.to_datetime,
    pay_in_advance: plan.pay_in_advance,
    ids: input.ids,
  });
}
