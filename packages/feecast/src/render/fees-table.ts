/**
 * Fees as a table: one row per fee (charge, filter bucket, group), with units, amount, taxes
 * and total, and the totals per currency. What `feecast estimate` prints, and (without the
 * taxes) the body of the invoice table.
 */
import type { FeecastError } from '@feecast/engine';
import type { Fee } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { filterLabel, groupLabel } from './labels';
import { formatDecimalMoney, formatMoney, formatUnits, sumCents } from './money';
import { renderTable, type Table, type TableColumn } from './table';

const COLUMNS: readonly TableColumn[] = [
  { header: 'Fee', align: 'left' },
  { header: 'Filter', align: 'left' },
  { header: 'Group', align: 'left' },
  { header: 'Units', align: 'right' },
  { header: 'Amount', align: 'right' },
  { header: 'Taxes', align: 'right' },
  { header: 'Total', align: 'right' },
];

/** One fee's cells. */
function feeRow(fee: Fee): Either<FeecastError, string[]> {
  const units = formatUnits(fee.units);
  if (isLeft(units)) return units;
  const amount = formatMoney(fee.amount_cents, fee.amount_currency);
  if (isLeft(amount)) return amount;
  const taxes = formatMoney(fee.taxes_amount_cents, fee.amount_currency);
  if (isLeft(taxes)) return taxes;
  const total = formatMoney(fee.total_amount_cents, fee.total_amount_currency);
  if (isLeft(total)) return total;
  const { item } = fee;
  const filtered = item.filters !== null || item.filter_invoice_display_name !== null;
  return right([
    item.invoice_display_name === '' ? item.name : item.invoice_display_name,
    filtered ? filterLabel(item.filters, item.filter_invoice_display_name) : '',
    groupLabel(item.grouped_by),
    units.right,
    amount.right,
    taxes.right,
    total.right,
  ]);
}

/** The footer row of one currency's totals. */
function totalRow(
  fees: readonly Fee[],
  currency: string,
  label: string,
): Either<FeecastError, string[]> {
  const cells: string[] = [label, '', '', ''];
  for (const cents of [
    fees.map((fee) => fee.amount_cents),
    fees.map((fee) => fee.taxes_amount_cents),
    fees.map((fee) => fee.total_amount_cents),
  ]) {
    const total = sumCents(cents, currency);
    if (isLeft(total)) return total;
    const text = formatDecimalMoney(total.right, currency);
    if (isLeft(text)) return text;
    cells.push(text.right);
  }
  return right(cells);
}

/**
 * The fees as a table, with `footer` rows (cells in the order of the columns: Fee, Filter,
 * Group, Units, Amount, Taxes, Total). The Filter and Group columns are left out when no fee
 * has one, and the Taxes and Total columns unless `withTaxes`. An unknown currency is a
 * `Left`.
 *
 * @example
 * feesTable(invoice.fees, [['Fees excluding taxes', '', '', '', '551.91 EUR']], false)
 * // right('Fee           Units      Amount\n...\nFees excluding taxes  551.91 EUR\n')
 */
export function feesTable(
  fees: readonly Fee[],
  footer: readonly (readonly string[])[],
  withTaxes: boolean,
): Either<FeecastError, string> {
  const table = feesTableData(fees, footer, withTaxes);
  return isLeft(table) ? table : right(renderTable(table.right));
}

/** The cells of {@link feesTable}, before they are laid out as text. */
function feesTableData(
  fees: readonly Fee[],
  footer: readonly (readonly string[])[],
  withTaxes: boolean,
): Either<FeecastError, Table> {
  const rows: string[][] = [];
  for (const fee of fees) {
    const row = feeRow(fee);
    if (isLeft(row)) return row;
    rows.push(row.right);
  }
  const shown = COLUMNS.map((_, i) => i).filter((i) => {
    if (i === 1 || i === 2) return rows.some((row) => row[i] !== '');
    return withTaxes || i < 5;
  });
  const pick = (row: readonly string[]) => shown.map((i) => row[i] ?? '');
  return right({
    columns: shown.map((i) => COLUMNS[i] ?? { header: '', align: 'left' }),
    rows: rows.map(pick),
    footer: footer.map(pick),
  });
}

/**
 * The fees as a table with their totals (one total row per currency, in order of first
 * appearance): each row's amount plus taxes is its total, and each column adds up to its
 * total. The Filter and Group columns are left out when no fee has one. No fee gives the line
 * `No fees.`. An unknown currency is a `Left`.
 *
 * @example
 * renderFeesTable(estimate.fees)
 * // right('Fee        Filter  Units  Amount    Taxes     Total\n...\nTotal  ...\n')
 */
export function renderFeesTable(fees: readonly Fee[]): Either<FeecastError, string> {
  if (fees.length === 0) return right('No fees.\n');
  const table = feesWithTotals(fees);
  return isLeft(table) ? table : right(renderTable(table.right));
}

/**
 * The cells of {@link renderFeesTable} (fees, then one total row per currency), before they
 * are laid out: for another rendering of the same table (the notebook's HTML).
 *
 * @example
 * feesWithTotals(estimate.fees)
 * // right({ columns: [{ header: 'Fee', align: 'left' }, ...], rows: [['API calls', ...]], footer: [['Total', ...]] })
 */
export function feesWithTotals(fees: readonly Fee[]): Either<FeecastError, Table> {
  const currencies = [...new Set(fees.map((fee) => fee.amount_currency))];
  const footer: string[][] = [];
  for (const currency of currencies) {
    const inCurrency = fees.filter((fee) => fee.amount_currency === currency);
    const total = totalRow(
      inCurrency,
      currency,
      currencies.length > 1 ? `Total ${currency}` : 'Total',
    );
    if (isLeft(total)) return total;
    footer.push(total.right);
  }
  return feesTableData(fees, footer, true);
}
