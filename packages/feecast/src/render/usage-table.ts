/**
 * Current or projected usage as a table: one row per charge, with its filter buckets and
 * groups indented under it, and the usage totals below. What `feecast usage` prints.
 */
import type { FeecastError } from '@feecast/engine';
import type { CustomerProjectedUsage, CustomerUsage } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { filterLabel, groupLabel } from './labels';
import { formatMoney, formatUnits } from './money';
import { renderTable, type TableColumn } from './table';
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
    if (isLeft(unitsText)) return unitsText;
    const amount = cents === undefined ? right('') : formatMoney(cents, currency);
    if (isLeft(amount)) return amount;
    cells.push(unitsText.right, amount.right);
  }
  return right(cells);
}

/**
 * The rows of one charge: itself, then its groups (each with its filters), or, when it has no
 * groups, its filters. Each level is indented two spaces and adds up to the row above it (a
 * grouped charge's filters across groups would count the same usage twice, so they are shown
 * within each group only).
 */
function chargeRows(
  charge: ChargeEntry,
  currency: string,
  projected: boolean,
): Either<FeecastError, string[][]> {
  const name = charge.charge.invoice_display_name ?? charge.billable_metric.name;
  const entries: [string, Amounts][] = [[name, charge]];
  const filterEntries = (filters: readonly FilterEntry[], indent: string) => {
    for (const filter of filters) {
      entries.push([`${indent}${filterLabel(filter.values, filter.invoice_display_name)}`, filter]);
    }
  };
  for (const group of charge.grouped_usage) {
    entries.push([`  ${groupLabel(group.grouped_by)}`, group]);
    filterEntries(group.filters, '    ');
  }
  if (charge.grouped_usage.length === 0) filterEntries(charge.filters, '  ');
  const rows: string[][] = [];
  for (const [label, entry] of entries) {
    const cells = row(label, entry, currency, projected);
    if (isLeft(cells)) return cells;
    rows.push(cells.right);
  }
  return right(rows);
}

/**
 * A customer's current or projected usage as text: a title with the period, then one table:
 * the charges (filters and groups indented below each: they add up to their charge), and
 * below them `Total excluding taxes` (the sum of the charges), `Taxes` and `Total including
 * taxes`. Projected usage adds the projected units and amounts, whose column adds up to the
 * projected total excluding taxes (projections are not taxed). An unknown currency is a
 * `Left`.
 *
 * @example
 * renderUsageTable(customerProjectedUsage)
 * // right('Usage from 2025-03-15T00:00:00Z to 2025-04-14T23:59:59Z (USD)\n\nCharge  Units ...\nTotal excluding taxes ...')
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
    if (isLeft(chargeRowsText)) return chargeRowsText;
    for (const cells of chargeRowsText.right) rows.push(cells);
  }
  const totals: [string, number, number | undefined][] = [
    [
      'Total excluding taxes',
      usage.amount_cents,
      projected ? usage.projected_amount_cents : undefined,
    ],
    ['Taxes', usage.taxes_amount_cents, undefined],
    ['Total including taxes', usage.total_amount_cents, undefined],
  ];
  const footer: string[][] = [];
  for (const [label, cents, projectedCents] of totals) {
    const amount = formatMoney(cents, usage.currency);
    if (isLeft(amount)) return amount;
    const cells = [label, '', amount.right];
    if (projectedCents !== undefined) {
      const text = formatMoney(projectedCents, usage.currency);
      if (isLeft(text)) return text;
      cells.push('', text.right);
    }
    footer.push(cells);
  }
  const title = terminalText(
    `Usage from ${usage.from_datetime} to ${usage.to_datetime} (${usage.currency})`,
  );
  return right(`${title}\n\n${renderTable({ columns, rows, footer })}`);
}
