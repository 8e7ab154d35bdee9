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
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { sampleChargeCurve } from './curve';
import type {
  ChargeCurves,
  CompareReportData,
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
      charges: invoice.fees.map(lineOf),
    })),
    curves: curves ?? [],
  };
}

/** The error of a plan's charge, with the charge's place put in front of its path. */
function withPath(error: FeecastError, path: readonly string[]): Either<FeecastError, never> {
  return left({ ...error, path: [...path, ...(error.path ?? [])] });
}

/** How much of a billable metric the customer used. */
export interface MetricUsage {
  readonly units: string;
  readonly events_count: number;
}

/**
 * The price curves of every billable metric that the plans charge for: one curve per plan
 * that has a charge on it (its own properties, not its filters'), over the same units on
 * every plan (up to a nice number above twice the usage and above every plan's price breaks),
 * with the usage marked. Metrics are in the order they first appear in the plans; `usage`
 * gives each metric's units and events (no entry: 0). Names come from `billableMetrics`
 * when given, else from the charge. A charge the engine cannot price is a `Left` whose path
 * names the plan and the charge.
 *
 * @example
 * chargeCurves(plans, new Map([['api_calls', { units: '1200', events_count: 40 }]]), metrics)
 * // right([{ code: 'api_calls', name: 'API calls', actual_units: '1200', curves: [{ plan_code: 'starter', points }, ...] }])
 */
export function chargeCurves(
  plans: readonly Plan[],
  usage: ReadonlyMap<string, MetricUsage>,
  billableMetrics: readonly BillableMetric[] = [],
): Either<FeecastError, ChargeCurves[]> {
  const codes = [
    ...new Set(plans.flatMap((plan) => plan.charges.map((c) => c.billable_metric_code))),
  ];
  const result: ChargeCurves[] = [];
  for (const code of codes) {
    const used = usage.get(code) ?? { units: '0', events_count: 0 };
    const charges = plans.flatMap((plan, i) =>
      plan.charges.flatMap((charge, j) =>
        charge.billable_metric_code === code
          ? [{ plan, charge, path: ['plans', String(i), 'charges', String(j)] }]
          : [],
      ),
    );
    // Every plan's curve spans the widest default range of them all.
    let widest: Decimal = ZERO;
    for (const { charge, path } of charges) {
      const probe = sampleChargeCurve(charge, {
        actual_units: used.units,
        steps: 1,
        events_count: used.events_count,
      });
      if (probe._tag === 'Left') return withPath(probe.left, path);
      const last = parseDecimal(probe.right[probe.right.length - 1]?.units ?? '0');
      if (last._tag === 'Right') widest = max(widest, last.right);
    }
    const maxUnits = formatDecimal(widest);
    const curves: PlanCurve[] = [];
    for (const { plan, charge, path } of charges) {
      const points = sampleChargeCurve(charge, {
        actual_units: used.units,
        events_count: used.events_count,
        max_units: maxUnits,
      });
      if (points._tag === 'Left') return withPath(points.left, path);
      curves.push({ plan_code: plan.code, points: points.right });
    }
    const metric = billableMetrics.find((m) => m.code === code);
    const first = charges[0]?.charge;
    const name = metric?.name ?? first?.invoice_display_name ?? code;
    result.push({ code, name, actual_units: used.units, curves });
  }
  return right(result);
}
