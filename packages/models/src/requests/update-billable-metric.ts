import * as t from 'io-ts';
import { AggregationType, RoundingFunction, WeightedInterval } from '../enums';
import { array } from '../internal/array';
import { envelope } from '../internal/envelope';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Integer } from '../primitives/numbers';
import { BillableMetricFilter } from '../resources/billable-metric';

const BillableMetricUpdateCodec = struct(
  'BillableMetricUpdate',
  {},
  {
    name: t.string,
    code: t.string,
    description: nullable(t.string),
    aggregation_type: AggregationType,
    field_name: nullable(t.string),
    weighted_interval: nullable(WeightedInterval),
    recurring: t.boolean,
    expression: nullable(t.string),
    rounding_function: nullable(RoundingFunction),
    rounding_precision: nullable(Integer),
    filters: array(BillableMetricFilter),
  },
);
/** See {@link BillableMetricUpdate}. */
export interface BillableMetricUpdate extends t.TypeOf<typeof BillableMetricUpdateCodec> {}
/** The updatable fields of a billable metric (every one optional). */
export const BillableMetricUpdate = named<BillableMetricUpdate>(BillableMetricUpdateCodec);

const UpdateBillableMetricRequestCodec = envelope(
  'UpdateBillableMetricRequest',
  { billable_metric: BillableMetricUpdate },
  {},
);
/** See {@link UpdateBillableMetricRequest}. */
export interface UpdateBillableMetricRequest
  extends t.TypeOf<typeof UpdateBillableMetricRequestCodec> {}
/** The body of `PUT /billable_metrics/{code}`: `{"billable_metric": {...}}`. */
export const UpdateBillableMetricRequest = named<UpdateBillableMetricRequest>(
  UpdateBillableMetricRequestCodec,
);
