import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { driveSync } from '../aggregation/index';
import { type FeecastError, feecastError, isIterableObject, roundCents, sum } from '../core/index';
import { type CompiledPlanCharges, compilePlanCharges } from '../fees/index';
import { createContextCache } from './context-cache';
import type { OperationContext, OperationEvent } from './inputs';
import { type CheckedContext, type ReadContext, readOperationContext } from './operation-context';
import { byMetricName } from './usage-entries';
import { otherCustomer, usageActivity, usageAmount, usageFees } from './usage-report';

/** What a usage meter is made for: a usage operation's input without `now` and events. */
export type UsageMeterContext = Omit<OperationContext, 'now'>;

/** One reading of a usage meter. */
export interface UsageMeterReading {
  /** The instant of the reading (the period is the one that contains it). */
  readonly now: string;
  /** As `currentUsage`'s `aggregates`: the metrics' states, by metric code. */
  readonly aggregates?: Readonly<Record<string, unknown>> | null;
  /** The events of the metrics not given in `aggregates` (any iterable, read once). Default: none. */
  readonly events?: Iterable<OperationEvent> | null;
  /** As `currentUsage`'s `applyTaxes` (default true). */
  readonly applyTaxes?: boolean | null;
}

/** A charge's amount in a reading, as `charges_usage` gives it. */
export interface UsageMeterCharge {
  readonly billable_metric_code: string;
  readonly amount_currency: string;
  readonly amount_cents: number;
}

/** The amounts of current usage: `currentUsage`'s figures, without its entries. */
export interface UsageAmounts {
  /** The charges period's start (`from_datetime` of current usage). */
  readonly from_datetime: string;
  readonly amount_cents: number;
  readonly taxes_amount_cents: number;
  /** Each charge's `amount_cents`, in the order of `charges_usage` (by metric name). */
  readonly charges: readonly UsageMeterCharge[];
}

/** The current usage amounts of one subscription, read again and again. */
export interface UsageMeter {
  /** The amounts `currentUsage` gives for this reading: the same figures, errors included. */
  amounts(reading: UsageMeterReading): Either<FeecastError, UsageAmounts>;
}

/** The meter of one context: checked, its period and compiled charges kept between readings. */
class PreparedMeter implements UsageMeter {
  private readonly contextAt: (now: unknown) => Either<FeecastError, CheckedContext>;
  /** The subscription given for another customer: checked, as `currentUsage` does, after the period. */
  private readonly foreign: FeecastError | undefined;
  private compiled:
    | { readonly currency: string; readonly charges: CompiledPlanCharges }
    | undefined;

  constructor(private readonly read: UsageMeterContext & ReadContext) {
    this.contextAt = createContextCache(read, usageActivity(read));
    this.foreign = otherCustomer(read);
  }

  private compiledFor(currency: string): Either<FeecastError, CompiledPlanCharges> {
    if (this.compiled?.currency === currency) return right(this.compiled.charges);
    const { plan, billableMetrics } = this.read;
    const pricingUnits = this.read.pricingUnits ?? undefined;
    const charges = compilePlanCharges({
      plan,
      billableMetrics,
      currency,
      ...(pricingUnits === undefined ? {} : { pricing_units: pricingUnits }),
    });
    if (isLeft(charges)) return charges;
    this.compiled = { currency, charges: charges.right };
    return charges;
  }

  amounts(reading: UsageMeterReading): Either<FeecastError, UsageAmounts> {
    const context = this.contextAt(reading.now);
    if (isLeft(context)) return context;
    if (this.foreign !== undefined) return left(this.foreign);
    const events = reading.events ?? [];
    if (!isIterableObject(events)) {
      return left(
        feecastError(
          'invalid_input',
          'events must be an iterable of usage events (an array, a generator...).',
          ['events'],
        ),
      );
    }
    const compiled = this.compiledFor(context.right.currency);
    if (isLeft(compiled)) return compiled;
    const input = {
      ...this.read,
      aggregates: reading.aggregates ?? null,
      applyTaxes: reading.applyTaxes ?? null,
    };
    const priced = driveSync(usageFees(input, context.right, events, 'current', compiled.right));
    if (isLeft(priced)) return priced;
    const { currency } = context.right;
    const charges: UsageMeterCharge[] = [];
    for (const charge of byMetricName(priced.right.charges)) {
      const path = ['charges_usage', String(charges.length), 'amount_cents'];
      const amount = roundCents(sum(charge.rows.map((row) => row.amount)), currency, path);
      if (isLeft(amount)) return amount;
      charges.push({
        billable_metric_code: charge.metric.code,
        amount_currency: currency,
        amount_cents: amount.right,
      });
    }
    const amounts = usageAmount(input, context.right, priced.right);
    if (isLeft(amounts)) return amounts;
    return right({
      from_datetime: context.right.period.charges_from_datetime,
      amount_cents: amounts.right.amount,
      taxes_amount_cents: amounts.right.taxes,
      charges,
    });
  }
}

/**
 * A meter of a subscription's current usage amounts (`currentUsage`'s `amount_cents`,
 * `taxes_amount_cents`, each charge's `amount_cents` and the period's start, the same figures
 * and errors), for a caller that reads them after every stored event from the metrics'
 * accumulator states (feecast's server: usage thresholds, wallets' ongoing balances). What
 * `currentUsage` checks and prepares on every call is done once here: the context read and
 * checked, the plan's charges compiled, the period kept for the instants of its local day; a
 * reading prices the states it is given and writes no entries.
 *
 * @example
 * const meter = createUsageMeter({ customer, subscription, plan, billableMetrics, taxes });
 * if (meter._tag === 'Right') meter.right.amounts({ now, aggregates });
 * // the amounts of currentUsage({ customer, subscription, plan, billableMetrics, taxes, now, aggregates, events: [] })
 */
export function createUsageMeter(context: UsageMeterContext): Either<FeecastError, UsageMeter> {
  const read = readOperationContext(context);
  if (isLeft(read)) return read;
  const meter = new PreparedMeter(read.right);
  return right({ amounts: (reading) => meter.amounts(reading) });
}
