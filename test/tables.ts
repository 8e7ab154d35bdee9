// Reading back the tables the `feecast` commands print, and checking that their figures add
// up, with exact decimals: the rows of a column to its total, a filter or group's rows to the
// row above them, the lines from fees to the total to each sub-total and to the total.
import { add, type Decimal, formatDecimal, parseDecimal, ZERO } from '@feecast/engine';

/** A row of a table: its cells (trimmed) and how deep it is indented (two spaces a level). */
export interface TableRow {
  readonly depth: number;
  readonly cells: readonly string[];
}

/** A table as printed: header, body rows, footer rows. */
export interface PrintedTable {
  readonly header: readonly string[];
  readonly rows: readonly TableRow[];
  readonly footer: readonly TableRow[];
}

const RULE = /^-+( {2}-+)*$/;

/** Every table of a command's output (a header, a rule, rows, a rule, a footer). */
export function parseTables(text: string): PrintedTable[] {
  const lines = text.split('\n');
  const tables: PrintedTable[] = [];
  for (let i = 1; i < lines.length; i++) {
    const rule = lines[i] ?? '';
    if (!RULE.test(rule) || RULE.test(lines[i - 1] ?? '')) continue;
    const spans: [number, number][] = [];
    for (const match of rule.matchAll(/-+/g))
      spans.push([match.index, match.index + match[0].length]);
    const split = (line: string): TableRow => {
      const cells = spans.map(([from, to], c) =>
        line.slice(from, c === spans.length - 1 ? undefined : to).trim(),
      );
      const indent = line.length - line.trimStart().length;
      return { depth: Math.floor(indent / 2), cells };
    };
    const rows: TableRow[] = [];
    const footer: TableRow[] = [];
    let j = i + 1;
    for (; j < lines.length && (lines[j] ?? '') !== '' && !RULE.test(lines[j] ?? ''); j++) {
      rows.push(split(lines[j] ?? ''));
    }
    if (RULE.test(lines[j] ?? '')) {
      for (j++; j < lines.length && (lines[j] ?? '') !== ''; j++)
        footer.push(split(lines[j] ?? ''));
    }
    tables.push({ header: split(lines[i - 1] ?? '').cells, rows, footer });
    i = j;
  }
  return tables;
}

/** `"1,234.50 EUR"` or `"-10.00 EUR"` as an exact decimal; `undefined` for a cell without money. */
export function money(cell: string | undefined): Decimal | undefined {
  const match = /^(-?[\d,]+(?:\.\d+)?) [A-Z]{3}$/.exec(cell ?? '');
  if (match === null) return undefined;
  const parsed = parseDecimal((match[1] ?? '').replaceAll(',', ''));
  return parsed._tag === 'Right' ? parsed.right : undefined;
}

const text = (amount: Decimal | undefined) => (amount === undefined ? '-' : formatDecimal(amount));

/** The columns holding money in some row (the label column aside). */
function moneyColumns(table: PrintedTable): number[] {
  const all = [...table.rows, ...table.footer];
  return table.header
    .map((_, c) => c)
    .filter((c) => c > 0 && all.some((row) => money(row.cells[c]) !== undefined));
}

function sum(rows: readonly TableRow[], column: number): Decimal {
  let total = ZERO;
  for (const row of rows) total = add(total, money(row.cells[column]) ?? ZERO);
  return total;
}

/** `label: got X, expected Y` when two figures differ. */
function differs(label: string, got: Decimal | undefined, expected: Decimal): string[] {
  return text(got) === text(expected)
    ? []
    : [`${label}: ${text(got)}, the rows give ${text(expected)}`];
}

/**
 * What does not add up in a table the commands print, as messages (none when it all adds
 * up), for money in every column:
 * - each row with indented rows below it: those rows (one level deeper) add up to it;
 * - the body's top-level rows add up to the first footer row;
 * - then each footer row is a step: a label starting with `Sub-total` or `Total` equals the
 *   sum so far, any other line adds to it (a usage table's `Taxes` and `Total including
 *   taxes` too, so its projected column, untaxed, stops at its first total);
 * - a fees table with Amount, Taxes and Total columns: each row's amount plus taxes is its total.
 */
export function tableProblems(table: PrintedTable): string[] {
  const problems: string[] = [];
  const columns = moneyColumns(table);
  const { rows, footer } = table;
  for (const [i, row] of rows.entries()) {
    const children: TableRow[] = [];
    for (const next of rows.slice(i + 1)) {
      if (next.depth <= row.depth) break;
      if (next.depth === row.depth + 1) children.push(next);
    }
    if (children.length === 0) continue;
    for (const c of columns) {
      if (money(row.cells[c]) === undefined) continue;
      problems.push(
        ...differs(`${row.cells[0]} (column ${c})`, money(row.cells[c]), sum(children, c)),
      );
    }
  }
  const [first, ...steps] = footer;
  if (first === undefined) return [...problems, 'no footer'];
  const top = rows.filter((row) => row.depth === 0);
  for (const c of columns) {
    problems.push(
      ...differs(`${first.cells[0]} (column ${c})`, money(first.cells[c]), sum(top, c)),
    );
    let running = money(first.cells[c]) ?? ZERO;
    for (const step of steps) {
      const figure = money(step.cells[c]);
      if (figure === undefined) continue;
      const label = step.cells[0] ?? '';
      if (/^(Sub-total|Total)\b/.test(label)) {
        problems.push(...differs(`${label} (column ${c})`, figure, running));
      } else {
        running = add(running, figure);
      }
    }
  }
  const at = (name: string) => table.header.indexOf(name);
  if (at('Amount') > 0 && at('Taxes') > 0 && at('Total') > 0) {
    for (const row of [...rows, ...footer]) {
      const amount = money(row.cells[at('Amount')]) ?? ZERO;
      const taxes = money(row.cells[at('Taxes')]) ?? ZERO;
      problems.push(
        ...differs(`${row.cells[0]} total`, money(row.cells[at('Total')]), add(amount, taxes)),
      );
    }
  }
  return problems;
}
