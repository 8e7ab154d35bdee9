import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type AggregationState,
  type Fed,
  type Feeding,
  type UsageEvent,
  type WithAsyncEvents,
  withEvents,
} from '../../aggregation/index';
import { type FeecastError, feecastError } from '../../core/index';
import type { ChargeFee } from './charge-fee';
import { checkChargeMetric } from './charge-metric';
import { setupCharge } from './charge-setup';
import { feeContext } from './fee-context';
import type { ChargeFeesCharge, ChargeFeesMetric, ChargeFeesOptions } from './inputs';
import { checkMetric, priceMetricsSteps } from './price-metrics';

/** The input of {@link chargeFees}. */
export interface ChargeFeesInput extends ChargeFeesOptions {
  readonly charge: ChargeFeesCharge;
  readonly billableMetric: ChargeFeesMetric;
  /** Usage events (any iterable, read once); events of other metrics are skipped. */
  readonly events: Iterable<UsageEvent>;
  /** What a recurring metric carries from the previous period (a charge without filters or groups). */
  readonly previous?: AggregationState;
}

/**
 * The fees of one charge over a period's events (API.md; charge-models.md §1-§6, §15, §16):
 * one fee per filter bucket (priced with the filter's properties) and for the default bucket
 * (events matching no filter, the charge's properties), each split per pricing group
 * (`pricing_group_keys` or `grouped_by`); `item.invoice_display_name` and
 * `filter_invoice_display_name`; pricing units (`pricing_unit_details`, the fiat amount from the
 * rounded pricing-unit amount); cents rounded half away from zero in the currency's minor unit
 * with the unrounded `precise_*` fields; units as §2.6 shows them; prorated charges (prorated
 * graduated from the per-event values); projected units and amount with `period_ratio`. With
 * `purpose: 'invoice'`, zero fees are dropped and `min_amount_cents` is trued up (a fee linked
 * to the default bucket's fee); with `'usage'` (the default) every bucket shows. A
 * pay-in-advance charge's period fee prices what its events billed (their in-advance
 * increments), so it equals the sum of {@link payInAdvanceFees}, plus, for a recurring metric,
 * the units carried into the period (billed when it started).
 *
 * With `events` given asynchronously (an `AsyncIterable` or a `ReadableStream`), the same
 * fees as a `Promise`, the stream read once as it comes.
 *
 * @example
 * // The Starter plan's seats: 12 distinct users, volume pricing (6 to 20 seats at 7.00 each).
 * const seats = plan.charges.find((charge) => charge.billable_metric_code === 'seats');
 * const metric = billableMetrics.find((m) => m.code === 'seats');
 * if (seats !== undefined && metric !== undefined) {
 *   chargeFees({
 *     charge: seats,
 *     billableMetric: metric,
 *     events,
 *     period: { charges_from_datetime: '2026-11-01T00:00:00Z', charges_to_datetime: '2026-11-30T23:59:59Z' },
 *     currency: 'EUR',
 *   }) // ~> right([{ units: '12', amount_cents: 8400 }])
 * }
 */
export function chargeFees(
  input: WithAsyncEvents<ChargeFeesInput>,
): Promise<Either<FeecastError, ChargeFee[]>>;
export function chargeFees(input: ChargeFeesInput): Either<FeecastError, ChargeFee[]>;
export function chargeFees(
  input: ChargeFeesInput | WithAsyncEvents<ChargeFeesInput>,
): Either<FeecastError, ChargeFee[]> | Promise<Either<FeecastError, ChargeFee[]>> {
  return withEvents(input, chargeFeesSteps);
}

/** {@link chargeFees} as steps that read the events once (see `withEvents`). */
function* chargeFeesSteps(input: Fed<ChargeFeesInput>): Feeding<Either<FeecastError, ChargeFee[]>> {
  if (typeof input !== 'object' || input === null) {
    return left(feecastError('invalid_input', 'chargeFees needs an input object.', []));
  }
  const compiled = checkMetric(input.billableMetric, ['billableMetric']);
  if (isLeft(compiled)) return compiled;
  const matches = checkChargeMetric(input.charge, input.billableMetric, ['charge']);
  if (isLeft(matches)) return matches;
  const setup = setupCharge(input.charge, compiled.right, ['charge'], input.pricing_units);
  if (isLeft(setup)) return setup;
  const report = yield* priceMetricsSteps(
    feeContext(input),
    [
      {
        metric: input.billableMetric,
        compiled: compiled.right,
        metricPath: ['billableMetric'],
        setups: [setup.right],
        order: [0],
        previous: input.previous,
      },
    ],
    input.events,
    1,
    { deduplicate: input.deduplicate, feeId: input.feeId },
  );
  return isLeft(report) ? report : right(report.right.fees);
}
