import type { EstimateFeesResponse, Fee } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type CompiledMetric,
  type Fed,
  type Feeding,
  type UsageEvent,
  type WithAsyncEvents,
  withEvents,
} from '../aggregation/index';
import { type FeecastError, feecastError, isRecord, timestampInstant } from '../core/index';
import {
  type ChargeFee,
  type ChargeFeesMetric,
  chargeMetricIndex,
  checkMetric,
  type FeeContext,
  FeeShells,
  type FirstEventPricing,
  feeContext,
  firstEventFee,
  type InAdvanceReader,
  type InAdvanceRun,
  inAdvanceReader,
  lastEventFee,
  type PreparedInAdvanceCharge,
  prepareFirstEvent,
  prepareInAdvanceCharge,
  prepareInAdvancePass,
} from '../fees/index';
import {
  feeTaxes,
  type ResolvedTaxSources,
  resolveTaxSources,
  setFeeTaxes,
} from '../invoice/index';
import { createContextCache } from './context-cache';
import { estimateError } from './estimate-error';
import { checkEventTimestamp, pricedEvent } from './estimate-event';
import { readEstimateHistory } from './estimate-history';
import type { EstimatedEvent, OperationContext, OperationEvent } from './inputs';
import { type CheckedContext, type ReadOperation, readOperationContext } from './operation-context';
import { operationTaxSources } from './tax-sources';

/** The transaction id of an estimated event sent without one (it is never stored). */
const ESTIMATE_TRANSACTION_ID = 'feecast-estimate';

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

/** `estimateFees` for one prepared context, as many times as needed. */
export interface Estimator {
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
interface MetricCharges {
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
interface PeriodEntry {
  readonly period: CheckedContext['period'];
  readonly fee: FeeContext;
  /** The charges period's first and last instants (milliseconds). */
  readonly window: { readonly fromMs: number; readonly toMs: number };
  /** Each charge's run with its pass prepared, by the charge's index in the plan. */
  readonly runs: Map<number, Either<FeecastError, InAdvanceRun>>;
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

/** The estimator of a context whose shape is checked. */
class PreparedEstimator implements Estimator {
  private readonly at: (now: unknown) => Either<FeecastError, CheckedContext>;
  /** By metric code; only codes of listed metrics, so unknown codes cannot grow it. */
  private readonly metrics = new Map<string, MetricCharges>();
  private taxes: Either<FeecastError, ResolvedTaxSources> | undefined;
  /** The last periods' fee contexts and charge passes (one period in practice). */
  private periods: PeriodEntry[] = [];

  constructor(private readonly input: ReadOperation) {
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
    const compiled = checkMetric(metric, ['billableMetrics', String(index)]);
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
            const prepared = prepareInAdvanceCharge(charge, metric, pricingUnits, compiled.right);
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
  private periodOf(context: CheckedContext): PeriodEntry {
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
    };
    this.periods = [entry, ...this.periods.slice(0, 3)];
    return entry;
  }

  /** A charge's run for the period, its pass prepared once per period. */
  private runOf(
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
      const start = prepareInAdvancePass(plain);
      run = isLeft(start)
        ? start
        : right({ ...plain, start: start.right, shells: new FeeShells() });
      entry.runs.set(at, run);
    }
    return run;
  }

  /** A reader of the stored events for each charge that can read them (by the charge's place). */
  private readersOf(
    entry: PeriodEntry,
    charges: MetricCharges['charges'],
  ): (InAdvanceReader | undefined)[] {
    return charges.map(({ at, prepared }) => {
      if (isLeft(prepared)) return undefined;
      const run = this.runOf(entry, at, prepared.right);
      if (isLeft(run)) return undefined;
      const reader = inAdvanceReader(run.right, false);
      return isLeft(reader) ? undefined : reader.right;
    });
  }

  /**
   * The fee of the event for one charge, after the stored events its `reader` read; with no
   * event of the metric before it (no reader), priced straight from the event when the charge
   * can be (`firstEventFee`: the same fee, without a pass).
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
    if (reader !== undefined) return lastEventFee(reader, event);
    if (charge.first !== undefined) {
      const fee = firstEventFee(run.right, charge.first, event, timeMs, entry.window);
      if (fee !== undefined) return fee;
    }
    const fresh = inAdvanceReader(run.right, false);
    return isLeft(fresh) ? fresh : lastEventFee(fresh.right, event);
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
    return withEvents(request, (fed) => this.estimateSteps(fed));
  }

  /** {@link estimateFees} as steps that read the stored events once (see `withEvents`). */
  private *estimateSteps(
    request: Fed<EstimateRequest>,
  ): Feeding<Either<FeecastError, EstimateFeesResponse>> {
    const { subscription, plan } = this.input;
    const problem = checkEstimateRequest(request, subscription.external_id);
    if (problem !== undefined) return left(problem);
    const { event } = request;
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
    const { metric, compiled } = found;
    if (isLeft(compiled)) return compiled;
    const wanted =
      typeof event.transaction_id === 'string' && event.transaction_id !== ''
        ? event.transaction_id
        : ESTIMATE_TRANSACTION_ID;
    const entry = this.periodOf(context.right);
    // The stored events are read once, by every in-advance charge of the metric at a time.
    let readers: (InAdvanceReader | undefined)[] | undefined;
    const history = yield* readEstimateHistory(
      request.events,
      {
        externalSubscriptionId: subscription.external_id,
        code: metric.code,
        now: context.right.now,
        wanted,
      },
      (stored) => {
        readers ??= this.readersOf(entry, found.charges);
        for (const reader of readers) reader?.add(stored);
      },
    );
    if (isLeft(history)) return history;
    const priced = pricedEvent(
      event,
      compiled.right,
      subscription.external_id,
      context.right.nowText,
      history.right.transactionId,
    );
    if (isLeft(priced)) return priced;
    if (found.charges.length === 0) {
      return left(
        feecastError(
          'does_not_match_an_instant_charge',
          `No pay-in-advance charge of plan ${JSON.stringify(plan.code)} is priced on "${metric.code}": only events of pay-in-advance charges can be estimated.`,
          ['event', 'code'],
        ),
      );
    }
    this.taxes ??= resolveTaxSources(operationTaxSources(this.input));
    const fees: Fee[] = [];
    for (const [k, charge] of found.charges.entries()) {
      const { at, prepared } = charge;
      const fee = isLeft(prepared)
        ? prepared
        : this.chargeFee(
            entry,
            charge,
            prepared.right,
            readers?.[k],
            priced.right,
            context.right.now,
          );
      if (isLeft(fee)) {
        return left(
          estimateError(fee.left, {
            charge: ['plan', 'charges', String(at)],
            metric: ['billableMetrics', String(found.index)],
            field: compiled.right.fieldName,
          }),
        );
      }
      // The fee was built for this call, so its last fields are set in place, not copied.
      const own = fee.right;
      own.event_transaction_id = event.transaction_id ?? null;
      fees.push(own);
    }
    if (isLeft(this.taxes)) return this.taxes;
    for (const [i, fee] of fees.entries()) {
      const taxed = feeTaxes(fee, i, this.taxes.right);
      if (isLeft(taxed)) return taxed;
      if (taxed.right.fields !== undefined) setFeeTaxes(fee, taxed.right.fields);
    }
    return right({ fees });
  }
}

/**
 * Prepares `estimateFees` for one customer, subscription and plan (API.md: `estimateFees`),
 * to estimate many events: the context is checked once, each billable metric and its
 * pay-in-advance charges are checked and compiled the first time an event of the metric is
 * estimated, the tax sources are resolved once, and the period is reused for every `now` of
 * the same local day. An event with no stored event of its metric before it (no history) is
 * priced straight from the event, without an aggregation pass, when its metric is a count or a
 * sum that is not recurring and its charges are not prorated, dynamic or custom. Each `estimator.estimateFees({ event, events, now })` gives exactly
 * what `estimateFees({ ...context, event, events, now })` gives (the same errors too), for a
 * fraction of the time: what a price preview in an app calls on every keystroke. The context
 * objects must not change while the estimator is used; prepare another estimator instead.
 *
 * @example
 * // The context checked once, then one estimate per event: 1,000 calls in `eu` at 0.0025.
 * const estimator = createEstimator({ customer, subscription, plan: starterInAdvance, billableMetrics, taxes: { billing_entity: [vat20] } });
 * if (estimator._tag === 'Right') {
 *   estimator.right.estimateFees({
 *     event: { code: 'api_calls', external_subscription_id: 'sub_acme_starter', properties: { calls: '1000', region: 'eu' } },
 *     now: '2026-11-15T00:00:00Z',
 *   }) // ~> right({ fees: [{ amount_cents: 250, taxes_amount_cents: 50, total_amount_cents: 300 }] })
 * }
 */
export function createEstimator(context: EstimatorContext): Either<FeecastError, Estimator> {
  const read = readOperationContext(context);
  return isLeft(read) ? read : right(new PreparedEstimator(read.right));
}
