/**
 * Fees in a notebook: a table of the fees with their totals, and a bar chart of each fee's
 * amount.
 */
import { type FeecastError, fromCents } from '@feecast/engine';
import type { Fee } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { feesWithTotals, renderFeesTable } from '../render/fees-table';
import { type Bar, type BarGroup, renderBarChart } from '../report/bar-chart';
import { moneyText, tickLabel } from '../report/common';
import { type Html, html } from '../report/html';
import { renderHtmlTable } from '../report/html-table';
import { colour } from '../report/palette';
import { type NotebookView, notebookView } from './view';

/** The bar chart of the fees' amounts, or nothing when they are in more than one currency. */
function amountsChart(fees: readonly Fee[]): Either<FeecastError, Html> {
  const currency = fees[0]?.amount_currency;
  if (currency === undefined || fees.some((fee) => fee.amount_currency !== currency)) {
    return right(html``);
  }
  const groups: BarGroup[] = [];
  for (const [i, fee] of fees.entries()) {
    const amount = fromCents(fee.amount_cents, currency, [String(i), 'amount_cents']);
    if (isLeft(amount)) return amount;
    const name =
      fee.item.invoice_display_name === '' ? fee.item.name : fee.item.invoice_display_name;
    const bar: Bar = {
      name,
      value: amount.right,
      valueLabel: moneyText(amount.right, currency),
      colour: colour(0),
    };
    groups.push({ label: name, bars: [bar] });
  }
  const chart = renderBarChart({ title: 'Amount per fee', axisTitle: currency, tickLabel, groups });
  return right(
    html`<figure>${chart}<figcaption>Each fee's amount, excluding taxes.</figcaption></figure>`,
  );
}

/**
 * Fees (an estimate's, an invoice's, `chargeFees`'...) as a notebook view: the table that
 * `feecast estimate` prints (fee, filter, group, units, amount, taxes, total, and a total row
 * per currency) as HTML, and a bar chart of each fee's amount when they share a currency. An
 * unknown currency, or cents that are not safe integers, are a `Left` naming the fee.
 *
 * @example
 * import { estimateFees } from '@feecast/engine';
 *
 * // 1,000 API calls in the EU paid in advance: 2.50 EUR + 20 % VAT (examples/cli/README.md).
 * const estimate = estimateFees({ customer, subscription, plan: starterInAdvance, billableMetrics,
 *   taxes: { billing_entity: [vat20] }, now: '2026-11-15T00:00:00Z',
 *   event: { code: 'api_calls', properties: { calls: '1000', region: 'eu' } } });
 * if (estimate._tag === 'Right') {
 *   const view = feesView(estimate.right.fees);
 *   view._tag === 'Right' && view.right.html.includes('<td class="num">3.00 EUR</td>') // => true
 * }
 */
export function feesView(fees: readonly Fee[]): Either<FeecastError, NotebookView> {
  const text = renderFeesTable(fees);
  if (isLeft(text)) return text;
  if (fees.length === 0) return right(notebookView(html`<p>No fees.</p>`, text.right));
  const table = feesWithTotals(fees);
  if (isLeft(table)) return table;
  const chart = amountsChart(fees);
  if (isLeft(chart)) return chart;
  return right(notebookView(html`${renderHtmlTable(table.right)}${chart.right}`, text.right));
}
