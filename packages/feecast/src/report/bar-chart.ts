/**
 * A vertical bar chart in SVG: groups side by side (a plan, a charge), each of one or more
 * bars (the total; current and projected amounts).
 */
import { type Decimal, max, ZERO } from '@feecast/engine';
import { FRAME, MAX_BAR_WIDTH, PLOT, shorten, span, svg, valueAxis } from './frame';
import { type Html, html } from './html';
import { niceTicks } from './scale';

/** One bar. */
export interface Bar {
  /** What the bar is, for its tooltip (`Starter`, `projected`). */
  readonly name: string;
  readonly value: Decimal;
  /** The value as shown above the bar (`149.00 EUR`). */
  readonly valueLabel: string;
  readonly colour: string;
}

/** Bars side by side under one label. */
export interface BarGroup {
  readonly label: string;
  readonly bars: readonly Bar[];
}

/** A bar chart: a title, the groups of bars, and how axis ticks and the axis are labelled. */
export interface BarChartSpec {
  readonly title: string;
  readonly axisTitle: string;
  readonly tickLabel: (tick: Decimal) => string;
  readonly groups: readonly BarGroup[];
}

/** About how wide a value label is drawn (bold 11px digits), in SVG units. */
const LABEL_CHAR_WIDTH = 7;

/** Whether `text` fits in `width` units. */
function fits(text: string, width: number): boolean {
  return text.length * LABEL_CHAR_WIDTH <= width;
}

/**
 * A bar's tooltip: the group's label, the bar's name when it says more (`Acme, projected:
 * 24.68 EUR`; a plan's one bar named like its group is `Starter: 149.00 EUR`), and the value.
 *
 * @example
 * barTitle('Starter', { name: 'Starter', valueLabel: '149.00 EUR', ... }) // 'Starter: 149.00 EUR'
 * barTitle('API calls', { name: 'projected', valueLabel: '24.68 EUR', ... }) // 'API calls, projected: 24.68 EUR'
 */
export function barTitle(label: string, bar: Bar): string {
  const name = bar.name === '' || bar.name === label ? label : `${label}, ${bar.name}`;
  return `${name}: ${bar.valueLabel}`;
}

/**
 * The chart as inline SVG: a value axis from zero with nice ticks, the groups side by side
 * (bars take three fifths of their group's band, at most 96 units each), each bar with a tooltip and its value above it (a negative value draws no bar; a value too wide for
 * its bar's slot is left to the tooltip), each group's label below. Deterministic: the same spec gives the same text.
 *
 * @example
 * renderBarChart({ title: 'Total per plan', axisTitle: 'EUR', tickLabel: formatDecimal,
 *   groups: [{ label: 'Starter', bars: [{ name: 'Starter', value: d('149'), valueLabel: '149.00 EUR', colour: colour(0) }] }] })
 */
export function renderBarChart(spec: BarChartSpec): Html {
  const values = spec.groups.flatMap((group) => group.bars.map((bar) => bar.value));
  const ticks = niceTicks(
    values.reduce((top, value) => max(top, value), ZERO),
    4,
  );
  const top = ticks[ticks.length - 1] ?? ZERO;
  const band = Math.floor(PLOT.width / Math.max(1, spec.groups.length));
  const bottom = FRAME.top + PLOT.height;
  const groups = spec.groups.map((group, i) => {
    const count = Math.max(1, group.bars.length);
    const width = Math.min(MAX_BAR_WIDTH, Math.max(4, Math.floor((band * 3) / (5 * count))));
    const start = FRAME.left + i * band + Math.floor((band - width * count) / 2);
    const centre = FRAME.left + i * band + Math.floor(band / 2);
    const bars = group.bars.map((bar, j) => {
      const x = start + j * width;
      const { y, height } = span(ZERO, max(bar.value, ZERO), top);
      // A label wider than its bar's slot would run into its neighbour's: the tooltip has it.
      const label = fits(bar.valueLabel, count === 1 ? band : width)
        ? html`<text class="value" x="${x + Math.floor(width / 2)}" y="${y}" dy="-6" text-anchor="middle">${bar.valueLabel}</text>`
        : html``;
      return html`<g class="bar"><title>${barTitle(group.label, bar)}</title><rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${bar.colour}"/>${label}</g>`;
    });
    return html`<g class="group">${bars}<text class="label" x="${centre}" y="${bottom + 18}" text-anchor="middle">${shorten(group.label, 18)}</text></g>`;
  });
  return svg(spec.title, html`${valueAxis(ticks, spec.tickLabel, spec.axisTitle)}${groups}`);
}
