/**
 * Current usage (`GET /customers/{id}/current_usage`) and projected usage
 * (`GET /customers/{id}/projected_usage`): per charge, per filter bucket and per group.
 * Both are built from the same blocks; projected usage adds `projected_units`,
 * `projected_amount_cents` and `projected_presentation_breakdowns`.
 */
import * as t from 'io-ts';
import { AggregationType, ChargeModel } from '../enums';
import { array } from '../internal/array';
import { dict } from '../internal/dict';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { DecimalString } from '../primitives/decimal-string';
import { IsoDate } from '../primitives/iso-date';
import { Integer } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { FilterValues } from './charge';
import { PresentationBreakdown } from './presentation-breakdown';
import { UsagePricingUnitDetails } from './pricing-unit-details';

const UsageChargeCodec = struct(
  'UsageCharge',
  { svc_id: Uuid, charge_model: ChargeModel, invoice_display_name: nullable(t.string) },
  { code: nullable(t.string) },
);
/** See {@link UsageCharge}. */
export interface UsageCharge extends t.TypeOf<typeof UsageChargeCodec> {}
/** The charge a usage entry is for (`charges_usage[].charge`). */
export const UsageCharge = named<UsageCharge>(UsageChargeCodec);

const UsageBillableMetricCodec = struct(
  'UsageBillableMetric',
  { svc_id: Uuid, name: t.string, code: t.string, aggregation_type: AggregationType },
  {},
);
/** See {@link UsageBillableMetric}. */
export interface UsageBillableMetric extends t.TypeOf<typeof UsageBillableMetricCodec> {}
/** The billable metric a usage entry is for (`charges_usage[].billable_metric`). */
export const UsageBillableMetric = named<UsageBillableMetric>(UsageBillableMetricCodec);

const amounts = {
  units: DecimalString,
  events_count: Integer,
  amount_cents: Cents,
  pricing_unit_details: nullable(UsagePricingUnitDetails),
};

/** Filter bucket: `values` and `invoice_display_name` are `null` for the no-filter bucket. */
const bucket = { invoice_display_name: nullable(t.string), values: nullable(FilterValues) };
const group = { grouped_by: dict(nullable(t.string), 'GroupedBy') };
const charge = {
  amount_currency: CurrencyCode,
  charge: UsageCharge,
  billable_metric: UsageBillableMetric,
};
const totalUnits = { total_aggregated_units: DecimalString };
const breakdowns = { presentation_breakdowns: array(PresentationBreakdown) };
const projected = { projected_units: DecimalString, projected_amount_cents: Cents };
const projectedBreakdowns = { projected_presentation_breakdowns: array(PresentationBreakdown) };

const CurrentFilterUsage = struct(
  'FilterUsage',
  { ...amounts, ...bucket, ...totalUnits },
  breakdowns,
);
const CurrentGroupUsage = struct(
  'GroupedUsage',
  { ...amounts, ...group, ...totalUnits, filters: array(CurrentFilterUsage) },
  breakdowns,
);

const ChargeUsageCodec = struct(
  'ChargeUsage',
  {
    ...amounts,
    ...charge,
    ...totalUnits,
    filters: array(CurrentFilterUsage),
    grouped_usage: array(CurrentGroupUsage),
  },
  breakdowns,
);
/** See {@link ChargeUsage}. */
export interface ChargeUsage extends t.TypeOf<typeof ChargeUsageCodec> {}
/** The usage of one charge in the current period (`customer_usage.charges_usage[]`). */
export const ChargeUsage = named<ChargeUsage>(ChargeUsageCodec);

const CustomerUsageCodec = struct(
  'CustomerUsage',
  {
    from_datetime: Timestamp,
    to_datetime: Timestamp,
    issuing_date: IsoDate,
    currency: CurrencyCode,
    amount_cents: Cents,
    taxes_amount_cents: Cents,
    total_amount_cents: Cents,
    svc_invoice_id: nullable(Uuid),
    charges_usage: array(ChargeUsage),
  },
  {},
);
/** Current usage, see {@link CustomerUsage}. */
export interface CustomerUsage extends t.TypeOf<typeof CustomerUsageCodec> {}
/**
 * A customer's usage in the current period of one subscription, with amounts and taxes
 * (`svc_invoice_id` is always `null`: nothing is invoiced yet).
 */
export const CustomerUsage = named<CustomerUsage>(CustomerUsageCodec);

const projectedOptional = {
  ...totalUnits,
  ...breakdowns,
  ...projectedBreakdowns,
};

const ProjectedFilterUsage = struct(
  'ProjectedFilterUsage',
  { ...amounts, ...bucket },
  { ...projectedOptional, ...projected },
);
const ProjectedGroupUsage = struct(
  'ProjectedGroupedUsage',
  { ...amounts, ...group, filters: array(ProjectedFilterUsage) },
  { ...projectedOptional, ...projected },
);

const ProjectedChargeUsageCodec = struct(
  'ProjectedChargeUsage',
  {
    ...amounts,
    ...charge,
    ...projected,
    filters: array(ProjectedFilterUsage),
    grouped_usage: array(ProjectedGroupUsage),
  },
  projectedOptional,
);
/** See {@link ProjectedChargeUsage}. */
export interface ProjectedChargeUsage extends t.TypeOf<typeof ProjectedChargeUsageCodec> {}
/**
 * The usage of one charge, with its projection to the end of the period
 * (`customer_projected_usage.charges_usage[]`). `total_aggregated_units`, listed by the
 * specification, is not sent by the reference's server here, so it is optional.
 */
export const ProjectedChargeUsage = named<ProjectedChargeUsage>(ProjectedChargeUsageCodec);

const CustomerProjectedUsageCodec = struct(
  'CustomerProjectedUsage',
  {
    from_datetime: Timestamp,
    to_datetime: Timestamp,
    issuing_date: IsoDate,
    currency: CurrencyCode,
    amount_cents: Cents,
    projected_amount_cents: Cents,
    taxes_amount_cents: Cents,
    total_amount_cents: Cents,
    svc_invoice_id: nullable(Uuid),
    charges_usage: array(ProjectedChargeUsage),
  },
  {},
);
/** Projected usage, see {@link CustomerProjectedUsage}. */
export interface CustomerProjectedUsage extends t.TypeOf<typeof CustomerProjectedUsageCodec> {}
/**
 * A customer's current usage and its projection to the end of the period
 * (`projected_amount_cents`); taxes apply to the current amount only.
 */
export const CustomerProjectedUsage = named<CustomerProjectedUsage>(CustomerProjectedUsageCodec);
