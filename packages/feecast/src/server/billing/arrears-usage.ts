/**
 * The usage that the usage thresholds (usage-thresholds.ts) and the wallets' ongoing balances
 * (wallet-ongoing.ts) read after each stored event: the amounts of current usage (with taxes)
 * of the subscription's charges billed in arrears (its pay-in-advance charges left out: they
 * are invoiced as their events arrive). They are read from the period's accumulators
 * (state/usage-accumulators.ts) through the engine's usage meter (`createUsageMeter`): the
 * amounts `currentUsage` answers, the same figures and errors, with the plan, metrics,
 * customer and taxes checked and the charges compiled once per subscription rather than on
 * each event, and no entries or wire answer written. So a check costs what the plan's charges
 * cost, with small constants, not what the stored events do.
 */
import { createUsageMeter, type UsageAmounts, type UsageMeter } from '@feecast/engine/internal';
import type { Subscription } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { apiErrorOf } from '../routes/engine-error';
import type { UsageContext } from '../routes/usage-context';
import { eventLog } from '../state/event-index';
import type { ServerState } from '../state/state';
import { aggregatedUsage } from '../state/usage-accumulators';

/** Each plan's copy with its charges billed in arrears only, kept so that it is the same object. */
const arrearsPlans = new WeakMap<UsageContext['plan'], UsageContext['plan']>();

function arrearsPlan(plan: UsageContext['plan']): UsageContext['plan'] {
  let kept = arrearsPlans.get(plan);
  if (kept === undefined) {
    kept = { ...plan, charges: (plan.charges ?? []).filter((c) => c.pay_in_advance !== true) };
    arrearsPlans.set(plan, kept);
  }
  return kept;
}

/** What a meter is made from (compared by identity): the customer, the plan, the metrics, the taxes. */
interface Reads {
  readonly customer: UsageContext['customer'];
  readonly plan: UsageContext['plan'];
  readonly billableMetrics: UsageContext['billableMetrics'];
  readonly taxes: UsageContext['taxes'];
  readonly pricingUnits: UsageContext['pricingUnits'];
}

/** A subscription's meter, what it was made from, and its last reading. */
interface Kept {
  readonly reads: Reads;
  readonly meter: Either<ApiErrorResponse, UsageMeter>;
  last?: {
    /** The subscription's list of stored events (it grows in place: event-index.ts), and its length. */
    readonly list: readonly unknown[];
    readonly events: number;
    readonly now: string;
    /** Whether its taxes were computed (else its `taxes_amount_cents` is 0). */
    readonly taxes: boolean;
    readonly answer: Either<ApiErrorResponse, UsageAmounts>;
  };
}

/** By subscription object (a changed subscription is another object). */
const meters = new WeakMap<Subscription, Kept>();

/** Whether the meter of `reads` reads `usage` priced on `plan` (nothing made for the comparison). */
function sameReads(reads: Reads, usage: UsageContext, plan: UsageContext['plan']): boolean {
  return (
    reads.customer === usage.customer &&
    reads.plan === plan &&
    reads.billableMetrics === usage.billableMetrics &&
    reads.taxes === usage.taxes &&
    reads.pricingUnits === usage.pricingUnits
  );
}

/**
 * The amounts of current usage (`amount_cents`, `taxes_amount_cents`, each charge's
 * `amount_cents` in `charges_usage`'s order, `from_datetime`) of `subscription`'s charges
 * billed in arrears, for `usage` (its context at `now`): what `GET .../current_usage` would
 * answer of them on that plan, its taxes computed only `withTaxes` (else `taxes_amount_cents`
 * is 0, or the taxes of a kept reading: the usage thresholds read the charges' amounts only,
 * the wallets the taxes too). The
 * last reading is kept until an event of the subscription is stored or `now` moves, so the
 * thresholds and the wallets of one event share it (the thresholds ask for the taxes when the
 * customer has an active wallet).
 *
 * @example
 * arrearsAmounts(state, subscription, usage);
 * // right({ from_datetime: '2025-03-15T07:00:00Z', amount_cents: 12000, taxes_amount_cents: 2400, charges: [...] })
 */
export function arrearsAmounts(
  state: ServerState,
  subscription: Subscription,
  usage: UsageContext,
  withTaxes = true,
): Either<ApiErrorResponse, UsageAmounts> {
  const plan = arrearsPlan(usage.plan);
  let kept = meters.get(subscription);
  if (kept === undefined || !sameReads(kept.reads, usage, plan)) {
    const reads: Reads = {
      customer: usage.customer,
      plan,
      billableMetrics: usage.billableMetrics,
      taxes: usage.taxes,
      pricingUnits: usage.pricingUnits,
    };
    const made = createUsageMeter({
      customer: usage.customer,
      subscription,
      plan,
      billableMetrics: usage.billableMetrics,
      taxes: usage.taxes ?? null,
      pricingUnits: usage.pricingUnits ?? null,
    });
    kept = { reads, meter: isLeft(made) ? left(apiErrorOf(made.left)) : made };
    meters.set(subscription, kept);
  }
  if (isLeft(kept.meter)) return kept.meter;
  const events = eventLog(state.events).ofSubscription(subscription.external_id);
  const last = kept.last;
  if (
    last !== undefined &&
    last.list === events.all &&
    last.events === events.all.length &&
    last.now === usage.now &&
    (last.taxes || !withTaxes)
  ) {
    return last.answer;
  }
  const aggregated = aggregatedUsage(usage, events, plan);
  const read = kept.meter.right.amounts({
    now: usage.now,
    aggregates: aggregated?.aggregates ?? null,
    events: aggregated?.events ?? usage.events,
    applyTaxes: withTaxes,
  });
  const answer = isLeft(read) ? left(apiErrorOf(read.left)) : right(read.right);
  kept.last = {
    list: events.all,
    events: events.all.length,
    now: usage.now,
    taxes: withTaxes,
    answer,
  };
  return answer;
}
