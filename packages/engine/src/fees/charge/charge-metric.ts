import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../core/index';
import type { ChargeFeesCharge, ChargeFeesMetric } from './inputs';

function given(value: string | null | undefined): value is string {
  return value !== undefined && value !== null;
}

/**
 * The error of a charge whose `billable_metric_code` and `svc_billable_metric_id` name two
 * different metrics: both values are named, and the metric each one names.
 */
function contradiction(
  charge: ChargeFeesCharge,
  metric: ChargeFeesMetric,
  path: readonly string[],
): FeecastError {
  const code = charge.billable_metric_code;
  const id = charge.svc_billable_metric_id;
  return feecastError(
    'invalid_input',
    `The charge's billable_metric_code "${code}" and svc_billable_metric_id "${id}" name different billable metrics (the metric "${metric.code}" has the id ${metric.svc_id}): fix one of them, or give only one.`,
    [...path, 'billable_metric_code'],
    { billable_metric_code: code, svc_billable_metric_id: id, metric: metric.code },
  );
}

/** A charge's billable metric and where it sits in the list of metrics. @internal */
export interface ChargeMetric<M extends ChargeFeesMetric> {
  readonly index: number;
  readonly metric: M;
}

/**
 * The billable metric a charge is priced on, and its index: the metric its
 * `svc_billable_metric_id` names, else the one its `billable_metric_code` names. When the
 * charge gives both, the metric must have both (a `Left` naming both values otherwise, never
 * a silent choice of one); when it names no listed metric, `unknown_billable_metric`.
 *
 * @example
 * chargeMetricIndex({ billable_metric_code: 'storage', ... }, [calls, storage], ['plan', 'charges', '0'])
 * // right({ index: 1, metric: storage })
 * chargeMetricIndex({ billable_metric_code: 'storage', svc_billable_metric_id: calls.svc_id, ... }, [calls, storage], path)
 * // left({ code: 'invalid_input', path: [...path, 'billable_metric_code'], message: '... "storage" ... calls ...' })
 * @internal
 */
export function chargeMetricIndex<M extends ChargeFeesMetric>(
  charge: ChargeFeesCharge,
  metrics: readonly M[],
  path: readonly string[],
): Either<FeecastError, ChargeMetric<M>> {
  const id = charge.svc_billable_metric_id;
  const code = charge.billable_metric_code;
  const byId = given(id) ? metrics.findIndex((m) => m.svc_id === id) : -1;
  const index = byId >= 0 || !given(code) ? byId : metrics.findIndex((m) => m.code === code);
  const metric = metrics[index];
  if (metric === undefined) {
    return left(
      feecastError(
        'unknown_billable_metric',
        `No billable metric ${given(code) ? `"${code}"` : `with the id ${id ?? '(none given)'}`} among billableMetrics: add the metric the charge is priced on.`,
        [...path, given(code) ? 'billable_metric_code' : 'svc_billable_metric_id'],
      ),
    );
  }
  const matches = checkChargeMetric(charge, metric, path);
  return isLeft(matches) ? matches : right({ index, metric });
}

/**
 * Checks that a charge given with its billable metric names that metric (when it names one by
 * id or code). A `Left` otherwise: `invalid_input` naming both values when the charge's own
 * id and code name different metrics, else `unknown_billable_metric`.
 *
 * @example
 * checkChargeMetric({ billable_metric_code: 'storage', ... }, calls, ['charge']) // left(...)
 * @internal
 */
export function checkChargeMetric(
  charge: ChargeFeesCharge,
  metric: ChargeFeesMetric,
  path: readonly string[],
): Either<FeecastError, undefined> {
  const id = charge?.svc_billable_metric_id;
  const code = charge?.billable_metric_code;
  const otherId = given(id) && id !== metric.svc_id;
  const otherCode = given(code) && code !== metric.code;
  if (!otherId && !otherCode) return right(undefined);
  if (otherId !== otherCode && given(id) && given(code)) {
    return left(contradiction(charge, metric, path));
  }
  return left(
    feecastError(
      'unknown_billable_metric',
      `The charge is priced on another billable metric than "${metric.code}": pass the charge's own metric.`,
      [...path, given(code) ? 'billable_metric_code' : 'svc_billable_metric_id'],
    ),
  );
}
