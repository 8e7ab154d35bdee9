import * as t from 'io-ts';
import { AggregationType, RoundingFunction, WeightedInterval } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Integer } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const BillableMetricFilterCodec = struct(
  'BillableMetricFilter',
  { key: t.string, values: array(t.string) },
  {},
);
/** See {@link BillableMetricFilter}. */
export interface BillableMetricFilter extends t.TypeOf<typeof BillableMetricFilterCodec> {}
/** A filter of a billable metric: an event property `key` and the `values` it may take. */
export const BillableMetricFilter = named<BillableMetricFilter>(BillableMetricFilterCodec);

const BillableMetricCodec = struct(
  'BillableMetric',
  {
    svc_id: Uuid,
    name: t.string,
    code: t.string,
    description: nullable(t.string),
    aggregation_type: AggregationType,
    field_name: nullable(t.string),
    expression: nullable(t.string),
    recurring: t.boolean,
    rounding_function: nullable(RoundingFunction),
    rounding_precision: nullable(Integer),
    weighted_interval: nullable(WeightedInterval),
    filters: array(BillableMetricFilter),
    created_at: Timestamp,
  },
  { active_subscriptions_count: Integer, draft_invoices_count: Integer, plans_count: Integer },
);
/** A billable metric, see {@link BillableMetric}. */
export interface BillableMetric extends t.TypeOf<typeof BillableMetricCodec> {}
/**
 * A billable metric: how events with a given `code` aggregate into units
 * (`aggregation_type` over `field_name`, optional `expression`, rounding, weighting).
 */
export const BillableMetric = named<BillableMetric>(BillableMetricCodec);
