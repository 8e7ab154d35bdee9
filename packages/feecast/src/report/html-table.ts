/**
 * A table of the terminal's renderers (`render/table.ts`: columns, rows, footer rows of text
 * cells) as HTML, so that a notebook shows the very cells the command prints.
 */
import type { Table } from '../render/table';
import { type Html, html } from './html';

/** The class of a cell of a right-aligned column. */
function cellClass(table: Table, column: number): string {
  return table.columns[column]?.align === 'right' ? 'num' : '';
}

function cells(table: Table, row: readonly string[], tag: 'td' | 'th'): Html[] {
  return table.columns.map((_, i) => {
    const text = row[i] ?? '';
    const align = cellClass(table, i);
    return tag === 'th'
      ? html`<th class="${align}">${text}</th>`
      : html`<td class="${align}">${text}</td>`;
  });
}

/**
 * The table as an HTML `<table>`: the headers in `<thead>`, each row in `<tbody>`, the footer
 * rows as `tr.total`; right-aligned columns get the class `num`. Every cell is escaped.
 *
 * @example
 * renderHtmlTable({ columns: [{ header: 'Plan', align: 'left' }, { header: 'Total', align: 'right' }],
 *   rows: [['Starter', '49.00 EUR']] }).text
 * // '<table><thead><tr><th class="">Plan</th><th class="num">Total</th></tr></thead><tbody><tr><td class="">Starter</td><td class="num">49.00 EUR</td></tr></tbody></table>'
 */
export function renderHtmlTable(table: Table): Html {
  const head = cells(
    table,
    table.columns.map((column) => column.header),
    'th',
  );
  const body = table.rows.map((row) => html`<tr>${cells(table, row, 'td')}</tr>`);
  const footer = (table.footer ?? []).map(
    (row) => html`<tr class="total">${cells(table, row, 'td')}</tr>`,
  );
  return html`<table><thead><tr>${head}</tr></thead><tbody>${body}${footer}</tbody></table>`;
}
