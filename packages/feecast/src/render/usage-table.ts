/**
 * Current or projected usage as a table: one row per charge, with its filter buckets and
 * groups indented under it, and the usage totals. What `feecast usage` prints.
 */
import type { FeecastError } from '@feecast/engine';
import type { CustomerProjectedUsage, CustomerUsage } from '@feecast/models';
import { type Either, right } from 'fp-ts/lib/Either.js';
import { filterLabel, groupLabel } from './labels';
import { formatMoney, formatUnits } from './money';
import { renderSummary, renderTable, type TableColumn } from './table';
import { terminalText } from './terminal-text';

/** What a row needs from a charge, filter or group entry of either usage. */
interface Amounts {
  readonly units: string;
  readonly amount_cents: number;
  readonly projected_units?: string;
  readonly projected_amount_cents?: number;
}

interface FilterEntry extends Amounts {
  readonly values: Readonly<Record<string, readonly string[]>> | null;
  readonly invoice_display_name: string | null;
}

interface GroupEntry extends Amounts {
  readonly grouped_by: Readonly<Record<string, string | null>>;
  readonly filters: readonly FilterEntry[];
}

interface ChargeEntry extends Amounts {
  readonly charge: { readonly invoice_display_name: string | null };
  readonly billable_metric: { readonly name: string };
  readonly filters: readonly FilterEntry[];
  readonly grouped_usage: readonly GroupEntry[];
}

function isProjected(
  usage: CustomerUsage | CustomerProjectedUsage,
): usage is CustomerProjectedUsage {
  return Object.hasOwn(usage, 'projected_amount_cents');
}

function row(
  label: string,
  entry: Amounts,
  currency: string,
  projected: boolean,
): Either<FeecastError, string[]> {
  const cells = [label];
  const values: [string | undefined, number | undefined][] = [[entry.units, entry.amount_cents]];
  if (projected) values.push([entry.projected_units, entry.projected_amount_cents]);
  for (const [units, cents] of values) {
    const unitsText = units === undefined ? right('') : formatUnits(units);
    if (unitsText._tag === 'Left') return unitsText;
    const amount = cents === undefined ? right('') : formatMoney(cents, currency);
    if (amount._tag === 'Left') return amount;
    cells.push(unitsText.right, amount.right);
  }
  return right(cells);
}

/** The rows of one charge: itself, then its groups (with their filters), then its filters. */
function chargeRows(
  charge: ChargeEntry,
  currency: string,
  projected: boolean,
): Either<FeecastError, string[][]> {
  const name = charge.charge.invoice_display_name ?? charge.billable_metric.name;
  const entries: [string, Amounts][] = [[name, charge]];
  for (const group of charge.grouped_usage) {
    entries.push([`  ${groupLabel(group.grouped_by)}`, group]);
    for (const filter of group.filters) {
      entries.push([`    ${filterLabel(filter.values, filter.invoice_display_name)}`, filter]);
    }
  }
  for (const filter of charge.filters) {
    entries.push([`  ${filterLabel(filter.values, filter.invoice_display_name)}`, filter]);
  }
  const rows: string[][] = [];
  for (const [label, entry] of entries) {
    const cells = row(label, entry, currency, projected);
    if (cells._tag === 'Left') return cells;
    rows.push(cells.right);
  }
  return right(rows);
}

/**
 * A customer's current or projected usage as text: a title with the period, a table of the
 * charges (filters and groups indented below each), then the amount, taxes and total (and the
 * projected amount). Projected columns appear for projected usage only. An unknown currency
 * is a `Left`.
 *
 * @example
 * renderUsageTable(customerProjectedUsage)
 * // right('Usage from 2025-03-15T00:00:00Z to 2025-04-14T23:59:59Z (USD)\n\nCharge  Units ...')
 */
export function renderUsageTable(
  usage: CustomerUsage | CustomerProjectedUsage,
): Either<FeecastError, string> {
  const projected = isProjected(usage);
  const columns: TableColumn[] = [
    { header: 'Charge', align: 'left' },
    { header: 'Units', align: 'right' },
    { header: 'Amount', align: 'right' },
  ];
  if (projected) {
    columns.push({ header: 'Projected units', align: 'right' });
    columns.push({ header: 'Projected amount', align: 'right' });
  }
  const rows: string[][] = [];
  const charges: readonly ChargeEntry[] = usage.charges_usage;
  for (const charge of charges) {
    const chargeRowsText = chargeRows(charge, usage.currency, projected);
    if (chargeRowsText._tag === 'Left') return chargeRowsText;
    rows.push(...chargeRowsText.right);
  }
  const totals: [string, number][] = [
    ['Amount', usage.amount_cents],
    ['Taxes', usage.taxes_amount_cents],
    ['Total', usage.total_amount_cents],
  ];
  if (projected) totals.push(['Projected amount', usage.projected_amount_cents]);
  const summary: [string, string][] = [];
  for (const [label, cents] of totals) {
    const text = formatMoney(cents, usage.currency);
    if (text._tag === 'Left') return text;
    summary.push([label, text.right]);
  }
  const title = terminalText(
    `Usage from ${usage.from_datetime} to ${usage.to_datetime} (${usage.currency})`,
  );
  const table = rows.length === 0 ? 'No charges.\n' : renderTable({ columns, rows });
  return right(`${title}\n\n${table}\n${renderSummary(summary)}`);
}
