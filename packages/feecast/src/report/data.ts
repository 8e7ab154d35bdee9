/**
 * The plain data the HTML pages are drawn from. The commands fill it from the engine's
 * results (`comparePlans`, `applyChargeModel`, usage, invoices); the renderers need nothing
 * else. Amounts in minor units are integers (`*_cents`); other amounts and units are
 * decimal strings.
 */

/** Who the page is about. */
export interface ReportCustomer {
  readonly name: string;
  readonly external_id: string;
}

/** The billing period shown (ISO timestamps). */
export interface ReportPeriod {
  readonly from: string;
  readonly to: string;
}

/** What one charge (or the subscription fee...) costs on a plan. */
export interface PlanChargeAmount {
  /** The key that matches the same charge across plans (e.g. the billable metric code). */
  readonly code: string;
  readonly name: string;
  readonly amount_cents: number;
}

/** One plan of a comparison. */
export interface ComparedPlan {
  readonly code: string;
  readonly name: string;
  /** The invoice total on this plan (after coupons, taxes and credits), in minor units. */
  readonly total_amount_cents: number;
  readonly currency: string;
  /** The amounts per charge, in the order to show them. */
  readonly charges: readonly PlanChargeAmount[];
}

/** One point of a price curve: the amount (currency units, decimal) for a number of units. */
export interface CurvePoint {
  readonly units: string;
  readonly amount: string;
}

/** One bucket (filter bucket, pricing group) of a plan's charge, and its share of the usage. */
export interface CurveBucketUsage {
  /** `API calls (EU)`, `(no filter)`, `cluster=eu-west`. */
  readonly label: string;
  /** The units billed in the bucket (a decimal string). */
  readonly units: string;
  /** Priced with a charge filter's properties (else the charge's own). */
  readonly filter_prices: boolean;
}

/**
 * A charge's price curve on one plan: its amount against the metric's total units, the usage
 * split across its buckets as in the period (see `sampleChargeCurve`).
 */
export interface PlanCurve {
  readonly plan_code: string;
  /** The units this plan billed (default: the chart's `actual_units`); the curve meets the bill there. */
  readonly actual_units?: string;
  /** Points in increasing `units`. */
  readonly points: readonly CurvePoint[];
  /** The buckets the curve adds up, when the charge has filters or groups. */
  readonly buckets?: readonly CurveBucketUsage[];
}

/** A charge's price curves across plans, and the customer's actual usage of it. */
export interface ChargeCurves {
  readonly code: string;
  readonly name: string;
  /** The units the customer used in the period (a decimal string), marked on the chart. */
  readonly actual_units: string;
  readonly curves: readonly PlanCurve[];
}

/** Everything `renderCompareReport` draws. */
export interface CompareReportData {
  /** The page's title (default `Plan comparison`). */
  readonly title?: string;
  readonly customer?: ReportCustomer;
  readonly period?: ReportPeriod;
  /** When the comparison was priced (`--now`), shown in the footer. */
  readonly generated_at?: string;
  readonly plans: readonly ComparedPlan[];
  readonly curves: readonly ChargeCurves[];
}

/** One charge's usage on the customer portal. */
export interface PortalCharge {
  readonly code: string;
  readonly name: string;
  readonly units: string;
  readonly amount_cents: number;
  readonly projected_units?: string;
  readonly projected_amount_cents?: number;
}

/** One invoice in the customer portal's list. */
export interface PortalInvoice {
  readonly number: string;
  readonly issuing_date: string | null;
  readonly status: string;
  readonly payment_status: string;
  readonly total_amount_cents: number;
  readonly currency: string;
}

/** Everything `renderPortalPage` draws. */
export interface PortalPageData {
  readonly customer: ReportCustomer;
  readonly currency: string;
  readonly period: ReportPeriod;
  readonly generated_at?: string;
  readonly amount_cents: number;
  readonly taxes_amount_cents: number;
  readonly total_amount_cents: number;
  /** The amount projected to the end of the period, when known. */
  readonly projected_amount_cents?: number;
  readonly charges: readonly PortalCharge[];
  readonly invoices: readonly PortalInvoice[];
}
