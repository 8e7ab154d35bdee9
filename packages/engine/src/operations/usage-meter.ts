import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { driveSync } from '../aggregation/index';
import {
  extended,
  type FeecastError,
  feecastError,
  isIterableObject,
  isRecord,
  roundCents,
  sameData,
  sum,
} from '../core/index';
import { type ChargeFee, type CompiledPlanCharges, compilePlanCharges } from '../fees/index';
import { createContextCache } from './context-cache';
import type { OperationContext, OperationEvent, UsageInput } from './inputs';
import {
  type CheckedContext,
  type ReadContext,
  type ReadOperation,
  readOperationContext,
} from './operation-context';
import { byMetricName } from './usage-entries';
import {
  otherCustomer,
  type UsageFees,
  usageActivity,
  usageAmount,
  usageChargeFees,
  usageFees,
} from './usage-report';
import { type ChargeRows, usageRows } from './usage-rows';
import type { TaxedFees } from './usage-taxes';

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

/**
 * The current usage amounts of one subscription, read again and again. A reading is read as
 * it is given, not copied: the meter keeps each metric's state and events to price again only
 * the metrics whose state changed, comparing the next reading's by identity first (the same
 * object is the same state) and by content only when the identity changed. So give each new
 * state as a new object (an accumulator's `state()` is one), and never change in place a state
 * or events already given.
 */
export interface UsageMeter {
  /** The amounts `currentUsage` gives for this reading: the same figures, errors included. */
  amounts(reading: UsageMeterReading): Either<FeecastError, UsageAmounts>;
}

/** One charge of a metric priced: its fees, its rows and its amount (`charges_usage`'s). */
interface PricedCharge {
  /** The charge's place in the plan. */
  readonly at: number;
  readonly fees: readonly ChargeFee[];
  readonly rows: ChargeRows;
  readonly amount: number;
}

/**
 * A metric's charges as last priced, and what they were priced from: the period (by identity:
 * a context of the same local day shares it), the metric's given state and its given events
 * (`sameData`: by identity, else by content).
 */
interface PricedMetric {
  readonly period: CheckedContext['period'];
  readonly currency: string;
  readonly timezone: string | null;
  readonly state: unknown;
  readonly events: readonly unknown[];
  readonly charges: readonly PricedCharge[];
}

const NO_EVENTS: readonly unknown[] = [];
/** A metric given no state (its events only). */
const NO_STATE: unique symbol = Symbol('no state');

/** The places of `rows` in `byMetricName`'s order (the order of `charges_usage`). */
function metricNameOrder(rows: readonly ChargeRows[]): number[] {
  const places = new Map(rows.map((row, at) => [row, at]));
  return byMetricName(rows).map((row) => places.get(row) ?? 0);
}

/** The meter of one context: checked, its period and compiled charges kept between readings. */
class PreparedMeter implements UsageMeter {
  private readonly contextAt: (now: unknown) => Either<FeecastError, CheckedContext>;
  /** The subscription given for another customer: checked, as `currentUsage` does, after the period. */
  private readonly foreign: FeecastError | undefined;
  private compiled:
    | {
        readonly currency: string;
        readonly charges: CompiledPlanCharges;
        /** The codes of the charges' metrics. */
        readonly codes: ReadonlySet<string>;
      }
    | undefined;
  /**
   * Each metric's charges as last priced, by metric code, so that a reading prices again only
   * the metrics whose state (or events, or period) changed; `undefined` when the plan's
   * charges cannot be priced metric by metric (two charges with one id, two metrics with one
   * code: every reading then prices them all, as `currentUsage` does, errors included).
   */
  private priced: Map<string, PricedMetric> | undefined;
  /** The kept fees with their taxes (the meter's tax sources are fixed): taxed once each. */
  private readonly taxed: TaxedFees = new WeakMap();
  /**
   * The input of the usage stages with and without taxes (`applyTaxes` false), made once: a
   * reading adds only its states, and only to the stage that prices them.
   */
  private readonly taxedInput: ReadOperation & Pick<UsageInput, 'applyTaxes'>;
  private readonly untaxedInput: ReadOperation & Pick<UsageInput, 'applyTaxes'>;
  /** Each charge of the plan alone in it, by its place (what its rows are read from). */
  private readonly alone = new Map<number, ReadContext['plan']>();
  /**
   * The places of the plan's charges in `charges_usage`'s order (by metric name), once the
   * charges were priced metric by metric: the metric of each place never changes.
   */
  private order: readonly number[] | undefined;

  constructor(private readonly read: UsageMeterContext & ReadContext) {
    this.contextAt = createContextCache(read, usageActivity(read));
    this.foreign = otherCustomer(read);
    this.taxedInput = extended(read, { applyTaxes: null });
    this.untaxedInput = extended(read, { applyTaxes: false });
  }

  private compiledFor(
    currency: string,
  ): Either<
    FeecastError,
    { readonly charges: CompiledPlanCharges; readonly codes: ReadonlySet<string> }
  > {
    if (this.compiled?.currency === currency) return right(this.compiled);
    const { plan, billableMetrics } = this.read;
    const pricingUnits = this.read.pricingUnits ?? undefined;
    const charges = compilePlanCharges({
      plan,
      billableMetrics,
      currency,
      ...(pricingUnits === undefined ? {} : { pricing_units: pricingUnits }),
    });
    if (isLeft(charges)) return charges;
    const codes = new Set(charges.right.metrics.map((entry) => entry.metric.code));
    this.compiled = { currency, charges: charges.right, codes };
    this.order = undefined;
    const ids = new Set(plan.charges.map((charge) => charge.svc_id));
    const separable =
      ids.size === plan.charges.length && codes.size === charges.right.metrics.length;
    this.priced = separable ? new Map() : undefined;
    return right(this.compiled);
  }

  amounts(reading: UsageMeterReading): Either<FeecastError, UsageAmounts> {
    // Read as given (not copied at the boundary): its shape is checked here.
    if (!isRecord(reading)) {
      return left(feecastError('invalid_input', 'A reading must be an object with `now`.', []));
    }
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
    const aggregates = reading.aggregates ?? null;
    // `applyTaxes` is read as `false` or not (usageAmount): null stands for any other value.
    const input = reading.applyTaxes === false ? this.untaxedInput : this.taxedInput;
    const { currency } = context.right;
    const kept = this.byMetric(aggregates, context.right, events, compiled.right);
    let priced: UsageFees;
    const charges: UsageMeterCharge[] = [];
    if (kept !== undefined) {
      priced = kept.priced;
      for (const at of kept.order) {
        const charge = kept.placed[at];
        if (charge === undefined) continue;
        charges.push({
          billable_metric_code: charge.rows.metric.code,
          amount_currency: currency,
          amount_cents: charge.amount,
        });
      }
    } else {
      const all = driveSync(
        usageFees(
          extended(input, { aggregates }),
          context.right,
          events,
          'current',
          compiled.right.charges,
        ),
      );
      if (isLeft(all)) return all;
      priced = all.right;
      for (const charge of byMetricName(priced.charges)) {
        const path = ['charges_usage', String(charges.length), 'amount_cents'];
        const amount = roundCents(sum(charge.rows.map((row) => row.amount)), currency, path);
        if (isLeft(amount)) return amount;
        charges.push({
          billable_metric_code: charge.metric.code,
          amount_currency: currency,
          amount_cents: amount.right,
        });
      }
    }
    const amounts = usageAmount(input, context.right, priced, this.taxed);
    if (isLeft(amounts)) return amounts;
    return right({
      from_datetime: context.right.period.charges_from_datetime,
      amount_cents: amounts.right.amount,
      taxes_amount_cents: amounts.right.taxes,
      charges,
    });
  }

  /**
   * The fees and rows of every charge, and each charge's amount, the metrics whose state,
   * events and period are those of their last pricing kept and the others priced again (in
   * one pass over `events`, their places in it kept); `undefined` when this reading cannot be
   * priced metric by metric or a stage refuses it: the caller then prices every charge, which
   * gives the same figures and answers the same error.
   */
  private byMetric(
    given: UsageMeterReading['aggregates'],
    context: CheckedContext,
    events: Iterable<OperationEvent>,
    {
      charges: compiled,
      codes,
    }: { readonly charges: CompiledPlanCharges; readonly codes: ReadonlySet<string> },
  ):
    | {
        readonly priced: UsageFees;
        /** Each charge priced, at its place in the plan. */
        readonly placed: readonly (PricedCharge | undefined)[];
        /** The places in `charges_usage`'s order. */
        readonly order: readonly number[];
      }
    | undefined {
    const kept = this.priced;
    // Another iterable (a generator, a batch) is read by the pass over every charge.
    if (kept === undefined || !Array.isArray(events)) return undefined;
    const input = this.read;
    const aggregates = given ?? {};
    if (typeof aggregates !== 'object' || Array.isArray(aggregates)) return undefined;
    for (const code of Object.keys(aggregates)) if (!codes.has(code)) return undefined;
    // The events, read once, each metric's own by its code (what its pass would read).
    const list: readonly OperationEvent[] = events;
    const own = new Map<string, unknown[]>();
    for (const event of list) {
      const code = typeof event === 'object' && event !== null ? event.code : undefined;
      if (typeof code !== 'string') continue;
      const found = own.get(code);
      if (found === undefined) own.set(code, [event]);
      else found.push(event);
    }
    const { period, currency, timezone } = context;
    const again: CompiledPlanCharges['metrics'][number][] = [];
    const states: Record<string, unknown> = {};
    for (const entry of compiled.metrics) {
      const { code } = entry.metric;
      const given = Object.hasOwn(aggregates, code);
      const state = given ? aggregates[code] : NO_STATE;
      const last = kept.get(code);
      const same =
        last !== undefined &&
        last.period === period &&
        last.currency === currency &&
        last.timezone === timezone &&
        sameData(last.state, state) &&
        sameData(last.events, own.get(code) ?? NO_EVENTS);
      if (same) continue;
      again.push(entry);
      if (given) states[code] = state;
    }
    if (again.length > 0) {
      const fees = driveSync(
        usageChargeFees(extended(input, { aggregates: states }), context, list, 'current', {
          currency: compiled.currency,
          metrics: again,
        }),
      );
      if (isLeft(fees)) return undefined;
      const byCharge = new Map<string, ChargeFee[]>();
      for (const fee of fees.right) {
        const id = fee.svc_charge_id ?? '';
        const found = byCharge.get(id);
        if (found === undefined) byCharge.set(id, [fee]);
        else found.push(fee);
      }
      const elapsed = period.elapsed_days === period.days;
      const pricingUnits = input.pricingUnits ?? undefined;
      const made = new Map<string, PricedMetric>();
      for (const entry of again) {
        const charges: PricedCharge[] = [];
        for (const at of entry.order) {
          const charge = input.plan.charges[at];
          if (charge === undefined) return undefined;
          const chargeFees = byCharge.get(charge.svc_id) ?? [];
          let alone = this.alone.get(at);
          if (alone === undefined) {
            alone = { ...input.plan, charges: [charge] };
            this.alone.set(at, alone);
          }
          const rows = usageRows(alone, input.billableMetrics, chargeFees, {
            pricingUnits,
            elapsed,
          });
          if (isLeft(rows)) return undefined;
          const [only] = rows.right;
          if (only === undefined) return undefined;
          const amount = roundCents(sum(only.rows.map((row) => row.amount)), currency, []);
          if (isLeft(amount)) return undefined;
          charges.push({ at, fees: chargeFees, rows: only, amount: amount.right });
        }
        const { code } = entry.metric;
        made.set(code, {
          period,
          currency,
          timezone,
          state: Object.hasOwn(states, code) ? states[code] : NO_STATE,
          events: own.get(code) ?? NO_EVENTS,
          charges,
        });
      }
      for (const [code, metric] of made) kept.set(code, metric);
    }
    const placed: (PricedCharge | undefined)[] = new Array(input.plan.charges.length);
    for (const entry of compiled.metrics) {
      for (const charge of kept.get(entry.metric.code)?.charges ?? []) placed[charge.at] = charge;
    }
    const fees: ChargeFee[] = [];
    const rows: ChargeRows[] = [];
    for (const charge of placed) {
      if (charge === undefined) return undefined;
      for (const fee of charge.fees) fees.push(fee);
      rows.push(charge.rows);
    }
    this.order ??= metricNameOrder(rows);
    return { priced: { fees, charges: rows }, placed, order: this.order };
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
