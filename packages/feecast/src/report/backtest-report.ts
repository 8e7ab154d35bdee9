/**
 * `feecast backtest --report report.html`: a backtest's summary as a self-contained HTML page
 * (monthly revenue per plan, the distribution of the customers' deltas, the top movers, the
 * contributions per fee line), drawn with the compare report's charts and page.
 */
import {
  abs,
  add,
  type BacktestSummary,
  type ChargeContribution,
  type CustomerDelta,
  compare,
  type Decimal,
  type FeecastError,
  fromCents,
  max,
  type PlanDeltas,
  ZERO,
} from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { formatUnits } from '../render/money';
import { renderBarChart } from './bar-chart';
import { moneyText, pageFooter, pageHeader, tickLabel } from './common';
import type { ReportPeriod } from './data';
import { type Html, html } from './html';
import { renderLegend } from './legend';
import { renderDocument } from './page';
import { colour } from './palette';
import { px, toPixels } from './scale';
import { renderStackedBarChart } from './stacked-bar-chart';

/** Everything {@link renderBacktestReport} draws. */
export interface BacktestReportData {
  readonly summary: BacktestSummary;
  /** The page's title (default `Backtest`). */
  readonly title?: string;
  /** The backtest's range, `[from, to)`. */
  readonly period?: ReportPeriod;
  /** When the backtest ran, shown in the footer (never read from the clock here). */
  readonly generated_at?: string;
  /** Plan names by code, for the legends and tables (default: the codes). */
  readonly plan_names?: Readonly<Record<string, string>>;
  /** Billable metric names by code, for the charges' lines (default: the codes). */
  readonly metric_names?: Readonly<Record<string, string>>;
}

/** The plan name of the rows priced on each subscription's own plan (the backtest's `current`). */
const CURRENT = 'current';

/** A currency's part of the summary. */
interface CurrencyPart {
  readonly currency: string;
  readonly plans: readonly string[];
  readonly months: readonly string[];
  /** Revenue by plan, then month. */
  readonly revenue: ReadonlyMap<string, ReadonlyMap<string, Decimal>>;
  readonly deltas: readonly PlanDeltas[];
  readonly contributions: readonly ChargeContribution[];
}

/** Cents as a decimal amount, or the error naming where they are in the summary. */
function amount(
  cents: number,
  currency: string,
  path: readonly string[],
): Either<FeecastError, Decimal> {
  return fromCents(cents, currency, ['summary', ...path]);
}

function money(
  cents: number,
  currency: string,
  path: readonly string[],
): Either<FeecastError, string> {
  const read = amount(cents, currency, path);
  return isLeft(read) ? read : right(moneyText(read.right, currency));
}

/** The summary split by currency, in the order each currency first appears. */
function currencyParts(summary: BacktestSummary): Either<FeecastError, CurrencyPart[]> {
  const currencies: string[] = [];
  const seen = (currency: string) => {
    if (!currencies.includes(currency)) currencies.push(currency);
  };
  for (const month of summary.revenue) seen(month.currency);
  for (const plan of summary.deltas) seen(plan.currency);
  for (const line of summary.contributions) seen(line.currency);
  const parts: CurrencyPart[] = [];
  for (const currency of currencies) {
    const plans: string[] = [];
    const months = new Set<string>();
    const revenue = new Map<string, Map<string, Decimal>>();
    for (const [i, month] of summary.revenue.entries()) {
      if (month.currency !== currency) continue;
      const earned = amount(month.revenue_cents, currency, ['revenue', String(i), 'revenue_cents']);
      if (isLeft(earned)) return earned;
      if (!plans.includes(month.plan)) plans.push(month.plan);
      months.add(month.month);
      const byMonth = revenue.get(month.plan) ?? new Map<string, Decimal>();
      byMonth.set(month.month, earned.right);
      revenue.set(month.plan, byMonth);
    }
    parts.push({
      currency,
      plans,
      months: [...months].sort(),
      revenue,
      deltas: summary.deltas.filter((plan) => plan.currency === currency),
      contributions: summary.contributions.filter((line) => line.currency === currency),
    });
  }
  return right(parts);
}

function planLabel(data: BacktestReportData, plan: string): string {
  if (plan === CURRENT) return 'Current plans';
  return data.plan_names?.[plan] ?? plan;
}

/** The section's id: the plain name on a one-currency page, with the currency otherwise. */
function sectionId(name: string, part: CurrencyPart, single: boolean): string {
  return single ? name : `${name}-${part.currency}`;
}

function revenueSection(data: BacktestReportData, part: CurrencyPart, id: string): Html {
  const { currency, plans, months } = part;
  const head = plans.map((plan) => html`<th class="num">${planLabel(data, plan)}</th>`);
  const totals: Decimal[] = plans.map(() => ZERO);
  const rows = months.map((month) => {
    const cells = plans.map((plan, i) => {
      const earned = part.revenue.get(plan)?.get(month);
      if (earned === undefined) return html`<td class="num">—</td>`;
      totals[i] = add(totals[i] ?? ZERO, earned);
      return html`<td class="num">${moneyText(earned, currency)}</td>`;
    });
    return html`<tr><td>${month}</td>${cells}</tr>`;
  });
  const totalCells = totals.map(
    (total) => html`<td class="num">${moneyText(total, currency)}</td>`,
  );
  const series = plans.map((plan, i) => ({ name: planLabel(data, plan), colour: colour(i) }));
  const chart = renderBarChart({
    title: `Revenue per month (${currency})`,
    axisTitle: currency,
    tickLabel,
    groups: months.map((month) => ({
      label: month,
      bars: plans.flatMap((plan, i) => {
        const earned = part.revenue.get(plan)?.get(month);
        return earned === undefined
          ? []
          : [
              {
                name: planLabel(data, plan),
                value: earned,
                valueLabel: moneyText(earned, currency),
                colour: colour(i),
              },
            ];
      }),
    })),
  });
  return html`<section id="${id}"><h2>Revenue per month, ${currency}</h2>${renderLegend(series)}<figure>${chart}<figcaption>What each plan earns per month (by the month of each invoice's period): before taxes, after coupons, with pay-in-advance fees.</figcaption></figure><table><thead><tr><th>Month</th>${head}</tr></thead><tbody>${rows}<tr class="total"><td>Total</td>${totalCells}</tr></tbody></table></section>`;
}

/** The quantiles' names, from the lowest delta to the highest. */
const QUANTILES = [
  ['p0', 'lowest'],
  ['p10', '10th percentile'],
  ['p25', '25th percentile'],
  ['p50', 'median'],
  ['p75', '75th percentile'],
  ['p90', '90th percentile'],
  ['p100', 'highest'],
] as const;

/**
 * A diverging bar in CSS: a delta's share of the widest one, drawn left of the axis in green
 * (the customer pays less) or right of it in red (pays more).
 */
function divergingBar(delta: Decimal, widest: Decimal): Html {
  const width = px(toPixels(abs(delta), widest, 100));
  const sign = compare(delta, ZERO);
  const less = sign < 0 ? html`<span class="less" style="width:${width}%"></span>` : html``;
  const more = sign > 0 ? html`<span class="more" style="width:${width}%"></span>` : html``;
  return html`<div class="diverge"><div class="half left">${less}</div><div class="half right">${more}</div></div>`;
}

function deltasSection(
  data: BacktestReportData,
  part: CurrencyPart,
  id: string,
): Either<FeecastError, Html> {
  const { currency } = part;
  const figures: Html[] = [];
  for (const plan of part.deltas) {
    const at = ['deltas', String(data.summary.deltas.indexOf(plan))];
    const name = planLabel(data, plan.plan);
    const totals: Html[] = [];
    for (const [label, cents, key] of [
      ['On their current plans', plan.current_cents, 'current_cents'],
      [`On ${name}`, plan.plan_cents, 'plan_cents'],
      ['Difference', plan.delta_cents, 'delta_cents'],
    ] as const) {
      const text = money(cents, currency, [...at, key]);
      if (isLeft(text)) return text;
      totals.push(html`<tr><td>${label}</td><td class="num">${text.right}</td></tr>`);
    }
    let distribution = html`<p>No customer is priced on both their plan and ${name}.</p>`;
    if (plan.quantiles !== null) {
      const values: Decimal[] = [];
      for (const [key] of QUANTILES) {
        const value = amount(plan.quantiles[key], currency, [...at, 'quantiles', key]);
        if (isLeft(value)) return value;
        values.push(value.right);
      }
      const widest = values.reduce((top, value) => max(top, abs(value)), ZERO);
      const rows = QUANTILES.map(([key, label], i) => {
        const value = values[i] ?? ZERO;
        return html`<tr><td>${label} <code>${key}</code></td><td class="num">${moneyText(value, currency)}</td><td>${divergingBar(value, widest)}</td></tr>`;
      });
      distribution = html`<table class="quantiles"><thead><tr><th>Quantile</th><th class="num">Delta</th><th>pays less · pays more</th></tr></thead><tbody>${rows}</tbody></table>`;
    }
    const movers = moversTable(plan, name, at);
    if (isLeft(movers)) return movers;
    figures.push(
      html`<h3>${name} against the current plans: ${plan.customers} customers</h3><table><tbody>${totals}</tbody></table>${distribution}${movers.right}`,
    );
  }
  if (figures.length === 0) return right(html``);
  return right(
    html`<section id="${id}"><h2>Customer deltas, ${currency}</h2><p>Each customer's revenue over the backtest on a candidate plan, less their revenue on their current plans; the quantiles are by nearest rank (each is one customer's delta).</p>${figures}</section>`,
  );
}

function moversTable(
  plan: PlanDeltas,
  name: string,
  at: readonly string[],
): Either<FeecastError, Html> {
  const rows: Html[] = [];
  const lists = [
    ['top_increases', 'pays more', plan.top_increases],
    ['top_decreases', 'pays less', plan.top_decreases],
  ] as const;
  for (const [key, what, list] of lists) {
    for (const [i, entry] of (list as readonly CustomerDelta[]).entries()) {
      const cells: string[] = [];
      for (const field of ['current_cents', 'plan_cents', 'delta_cents'] as const) {
        const text = money(entry[field], plan.currency, [...at, key, String(i), field]);
        if (isLeft(text)) return text;
        cells.push(text.right);
      }
      rows.push(
        html`<tr><td>${entry.external_customer_id}</td><td>${what}</td>${cells.map((cell) => html`<td class="num">${cell}</td>`)}</tr>`,
      );
    }
  }
  if (rows.length === 0) return right(html`<p>No customer's revenue moves.</p>`);
  return right(
    html`<table class="movers"><thead><tr><th>Top movers</th><th>Moves</th><th class="num">Current</th><th class="num">${name}</th><th class="num">Delta</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/** A fee line's name: `Subscription fee`, a charge's metric name, `Minimum commitment`... */
function lineLabel(data: BacktestReportData, line: ChargeContribution): string {
  if (line.kind === 'subscription') return 'Subscription fee';
  if (line.kind === 'commitment') return 'Minimum commitment';
  if (line.kind === 'charge' && line.code !== null)
    return data.metric_names?.[line.code] ?? line.code;
  return line.code === null ? line.kind : `${line.kind} ${line.code}`;
}

function contributionsSection(
  data: BacktestReportData,
  part: CurrencyPart,
  id: string,
): Either<FeecastError, Html> {
  const { currency } = part;
  if (part.contributions.length === 0) return right(html``);
  const labels: string[] = [];
  const plans: string[] = [];
  const cells = new Map<string, { amount: Decimal; units: string }>();
  for (const line of part.contributions) {
    const at = ['contributions', String(data.summary.contributions.indexOf(line))];
    const label = lineLabel(data, line);
    if (!labels.includes(label)) labels.push(label);
    if (!plans.includes(line.plan)) plans.push(line.plan);
    const value = amount(line.amount_cents, currency, [...at, 'amount_cents']);
    if (isLeft(value)) return value;
    const units = formatUnits(line.units);
    if (isLeft(units)) return left({ ...units.left, path: ['summary', ...at, 'units'] });
    cells.set(`${line.plan}\u0000${label}`, { amount: value.right, units: units.right });
  }
  const series = labels.map((label, i) => ({ name: label, colour: colour(i) }));
  const chart = renderStackedBarChart({
    title: `Contributions per fee line (${currency})`,
    axisTitle: currency,
    tickLabel,
    series,
    categories: plans.map((plan) => {
      let total: Decimal = ZERO;
      const segments = labels.flatMap((label, i) => {
        const cell = cells.get(`${plan}\u0000${label}`);
        if (cell === undefined) return [];
        total = add(total, cell.amount);
        return [{ series: i, value: cell.amount, valueLabel: moneyText(cell.amount, currency) }];
      });
      return { label: planLabel(data, plan), totalLabel: moneyText(total, currency), segments };
    }),
  });
  const head = plans.map(
    (plan) =>
      html`<th class="num">${planLabel(data, plan)} units</th><th class="num">${planLabel(data, plan)}</th>`,
  );
  const rows = labels.map((label) => {
    const row = plans.map((plan) => {
      const cell = cells.get(`${plan}\u0000${label}`);
      return cell === undefined
        ? html`<td class="num">—</td><td class="num">—</td>`
        : html`<td class="num">${cell.units}</td><td class="num">${moneyText(cell.amount, currency)}</td>`;
    });
    return html`<tr><td>${label}</td>${row}</tr>`;
  });
  return right(
    html`<section id="${id}"><h2>Contributions per fee line, ${currency}</h2>${renderLegend(series)}<figure>${chart}<figcaption>What each fee line earns on each plan over the backtest, before coupons and taxes; a dash means the plan bills no such line.</figcaption></figure><table><thead><tr><th>Line</th>${head}</tr></thead><tbody>${rows}</tbody></table></section>`,
  );
}

/**
 * The backtest page: a self-contained HTML document (the compare report's page: inline CSS
 * and SVG, no script, no URL, a Content-Security-Policy forbidding any request) with, per
 * currency of the summary, the revenue per plan and month (grouped bars and a table), each
 * candidate's customer deltas against the current plans (totals, quantiles with CSS bars, top
 * movers) and the contributions per fee line (stacked bars and a table). Every text is
 * escaped; the output depends on `data` only, so the same data gives the same bytes. Cents
 * that are not safe integers, an unknown currency or units that do not parse are a `Left`
 * with the path in `data`.
 *
 * @example
 * const result = backtest({ plans, subscriptions, billableMetrics, events, from, to });
 * if (result._tag === 'Right') {
 *   const page = renderBacktestReport({ summary: result.right.summary });
 *   if (page._tag === 'Right') await writeFile('backtest.html', page.right);
 * }
 */
export function renderBacktestReport(data: BacktestReportData): Either<FeecastError, string> {
  const title = data.title ?? 'Backtest';
  const { summary, period } = data;
  const meta = [
    ...(period === undefined ? [] : [`Billing periods overlapping ${period.from} to ${period.to}`]),
    `${summary.invoices} invoices priced from ${summary.events.read} events`,
  ].join(', ');
  const parts = currencyParts(summary);
  if (isLeft(parts)) return parts;
  const single = parts.right.length === 1;
  const sections: Html[] = [];
  for (const part of parts.right) {
    sections.push(revenueSection(data, part, sectionId('revenue', part, single)));
    const deltas = deltasSection(data, part, sectionId('deltas', part, single));
    if (isLeft(deltas)) return deltas;
    sections.push(deltas.right);
    const lines = contributionsSection(data, part, sectionId('contributions', part, single));
    if (isLeft(lines)) return lines;
    sections.push(lines.right);
  }
  const currencies = parts.right.map((part) => part.currency).join(', ');
  const body =
    parts.right.length === 0
      ? html`${pageHeader(title, meta)}<p>No invoice was priced.</p>`
      : html`${pageHeader(title, meta)}${sections}${pageFooter(data.generated_at, currencies)}`;
  return right(renderDocument(title, body));
}
