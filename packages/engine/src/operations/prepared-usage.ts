import { CustomerProjectedUsageResponse, CustomerUsageResponse } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { driveSync } from '../aggregation/index';
import { type FeecastError, feecastError, isRecord } from '../core/index';
import { type CompiledPlanCharges, compilePlanCharges } from '../fees/index';
import type { UsageInput } from './inputs';
import {
  type CheckedContext,
  type PlanContext,
  type ReadOperation,
  readPlanContext,
} from './operation-context';
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

/**
 * One subscription of a prepared plan, its part read and checked once: what its usage
 * aggregates, and its usage priced from its metrics' states.
 */
export interface PreparedSubscription {
  /** `usageAggregations` of the plan's context with this subscription's part. */
  readonly aggregations: UsageAggregations;
  /** `currentUsage` of the plan's context with this subscription's part, these states and `events: []`. */
  current(
    aggregates: Readonly<Record<string, unknown>>,
  ): Either<FeecastError, CustomerUsageResponse>;
  /** `projectedUsage` of the plan's context with this subscription's part, these states and `events: []`. */
  projected(
    aggregates: Readonly<Record<string, unknown>>,
  ): Either<FeecastError, CustomerProjectedUsageResponse>;
}

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
  /**
   * The subscription's part read and checked once, for its aggregations and then its usage
   * from their states (a caller that asks for both: the part is not read again). A `Left`:
   * what `aggregations` answers for this part.
   */
  subscription(
    input: Omit<SubscriptionUsage, 'aggregates'>,
  ): Either<FeecastError, PreparedSubscription>;
}

/** A subscription's part checked against the prepared plan, with the plan's charges compiled. */
interface CheckedSubscription {
  readonly read: ReadOperation & Pick<UsageInput, 'aggregates' | 'pricingUnits' | 'applyTaxes'>;
  readonly context: CheckedContext;
  readonly compiled: CompiledPlanCharges;
}

/** The usage body of a checked part, priced from its states (`aggregates` when given). */
function bodyOf(
  checked: CheckedSubscription,
  aggregates: UsageInput['aggregates'],
  kind: UsageKind,
) {
  const { read, context, compiled } = checked;
  const input = aggregates === undefined ? read : { ...read, aggregates };
  return driveSync(usageBody(input, context, [], kind, compiled));
}

/** `currentUsage`'s answer for a checked part. */
function currentOf(
  checked: CheckedSubscription,
  aggregates?: UsageInput['aggregates'],
): Either<FeecastError, CustomerUsageResponse> {
  const body = bodyOf(checked, aggregates, 'current');
  return isLeft(body) ? body : wireBody(CustomerUsageResponse, { customer_usage: body.right });
}

/** `projectedUsage`'s answer for a checked part. */
function projectedOf(
  checked: CheckedSubscription,
  aggregates?: UsageInput['aggregates'],
): Either<FeecastError, CustomerProjectedUsageResponse> {
  const body = bodyOf(checked, aggregates, 'projected');
  return isLeft(body)
    ? body
    : wireBody(CustomerProjectedUsageResponse, { customer_projected_usage: body.right });
}

/** One subscription's part of a prepared plan, checked once (see {@link PreparedSubscription}). */
class SubscriptionPart implements PreparedSubscription {
  constructor(
    private readonly checked: CheckedSubscription,
    readonly aggregations: UsageAggregations,
  ) {}

  current(
    aggregates: Readonly<Record<string, unknown>>,
  ): Either<FeecastError, CustomerUsageResponse> {
    return currentOf(this.checked, aggregates);
  }

  projected(
    aggregates: Readonly<Record<string, unknown>>,
  ): Either<FeecastError, CustomerProjectedUsageResponse> {
    return projectedOf(this.checked, aggregates);
  }
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
  private checked(input: unknown): Either<FeecastError, CheckedSubscription> {
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

  current(input: SubscriptionUsage): Either<FeecastError, CustomerUsageResponse> {
    const checked = this.checked(input);
    return isLeft(checked) ? checked : currentOf(checked.right);
  }

  projected(input: SubscriptionUsage): Either<FeecastError, CustomerProjectedUsageResponse> {
    const checked = this.checked(input);
    return isLeft(checked) ? checked : projectedOf(checked.right);
  }

  subscription(
    input: Omit<SubscriptionUsage, 'aggregates'>,
  ): Either<FeecastError, PreparedSubscription> {
    const checked = this.checked(input);
    if (isLeft(checked)) return checked;
    const { read, context, compiled } = checked.right;
    const aggregations = usageAggregationsOf(read, context, compiled);
    return isLeft(aggregations)
      ? aggregations
      : right(new SubscriptionPart(checked.right, aggregations.right));
  }
}

/**
 * The usage operations of one plan for many subscriptions (feecast's pushdown of every
 * subscription's usage): the plan and its billable metrics are read and checked, and its
 * charges compiled, once; each subscription's `aggregations`, `current` and `projected` read
 * and check only its own part (customer, subscription, taxes, `now`) and price its metrics'
 * states. Each gives exactly what `usageAggregations`, `currentUsage` and `projectedUsage` give
 * for the whole input with `events: []` and the same states, errors included (a plan the engine
 * refuses is refused where those operations refuse it, after the subscription's checks);
 * `subscription` reads and checks the part once for its aggregations and then its usage from
 * their states. A `Left` only when `context` is not an object.
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
