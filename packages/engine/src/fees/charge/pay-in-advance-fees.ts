import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type AggregationState,
  type CompiledMetric,
  eventTimeMs,
  type Fed,
  type UsageEvent,
  type WithAsyncEvents,
  withEvents,
} from '../../aggregation/index';
import { CHARGE_MODELS, type ChargeModelTable } from '../../charge-models/index';
import { type FeecastError, feecastError } from '../../core/index';
import type { ChargeFee } from './charge-fee';
import { checkChargeMetric } from './charge-metric';
import { type ChargeSetup, setupChargeIn } from './charge-setup';
import { feeContext } from './fee-context';
import {
  type InAdvanceReader,
  type InAdvanceResult,
  type InAdvanceRun,
  inAdvanceFeesSteps,
  inAdvanceReader,
} from './in-advance';
import type {
  ChargeFeesCharge,
  ChargeFeesMetric,
  ChargeFeesOptions,
  PricingUnitInfo,
} from './inputs';
import { checkMetric } from './price-metrics';

/** The input of {@link payInAdvanceFees}. */
export interface PayInAdvanceFeesInput
  extends Omit<ChargeFeesOptions, 'purpose' | 'period_ratio' | 'feeId'> {
  readonly charge: ChargeFeesCharge;
  readonly billableMetric: ChargeFeesMetric;
  /** The period's events (any iterable, read once); events of other metrics are skipped. */
  readonly events: Iterable<UsageEvent>;
  readonly previous?: AggregationState;
}

/** The input of {@link estimatePayInAdvanceFee}: the period's stored events and a new one. */
export interface EstimatePayInAdvanceFeeInput extends PayInAdvanceFeesInput {
  /** The event to estimate, not stored yet (`POST /events/estimate_fees`). */
  readonly event: UsageEvent;
}

/**
 * A pay-in-advance charge checked and set up once (its metric compiled, its buckets and
 * models ready), to price the events of any period.
 * @internal
 */
export interface PreparedInAdvanceCharge {
  readonly metric: ChargeFeesMetric;
  readonly compiled: CompiledMetric;
  readonly setup: ChargeSetup;
}

/**
 * Checks a charge against its billable metric and sets it up for in-advance pricing, once:
 * priced as a pay-in-advance charge whatever its flag says (what-if questions included).
 * Problems are `Left`s under `['charge']` and `['billableMetric']`. A caller that has already
 * checked the metric (`checkMetric`) passes it as `checked`, so it is not compiled again.
 *
 * @example
 * prepareInAdvanceCharge(charge, metric, []) // right({ metric, compiled, setup })
 * @internal
 */
export function prepareInAdvanceCharge(
  charge: ChargeFeesCharge,
  billableMetric: ChargeFeesMetric,
  pricingUnits: readonly PricingUnitInfo[] | undefined,
  checked?: CompiledMetric,
): Either<FeecastError, PreparedInAdvanceCharge> {
  const compiled =
    checked === undefined ? checkMetric(billableMetric, ['billableMetric']) : right(checked);
  if (isLeft(compiled)) return compiled;
  return prepareInAdvanceChargeIn(
    CHARGE_MODELS,
    charge,
    billableMetric,
    pricingUnits,
    compiled.right,
  );
}

/**
 * {@link prepareInAdvanceCharge} of a checked metric with the charge models of `models` only
 * (a preview estimator's): a charge of another model is a `Left` that says which part to pass.
 *
 * @example
 * prepareInAdvanceChargeIn({ standard }, charge, metric, [], compiled) // right({ metric, compiled, setup })
 * @internal
 */
export function prepareInAdvanceChargeIn(
  models: ChargeModelTable,
  charge: ChargeFeesCharge,
  billableMetric: ChargeFeesMetric,
  pricingUnits: readonly PricingUnitInfo[] | undefined,
  compiled: CompiledMetric,
): Either<FeecastError, PreparedInAdvanceCharge> {
  const matches = checkChargeMetric(charge, billableMetric, ['charge']);
  if (isLeft(matches)) return matches;
  const setup = setupChargeIn(
    models,
    { ...charge, pay_in_advance: true },
    compiled,
    ['charge'],
    pricingUnits,
  );
  if (isLeft(setup)) return setup;
  return right({ metric: billableMetric, compiled, setup: setup.right });
}

function prepare(input: Fed<PayInAdvanceFeesInput>): Either<FeecastError, InAdvanceRun> {
  if (typeof input !== 'object' || input === null) {
    return left(feecastError('invalid_input', 'An input object is required.', []));
  }
  const prepared = prepareInAdvanceCharge(input.charge, input.billableMetric, input.pricing_units);
  if (isLeft(prepared)) return prepared;
  return right({
    ...prepared.right,
    context: feeContext({ ...input, purpose: 'usage' }),
    previous: input.previous,
    deduplicate: input.deduplicate,
  });
}

/**
 * The fees of a pay-in-advance charge, one per event of the period (charge-models.md §5;
 * aggregations.md §6.2): each event in time order is priced as the charge model on the period
 * with it minus the model on the period before it (`payInAdvanceAmount`), in its own filter
 * bucket (the filter's properties) and pricing group, from the aggregation's in-advance
 * increments (prorated for a prorated charge), with `event_transaction_id`, one event, units
 * per §5 and the per-event amount details. A recurring metric's period starts with the units
 * it carries in, billed when the period started: an event bills only what takes the level
 * above them (a seat still active from an earlier period bills 0). The per-event fees of a
 * period add up exactly to what the period is billed (`chargeFees` of the same charge; for a
 * recurring metric, less the carried units' part). Fees are not stored: ids are `null`.
 *
 * With `events` given asynchronously (an `AsyncIterable` or a `ReadableStream`), the same
 * fees as a `Promise`, the stream read once as it comes.
 *
 * @example
 * // Starter's API calls paid in advance: 1,000 calls in `eu` at 0.0025, 500 in `us` at 0.002.
 * const [calls] = starterInAdvance.charges;
 * if (calls !== undefined) {
 *   payInAdvanceFees({
 *     charge: calls,
 *     billableMetric: apiCalls,
 *     events: [
 *       { transaction_id: 'e1', code: 'api_calls', timestamp: '2026-11-15T10:00:00Z', properties: { calls: '1000', region: 'eu' } },
 *       { transaction_id: 'e2', code: 'api_calls', timestamp: '2026-11-15T11:00:00Z', properties: { calls: '500', region: 'us' } },
 *     ],
 *     period: { charges_from_datetime: '2026-11-01T00:00:00Z', charges_to_datetime: '2026-11-30T23:59:59Z' },
 *     currency: 'EUR',
 *   }) // ~> right([{ event_transaction_id: 'e1', amount_cents: 250 }, { event_transaction_id: 'e2', amount_cents: 100 }])
 * }
 */
export function payInAdvanceFees(
  input: WithAsyncEvents<PayInAdvanceFeesInput>,
): Promise<Either<FeecastError, ChargeFee[]>>;
export function payInAdvanceFees(input: PayInAdvanceFeesInput): Either<FeecastError, ChargeFee[]>;
export function payInAdvanceFees(
  input: PayInAdvanceFeesInput | WithAsyncEvents<PayInAdvanceFeesInput>,
): Either<FeecastError, ChargeFee[]> | Promise<Either<FeecastError, ChargeFee[]>> {
  return withEvents(input, function* (fed) {
    const run = prepare(fed);
    if (isLeft(run)) return run;
    const result = yield* inAdvanceFeesSteps(run.right, fed.events);
    return isLeft(result) ? result : right(result.right.fees.map((placed) => placed.fee));
  });
}

/**
 * The fee of one event that is not stored yet, given the events already in the period
 * (`POST /events/estimate_fees`, estimate-and-usage.md §2): the fee billing will charge for that
 * event, in its own filter bucket and pricing group, priced as {@link payInAdvanceFees} prices
 * it. An event that would be left out (bad value, duplicate `transaction_id`, outside the
 * period, another metric's code) is a `Left` that says why.
 *
 * @example
 * estimatePayInAdvanceFee({ charge, billableMetric, events: stored, period, currency: 'EUR',
 *   event: { transaction_id: 'new', code: 'api_calls', timestamp: '2025-09-02T10:00:00Z' } })
 * // right({ amount_cents: 1000, units: '1', event_transaction_id: 'new', ... })
 */
export function estimatePayInAdvanceFee(
  input: EstimatePayInAdvanceFeeInput,
): Either<FeecastError, ChargeFee> {
  if (typeof input !== 'object' || input === null || typeof input.event !== 'object') {
    return left(feecastError('invalid_input', 'The event to estimate is required.', ['event']));
  }
  const { events, event } = input;
  if (typeof (events as Partial<Iterable<UsageEvent>> | null)?.[Symbol.iterator] !== 'function') {
    return left(
      feecastError('invalid_input', 'events must be an iterable of usage events.', ['events']),
    );
  }
  if (event?.code !== input.billableMetric?.code) {
    return left(
      feecastError(
        'invalid_input',
        `The event's code ${JSON.stringify(event?.code)} is not the billable metric's ("${input.billableMetric?.code}").`,
        ['event', 'code'],
      ),
    );
  }
  const run = prepare(input);
  if (isLeft(run)) return run;
  return estimateInAdvanceFee(run.right, events, event);
}

/**
 * The fee of one event that is not stored yet, after the period's stored events, for a
 * prepared run (see {@link estimatePayInAdvanceFee}, which checks its input first).
 *
 * @example
 * estimateInAdvanceFee(run, stored, { transaction_id: 'new', code: 'api_calls', timestamp: now })
 * // right({ amount_cents: 1000, units: '1', event_transaction_id: 'new', ... })
 * @internal
 */
export function estimateInAdvanceFee(
  run: InAdvanceRun,
  events: Iterable<UsageEvent>,
  event: UsageEvent,
): Either<FeecastError, ChargeFee> {
  const reader = inAdvanceReader(run, false);
  if (isLeft(reader)) return reader;
  for (const stored of events) reader.right.add(stored);
  return lastEventFee(reader.right, event);
}

/**
 * The fee of `event`, added after every event `reader` has read (an estimate): its fee, or
 * why billing would leave it out.
 *
 * @example
 * lastEventFee(reader, { transaction_id: 'new', code: 'api_calls', timestamp: now })
 * // right({ amount_cents: 1000, units: '1', event_transaction_id: 'new', ... })
 * @internal
 */
export function lastEventFee(
  reader: InAdvanceReader,
  event: UsageEvent,
): Either<FeecastError, ChargeFee> {
  const at = reader.addLast(event);
  const result = reader.fees(at);
  return isLeft(result) ? result : placedEventFee(reader, result.right, at, event);
}

/**
 * The fees of the events `reader` kept ({@link InAdvanceReader.addPriced}), each priced after
 * the events before it in time, from one reading of the reader's events: per kept event, in the
 * order given, its fee or why billing would leave it out (as {@link lastEventFee}).
 *
 * @example
 * const first = reader.addPriced(a); const second = reader.addPriced(b);
 * keptEventFees(reader, [{ index: first, event: a }, { index: second, event: b }])
 * // right([right({ amount_cents: 1000, ... }), right({ amount_cents: 1000, ... })])
 * @internal
 */
export function keptEventFees(
  reader: InAdvanceReader,
  kept: readonly { readonly index: number; readonly event: UsageEvent }[],
): Either<FeecastError, Either<FeecastError, ChargeFee>[]> {
  const result = reader.fees();
  if (isLeft(result)) return result;
  return right(kept.map(({ index, event }) => placedEventFee(reader, result.right, index, event)));
}

/** The fee of the event at stream index `at` among a reader's fees, or why it has none. */
function placedEventFee(
  reader: InAdvanceReader,
  result: InAdvanceResult,
  at: number,
  event: UsageEvent,
): Either<FeecastError, ChargeFee> {
  const priced = result.fees.find((placed) => placed.index === at);
  if (priced !== undefined) return right(priced.fee);
  const { rejected } = result;
  let rejection: (typeof rejected)[number] | undefined;
  for (let i = rejected.length - 1; i >= 0 && rejection === undefined; i--) {
    if (rejected[i]?.transaction_id === event.transaction_id) rejection = rejected[i];
  }
  if (rejection !== undefined) {
    return left(
      feecastError('invalid_input', rejection.message, ['event'], { reason: rejection.reason }),
    );
  }
  return left(
    feecastError(
      'invalid_input',
      `The event's timestamp ${JSON.stringify(event.timestamp)} is before the period (${reader.run.context.period.charges_from_datetime}): only events of the period are billed in advance.`,
      ['event', 'timestamp'],
      { value: event.timestamp, timeMs: eventTimeMs(event.timestamp) },
    ),
  );
}
