/**
 * What the charge-fee functions read of a plan's charges, billable metrics, subscription and
 * period. Decoded wire objects of `@feecast/models` (`Charge`, `BillableMetric`,
 * `Subscription`, `Customer`) and `billingPeriod`'s result fit these shapes as they are.
 */
import type { Fee } from '@feecast/models';
import type { BillableMetricInput, FilterValues } from '../../aggregation/index';

/** A charge filter: events matching `values` are priced with its own `properties`. */
export interface ChargeFeesFilter {
  readonly svc_id?: string | null;
  readonly invoice_display_name?: string | null;
  readonly properties?: unknown;
  readonly values: FilterValues;
}

/**
 * The pricing unit a charge is priced in (`charge.applied_pricing_unit`). The wire object
 * carries `code` and `conversion_rate`; the pricing unit's id and short name come from here
 * when present, else from the `pricing_units` option.
 */
export interface ChargeFeesPricingUnit {
  readonly code: string;
  readonly conversion_rate: string;
  readonly svc_pricing_unit_id?: string | null;
  readonly short_name?: string | null;
}

/**
 * A pricing unit of the organization: its id, code and short name.
 *
 * @inline
 */
export interface PricingUnitInfo {
  readonly svc_id: string;
  readonly code: string;
  readonly short_name: string;
}

/** The fields of a charge (the wire `Charge`) that its fees read. */
export interface ChargeFeesCharge {
  readonly svc_id: string;
  /** The charge's billable metric (matched against `billableMetrics` by code). */
  readonly billable_metric_code?: string | null;
  /** The charge's billable metric by id (matched first when given). */
  readonly svc_billable_metric_id?: string | null;
  readonly charge_model: string;
  readonly properties?: unknown;
  readonly filters?: readonly ChargeFeesFilter[] | null;
  readonly invoice_display_name?: string | null;
  readonly pay_in_advance?: boolean | null;
  readonly invoiceable?: boolean | null;
  readonly prorated?: boolean | null;
  /** The minimum a period must bill (in pricing-unit cents with a pricing unit). */
  readonly min_amount_cents?: number | null;
  readonly applied_pricing_unit?: ChargeFeesPricingUnit | null;
}

/** A billable metric (the wire `BillableMetric`): how events aggregate, and the fee's item. */
export interface ChargeFeesMetric extends BillableMetricInput {
  readonly svc_id: string;
  readonly name: string;
  readonly description?: string | null;
}

/** The charges period billed (`billingPeriod`'s result fits). */
export interface ChargesPeriod {
  readonly charges_from_datetime: string;
  readonly charges_to_datetime: string;
  /** Days of the full charges period: proration and the `min_amount_cents` true-up divide by it. */
  readonly charges_duration?: number;
}

/**
 * The subscription the fees belong to (a wire `Subscription` fits).
 *
 * @inline
 */
export interface FeeSubscription {
  readonly svc_id?: string | null;
  readonly external_id?: string | null;
  readonly svc_customer_id?: string | null;
  readonly external_customer_id?: string | null;
}

/**
 * The customer (a wire `Customer` fits): ids when the subscription lacks them, and time zone.
 *
 * @inline
 */
export interface FeeCustomer {
  readonly svc_id?: string | null;
  readonly external_id?: string | null;
  readonly applicable_timezone?: string | null;
  readonly timezone?: string | null;
}

/**
 * What the fees are for: `'usage'` (current usage: every bucket is shown, zero fees included,
 * units of pay-in-advance and prorated charges as current usage shows them) or `'invoice'`
 * (billing a period: zero fees are dropped and `min_amount_cents` is trued up).
 */
export type ChargeFeesPurpose = 'usage' | 'invoice';

/** Options shared by `chargeFees`, `planChargeFees` and the pay-in-advance functions. */
export interface ChargeFeesOptions {
  readonly period: ChargesPeriod;
  /** The plan's ISO 4217 currency: every fee's `amount_currency`. */
  readonly currency: string;
  /** The customer's IANA time zone; default the customer's `applicable_timezone`, else UTC. */
  readonly timezone?: string | null;
  readonly subscription?: FeeSubscription | null;
  readonly customer?: FeeCustomer | null;
  /** Default `'usage'`. */
  readonly purpose?: ChargeFeesPurpose;
  /**
   * The elapsed share of the period ("0" to "1", `billingPeriod`'s `period_ratio`): asks for
   * `projected_units` and `projected_amount_cents` on each fee.
   */
  readonly period_ratio?: string | null;
  /** Pricing units by code, for charges whose `applied_pricing_unit` has no id or short name. */
  readonly pricing_units?: readonly PricingUnitInfo[];
  /** The subscription was terminated by an upgrade: one day less is billed (true-up). */
  readonly terminated_by_upgrade?: boolean;
  /** Leave out repeated transaction ids (default true; see `AggregateOptions.deduplicate`). */
  readonly deduplicate?: boolean;
  /**
   * Gives each fee produced its `svc_id` (e.g. from the caller's id generator), so that a
   * true-up fee can name its parent. Without it, fees are not stored: ids are `null`.
   */
  readonly feeId?: (fee: Fee) => string;
}
