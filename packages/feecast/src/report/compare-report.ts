/**
 * `feecast compare --report report.html`: the comparison of plans over the same usage as a
 * self-contained HTML page with SVG charts (totals, cost per charge, price curves).
 */
import {
  add,
  compare,
  type Decimal,
  type FeecastError,
  feecastError,
  formatDecimal,
  fromCents,
  parseDecimal,
  subtract,
  sum,
  ZERO,
} from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { groupDigits } from '../render/money';
import { renderBarChart } from './bar-chart';
import { moneyText, pageFooter, pageHeader, tickLabel } from './common';
import type { ChargeCurves, ComparedPlan, CompareReportData, CurveBucketUsage } from './data';
import { type Html, html } from './html';
import { renderLegend } from './legend';
import { type LineSeries, renderLineChart } from './line-chart';
import { renderDocument } from './page';
import { colour } from './palette';
import { renderStackedBarChart } from './stacked-bar-chart';

/** A plan with its amounts read. */
interface PricedPlan {
  readonly plan: ComparedPlan;
  readonly colour: string;
  readonly total: Decimal;
  readonly charges: ReadonlyMap<string, Decimal>;
}

/** A plan's curve of a charge, read: the line, where it meets the bill, and its buckets. */
interface ReadSeries extends LineSeries {
  readonly plan: string;
  readonly actual: Decimal;
  readonly buckets: readonly CurveBucketUsage[];
}

/** A charge's curves with their numbers read. */
interface ReadCurves {
  readonly charge: ChargeCurves;
  readonly actual: Decimal;
  readonly series: readonly ReadSeries[];
}

function readPlans(
  plans: readonly ComparedPlan[],
  currency: string,
): Either<FeecastError, PricedPlan[]> {
  const read: PricedPlan[] = [];
  for (const [i, plan] of plans.entries()) {
    const path = ['plans', String(i)];
    if (plan.currency !== currency) {
      return left(
        feecastError(
          'currency_mismatch',
          `Plan "${plan.code}" is priced in ${plan.currency} and plan "${plans[0]?.code ?? ''}" in ${currency}: compare plans of one currency.`,
          [...path, 'currency'],
        ),
      );
    }
    const total = fromCents(plan.total_amount_cents, currency, [...path, 'total_amount_cents']);
    if (isLeft(total)) return total;
    const charges = new Map<string, Decimal>();
    for (const [j, charge] of plan.charges.entries()) {
      const amount = fromCents(charge.amount_cents, currency, [
        ...path,
        'charges',
        String(j),
        'amount_cents',
      ]);
      if (isLeft(amount)) return amount;
      // Several lines of one code (filter buckets, groups) add up.
      charges.set(charge.code, add(charges.get(charge.code) ?? ZERO, amount.right));
    }
    read.push({ plan, colour: colour(i), total: total.right, charges });
  }
  return right(read);
}

function readCurves(
  curves: readonly ChargeCurves[],
  plans: readonly PricedPlan[],
): Either<FeecastError, ReadCurves[]> {
  const read: ReadCurves[] = [];
  for (const [i, charge] of curves.entries()) {
    const path = ['curves', String(i)];
    const actual = parseDecimal(charge.actual_units, [...path, 'actual_units']);
    if (isLeft(actual)) return actual;
    const series: ReadSeries[] = [];
    for (const [j, curve] of charge.curves.entries()) {
      const plan = plans.find((p) => p.plan.code === curve.plan_code);
      if (plan === undefined) {
        return left(
          feecastError(
            'invalid_input',
            `The curve of charge "${charge.code}" names plan "${curve.plan_code}", which is not among the compared plans.`,
            [...path, 'curves', String(j), 'plan_code'],
          ),
        );
      }
      const points: { x: Decimal; y: Decimal }[] = [];
      for (const [k, point] of curve.points.entries()) {
        const at = [...path, 'curves', String(j), 'points', String(k)];
        const x = parseDecimal(point.units, [...at, 'units']);
        if (isLeft(x)) return x;
        const y = parseDecimal(point.amount, [...at, 'amount']);
        if (isLeft(y)) return y;
        points.push({ x: x.right, y: y.right });
      }
      let own = actual.right;
      if (curve.actual_units !== undefined) {
        const at = parseDecimal(curve.actual_units, [...path, 'curves', String(j), 'actual_units']);
        if (isLeft(at)) return at;
        own = at.right;
      }
      series.push({
        name: plan.plan.name,
        colour: plan.colour,
        points,
        plan: plan.plan.code,
        actual: own,
        buckets: curve.buckets ?? [],
      });
    }
    read.push({ charge, actual: actual.right, series });
  }
  return right(read);
}

/** The charges of every plan, each once, in the order they first appear. */
function chargeNames(plans: readonly PricedPlan[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const { plan } of plans) {
    for (const charge of plan.charges) {
      if (!names.has(charge.code)) names.set(charge.code, charge.name);
    }
  }
  return names;
}

function header(data: CompareReportData, title: string): Html {
  const parts: string[] = [];
  if (data.customer !== undefined) {
    parts.push(`For ${data.customer.name} (${data.customer.external_id})`);
  }
  if (data.period !== undefined) parts.push(`usage from ${data.period.from} to ${data.period.to}`);
  return pageHeader(title, parts.join(', '));
}

function totalsSection(plans: readonly PricedPlan[], currency: string): Html {
  let lowest: Decimal | undefined;
  for (const p of plans) if (lowest === undefined || compare(p.total, lowest) < 0) lowest = p.total;
  const rows = plans.map((p) => {
    const difference = subtract(p.total, lowest ?? p.total);
    const note =
      compare(difference, ZERO) === 0
        ? html`<span class="best">lowest</span>`
        : html`+${moneyText(difference, currency)}`;
    return html`<tr><td><span class="swatch" style="background:${p.colour}"></span>${p.plan.name}</td><td><code>${p.plan.code}</code></td><td class="num">${moneyText(p.total, currency)}</td><td class="num">${note}</td></tr>`;
  });
  const chart = renderBarChart({
    title: 'Total per plan',
    axisTitle: currency,
    tickLabel,
    groups: plans.map((p) => ({
      label: p.plan.name,
      bars: [
        {
          name: p.plan.name,
          value: p.total,
          valueLabel: moneyText(p.total, currency),
          colour: p.colour,
        },
      ],
    })),
  });
  return html`<section id="totals"><h2>Total per plan</h2><table><thead><tr><th>Plan</th><th>Code</th><th class="num">Total</th><th class="num">Difference</th></tr></thead><tbody>${rows}</tbody></table><figure>${chart}<figcaption>The invoice total of each plan for the same usage (after coupons, taxes and credits).</figcaption></figure></section>`;
}

function chargesSection(plans: readonly PricedPlan[], currency: string): Html {
  const names = chargeNames(plans);
  const codes = [...names.keys()];
  if (codes.length === 0) {
    return html`<section id="charges"><h2>Cost per charge</h2><p>No charge amounts were given.</p></section>`;
  }
  const series = codes.map((code, i) => ({ name: names.get(code) ?? code, colour: colour(i) }));
  const chart = renderStackedBarChart({
    title: 'Cost per charge',
    axisTitle: currency,
    tickLabel,
    series,
    categories: plans.map((p) => {
      const segments = codes.flatMap((code, i) => {
        const amount = p.charges.get(code);
        return amount === undefined
          ? []
          : [{ series: i, value: amount, valueLabel: moneyText(amount, currency) }];
      });
      const total = sum(segments.map((segment) => segment.value));
      return { label: p.plan.name, totalLabel: moneyText(total, currency), segments };
    }),
  });
  const head = plans.map((p) => html`<th class="num">${p.plan.name}</th>`);
  const rows = codes.map((code) => {
    const cells = plans.map((p) => {
      const amount = p.charges.get(code);
      return html`<td class="num">${amount === undefined ? '—' : moneyText(amount, currency)}</td>`;
    });
    return html`<tr><td>${names.get(code) ?? code}</td>${cells}</tr>`;
  });
  return html`<section id="charges"><h2>Cost per charge</h2>${renderLegend(series)}<figure>${chart}<figcaption>What each charge costs on each plan; a dash means the plan does not have the charge.</figcaption></figure><table><thead><tr><th>Charge</th>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** What a plan's curve adds up: its buckets, their units and whose prices (empty: one bucket). */
function bucketsSentence(series: ReadSeries): string {
  if (series.buckets.length === 0) return '';
  const parts = series.buckets.map((bucket) => {
    const prices = bucket.filter_prices ? "its filter's prices" : "the charge's prices";
    return `${bucket.label} ${groupDigits(bucket.units)} units at ${prices}`;
  });
  return ` ${series.name} adds up ${series.buckets.length} buckets: ${parts.join('; ')}.`;
}

function curveFigure(curves: ReadCurves, currency: string): Html {
  const units = groupDigits(formatDecimal(curves.actual));
  const chart = renderLineChart({
    title: `${curves.charge.name}: amount against units`,
    xTitle: 'units',
    yTitle: currency,
    xTickLabel: tickLabel,
    yTickLabel: tickLabel,
    series: curves.series,
    marker: { x: curves.actual, label: `Your usage: ${units}` },
  });
  const atActual = curves.series.flatMap((series) => {
    const hit = series.points.find((p) => compare(p.x, series.actual) === 0);
    if (hit === undefined) return [];
    const own =
      compare(series.actual, curves.actual) === 0
        ? ''
        : ` (at its ${groupDigits(formatDecimal(series.actual))} units)`;
    return [`${series.name} ${moneyText(hit.y, currency)}${own}`];
  });
  const billed =
    atActual.length === 0
      ? `Your usage: ${units} units.`
      : `Your usage: ${units} units, billed ${atActual.join(', ')}.`;
  const caption = `${billed}${curves.series.map(bucketsSentence).join('')}`;
  return html`<h3>${curves.charge.name} <code>${curves.charge.code}</code></h3>${renderLegend(curves.series)}<figure>${chart}<figcaption>${caption}</figcaption></figure>`;
}

/** How to read the curves: the rule of `sampleChargeCurve` (curve.ts), in words. */
const CURVES_RULE =
  "Each curve is a plan's amount for a charge against the metric's total units. Where the " +
  'plan splits the usage into filter buckets or pricing groups, the curve keeps the split ' +
  'of your period and scales every bucket with the total; each bucket is priced at its own ' +
  "prices (a filter's prices for its events, the charge's prices for the rest), with your " +
  'number of events, and rounded to the cent as its fee is. So the dot at your usage is what ' +
  'the plan bills for it.';

function curvesSection(curves: readonly ReadCurves[], currency: string): Html {
  if (curves.length === 0) return html``;
  const figures = curves.map((c) => curveFigure(c, currency));
  return html`<section id="curves"><h2>Price curves</h2><p>${CURVES_RULE}</p>${figures}</section>`;
}

/**
 * The comparison page: a self-contained HTML document (inline CSS and SVG, no script, no
 * font, no URL, and a Content-Security-Policy forbidding any request) with the total per
 * plan (table and bar chart), the cost per charge (stacked bars and table) and each charge's
 * price curve per plan with the actual usage marked. Every text is escaped; the output
 * depends on `data` only (no clock), so the same data gives the same bytes. Plans in more
 * than one currency (`currency_mismatch`), cents that are not safe integers, decimals that do
 * not parse or a curve of an unknown plan are a `Left` with the path in `data`.
 *
 * @example
 * const page = renderCompareReport({
 *   plans: [{ code: 'starter', name: 'Starter', currency: 'EUR', total_amount_cents: 14900,
 *     charges: [{ code: 'api_calls', name: 'API calls', amount_cents: 10000 }] }],
 *   curves: [],
 * });
 * if (page._tag === 'Right') await writeFile('report.html', page.right);
 */
export function renderCompareReport(data: CompareReportData): Either<FeecastError, string> {
  const title = data.title ?? 'Plan comparison';
  const currency = data.plans[0]?.currency;
  if (currency === undefined) {
    return right(renderDocument(title, html`${header(data, title)}<p>No plans to compare.</p>`));
  }
  const sections = renderComparisonSections(data);
  if (isLeft(sections)) return sections;
  const footer = pageFooter(data.generated_at, currency);
  const body = html`${header(data, title)}${sections.right}${footer}`;
  return right(renderDocument(title, body));
}

/**
 * The sections of the comparison page on their own, without its header and footer: the total
 * per plan, the cost per charge and the price curves, as {@link renderCompareReport} draws
 * them (and with the same errors); nothing for no plans.
 *
 * @example
 * renderComparisonSections({ plans: [{ code: 'starter', name: 'Starter', currency: 'EUR',
 *   total_amount_cents: 14900, charges: [] }], curves: [] })
 * // right(html`<section id="totals"><h2>Total per plan</h2>...`)
 */
export function renderComparisonSections(
  data: Pick<CompareReportData, 'plans' | 'curves'>,
): Either<FeecastError, Html> {
  const currency = data.plans[0]?.currency;
  if (currency === undefined) return right(html``);
  const plans = readPlans(data.plans, currency);
  if (isLeft(plans)) return plans;
  const curves = readCurves(data.curves, plans.right);
  if (isLeft(curves)) return curves;
  return right(
    html`${totalsSection(plans.right, currency)}${chargesSection(plans.right, currency)}${curvesSection(curves.right, currency)}`,
  );
}
