import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../error';
import type { ChargeFeesCharge, ChargeFeesMetric } from '../inputs';

/**
 * The index of the billable metric a charge is priced on, by `svc_billable_metric_id` when
 * given, else by `billable_metric_code`; -1 when none is listed.
 *
 * @example
 * metricIndexOf({ billable_metric_code: 'storage', ... }, [calls, storage]) // 1
 * @internal
 */
export function metricIndexOf(
  charge: ChargeFeesCharge,
  metrics: readonly ChargeFeesMetric[],
): number {
  const byId = charge.svc_billable_metric_id;
  const found =
    byId === undefined || byId === null ? -1 : metrics.findIndex((m) => m.svc_id === byId);
  if (found >= 0) return found;
  return metrics.findIndex((m) => m.code === charge.billable_metric_code);
}

/**
 * Checks that a charge given with its billable metric names that metric (when it names one by
 * id or code); a `Left` (`unknown_billable_metric`) otherwise.
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
  const byId = charge?.svc_billable_metric_id;
  const byCode = charge?.billable_metric_code;
  const other =
    (byId !== undefined && byId !== null && byId !== metric.svc_id) ||
    (byCode !== undefined && byCode !== null && byCode !== metric.code);
  return other
    ? left(
        feecastError(
          'unknown_billable_metric',
          `The charge is priced on another billable metric than "${metric.code}": pass the charge's own metric.`,
          [
            ...path,
            byCode === undefined || byCode === null
              ? 'svc_billable_metric_id'
              : 'billable_metric_code',
          ],
        ),
      )
    : right(undefined);
}
