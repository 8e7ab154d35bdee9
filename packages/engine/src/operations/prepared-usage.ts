import { CustomerProjectedUsageResponse, CustomerUsageResponse } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { driveSync } from '../aggregation/index';
import { type FeecastError, feecastError, isRecord } from '../core/index';
import { type CompiledPlanCharges, compilePlanCharges } from '../fees/index';
import type { UsageInput } from './inputs';
import { type PlanContext, readPlanContext } from './operation-context';
import { type UsageAggregations, usageAggregationsOf } from './usage-aggregations';
import type { UsageKind } from './usage-entries';
import { checkUsageContext, usageBody } from './usage-report';
import { wireBody } from './wire-body';

/** What the subscriptions of one plan share: the plan, its billable metrics, the pricing units. */
export type PlanUsageContext = Pick<UsageInput, 'plan' | 'billableMetrics' | 'pricingUnits'>;

/**
 * One subscription's part of a usage operation's input: what {@link PlanUsageContext} leaves
 * out, priced from the metrics' states (`aggregates`) only: no events.
 */
export type SubscriptionUsage = Omit<
  UsageInput,
  'plan' | 'billableMetrics' | 'pricingUnits' | 'events'
>;

/** Usage of the subscriptions of one plan, the plan read, checked and compiled once. */
export interface PreparedUsage {
  /** `usageAggregations` of the plan's context with this subscription's part. */
  aggregations(
    input: Omit<SubscriptionUsage, 'aggregates' | 'applyTaxes'>,
  ): Either<FeecastError, UsageAggregations>;
  /** `currentUsage` of the plan's context with this subscription's part and `events: []`. */
  current(input: SubscriptionUsage): Either<FeecastError, CustomerUsageResponse>;
  /** `projectedUsage` of the plan's context with this subscription's part and `events: []`. */
  projected(input: SubscriptionUsage): Either<FeecastError, CustomerProjectedUsageResponse>;
}

/** The usage of a plan read once: each call reads and checks the subscription's part only. */
class PlanUsage implements PreparedUsage {
  constructor(
    private readonly context: PlanUsageContext,
    /** The plan and metrics read, or why not (each call then reads the whole input, as usage does). */
    private readonly planned: Either<FeecastError, PlanContext>,
    /** The charges compiled, or why not (answered after the context's checks, as usage does). */
    private readonly compiled: Either<FeecastError, CompiledPlanCharges>,
  ) {}

  /** The whole input (the plan's context and the subscription's part), checked as usage checks it. */
  private checked(input: unknown) {
    if (!isRecord(input)) {
      return left(
        feecastError(
          'invalid_input',
          'Give the subscription part of a usage input: { customer, subscription, now, ... }.',
          [],
        ),
      );
    }
    const whole = { ...(input as SubscriptionUsage), ...this.context };
    const checked = isLeft(this.planned)
      ? checkUsageContext(whole)
      : checkUsageContext(whole, this.planned.right);
    if (isLeft(checked)) return checked;
    if (isLeft(this.compiled)) return this.compiled;
    return right({ ...checked.right, compiled: this.compiled.right });
  }

  aggregations(
    input: Omit<SubscriptionUsage, 'aggregates' | 'applyTaxes'>,
  ): Either<FeecastError, UsageAggregations> {
    const checked = this.checked(input);
    if (isLeft(checked)) return checked;
    const { read, context, compiled } = checked.right;
    return usageAggregationsOf(read, context, compiled);
  }

  private body(input: SubscriptionUsage, kind: UsageKind) {
    const checked = this.checked(input);
    if (isLeft(checked)) return checked;
    const { read, context, compiled } = checked.right;
    return driveSync(usageBody(read, context, [], kind, compiled));
  }

  current(input: SubscriptionUsage): Either<FeecastError, CustomerUsageResponse> {
    const body = this.body(input, 'current');
    return isLeft(body) ? body : wireBody(CustomerUsageResponse, { customer_usage: body.right });
  }

  projected(input: SubscriptionUsage): Either<FeecastError, CustomerProjectedUsageResponse> {
    const body = this.body(input, 'projected');
    return isLeft(body)
      ? body
      : wireBody(CustomerProjectedUsageResponse, { customer_projected_usage: body.right });
  }
}

/**
 * The usage operations of one plan for many subscriptions (feecast's pushdown of every
 * subscription's usage): the plan and its billable metrics are read and checked, and its
 * charges compiled, once; each subscription's `aggregations`, `current` and `projected` read
 * and check only its own part (customer, subscription, taxes, `now`) and price its metrics'
 * states. Each gives exactly what `usageAggregations`, `currentUsage` and `projectedUsage` give
 * for the whole input with `events: []` and the same states, errors included (a plan the engine
 * refuses is refused where those operations refuse it, after the subscription's checks). A
 * `Left` only when `context` is not an object.
 *
 * @example
 * const prepared = prepareUsage({ plan, billableMetrics });
 * if (prepared._tag === 'Right') prepared.right.current({ customer, subscription, now, aggregates });
 * // the answer of currentUsage({ customer, subscription, plan, billableMetrics, now, aggregates, events: [] })
 */
export function prepareUsage(context: PlanUsageContext): Either<FeecastError, PreparedUsage> {
  if (!isRecord(context)) {
    return left(
      feecastError('invalid_input', 'Give the plan of a usage: { plan, billableMetrics }.', []),
    );
  }
  const { plan, billableMetrics } = context;
  const pricingUnits = context.pricingUnits ?? undefined;
  const planned = readPlanContext({ plan, billableMetrics });
  const compiled = isLeft(planned)
    ? planned
    : compilePlanCharges({
        plan: planned.right.plan,
        billableMetrics: planned.right.billableMetrics,
        currency: planned.right.plan.amount_currency,
        ...(pricingUnits === undefined ? {} : { pricing_units: pricingUnits }),
      });
  const own = { plan, billableMetrics, ...(pricingUnits === undefined ? {} : { pricingUnits }) };
  return right(new PlanUsage(own, planned, compiled));
}
