/**
 * The comparison page's data from wire objects: one invoice preview per plan (what the
 * engine's `comparePlans` returns) and the price curves of the plans' charges.
 */
import {
  type Decimal,
  type FeecastError,
  formatDecimal,
  max,
  parseDecimal,
  ZERO,
} from '@feecast/engine';
import type { BillableMetric, Fee, Invoice, Plan } from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import { chargeBuckets } from './charge-buckets';
import { type CurveCharge, sampleChargeCurve } from './curve';
import type {
  ChargeCurves,
  CompareReportData,
  CurveBucketUsage,
  PlanChargeAmount,
  PlanCurve,
  ReportCustomer,
  ReportPeriod,
} from './data';

/** One plan and its invoice preview. */
export interface PlanPreview {
  readonly plan: Plan;
  readonly invoice: Invoice;
}

/** The line of a fee on the page: the same key on every plan for the same thing billed. */
function lineOf(fee: Fee): PlanChargeAmount {
  const { item } = fee;
  switch (item.type) {
    case 'subscription':
      return { code: 'subscription', name: 'Subscription fee', amount_cents: fee.amount_cents };
    case 'charge':
      return { code: item.code, name: item.name, amount_cents: fee.amount_cents };
    case 'commitment':
      return { code: 'commitment', name: 'Minimum commitment', amount_cents: fee.amount_cents };
    default:
      return { code: `${item.type}:${item.code}`, name: item.name, amount_cents: fee.amount_cents };
  }
}

/**
 * One line per fee of an invoice, keyed so that the same thing billed lines up across plans:
 * a charge's fees by billable metric code (its filter and group fees share the key), the
 * subscription fee and a commitment by keys of their own. Their amounts add up to the
 * invoice's `fees_amount_cents`.
 *
 * @example
 * invoiceChargeLines(invoice)
 * // [{ code: 'subscription', name: 'Subscription fee', amount_cents: 4900 }, { code: 'api_calls', name: 'API calls', amount_cents: 13719 }, ...]
 */
export function invoiceChargeLines(invoice: Invoice): PlanChargeAmount[] {
  return invoice.fees.map(lineOf);
}

/**
 * The page's data from the invoice preview of each plan: per plan its name, code, currency,
 * invoice total and one line per fee (charge fees keyed by billable metric code, so that the
 * same metric lines up across plans; filter and group fees of a charge share its key and add
 * up on the page; the subscription fee and a commitment have keys of their own).
 *
 * @example
 * compareDataFromInvoices({ previews: plans.map((plan, i) => ({ plan, invoice: invoices[i] })), curves })
 * // { plans: [{ code: 'starter', name: 'Starter', total_amount_cents: 14900, currency: 'EUR', charges: [...] }, ...], curves }
 */
export function compareDataFromInvoices(input: {
  readonly previews: readonly PlanPreview[];
  readonly curves?: readonly ChargeCurves[];
  readonly customer?: ReportCustomer;
  readonly period?: ReportPeriod;
  readonly generated_at?: string;
  readonly title?: string;
}): CompareReportData {
  const { previews, curves, ...rest } = input;
  return {
    ...rest,
    plans: previews.map(({ plan, invoice }) => ({
      code: plan.code,
      name: plan.name,
      currency: invoice.currency,
      total_amount_cents: invoice.total_amount_cents,
      charges: invoiceChargeLines(invoice),
    })),
    curves: curves ?? [],
  };
}

/** The error of a plan's charge, with the charge's place put in front of its path. */
function withPath(error: FeecastError, path: readonly string[]): Either<FeecastError, never> {
  return left({ ...error, path: [...path, ...(error.path ?? [])] });
}

/** A plan's charge of one metric, what it billed, and where it sits in the input. */
interface DrawnCharge {
  readonly plan: Plan;
  readonly displayName: string | null;
  readonly input: CurveCharge;
  readonly path: readonly string[];
}

/** The buckets' labels and units, for the caption; none for a charge billed as one bucket. */
function bucketsOf(input: CurveCharge): CurveBucketUsage[] {
  const labelled = input.buckets.filter((bucket) => bucket.label !== '');
  return labelled.map(({ label, units, filter_prices }) => ({ label, units, filter_prices }));
}

/**
 * The price curves of every billable metric that the plans charge for, as each plan billed
 * it (see `sampleChargeCurve`): per metric one chart, per plan and charge on it one curve of
 * the charge's amount against the metric's total units, keeping the usage's split across the
 * plan's filter buckets and pricing groups (each priced at its own prices: a filter's for its
 * events, the charge's for the rest) with the events held, rounded to the cent per bucket as
 * fees are. Each curve passes through what its plan billed at its usage (`actual_units`,
 * marked). Every curve of a metric ends at the same units (a nice number above twice the
 * usage and the price breaks). Metrics are in the order they first appear in the plans;
 * names come from `billableMetrics` when given, else from the charge. A charge the engine
 * cannot price is a `Left` whose path names the plan and the charge.
 *
 * @example
 * chargeCurves(plans.map((plan, i) => ({ plan, invoice: invoices[i] })), metrics)
 * // right([{ code: 'api_calls', name: 'API calls', actual_units: '91755', curves: [
 * //   { plan_code: 'starter', actual_units: '91755', points, buckets: [...] }, ...] }, ...])
 */
export function chargeCurves(
  previews: readonly PlanPreview[],
  billableMetrics: readonly BillableMetric[] = [],
): Either<FeecastError, ChargeCurves[]> {
  const codes = [
    ...new Set(previews.flatMap(({ plan }) => plan.charges.map((c) => c.billable_metric_code))),
  ];
  const result: ChargeCurves[] = [];
  for (const code of codes) {
    const charges: DrawnCharge[] = previews.flatMap(({ plan, invoice }, i) =>
      plan.charges.flatMap((charge, j) =>
        charge.billable_metric_code === code
          ? [
              {
                plan,
                displayName: charge.invoice_display_name,
                path: ['plans', String(i), 'charges', String(j)],
                input: {
                  charge,
                  applied_pricing_unit: charge.applied_pricing_unit ?? null,
                  buckets: chargeBuckets(charge, invoice.fees),
                  currency: invoice.currency,
                },
              },
            ]
          : [],
      ),
    );
    // Every plan's curve spans the widest default range of them all.
    let widest: Decimal = ZERO;
    let actual: string | undefined;
    for (const { input, path } of charges) {
      const probe = sampleChargeCurve(input, { steps: 1 });
      if (isLeft(probe)) return withPath(probe.left, path);
      const last = parseDecimal(probe.right.points[probe.right.points.length - 1]?.units ?? '0');
      if (isRight(last)) widest = max(widest, last.right);
      if (actual === undefined && input.buckets.length > 0) actual = probe.right.actual_units;
    }
    const maxUnits = formatDecimal(widest);
    const curves: PlanCurve[] = [];
    for (const { plan, input, path } of charges) {
      const curve = sampleChargeCurve(input, { max_units: maxUnits });
      if (isLeft(curve)) return withPath(curve.left, path);
      curves.push({
        plan_code: plan.code,
        actual_units: curve.right.actual_units,
        points: curve.right.points,
        buckets: bucketsOf(input),
      });
    }
    const metric = billableMetrics.find((m) => m.code === code);
    const name = metric?.name ?? charges[0]?.displayName ?? code;
    result.push({ code, name, actual_units: actual ?? '0', curves });
  }
  return right(result);
}
