import {
  type Charge,
  CustomerProjectedUsageResponse,
  CustomerUsageResponse,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { driveSync } from '../aggregation/index';
import { extended, type FeecastError, feecastError, isRecord } from '../core/index';
import { type ChargeFee, type CompiledPlanCharges, compilePlanCharges } from '../fees/index';
import type { UsageInput } from './inputs';
import {
  type CheckedContext,
  type PlanContext,
  type ReadOperation,
  readPlanContext,
} from './operation-context';
import { operationTaxSources } from './tax-sources';
import { type UsageAggregations, usageAggregationsOf } from './usage-aggregations';
import { chargeEntries, type Figures, type UsageKind } from './usage-entries';
import {
  checkUsageContext,
  feeRows,
  type UsageAhead,
  usageBody,
  usageChargeFees,
} from './usage-report';
import type { ChargeRows } from './usage-rows';
import { untaxedFees } from './usage-taxes';
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
  /**
   * Prices ahead the charges of the metric `code` from `state`, the object that `current`
   * (with `kind: 'projected'`, `projected`) will be given for that code: that call then prices
   * only the other metrics (a caller that gets the metrics' states one after another prices
   * each while it waits for the next). The answers are the same, errors included: a metric
   * given another object, or whose pricing ahead was refused, is priced again with the
   * others, and a plan whose charges cannot be priced metric by metric (two charges with one
   * id, two metrics with one code) is priced whole. Always a `Right`.
   */
  priceAhead(code: string, state: unknown, kind?: UsageKind): Either<FeecastError, void>;
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

/** The charges of one billable metric of a compiled plan. */
type MetricCharges = CompiledPlanCharges['metrics'][number];

/** A subscription's part checked against the prepared plan, with the plan's charges compiled. */
interface CheckedSubscription {
  readonly read: ReadOperation & Pick<UsageInput, 'aggregates' | 'pricingUnits' | 'applyTaxes'>;
  readonly context: CheckedContext;
  readonly compiled: CompiledPlanCharges;
  /**
   * The plan's metrics by code when its charges can be priced metric by metric (each charge
   * with an id of its own, each metric with a code of its own), else `undefined`.
   */
  readonly separable: ReadonlyMap<string, MetricCharges> | undefined;
}

/** The usage body of a checked part, priced from its states (`aggregates` when given). */
function bodyOf(
  checked: CheckedSubscription,
  aggregates: UsageInput['aggregates'],
  kind: UsageKind,
  ahead?: UsageAhead,
) {
  const { read, context, compiled } = checked;
  const input = aggregates === undefined ? read : extended(read, { aggregates });
  return driveSync(usageBody(input, context, [], kind, compiled, ahead));
}

/** `currentUsage`'s answer for a checked part (with `ahead`, its fees already priced). */
function currentOf(
  checked: CheckedSubscription,
  aggregates?: UsageInput['aggregates'],
  ahead?: UsageAhead,
): Either<FeecastError, CustomerUsageResponse> {
  const body = bodyOf(checked, aggregates, 'current', ahead);
  return isLeft(body) ? body : wireBody(CustomerUsageResponse, { customer_usage: body.right });
}

/** `projectedUsage`'s answer for a checked part (with `ahead`, its fees already priced). */
function projectedOf(
  checked: CheckedSubscription,
  aggregates?: UsageInput['aggregates'],
  ahead?: UsageAhead,
): Either<FeecastError, CustomerProjectedUsageResponse> {
  const body = bodyOf(checked, aggregates, 'projected', ahead);
  return isLeft(body)
    ? body
    : wireBody(CustomerProjectedUsageResponse, { customer_projected_usage: body.right });
}

/**
 * The plan's metrics by code when its charges can be priced metric by metric and put back in
 * the plan's order by charge id: each charge has an id of its own and each metric a code of
 * its own; else `undefined`.
 */
function separableMetrics(
  plan: CheckedSubscription['read']['plan'],
  compiled: CompiledPlanCharges,
): ReadonlyMap<string, MetricCharges> | undefined {
  const ids = new Set<string>();
  for (const charge of plan.charges) {
    if (typeof charge.svc_id !== 'string' || ids.has(charge.svc_id)) return undefined;
    ids.add(charge.svc_id);
  }
  const byCode = new Map<string, MetricCharges>();
  for (const entry of compiled.metrics) {
    if (byCode.has(entry.metric.code)) return undefined;
    byCode.set(entry.metric.code, entry);
  }
  return byCode;
}

/**
 * A metric's charges priced ahead: from which state, for which kind of usage, their fees, and
 * their rows, entries and tax checks (`undefined`: not built, or already given to a usage,
 * whose answer holds the entries: the next usage builds its own).
 */
interface PricedAhead {
  readonly state: unknown;
  readonly kind: UsageKind;
  readonly fees: Either<FeecastError, ChargeFee[]>;
  built: Built | undefined;
}

/** Some charges' rows, their usage entries by their rows, and their fees if found untaxed. */
interface Built {
  readonly rows: readonly ChargeRows[];
  readonly entries: ReadonlyMap<ChargeRows, Figures>;
  readonly untaxed: ReadonlySet<ChargeFee> | undefined;
}

/** One subscription's part of a prepared plan, checked once (see {@link PreparedSubscription}). */
class SubscriptionPart implements PreparedSubscription {
  /** The metrics priced ahead, by code. */
  private readonly ahead = new Map<string, PricedAhead>();

  constructor(
    private readonly checked: CheckedSubscription,
    readonly aggregations: UsageAggregations,
  ) {}

  current(
    aggregates: Readonly<Record<string, unknown>>,
  ): Either<FeecastError, CustomerUsageResponse> {
    return currentOf(this.checked, aggregates, this.aheadOf(aggregates, 'current'));
  }

  projected(
    aggregates: Readonly<Record<string, unknown>>,
  ): Either<FeecastError, CustomerProjectedUsageResponse> {
    return projectedOf(this.checked, aggregates, this.aheadOf(aggregates, 'projected'));
  }

  priceAhead(
    code: string,
    state: unknown,
    kind: UsageKind = 'current',
  ): Either<FeecastError, void> {
    const entry = this.checked.separable?.get(code);
    if (entry !== undefined) {
      const fees = this.feesOf([entry], [[code, state]], kind);
      const built = isLeft(fees) ? undefined : this.builtOf(entry, fees.right, kind);
      this.ahead.set(code, { state, kind, fees, built });
    }
    return right(undefined);
  }

  /**
   * The rows and entries of `entry`'s charges from their fees, as the usage builds them, and
   * the fees if found untaxed (`untaxedFees`); `undefined` when a row or entry cannot be
   * built (the usage then builds it, and answers its error).
   */
  private builtOf(
    entry: MetricCharges,
    fees: readonly ChargeFee[],
    kind: UsageKind,
  ): Built | undefined {
    const { read, context, compiled } = this.checked;
    const rows = feeRows(read, context, fees, { compiled, only: new Set(entry.order) });
    if (isLeft(rows)) return undefined;
    const entries = chargeEntries(rows.right, context.currency, kind);
    if (entries === undefined) return undefined;
    return { rows: rows.right, entries, untaxed: untaxedFees(fees, operationTaxSources(read)) };
  }

  /** The fees of `metrics`' charges (in the plan's charge order) from the given states. */
  private feesOf(
    metrics: readonly MetricCharges[],
    states: readonly (readonly [string, unknown])[],
    kind: UsageKind,
  ): Either<FeecastError, ChargeFee[]> {
    const { read, context, compiled } = this.checked;
    // Own properties whatever the code (`Object.fromEntries` sets no prototype).
    const aggregates = Object.fromEntries(states);
    return driveSync(
      usageChargeFees(extended(read, { aggregates }), context, [], kind, {
        currency: compiled.currency,
        metrics,
      }),
    );
  }

  /**
   * The fees of every charge, in the plan's charge order, for `aggregates`: those of the
   * metrics priced ahead from the same states, the others priced now; with the rows and
   * entries built ahead for those metrics' charges. `undefined` when none was priced ahead,
   * or when a pricing was refused or the states are not all the plan's metrics' (the whole
   * pricing then answers, with its own error).
   */
  private aheadOf(aggregates: unknown, kind: UsageKind): UsageAhead | undefined {
    const byCode = this.checked.separable;
    if (byCode === undefined || this.ahead.size === 0 || !isRecord(aggregates)) return undefined;
    for (const code of Object.keys(aggregates)) if (!byCode.has(code)) return undefined;
    const parts: ChargeFee[][] = [];
    const again: MetricCharges[] = [];
    const states: [string, unknown][] = [];
    const built: Built[] = [];
    for (const entry of this.checked.compiled.metrics) {
      const { code } = entry.metric;
      const given = Object.hasOwn(aggregates, code);
      const found = this.ahead.get(code);
      if (found !== undefined && given && found.kind === kind && found.state === aggregates[code]) {
        if (isLeft(found.fees)) return undefined;
        parts.push(found.fees.right);
        if (found.built !== undefined) built.push(found.built);
        continue;
      }
      again.push(entry);
      if (given) states.push([code, aggregates[code]]);
    }
    if (again.length > 0) {
      const rest = this.feesOf(again, states, kind);
      if (isLeft(rest)) return undefined;
      parts.push(rest.right);
    }
    // Back in the plan's charge order, by each fee's charge id (each charge's own).
    const byCharge = new Map<string, ChargeFee[]>();
    let count = 0;
    for (const part of parts) {
      for (const fee of part) {
        const id = fee.svc_charge_id;
        if (typeof id !== 'string') return undefined;
        const found = byCharge.get(id);
        if (found === undefined) byCharge.set(id, [fee]);
        else found.push(fee);
        count++;
      }
    }
    const fees: ChargeFee[] = [];
    for (const charge of this.checked.read.plan.charges) {
      for (const fee of byCharge.get(charge.svc_id) ?? []) fees.push(fee);
    }
    if (fees.length !== count) return undefined;
    const rows = new Map<Charge, ChargeRows>();
    const entries = new Map<ChargeRows, Figures>();
    const untaxed = new Set<ChargeFee>();
    for (const part of built) {
      for (const fee of part.untaxed ?? []) untaxed.add(fee);
      for (const charge of part.rows) {
        rows.set(charge.charge, charge);
        const entry = part.entries.get(charge);
        if (entry !== undefined) entries.set(charge, entry);
      }
    }
    // Each usage answered gets entries of its own.
    for (const found of this.ahead.values()) found.built = undefined;
    return { fees, rows, entries, untaxed };
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

  /** {@link separableMetrics} of the plan, found once (`null`: not yet). */
  private metricsByCode: ReadonlyMap<string, MetricCharges> | undefined | null = null;

  private separable(): ReadonlyMap<string, MetricCharges> | undefined {
    if (this.metricsByCode === null) {
      this.metricsByCode =
        isLeft(this.planned) || isLeft(this.compiled)
          ? undefined
          : separableMetrics(this.planned.right.plan, this.compiled.right);
    }
    return this.metricsByCode;
  }

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
    // Written out, not spread: each part then shares one hidden class (see usage-entries.ts).
    return right({
      read: checked.right.read,
      context: checked.right.context,
      compiled: this.compiled.right,
      separable: this.separable(),
    });
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
