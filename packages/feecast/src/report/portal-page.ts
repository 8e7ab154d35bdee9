/**
 * The customer portal page: a customer's current and projected usage per charge and their
 * invoices, as a self-contained HTML page with an SVG chart.
 */
import {
  type Decimal,
  type FeecastError,
  formatDecimal,
  fromCents,
  parseDecimal,
} from '@feecast/engine';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { groupDigits } from '../render/money';
import { type BarGroup, renderBarChart } from './bar-chart';
import { moneyText, pageFooter, tickLabel } from './common';
import type { PortalPageData } from './data';
import { type Html, html } from './html';
import { renderLegend } from './legend';
import { renderDocument } from './page';
import { colour } from './palette';

const CURRENT = colour(0);
const PROJECTED = colour(5);

/** A charge's numbers, read. */
interface ReadCharge {
  readonly code: string;
  readonly name: string;
  readonly units: Decimal;
  readonly amount: Decimal;
  readonly projectedUnits?: Decimal;
  readonly projectedAmount?: Decimal;
}

function readCharges(
  data: Pick<PortalPageData, 'charges' | 'currency'>,
): Either<FeecastError, ReadCharge[]> {
  const read: ReadCharge[] = [];
  for (const [i, charge] of data.charges.entries()) {
    const path = ['charges', String(i)];
    const units = parseDecimal(charge.units, [...path, 'units']);
    if (isLeft(units)) return units;
    const amount = fromCents(charge.amount_cents, data.currency, [...path, 'amount_cents']);
    if (isLeft(amount)) return amount;
    let projected: Pick<ReadCharge, 'projectedUnits' | 'projectedAmount'> = {};
    if (charge.projected_units !== undefined) {
      const value = parseDecimal(charge.projected_units, [...path, 'projected_units']);
      if (isLeft(value)) return value;
      projected = { ...projected, projectedUnits: value.right };
    }
    if (charge.projected_amount_cents !== undefined) {
      const value = fromCents(charge.projected_amount_cents, data.currency, [
        ...path,
        'projected_amount_cents',
      ]);
      if (isLeft(value)) return value;
      projected = { ...projected, projectedAmount: value.right };
    }
    read.push({
      code: charge.code,
      name: charge.name,
      units: units.right,
      amount: amount.right,
      ...projected,
    });
  }
  return right(read);
}

function summary(data: PortalPageData): Either<FeecastError, Html> {
  const lines: [string, number, string][] = [
    ['Current usage', data.amount_cents, 'amount_cents'],
    ['Taxes', data.taxes_amount_cents, 'taxes_amount_cents'],
    ['Total so far', data.total_amount_cents, 'total_amount_cents'],
  ];
  if (data.projected_amount_cents !== undefined) {
    lines.push([
      'Projected by the end of the period',
      data.projected_amount_cents,
      'projected_amount_cents',
    ]);
  }
  const rows: Html[] = [];
  for (const [label, cents, key] of lines) {
    const amount = fromCents(cents, data.currency, [key]);
    if (isLeft(amount)) return amount;
    rows.push(
      html`<tr><td>${label}</td><td class="num">${moneyText(amount.right, data.currency)}</td></tr>`,
    );
  }
  return right(html`<table><tbody>${rows}</tbody></table>`);
}

function usageSection(charges: readonly ReadCharge[], currency: string): Html {
  if (charges.length === 0)
    return html`<section id="usage"><h2>Usage per charge</h2><p>No usage in this period.</p></section>`;
  const projected = charges.some((c) => c.projectedAmount !== undefined);
  const groups: BarGroup[] = charges.map((c) => ({
    label: c.name,
    bars: [
      {
        name: 'current',
        value: c.amount,
        valueLabel: moneyText(c.amount, currency),
        colour: CURRENT,
      },
      ...(c.projectedAmount === undefined
        ? []
        : [
            {
              name: 'projected',
              value: c.projectedAmount,
              valueLabel: moneyText(c.projectedAmount, currency),
              colour: PROJECTED,
            },
          ]),
    ],
  }));
  const chart = renderBarChart({
    title: 'Usage per charge',
    axisTitle: currency,
    tickLabel,
    groups,
  });
  const legend = renderLegend([
    { name: 'Current', colour: CURRENT },
    ...(projected ? [{ name: 'Projected', colour: PROJECTED }] : []),
  ]);
  const head = projected
    ? html`<th class="num">Units</th><th class="num">Amount</th><th class="num">Projected units</th><th class="num">Projected amount</th>`
    : html`<th class="num">Units</th><th class="num">Amount</th>`;
  const rows = charges.map((c) => {
    const extra = projected
      ? html`<td class="num">${c.projectedUnits === undefined ? '—' : groupDigits(formatDecimal(c.projectedUnits))}</td><td class="num">${c.projectedAmount === undefined ? '—' : moneyText(c.projectedAmount, currency)}</td>`
      : html``;
    return html`<tr><td>${c.name}</td><td class="num">${groupDigits(formatDecimal(c.units))}</td><td class="num">${moneyText(c.amount, currency)}</td>${extra}</tr>`;
  });
  return html`<section id="usage"><h2>Usage per charge</h2>${legend}<figure>${chart}<figcaption>The amount of each charge so far${projected ? ' and projected to the end of the period' : ''}.</figcaption></figure><table><thead><tr><th>Charge</th>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
}

/**
 * The usage section of the portal page on its own: the amount of each charge so far (and
 * projected, when the charges have projections) as grouped bars and a table. Units that are
 * not decimals, cents that are not safe integers or an unknown currency are a `Left` with the
 * path in `data`.
 *
 * @example
 * renderUsageSection({ currency: 'EUR', charges: [{ code: 'seats', name: 'Seats', units: '11', amount_cents: 7700 }] })
 * // right(html`<section id="usage"><h2>Usage per charge</h2>...<td class="num">77.00 EUR</td>...</section>`)
 */
export function renderUsageSection(
  data: Pick<PortalPageData, 'charges' | 'currency'>,
): Either<FeecastError, Html> {
  const charges = readCharges(data);
  if (isLeft(charges)) return charges;
  return right(usageSection(charges.right, data.currency));
}

function invoicesSection(data: PortalPageData): Either<FeecastError, Html> {
  if (data.invoices.length === 0) {
    return right(html`<section id="invoices"><h2>Invoices</h2><p>No invoices yet.</p></section>`);
  }
  const rows: Html[] = [];
  for (const [i, invoice] of data.invoices.entries()) {
    const total = fromCents(invoice.total_amount_cents, invoice.currency, [
      'invoices',
      String(i),
      'total_amount_cents',
    ]);
    if (isLeft(total)) return total;
    rows.push(
      html`<tr><td>${invoice.number}</td><td>${invoice.issuing_date ?? '—'}</td><td>${invoice.status}</td><td>${invoice.payment_status}</td><td class="num">${moneyText(total.right, invoice.currency)}</td></tr>`,
    );
  }
  return right(
    html`<section id="invoices"><h2>Invoices</h2><table><thead><tr><th>Number</th><th>Issued</th><th>Status</th><th>Payment</th><th class="num">Total</th></tr></thead><tbody>${rows}</tbody></table></section>`,
  );
}

/**
 * The portal page of one customer: the period's totals (current, taxes, total, projected),
 * the usage per charge (grouped bars of current and projected amounts, and a table), and the
 * invoices. A self-contained HTML document like `renderCompareReport`'s: inline CSS
 * and SVG, no script or URL, every text escaped, the same data giving the same bytes. An
 * unknown currency, cents that are not safe integers or units that are not decimals are a
 * `Left` with the path in `data`.
 *
 * @example
 * import { projectedUsage } from '@feecast/engine';
 *
 * const now = '2026-11-30T23:59:59Z';
 * const projected = projectedUsage({ customer, subscription, plan, billableMetrics, events, now });
 * if (projected._tag === 'Right') {
 *   const page = renderPortalPage(portalDataFromUsage({ customer, usage: projected.right.customer_projected_usage }));
 *   page._tag === 'Right' && page.right.startsWith('<!DOCTYPE html>') // => true
 *   page._tag === 'Right' && page.right.includes('<h1>Usage of Acme SAS</h1>') // => true
 * }
 */
export function renderPortalPage(data: PortalPageData): Either<FeecastError, string> {
  const usage = renderUsageSection(data);
  if (isLeft(usage)) return usage;
  const totals = summary(data);
  if (isLeft(totals)) return totals;
  const invoices = invoicesSection(data);
  if (isLeft(invoices)) return invoices;
  const title = `Usage of ${data.customer.name}`;
  const footer = pageFooter(data.generated_at, data.currency);
  const body = html`<header><h1>${title}</h1><p class="meta">Customer ${data.customer.external_id}, period from ${data.period.from} to ${data.period.to}</p></header><section id="summary"><h2>This period</h2>${totals.right}</section>${usage.right}${invoices.right}${footer}`;
  return right(renderDocument(title, body));
}
