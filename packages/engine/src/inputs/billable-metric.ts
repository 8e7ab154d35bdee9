import { type BillableMetric, checkResource } from '@feecast/models';
import { type Either, right } from 'fp-ts/lib/Either.js';
import { defaultId, type FeecastError, textOf, UNKNOWN_CREATION } from '../core/index';
import { completeInput, readList } from './complete';

/**
 * Reads a billable metric input (`BillableMetricInput`: `code` and `aggregation_type`, and
 * the fields its aggregation type reads) into the wire `BillableMetric`, with the defaults of
 * docs/inputs.md ("Billable metric"): `svc_id` derived from the code, `name` the code, no
 * field, expression, rounding or filters, not recurring, `weighted_interval` `seconds` for a
 * weighted sum.
 *
 * @example
 * readBillableMetric({ code: 'calls', aggregation_type: 'count_agg' }, ['billableMetrics', '0'])
 * // right({ svc_id: '...', name: 'calls', code: 'calls', field_name: null, recurring: false, filters: [], ... })
 * @internal
 */
export function readBillableMetric(
  value: unknown,
  path: readonly string[],
): Either<FeecastError, BillableMetric> {
  return completeInput(
    (whole) => checkResource('BillableMetric', whole),
    value,
    path,
    'a billable metric { code, aggregation_type, field_name?, ... }',
    (given) => {
      const code = textOf(given.code);
      return right({
        defaults: {
          svc_id: defaultId(given, 'billable_metric', code),
          name: code ?? '',
          description: null,
          field_name: null,
          expression: null,
          recurring: false,
          rounding_function: null,
          rounding_precision: null,
          weighted_interval: given.aggregation_type === 'weighted_sum_agg' ? 'seconds' : null,
          filters: [],
          created_at: UNKNOWN_CREATION,
        },
      });
    },
  );
}

/**
 * Reads the list of billable metrics of an input (absent or `null`: none).
 *
 * @example
 * readBillableMetrics([{ code: 'calls', aggregation_type: 'count_agg' }], ['billableMetrics'])
 * // right([{ svc_id: '...', code: 'calls', ... }])
 * @internal
 */
export function readBillableMetrics(
  value: unknown,
  path: readonly string[],
): Either<FeecastError, BillableMetric[]> {
  return readList(value, path, readBillableMetric);
}
