/**
 * What `feecast backtest` prints: its rows as NDJSON, CSV or JSON, and its summary as
 * tables (monthly revenue per plan, customer deltas, per-line contributions).
 */
import type { BacktestRow, BacktestSummary, FeecastError } from '@feecast/engine';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { formatMoney, formatUnits } from './money';
import { renderTable } from './table';

/** The columns of the CSV rows, in order (`fees` is the row's fee lines as JSON). */
export const BACKTEST_CSV_COLUMNS = [
  'external_customer_id',
  'external_subscription_id',
  'plan',
  'plan_code',
  'month',
  'from_datetime',
  'to_datetime',
  'issuing_date',
  'currency',
  'fees_amount_cents',
  'coupons_amount_cents',
  'taxes_amount_cents',
  'prepaid_credit_amount_cents',
  'total_amount_cents',
  'pay_in_advance_amount_cents',
  'revenue_cents',
  'rejected_events',
  'fees',
] as const;

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One row as a line of CSV (see {@link BACKTEST_CSV_COLUMNS}), with its line break.
 *
 * @example
 * backtestCsvLine(row) // 'acme,sub_acme,current,basic,2026-09,...,4500,"[{""kind"":""subscription"",...}]"\n'
 */
export function backtestCsvLine(row: BacktestRow): string {
  return `${BACKTEST_CSV_COLUMNS.map((column) => csvField(row[column])).join(',')}\n`;
}

/** The CSV header line. */
export function backtestCsvHeader(): string {
  return `${BACKTEST_CSV_COLUMNS.join(',')}\n`;
}

function money(cents: number, currency: string): Either<FeecastError, string> {
  return formatMoney(cents, currency);
}

/**
 * The summary as text: revenue per plan and month, then, per candidate plan, the customers'
 * deltas against their current plans (totals, quantiles, top movers), then each plan's
 * contributions per fee line.
 */
export function renderBacktestSummary(summary: BacktestSummary): Either<FeecastError, string> {
  const parts: string[] = [];
  const revenue: string[][] = [];
  for (const month of summary.revenue) {
    const earned = money(month.revenue_cents, month.currency);
    if (isLeft(earned)) return earned;
    const total = money(month.total_amount_cents, month.currency);
    if (isLeft(total)) return total;
    revenue.push([month.plan, month.month, String(month.invoices), earned.right, total.right]);
  }
  parts.push(
    'Revenue per plan and month (before taxes, after coupons, with pay-in-advance fees)\n',
    renderTable({
      columns: [
        { header: 'Plan', align: 'left' },
        { header: 'Month', align: 'left' },
        { header: 'Invoices', align: 'right' },
        { header: 'Revenue', align: 'right' },
        { header: 'Invoiced total', align: 'right' },
      ],
      rows: revenue,
    }),
  );
  for (const plan of summary.deltas) {
    const cells: [string, string][] = [];
    const add = (label: string, cents: number) => {
      const text = money(cents, plan.currency);
      if (isLeft(text)) return text;
      cells.push([label, text.right]);
      return right(undefined);
    };
    for (const [label, cents] of [
      ['On their current plans', plan.current_cents],
      [`On ${plan.plan}`, plan.plan_cents],
      ['Difference', plan.delta_cents],
    ] as const) {
      const added = add(label, cents);
      if (isLeft(added)) return added;
    }
    if (plan.quantiles !== null) {
      for (const [key, cents] of Object.entries(plan.quantiles)) {
        const added = add(`Customer delta ${key}`, cents);
        if (isLeft(added)) return added;
      }
    }
    const movers = [
      ...plan.top_increases.map((entry) => ['pays more', entry] as const),
      ...plan.top_decreases.map((entry) => ['pays less', entry] as const),
    ];
    const moverRows: string[][] = [];
    for (const [what, entry] of movers) {
      const current = money(entry.current_cents, plan.currency);
      if (isLeft(current)) return current;
      const priced = money(entry.plan_cents, plan.currency);
      if (isLeft(priced)) return priced;
      const delta = money(entry.delta_cents, plan.currency);
      if (isLeft(delta)) return delta;
      moverRows.push([entry.external_customer_id, what, current.right, priced.right, delta.right]);
    }
    parts.push(
      `\n${plan.plan} against the current plans: ${plan.customers} customers\n`,
      renderTable({
        columns: [
          { header: 'Figure', align: 'left' },
          { header: 'Amount', align: 'right' },
        ],
        rows: cells,
      }),
    );
    if (moverRows.length > 0) {
      parts.push(
        renderTable({
          columns: [
            { header: 'Customer', align: 'left' },
            { header: 'Moves', align: 'left' },
            { header: 'Current', align: 'right' },
            { header: plan.plan, align: 'right' },
            { header: 'Delta', align: 'right' },
          ],
          rows: moverRows,
        }),
      );
    }
  }
  const lines: string[][] = [];
  for (const line of summary.contributions) {
    const amount = money(line.amount_cents, line.currency);
    if (isLeft(amount)) return amount;
    const units = formatUnits(line.units);
    if (isLeft(units)) return units;
    lines.push([
      line.plan,
      line.code === null ? line.kind : `${line.kind} ${line.code}`,
      units.right,
      amount.right,
    ]);
  }
  parts.push(
    '\nContributions per plan and fee line (before coupons and taxes)\n',
    renderTable({
      columns: [
        { header: 'Plan', align: 'left' },
        { header: 'Line', align: 'left' },
        { header: 'Units', align: 'right' },
        { header: 'Amount', align: 'right' },
      ],
      rows: lines,
    }),
  );
  return right(parts.join(''));
}
