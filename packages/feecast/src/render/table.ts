/**
 * Plain-text tables for the terminal: columns aligned left or right, a rule under the header
 * and above the footer. Cell text is made terminal-safe.
 */
import { terminalText } from './terminal-text';

/** A column: its header and how its cells align. */
export interface TableColumn {
  readonly header: string;
  readonly align: 'left' | 'right';
}

/** A table: columns, body rows, and footer rows (totals). */
export interface Table {
  readonly columns: readonly TableColumn[];
  readonly rows: readonly (readonly string[])[];
  readonly footer?: readonly (readonly string[])[];
}

/** The width of a cell as the terminal shows it (one column per code point). */
function widthOf(text: string): number {
  return [...text].length;
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - widthOf(text)));
  return align === 'left' ? text + fill : fill + text;
}

/**
 * The table as text, one line per row, each line ending with a line break. Columns are
 * separated by two spaces; missing cells are blank; trailing spaces are trimmed.
 *
 * @example
 * renderTable({ columns: [{ header: 'Plan', align: 'left' }, { header: 'Total', align: 'right' }],
 *   rows: [['Starter', '49.00 EUR']], footer: [['Total', '49.00 EUR']] })
 * // 'Plan     Total\n-------  ---------\nStarter  49.00 EUR\n-------  ---------\nTotal    49.00 EUR\n'
 */
export function renderTable(table: Table): string {
  const safe = (rows: readonly (readonly string[])[]) =>
    rows.map((row) => table.columns.map((_, i) => terminalText(row[i] ?? '')));
  const header = table.columns.map((column) => terminalText(column.header));
  const rows = safe(table.rows);
  const footer = safe(table.footer ?? []);
  const widths = table.columns.map((_, i) =>
    [header, ...rows, ...footer].reduce(
      (widest, row) => Math.max(widest, widthOf(row[i] ?? '')),
      0,
    ),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] ?? 0, table.columns[i]?.align ?? 'left'))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const lines = [line(header), rule, ...rows.map(line)];
  if (footer.length > 0) lines.push(rule, ...footer.map(line));
  return `${lines.join('\n')}\n`;
}

/**
 * Label-value lines with the values aligned right, e.g. an invoice's totals.
 *
 * @example
 * renderSummary([['Fees', '12.00 EUR'], ['Taxes', '2.40 EUR']])
 * // 'Fees   12.00 EUR\nTaxes   2.40 EUR\n'
 */
export function renderSummary(entries: readonly (readonly [string, string])[]): string {
  const labels = entries.map(([label]) => terminalText(label));
  const values = entries.map(([, value]) => terminalText(value));
  const labelWidth = Math.max(0, ...labels.map(widthOf));
  const valueWidth = Math.max(0, ...values.map(widthOf));
  return entries
    .map(
      (_, i) =>
        `${pad(labels[i] ?? '', labelWidth, 'left')}  ${pad(values[i] ?? '', valueWidth, 'right')}\n`,
    )
    .join('');
}
