/**
 * The legend of a chart, in HTML beside the SVG: a colour swatch and a name per series.
 */
import { type Html, html } from './html';

/** One entry of a legend. */
export interface LegendEntry {
  readonly name: string;
  readonly colour: string;
}

/**
 * A list of swatches and names.
 *
 * @example
 * renderLegend([{ name: 'Starter', colour: '#2563eb' }]).text
 * // '<ul class="legend"><li><span class="swatch" style="background:#2563eb"></span>Starter</li></ul>'
 */
export function renderLegend(entries: readonly LegendEntry[]): Html {
  const items = entries.map(
    (entry) =>
      html`<li><span class="swatch" style="background:${entry.colour}"></span>${entry.name}</li>`,
  );
  return html`<ul class="legend">${items}</ul>`;
}
