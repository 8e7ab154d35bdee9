import type { EstimateFeesResponse, Fee } from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  type CompiledMetric,
  type Fed,
  type Feeding,
  isAsyncEvents,
  type UsageEvent,
  type WithAsyncEvents,
} from '../aggregation/index';
import { type FeecastError, feecastError, isRecord, timestampInstant } from '../core/index';
import {
  type ChargeFee,
  type ChargeFeesMetric,
  chargeMetricIndex,
  checkMetricIn,
  createEventTally,
  type EventTally,
  type FeeContext,
  type FirstEventPricing,
  feeContext,
  firstEventFee,
  type InAdvanceReader,
  type InAdvanceRun,
  inAdvanceLines,
  type PreparedInAdvanceCharge,
  prepareFirstEvent,
  prepareInAdvanceChargeIn,
  spreadDecimals,
} from '../fees/index';
import {
  type FeeTaxSet,
  feeTaxesOfSet,
  feeTaxSet,
  type ResolvedTaxSources,
  resolveTaxSources,
  setFeeTaxes,
} from '../invoice/index';
import { createContextCache } from './context-cache';
import { estimateError } from './estimate-error';
import { checkEventTimestamp, pricedEvent } from './estimate-event';
import type { StoredEventsPass } from './estimate-stored-events';
import type { EstimatedEvent, OperationContext, OperationEvent } from './inputs';
import { type CheckedContext, type ReadOperation, readOperationContext } from './operation-context';
import {
  FULL_PRICING,
  type PricingPart,
  type PricingTables,
  readPricingParts,
} from './pricing-parts';
import { subscriptionEvent } from './subscription-events';
import { operationTaxSources } from './tax-sources';

/** The transaction id of an estimated event sent without one (it is never stored). */
export const ESTIMATE_TRANSACTION_ID = 'feecast-estimate';

/**
 * What an estimator is prepared for: `estimateFees`' input without the event, the stored
 * events and `now` (customer, subscription, plan with its overrides applied, billable metrics,
 * taxes, pricing units).
 */
export type EstimatorContext = Omit<OperationContext, 'now'>;

/** One estimate asked of an estimator: the rest of `estimateFees`' input. */
export interface EstimateRequest {
  readonly event: EstimatedEvent;
  /** The events already stored (any iterable, read once), as in `estimateFees`. Default: none. */
  readonly events?: Iterable<OperationEvent> | null;
  /** The instant the estimate runs at (ISO 8601). */
  readonly now: string;
}

/**
 * `estimateFees` for one prepared context, as many times as needed: the estimator of
 * {@link createPreviewEstimator}. An {@link Estimator} also estimates sets of events.
 */
export interface PreviewEstimator {
  /**
   * {@link estimateFees} of a request whose stored events are given asynchronously (an
   * `AsyncIterable` or a `ReadableStream`): the same fees as a `Promise`, the stream read once.
   */
  estimateFees(
    request: WithAsyncEvents<EstimateRequest>,
  ): Promise<Either<FeecastError, EstimateFeesResponse>>;
  /**
   * The fees the event would bring if it were sent at `now`: exactly what `estimateFees` gives
   * for the prepared context and this request.
   */
  estimateFees(request: EstimateRequest): Either<FeecastError, EstimateFeesResponse>;
}

/** A metric's pay-in-advance charges, checked once, and where they sit in the input. */
export interface MetricCharges {
  readonly index: number;
  readonly metric: ChargeFeesMetric;
  readonly compiled: Either<FeecastError, CompiledMetric>;
  readonly charges: readonly {
    readonly at: number;
    readonly prepared: Either<FeecastError, PreparedInAdvanceCharge>;
    /** How the charge prices a period's first event without a pass, when it can. */
    readonly first: FirstEventPricing | undefined;
  }[];
}

/** What an estimator keeps of a period: its fee context and each charge's prepared run. */
export interface PeriodEntry {
  readonly period: CheckedContext['period'];
  readonly fee: FeeContext;
  /** The charges period's first and last instants (milliseconds). */
  readonly window: { readonly fromMs: number; readonly toMs: number };
  /** Each charge's run with its pass prepared, by the charge's index in the plan. */
  readonly runs: Map<number, Either<FeecastError, InAdvanceRun>>;
  /** Each charge's tally of the stored events fed to it ({@link FedEstimator}), by its index. */
  readonly tallies: Map<number, FedTally>;
}

/** A charge's tally and the events it was fed: the first `count` of `events`. */
interface FedTally {
  readonly tally: EventTally;
  readonly events: readonly OperationEvent[];
  count: number;
}

/** One estimate asked of a {@link FedEstimator}. */
export interface FedEstimateRequest {
  readonly event: EstimatedEvent;
  /**
   * The stored events of the subscription (those of the event's metric suffice), in an array
   * that only grows from one call to the next: each call reads the events added since the last.
   * Another array starts the reading again.
   */
  readonly events: readonly OperationEvent[];
  readonly now: string;
}

/**
 * An estimator that keeps, per pay-in-advance charge, a tally of the stored events it was given
 * ({@link createFedEstimator}): feecast's server's, on `@feecast/engine/internal`.
 */
export interface FedEstimator {
  /** `estimateFees` of the request: the same answer, errors included. */
  estimateFees(request: FedEstimateRequest): Either<FeecastError, EstimateFeesResponse>;
}

/** One estimate's checked request: its event, context and metric, before its history. */
export interface PreparedEstimate {
  readonly event: EstimatedEvent;
  readonly context: CheckedContext;
  readonly found: MetricCharges;
  readonly compiled: CompiledMetric;
  /** The transaction id the priced event should get (it never clashes with a stored one). */
  readonly wanted: string;
}

/**
 * The error of a preview estimator without the `storedEvents` part asked for what only the pass
 * over stored events prices: `what`, then the fix.
 */
function needsStoredEvents(what: string, path: readonly string[]): FeecastError {
  return feecastError(
    'invalid_input',
    `${what}: pricing it needs the pass over stored events; add \`storedEvents\` to the parts of createPreviewEstimator.`,
    path,
  );
}

function subscriptionNotFound(message: string, path: readonly string[]): FeecastError {
  return feecastError('subscription_not_found', message, path);
}

/**
 * The checks of an estimate that read the request only (estimate-and-usage.md §2.2, first):
 * an event with a `code`, naming the subscription when it names one.
 *
 * @example
 * checkEstimateRequest({ event: { code: 'api_calls', external_subscription_id: 'sub_2' } }, 'sub_1')
 * // { code: 'subscription_not_found', path: ['event', 'external_subscription_id'], ... }
 * @internal
 */
export function checkEstimateRequest(
  request: unknown,
  externalId: unknown,
): FeecastError | undefined {
  if (!isRecord(request) || !isRecord(request.event)) {
    return feecastError(
      'invalid_input',
      'estimateFees needs { event, customer, subscription, plan, billableMetrics, now }.',
      ['event'],
    );
  }
  const event: EstimatedEvent = request.event as unknown as EstimatedEvent;
  if (typeof event.code !== 'string' || event.code === '') {
    return feecastError('invalid_input', 'event.code must be the code of a billable metric.', [
      'event',
      'code',
    ]);
  }
  const named = event.external_subscription_id;
  if (named !== undefined && named !== null && named !== externalId) {
    return subscriptionNotFound(
      `No subscription with external_subscription_id ${JSON.stringify(named)}: the subscription given is ${JSON.stringify(externalId)}.`,
      ['event', 'external_subscription_id'],
    );
  }
  return undefined;
}

/**
 * The estimator of a context whose shape is checked: one estimate at a time. Its subclasses
 * add the sets of estimates (`createEstimator`'s) and the tallies (`createFedEstimator`'s),
 * each in its own class so that a bundle of the others does not hold them (bench/README.md,
 * "browser bundle size").
 * @internal
 */
export class PreparedEstimator implements PreviewEstimator {
  private readonly at: (now: unknown) => Either<FeecastError, CheckedContext>;
  /** By metric code; only codes of listed metrics, so unknown codes cannot grow it. */
  private readonly metrics = new Map<string, MetricCharges>();
  private taxes: Either<FeecastError, ResolvedTaxSources> | undefined;
  /**
   * Each charge's tax set (by the charge's index in the plan), found for its first fee: every fee
   * of a charge has the same item, charge, subscription and tax codes, all the set reads.
   */
  private readonly taxSets = new Map<number, Either<FeecastError, FeeTaxSet>>();
  /** The last periods' fee contexts and charge passes (one period in practice). */
  private periods: PeriodEntry[] = [];

  constructor(
    protected readonly input: ReadOperation,
    private readonly pricing: PricingTables,
  ) {
    const externalId = input.subscription.external_id;
    this.at = createContextCache(input, {
      status: 'started',
      error: (inactive) =>
        subscriptionNotFound(
          `Subscription ${JSON.stringify(externalId)} ${inactive.reason}: an estimate needs a subscription that has started and is not terminated at now.`,
          ['subscription', inactive.field],
        ),
    });
  }

  /** The metric of `code` and its pay-in-advance charges, checked the first time it is asked. */
  private metricCharges(code: string): MetricCharges | undefined {
    const known = this.metrics.get(code);
    if (known !== undefined) return known;
    const { billableMetrics, plan } = this.input;
    const index = billableMetrics.findIndex((metric) => isRecord(metric) && metric.code === code);
    const metric = billableMetrics[index];
    const pricingUnits = this.input.pricingUnits ?? undefined;
    if (metric === undefined) return undefined;
    const compiled = checkMetricIn(this.pricing.language, metric, [
      'billableMetrics',
      String(index),
    ]);
    const found = {
      index,
      metric,
      compiled,
      // The metric is compiled once, for all of its charges.
      charges: isLeft(compiled)
        ? []
        : plan.charges.flatMap((charge, at) => {
            if (!isRecord(charge) || charge.pay_in_advance !== true) return [];
            const own = chargeMetricIndex(charge, billableMetrics, ['plan', 'charges', String(at)]);
            if (isLeft(own)) {
              // A charge that names this metric by code or id, but whose code and id
              // disagree, is an error, not a silent choice of one of them.
              const names =
                charge.billable_metric_code === code ||
                charge.svc_billable_metric_id === metric.svc_id;
              return names ? [{ at, prepared: own, first: undefined }] : [];
            }
            if (own.right.index !== index) return [];
            const prepared = prepareInAdvanceChargeIn(
              this.pricing.models,
              charge,
              metric,
              pricingUnits,
              compiled.right,
            );
            const first = isLeft(prepared)
              ? undefined
              : prepareFirstEvent(prepared.right.setup, compiled.right);
            return [{ at, prepared, first }];
          }),
    };
    this.metrics.set(code, found);
    return found;
  }

  /** The fee context and prepared passes of a period (the last few periods are kept). */
  protected periodOf(context: CheckedContext): PeriodEntry {
    const known = this.periods.find((entry) => entry.period === context.period);
    if (known !== undefined) return known;
    const fromMs = timestampInstant(context.period.charges_from_datetime);
    const toMs = timestampInstant(context.period.charges_to_datetime);
    const entry: PeriodEntry = {
      period: context.period,
      // No instant is in a period whose bounds do not read (the pass then says why).
      window:
        fromMs === undefined || toMs === undefined
          ? { fromMs: Number.POSITIVE_INFINITY, toMs: Number.NEGATIVE_INFINITY }
          : { fromMs, toMs },
      fee: feeContext({
        period: context.period,
        currency: context.currency,
        timezone: context.timezone,
        subscription: this.input.subscription,
        customer: this.input.customer,
        purpose: 'usage',
      }),
      runs: new Map(),
      tallies: new Map(),
    };
    this.periods = [entry, ...this.periods.slice(0, 3)];
    return entry;
  }

  /** A charge's run for the period, its pass prepared once per period. */
  protected runOf(
    entry: PeriodEntry,
    at: number,
    prepared: PreparedInAdvanceCharge,
  ): Either<FeecastError, InAdvanceRun> {
    let run = entry.runs.get(at);
    if (run === undefined) {
      const plain = {
        metric: prepared.metric,
        compiled: prepared.compiled,
        setup: prepared.setup,
        context: entry.fee,
      };
      // Without the pass (a preview without `storedEvents`), the run prices first events only.
      const pass = this.pricing.events;
      const start = pass === undefined ? right(undefined) : pass.prepare(plain);
      run = isLeft(start)
        ? start
        : right({ ...plain, start: start.right, lines: inAdvanceLines(plain) });
      entry.runs.set(at, run);
    }
    return run;
  }

  /** A reader of the stored events for each charge that can read them (by the charge's place). */
  private readersOf(
    pass: StoredEventsPass,
    entry: PeriodEntry,
    charges: MetricCharges['charges'],
  ): (InAdvanceReader | undefined)[] {
    return charges.map(({ at, prepared }) => {
      if (isLeft(prepared)) return undefined;
      const run = this.runOf(entry, at, prepared.right);
      if (isLeft(run)) return undefined;
      const reader = pass.reader(run.right, false);
      return isLeft(reader) ? undefined : reader.right;
    });
  }

  /**
   * The fee of the event for one charge, after the stored events its `reader` read; with no
   * event of the metric before it (no reader), priced straight from the event when the charge
   * can be (`firstEventFee`: the same fee, without a pass); else, without the pass (a preview
   * without `storedEvents`), an error that names the part.
   */
  private chargeFee(
    entry: PeriodEntry,
    charge: MetricCharges['charges'][number],
    prepared: PreparedInAdvanceCharge,
    reader: InAdvanceReader | undefined,
    event: UsageEvent,
    timeMs: number,
  ): Either<FeecastError, ChargeFee> {
    const run = this.runOf(entry, charge.at, prepared);
    if (isLeft(run)) return run;
    const pass = this.pricing.events;
    if (reader !== undefined && pass !== undefined) return pass.lastFee(reader, event);
    if (charge.first !== undefined) {
      const fee = firstEventFee(run.right, charge.first, event, timeMs, entry.window);
      if (fee !== undefined) return fee;
    }
    if (pass === undefined) {
      return left(
        needsStoredEvents(
          `The fee of charge ${JSON.stringify(prepared.setup.charge.svc_id)} is not priced from the event alone (its metric or model reads the period's events, or the event is outside the period or has no decimal value)`,
          ['charge'],
        ),
      );
    }
    const fresh = pass.reader(run.right, false);
    return isLeft(fresh) ? fresh : pass.lastFee(fresh.right, event);
  }

  estimateFees(
    request: WithAsyncEvents<EstimateRequest>,
  ): Promise<Either<FeecastError, EstimateFeesResponse>>;
  estimateFees(request: EstimateRequest): Either<FeecastError, EstimateFeesResponse>;
  estimateFees(
    request: EstimateRequest | WithAsyncEvents<EstimateRequest>,
  ):
    | Either<FeecastError, EstimateFeesResponse>
    | Promise<Either<FeecastError, EstimateFeesResponse>> {
    const pass = this.pricing.events;
    if (pass !== undefined) return pass.withEvents(request, (fed) => this.estimateSteps(pass, fed));
    const events = isRecord(request) ? request.events : undefined;
    if (
      events !== undefined &&
      events !== null &&
      !(Array.isArray(events) && events.length === 0)
    ) {
      const refused = left(needsStoredEvents('The request gives stored events', ['events']));
      return isAsyncEvents(events) ? Promise.resolve(refused) : refused;
    }
    return this.estimateFirst(request as EstimateRequest);
  }

  /** {@link estimateFees} without stored events and without the pass: each fee from the event alone. */
  private estimateFirst(request: EstimateRequest): Either<FeecastError, EstimateFeesResponse> {
    const prepared = this.prepare(request);
    if (isLeft(prepared)) return prepared;
    const { context } = prepared.right;
    const entry = this.periodOf(context);
    const priced = this.priced(prepared.right, prepared.right.wanted);
    if (isLeft(priced)) return priced;
    return this.finish(prepared.right, (charge, _k, ready) =>
      this.chargeFee(entry, charge, ready, undefined, priced.right, context.now),
    );
  }

  /**
   * The checks of one estimate that read the request, its context and its metric
   * (estimate-and-usage.md §2.2, in the reference's order), before any stored event is read.
   */
  protected prepare(request: {
    readonly event?: unknown;
    readonly now: unknown;
  }): Either<FeecastError, PreparedEstimate> {
    const problem = checkEstimateRequest(request, this.input.subscription.external_id);
    if (problem !== undefined) return left(problem);
    const event = request.event as EstimatedEvent;
    const context = this.at(request.now);
    if (isLeft(context)) return context;
    const timestamp = checkEventTimestamp(event);
    if (timestamp !== undefined) return left(timestamp);
    const found = this.metricCharges(event.code);
    if (found === undefined) {
      return left(
        feecastError(
          'unknown_billable_metric',
          `No billable metric has the code ${JSON.stringify(event.code)}: send the code of one of billableMetrics, or add the metric.`,
          ['event', 'code'],
        ),
      );
    }
    if (isLeft(found.compiled)) return found.compiled;
    const wanted =
      typeof event.transaction_id === 'string' && event.transaction_id !== ''
        ? event.transaction_id
        : ESTIMATE_TRANSACTION_ID;
    return right({ event, context: context.right, found, compiled: found.compiled.right, wanted });
  }

  /** The event priced (§2.5) with `transactionId`, checked to match a pay-in-advance charge. */
  protected priced(
    prepared: PreparedEstimate,
    transactionId: string,
  ): Either<FeecastError, UsageEvent> {
    const { subscription, plan } = this.input;
    const priced = pricedEvent(
      prepared.event,
      prepared.compiled,
      subscription.external_id,
      prepared.context.nowText,
      transactionId,
      this.pricing.language,
    );
    if (isLeft(priced)) return priced;
    if (prepared.found.charges.length === 0) {
      return left(
        feecastError(
          'does_not_match_an_instant_charge',
          `No pay-in-advance charge of plan ${JSON.stringify(plan.code)} is priced on "${prepared.found.metric.code}": only events of pay-in-advance charges can be estimated.`,
          ['event', 'code'],
        ),
      );
    }
    return priced;
  }

  /**
   * The estimate's response: each matching charge's fee (`feeOf`, by the charge's place among
   * the metric's), its errors in the estimate's terms, with the client's transaction id and
   * the taxes (§2.10).
   */
  protected finish(
    prepared: PreparedEstimate,
    feeOf: (
      charge: MetricCharges['charges'][number],
      k: number,
      ready: PreparedInAdvanceCharge,
    ) => Either<FeecastError, ChargeFee>,
  ): Either<FeecastError, EstimateFeesResponse> {
    const { event, found, compiled } = prepared;
    this.taxes ??= resolveTaxSources(operationTaxSources(this.input));
    const fees: Fee[] = [];
    for (const [k, charge] of found.charges.entries()) {
      const { at, prepared: ready } = charge;
      const fee = isLeft(ready) ? ready : feeOf(charge, k, ready.right);
      if (isLeft(fee)) {
        return left(
          estimateError(fee.left, {
            charge: ['plan', 'charges', String(at)],
            metric: ['billableMetrics', String(found.index)],
            field: compiled.fieldName,
          }),
        );
      }
      // The fee was built for this call, so its last fields are set in place, not copied.
      const own = fee.right;
      own.event_transaction_id = event.transaction_id ?? null;
      fees.push(own);
    }
    if (isLeft(this.taxes)) return this.taxes;
    const resolved = this.taxes.right;
    for (const [i, fee] of fees.entries()) {
      // A charge's fee is always at the same place `i` (its place among the metric's charges).
      const at = found.charges[i]?.at ?? -1;
      const taxed = feeTaxesOfSet(fee, i, () => {
        let set = this.taxSets.get(at);
        if (set === undefined) {
          set = feeTaxSet(fee, resolved, ['fees', String(i)]);
          this.taxSets.set(at, set);
        }
        return set;
      });
      if (isLeft(taxed)) return taxed;
      if (taxed.right.fields !== undefined) setFeeTaxes(fee, taxed.right.fields);
    }
    return right({ fees });
  }

  /** {@link estimateFees} as steps that read the stored events once (see `withEvents`). */
  private *estimateSteps(
    pass: StoredEventsPass,
    request: Fed<EstimateRequest>,
  ): Feeding<Either<FeecastError, EstimateFeesResponse>> {
    const prepared = this.prepare(request);
    if (isLeft(prepared)) return prepared;
    const { context, found } = prepared.right;
    const entry = this.periodOf(context);
    // The stored events are read once, by every in-advance charge of the metric at a time.
    let readers: (InAdvanceReader | undefined)[] | undefined;
    const history = yield* pass.history(
      request.events,
      {
        externalSubscriptionId: this.input.subscription.external_id,
        code: found.metric.code,
        now: context.now,
        wanted: prepared.right.wanted,
      },
      (stored) => {
        readers ??= this.readersOf(pass, entry, found.charges);
        for (const reader of readers) reader?.add(stored);
      },
    );
    if (isLeft(history)) return history;
    const priced = this.priced(prepared.right, history.right.transactionId);
    if (isLeft(priced)) return priced;
    return this.finish(prepared.right, (charge, k, ready) =>
      this.chargeFee(entry, charge, ready, readers?.[k], priced.right, context.now),
    );
  }
}

/**
 * The estimator of {@link createFedEstimator}: a {@link PreparedEstimator} that keeps each
 * charge's tally of the stored events. A class of its own, so that a bundle of the other
 * estimators does not hold the tallies (bench/README.md, "browser bundle size").
 */
class FedPreparedEstimator extends PreparedEstimator {
  /**
   * Each charge's last answered fee (by the charge's index in the plan): the tally's fee it was
   * made from and the fee as answered, taxes included. A tally gives the same fee object again
   * while the figures it read are the same, and the fee's taxes read that fee only.
   */
  private readonly answered = new Map<number, { readonly from: ChargeFee; readonly fee: Fee }>();

  /**
   * {@link FedEstimator.estimateFees}: from each charge's tally of `events` when every charge
   * of the metric has one that can price the event, else as `estimateFees` (which also gives
   * every error: the tallies only ever answer a fee). A tally's fee answered before is
   * answered again, a copy with this event's transaction id.
   */
  estimateFed(request: FedEstimateRequest): Either<FeecastError, EstimateFeesResponse> {
    const prepared = this.prepare(request);
    const fees = isLeft(prepared) ? undefined : this.tallyFees(prepared.right, request.events);
    if (isLeft(prepared) || fees === undefined) return this.estimateFees(request);
    const { found, event } = prepared.right;
    const again = this.answeredAgain(found, fees, event.transaction_id ?? null);
    if (again !== undefined) return right({ fees: again });
    // A tally's fee may be given again: the answer's fee is a copy, set in place by `finish`.
    const answer = this.finish(prepared.right, (_charge, k) => {
      const fee = fees[k] as Either<FeecastError, ChargeFee>;
      return isLeft(fee) ? fee : right(spreadDecimals({ ...fee.right }, fee.right));
    });
    if (isRight(answer)) {
      for (const [k, charge] of found.charges.entries()) {
        const from = fees[k];
        const fee = answer.right.fees[k];
        if (from !== undefined && isRight(from) && fee !== undefined) {
          this.answered.set(charge.at, { from: from.right, fee: { ...fee } });
        }
      }
    }
    return answer;
  }

  /**
   * The fees answered before for these tally fees (each charge's the same object as last
   * time), copied with `transactionId`; `undefined` when a charge's fee is another.
   */
  private answeredAgain(
    found: MetricCharges,
    fees: readonly Either<FeecastError, ChargeFee>[],
    transactionId: string | null,
  ): Fee[] | undefined {
    const again: Fee[] = [];
    for (const [k, charge] of found.charges.entries()) {
      const fee = fees[k];
      const kept = this.answered.get(charge.at);
      if (fee === undefined || isLeft(fee) || kept === undefined || kept.from !== fee.right) {
        return undefined;
      }
      again.push({ ...kept.fee, event_transaction_id: transactionId });
    }
    return again;
  }

  /** The fee of each charge of the estimate's metric from its tally, or `undefined`. */
  private tallyFees(
    prepared: PreparedEstimate,
    events: readonly OperationEvent[],
  ): Either<FeecastError, ChargeFee>[] | undefined {
    const { context, found, compiled } = prepared;
    if (found.charges.length === 0 || !Array.isArray(events)) return undefined;
    const priced = this.priced(prepared, prepared.wanted);
    if (isLeft(priced)) return undefined;
    const entry = this.periodOf(context);
    const externalId = this.input.subscription.external_id;
    const fees: Either<FeecastError, ChargeFee>[] = [];
    for (const { at, prepared: ready } of found.charges) {
      if (isLeft(ready)) return undefined;
      const run = this.runOf(entry, at, ready.right);
      if (isLeft(run)) return undefined;
      let fed = entry.tallies.get(at);
      if (fed === undefined || fed.events !== events || fed.count > events.length) {
        const tally = createEventTally(run.right, compiled, entry.window);
        if (tally === undefined) return undefined;
        fed = { tally, events, count: 0 };
        entry.tallies.set(at, fed);
      }
      for (; fed.count < events.length; fed.count++) {
        const stored = events[fed.count];
        if (typeof stored !== 'object' || stored === null || stored.code !== found.metric.code) {
          continue;
        }
        const event = subscriptionEvent(stored, externalId);
        if (event !== undefined) fed.tally.add(event);
      }
      const fee = fed.tally.fee(priced.right, context.now);
      if (fee === undefined) return undefined;
      fees.push(fee);
    }
    return fees;
  }
}

/**
 * `createEstimator` that prices with the `parts` given only: the charge models, the
 * aggregation types and (for metrics with an `expression`) the expression language the plan
 * uses, each a value `@feecast/engine` exports (`standardModel`, `sumAggregation`,
 * `expressionLanguage`, ...). An app's bundler then leaves out the parts it does not import:
 * a price preview of a standard or package charge on a count or sum is a fraction of the
 * engine (bench/README.md, "browser bundle size"). Every estimate is exactly
 * `createEstimator`'s; a metric or charge that needs a part not given is an error that names
 * the part to pass (`invalid_input` for an aggregation or the expression language,
 * `unsupported_charge_model` for a charge model). Its estimator prices one event at a time
 * (`estimateFees`); `createPreviewSetEstimator` is the same with `estimateFeesOf` too (a
 * bundle of this function alone leaves the sets of estimates out).
 *
 * @example
 * // The same estimate as createEstimator's: 1,000 calls in `eu` at 0.0025, 20 % VAT.
 * const estimator = createPreviewEstimator(
 *   { customer, subscription, plan: starterInAdvance, billableMetrics, taxes: { billing_entity: [vat20] } },
 *   [standardModel, sumAggregation],
 * );
 * if (estimator._tag === 'Right') {
 *   estimator.right.estimateFees({
 *     event: { code: 'api_calls', external_subscription_id: 'sub_acme_starter', properties: { calls: '1000', region: 'eu' } },
 *     now: '2026-11-15T00:00:00Z',
 *   }) // ~> right({ fees: [{ amount_cents: 250, taxes_amount_cents: 50, total_amount_cents: 300 }] })
 * }
 */
export function createPreviewEstimator(
  context: EstimatorContext,
  parts: readonly PricingPart[],
): Either<FeecastError, PreviewEstimator> {
  const pricing = readPricingParts(parts);
  if (isLeft(pricing)) return pricing;
  return readEstimator(context, (read) => new PreparedEstimator(read, pricing.right));
}

/**
 * The estimator `make` builds for `context`, once the shared input layer has read it
 * (`readOperationContext`); its problem otherwise.
 *
 * @example
 * readEstimator(context, (read) => new PreparedEstimator(read, FULL_PRICING)) // right(estimator)
 * @internal
 */
export function readEstimator<E>(
  context: EstimatorContext,
  make: (read: ReadOperation) => E,
): Either<FeecastError, E> {
  const read = readOperationContext(context);
  return isLeft(read) ? read : right(make(read.right));
}

/**
 * {@link createEstimator} for a caller that holds the stored events in an array that only
 * grows (a server's index of a subscription's events): each pay-in-advance charge keeps a tally
 * of the period's events, per filter bucket and group (`createEventTally`), fed the events added
 * since the last estimate, so an estimate costs what the metric's charges cost, not what the
 * stored events do; while no event is added to the event's group, an estimate of the same value
 * is answered with the charge's last fee again, taxes included (a copy, with the event's
 * transaction id; its nested objects are shared with earlier answers, which are read, not
 * changed). A charge whose fee reads more than a tally keeps (see `createEventTally`),
 * a stored event a tally cannot stand for, or one dated after `now`, sends the estimate through
 * `estimateFees` with the events: every answer is `estimateFees`' own, errors included.
 *
 * @example
 * const estimator = createFedEstimator({ customer, subscription, plan, billableMetrics });
 * if (estimator._tag === 'Right') estimator.right.estimateFees({ event, events: stored, now })
 * // the same as estimateFees({ customer, subscription, plan, billableMetrics, event, events: stored, now })
 */
export function createFedEstimator(context: EstimatorContext): Either<FeecastError, FedEstimator> {
  const read = readOperationContext(context);
  if (isLeft(read)) return read;
  const estimator = new FedPreparedEstimator(read.right, FULL_PRICING);
  return right({ estimateFees: (request) => estimator.estimateFed(request) });
}
