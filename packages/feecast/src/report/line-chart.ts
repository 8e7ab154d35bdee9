/**
 * A line chart in SVG: one polyline per series (a plan's price curve for a charge), with a
 * marked x value (the customer's actual usage) and a dot where each series crosses it.
 */
import { compare, type Decimal, max, ZERO } from '@feecast/engine';
import { FRAME, PLOT, svg, valueAxis, xOf, yOf } from './frame';
import { type Html, html } from './html';
import { niceTicks } from './scale';

/** A point of a series. */
export interface LinePoint {
  readonly x: Decimal;
  readonly y: Decimal;
}

/** One line. */
export interface LineSeries {
  readonly name: string;
  readonly colour: string;
  /** Points in increasing `x`. */
  readonly points: readonly LinePoint[];
}

/** A line chart. */
export interface LineChartSpec {
  readonly title: string;
  readonly xTitle: string;
  readonly yTitle: string;
  readonly xTickLabel: (tick: Decimal) => string;
  readonly yTickLabel: (tick: Decimal) => string;
  readonly series: readonly LineSeries[];
  /** An x value to mark with a dashed line, a label and a dot on each series that has it. */
  readonly marker?: { readonly x: Decimal; readonly label: string };
}

/** The x axis: vertical grid lines with labels, and the axis title. */
function unitAxis(
  ticks: readonly Decimal[],
  label: (tick: Decimal) => string,
  title: string,
): Html {
  const right = ticks[ticks.length - 1] ?? ZERO;
  const bottom = FRAME.top + PLOT.height;
  const lines = ticks.map((tick, i) => {
    const x = xOf(tick, right);
    // The last label ends at its tick, so that it stays inside the chart.
    const anchor = i === ticks.length - 1 ? 'end' : 'middle';
    return html`<line class="grid" x1="${x}" x2="${x}" y1="${FRAME.top}" y2="${bottom}"/><text class="tick" x="${x}" y="${bottom + 14}" text-anchor="${anchor}">${label(tick)}</text>`;
  });
  return html`<g class="axis">${lines}<text class="axis-title" x="${FRAME.left + PLOT.width / 2}" y="${FRAME.height - 8}" text-anchor="middle">${title}</text></g>`;
}

/**
 * The chart as inline SVG: value and unit axes from zero with nice ticks, a polyline per
 * series (a legend entry each), and the marker. Deterministic: the same spec gives the same
 * text.
 *
 * @example
 * renderLineChart({ title: 'API calls', xTitle: 'units', yTitle: 'EUR', xTickLabel: formatDecimal,
 *   yTickLabel: formatDecimal, series: [{ name: 'Starter', colour: colour(0), points }],
 *   marker: { x: d('1200'), label: 'Your usage: 1,200' } })
 */
export function renderLineChart(spec: LineChartSpec): Html {
  const points = spec.series.flatMap((series) => series.points);
  const markerX = spec.marker?.x ?? ZERO;
  const xTicks = niceTicks(
    points.reduce((top, p) => max(top, p.x), markerX),
    5,
  );
  const yTicks = niceTicks(
    points.reduce((top, p) => max(top, p.y), ZERO),
    4,
  );
  const right = xTicks[xTicks.length - 1] ?? ZERO;
  const top = yTicks[yTicks.length - 1] ?? ZERO;
  const lines = spec.series.map((series) => {
    const path = series.points.map((p) => `${xOf(p.x, right)},${yOf(p.y, top)}`).join(' ');
    return html`<polyline class="curve" points="${path}" fill="none" stroke="${series.colour}"><title>${series.name}</title></polyline>`;
  });
  let marker = html``;
  if (spec.marker !== undefined) {
    const { x: at, label } = spec.marker;
    const x = xOf(at, right);
    const dots = spec.series.flatMap((series) => {
      const hit = series.points.find((p) => compare(p.x, at) === 0);
      return hit === undefined
        ? []
        : [
            html`<circle cx="${x}" cy="${yOf(hit.y, top)}" r="4" fill="${series.colour}"><title>${series.name}</title></circle>`,
          ];
    });
    marker = html`<g class="marker"><line x1="${x}" x2="${x}" y1="${FRAME.top}" y2="${FRAME.top + PLOT.height}"/><text x="${x}" y="${FRAME.top - 8}" text-anchor="middle">${label}</text>${dots}</g>`;
  }
  return svg(
    spec.title,
    html`${valueAxis(yTicks, spec.yTickLabel, spec.yTitle)}${unitAxis(xTicks, spec.xTickLabel, spec.xTitle)}${lines}${marker}`,
  );
}
