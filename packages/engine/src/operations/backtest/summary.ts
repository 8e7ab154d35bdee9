import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  type FeecastError,
  formatDecimal,
  parseDecimal,
  sum,
} from '../../core/index';
import type { PlanDifferenceKind } from '../compare-plans/plan-differences';
import type { EventCounts } from './event-grid';
import { CURRENT } from './inputs';
import type { BacktestRow } from './rows';

/** What one plan earns in one month (by the month of each invoice's period). */
export interface MonthlyRevenue {
  readonly plan: string;
  readonly month: string;
  readonly currency: string;
  /** How many invoices (subscription periods) the month has on the plan. */
  readonly invoices: number;
  /** Σ `revenue_cents` of the rows (before taxes, after coupons, with pay-in-advance fees). */
  readonly revenue_cents: number;
  /** Σ `total_amount_cents` of the invoices (after taxes and prepaid credits). */
  readonly total_amount_cents: number;
}

/** One customer's revenue on the current plans and on a candidate, over the backtest. */
export interface CustomerDelta {
  readonly external_customer_id: string;
  readonly current_cents: number;
  readonly plan_cents: number;
  /** `plan_cents − current_cents`: more than 0 when the customer would pay more. */
  readonly delta_cents: number;
}

/** Quantiles of the customers' deltas (nearest rank: each is one customer's delta). */
export interface DeltaQuantiles {
  readonly p0: number;
  readonly p10: number;
  readonly p25: number;
  readonly p50: number;
  readonly p75: number;
  readonly p90: number;
  readonly p100: number;
}

/** How a candidate plan changes what the customers pay, against their current plans. */
export interface PlanDeltas {
  readonly plan: string;
  readonly currency: string;
  /** The customers compared: those with subscriptions priced on both their plan and this one. */
  readonly customers: number;
  readonly current_cents: number;
  readonly plan_cents: number;
  readonly delta_cents: number;
  /** `null` without customers. */
  readonly quantiles: DeltaQuantiles | null;
  /** The customers who would pay most more (largest delta first; only deltas above 0). */
  readonly top_increases: readonly CustomerDelta[];
  /** The customers who would pay most less (smallest delta first; only deltas below 0). */
  readonly top_decreases: readonly CustomerDelta[];
}

/** What one fee line earns on one plan over the backtest (before coupons and taxes). */
export interface ChargeContribution {
  readonly plan: string;
  readonly currency: string;
  readonly kind: PlanDifferenceKind;
  readonly code: string | null;
  readonly units: string;
  readonly amount_cents: number;
}

/** The summary of a backtest. */
export interface BacktestSummary {
  readonly events: EventCounts;
  /** How many invoices were priced (rows). */
  readonly invoices: number;
  /** Per plan (in the order of the plans), per month, per currency. */
  readonly revenue: readonly MonthlyRevenue[];
  /** Per candidate plan and currency, against the current plans (none without current plans). */
  readonly deltas: readonly PlanDeltas[];
  /** Per plan, per fee line, in the order of the plans and of each line's first fee. */
  readonly contributions: readonly ChargeContribution[];
}

/** The value at quantile `q` of sorted values, by nearest rank. */
function quantile(sorted: readonly number[], q: number): number {
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1] ?? 0;
}

function planOrder(plans: readonly string[]) {
  return (plan: string) => {
    const at = plans.indexOf(plan);
    return at < 0 ? plans.length : at;
  };
}

/**
 * The summary of a backtest's rows: revenue per plan per month, each candidate's customer
 * deltas against the current plans (totals, quantiles, the `top` largest increases and
 * decreases), and each plan's per-line contributions.
 * @internal
 */
export function backtestSummary(
  rows: readonly BacktestRow[],
  plans: readonly string[],
  top: number,
  events: EventCounts,
): Either<FeecastError, BacktestSummary> {
  const order = planOrder(plans);
  const revenue = new Map<string, { -readonly [K in keyof MonthlyRevenue]: MonthlyRevenue[K] }>();
  const contributions = new Map<
    string,
    {
      plan: string;
      currency: string;
      kind: PlanDifferenceKind;
      code: string | null;
      units: Decimal;
      amount_cents: number;
    }
  >();
  /** Per customer, currency and plan: revenue over the subscriptions that have a current plan. */
  const perCustomer = new Map<string, Map<string, number>>();
  const withCurrent = new Set<string>();
  for (const row of rows) {
    if (row.plan === CURRENT) withCurrent.add(row.external_subscription_id);
  }
  for (const [r, row] of rows.entries()) {
    const monthKey = `${row.plan}\u0000${row.month}\u0000${row.currency}`;
    const month = revenue.get(monthKey) ?? {
      plan: row.plan,
      month: row.month,
      currency: row.currency,
      invoices: 0,
      revenue_cents: 0,
      total_amount_cents: 0,
    };
    month.invoices++;
    month.revenue_cents += row.revenue_cents;
    month.total_amount_cents += row.total_amount_cents;
    revenue.set(monthKey, month);
    for (const [f, line] of row.fees.entries()) {
      const key = `${row.plan}\u0000${row.currency}\u0000${line.kind}\u0000${line.code ?? ''}`;
      const units = parseDecimal(line.units, ['rows', String(r), 'fees', String(f), 'units']);
      if (isLeft(units)) return units;
      const seen = contributions.get(key);
      if (seen === undefined) {
        contributions.set(key, {
          plan: row.plan,
          currency: row.currency,
          kind: line.kind,
          code: line.code,
          units: units.right,
          amount_cents: line.amount_cents,
        });
      } else {
        seen.units = sum([seen.units, units.right]);
        seen.amount_cents += line.amount_cents;
      }
    }
    if (withCurrent.has(row.external_subscription_id)) {
      const customerKey = `${row.external_customer_id}\u0000${row.currency}`;
      const byPlan = perCustomer.get(customerKey) ?? new Map<string, number>();
      byPlan.set(row.plan, (byPlan.get(row.plan) ?? 0) + row.revenue_cents);
      perCustomer.set(customerKey, byPlan);
    }
  }

  const deltas: PlanDeltas[] = [];
  for (const plan of plans) {
    if (plan === CURRENT) continue;
    const byCurrency = new Map<string, CustomerDelta[]>();
    for (const [customerKey, byPlan] of perCustomer) {
      const current = byPlan.get(CURRENT);
      const priced = byPlan.get(plan);
      if (current === undefined || priced === undefined) continue;
      const [customer = '', currency = ''] = customerKey.split('\u0000');
      const list = byCurrency.get(currency) ?? [];
      list.push({
        external_customer_id: customer,
        current_cents: current,
        plan_cents: priced,
        delta_cents: priced - current,
      });
      byCurrency.set(currency, list);
    }
    for (const [currency, list] of byCurrency) {
      const sorted = list.map((entry) => entry.delta_cents).sort((a, b) => a - b);
      const byDelta = [...list].sort(
        (a, b) =>
          b.delta_cents - a.delta_cents ||
          (a.external_customer_id < b.external_customer_id ? -1 : 1),
      );
      let current = 0;
      let priced = 0;
      for (const entry of list) {
        current += entry.current_cents;
        priced += entry.plan_cents;
      }
      deltas.push({
        plan,
        currency,
        customers: list.length,
        current_cents: current,
        plan_cents: priced,
        delta_cents: priced - current,
        quantiles:
          sorted.length === 0
            ? null
            : {
                p0: quantile(sorted, 0),
                p10: quantile(sorted, 0.1),
                p25: quantile(sorted, 0.25),
                p50: quantile(sorted, 0.5),
                p75: quantile(sorted, 0.75),
                p90: quantile(sorted, 0.9),
                p100: quantile(sorted, 1),
              },
        top_increases: byDelta.filter((entry) => entry.delta_cents > 0).slice(0, top),
        top_decreases: byDelta
          .filter((entry) => entry.delta_cents < 0)
          .reverse()
          .slice(0, top),
      });
    }
  }

  const monthly = Array.from(revenue.values()).sort(
    (a, b) =>
      order(a.plan) - order(b.plan) ||
      (a.month < b.month ? -1 : a.month > b.month ? 1 : 0) ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );
  const lines: ChargeContribution[] = [];
  // In the order of their first fee (a map keeps its keys' order).
  for (const line of contributions.values()) {
    lines.push({ ...line, units: formatDecimal(line.units) });
  }
  lines.sort((a, b) => order(a.plan) - order(b.plan));
  return right({
    events,
    invoices: rows.length,
    revenue: monthly,
    deltas,
    contributions: lines,
  });
}
