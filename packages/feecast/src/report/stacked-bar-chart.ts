/**
 * A stacked bar chart in SVG: one bar per category (a plan), split into segments per series
 * (its charges).
 */
import { add, type Decimal, max, ZERO } from '@feecast/engine';
import { FRAME, MAX_BAR_WIDTH, PLOT, shorten, span, svg, valueAxis } from './frame';
import { type Html, html } from './html';
import { niceTicks } from './scale';

/** One segment of a bar: the value of one series in one category. */
export interface StackSegment {
  /** The index of the series in {@link StackedBarChartSpec.series}. */
  readonly series: number;
  readonly value: Decimal;
  readonly valueLabel: string;
}

/** One bar: its label, its total as shown, and its segments from the bottom up. */
export interface StackCategory {
  readonly label: string;
  readonly totalLabel: string;
  readonly segments: readonly StackSegment[];
}

/** A stacked bar chart. */
export interface StackedBarChartSpec {
  readonly title: string;
  readonly axisTitle: string;
  readonly tickLabel: (tick: Decimal) => string;
  readonly series: readonly { readonly name: string; readonly colour: string }[];
  readonly categories: readonly StackCategory[];
}

/**
 * The chart as inline SVG: per category, its segments stacked from zero (negative values
 * draw nothing), each with a tooltip, the total above the bar and the label below; the
 * legend is drawn apart (`renderLegend`). Deterministic: the same spec gives the same text.
 *
 * @example
 * renderStackedBarChart({ title: 'Cost per charge', axisTitle: 'EUR', tickLabel: formatDecimal,
 *   series: [{ name: 'API calls', colour: colour(0) }],
 *   categories: [{ label: 'Starter', totalLabel: '12.00 EUR', segments: [{ series: 0, value: d('12'), valueLabel: '12.00 EUR' }] }] })
 */
export function renderStackedBarChart(spec: StackedBarChartSpec): Html {
  const totals = spec.categories.map((category) =>
    category.segments.reduce((sum, segment) => add(sum, max(segment.value, ZERO)), ZERO),
  );
  const ticks = niceTicks(
    totals.reduce((top, total) => max(top, total), ZERO),
    4,
  );
  const top = ticks[ticks.length - 1] ?? ZERO;
  const band = Math.floor(PLOT.width / Math.max(1, spec.categories.length));
  const width = Math.min(MAX_BAR_WIDTH, Math.max(4, Math.floor((band * 3) / 5)));
  const labelY = FRAME.top + PLOT.height + 16;
  const bars = spec.categories.map((category, i) => {
    const x = FRAME.left + i * band + Math.floor((band - width) / 2);
    const centre = FRAME.left + i * band + Math.floor(band / 2);
    let base = ZERO;
    const segments = category.segments.map((segment) => {
      const from = base;
      base = add(base, max(segment.value, ZERO));
      const { y, height } = span(from, base, top);
      const name = spec.series[segment.series]?.name ?? '';
      const fill = spec.series[segment.series]?.colour ?? '#999999';
      return html`<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${fill}"><title>${category.label}, ${name}: ${segment.valueLabel}</title></rect>`;
    });
    const totalY = span(ZERO, base, top).y;
    return html`<g class="stack">${segments}<text class="value" x="${centre}" y="${totalY}" dy="-6" text-anchor="middle">${category.totalLabel}</text><text class="label" x="${centre}" y="${labelY}" text-anchor="middle">${shorten(category.label, 18)}</text></g>`;
  });
  return svg(spec.title, html`${valueAxis(ticks, spec.tickLabel, spec.axisTitle)}${bars}`);
}
