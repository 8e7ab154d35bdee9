/**
 * The frame shared by the charts: the SVG's size, the plot area inside its margins, the
 * vertical value axis with its grid, and labels shortened to fit.
 */
import {
  add,
  compare,
  type Decimal,
  decimalFromCount,
  formatDecimal,
  subtract,
  ZERO,
} from '@feecast/engine';
import { type Html, html } from './html';
import { px, roundPixels, toPixels } from './scale';

/** The size of every chart and of its plot area, in SVG user units. */
export const FRAME = {
  width: 640,
  height: 320,
  left: 80,
  right: 16,
  top: 24,
  bottom: 56,
} as const;

/** The widest bar drawn: few bars stay slim. */
export const MAX_BAR_WIDTH = 96;

/** The plot area's width and height. */
export const PLOT = {
  width: FRAME.width - FRAME.left - FRAME.right,
  height: FRAME.height - FRAME.top - FRAME.bottom,
} as const;

/** The y position (rounded) of `value` on an axis from 0 to `top`. */
function yPosition(value: Decimal, top: Decimal): Decimal {
  const bottom = decimalFromCount(FRAME.top + PLOT.height);
  return roundPixels(subtract(bottom, toPixels(value, top, PLOT.height)));
}

/**
 * The y coordinate of `value` on an axis from 0 to `top` (the last tick).
 *
 * @example
 * yOf(parseDecimalUnsafe('0'), parseDecimalUnsafe('100')) // '264' (the plot's bottom: 24 + 240)
 */
export function yOf(value: Decimal, top: Decimal): string {
  return formatDecimal(yPosition(value, top));
}

/**
 * The vertical span of a bar (or a stacked segment) from `from` to `to` on an axis from 0 to
 * `top`: its top `y` and its `height`, from rounded positions so that stacked segments meet.
 *
 * @example
 * span(parseDecimalUnsafe('0'), parseDecimalUnsafe('50'), parseDecimalUnsafe('100'))
 * // { y: '144', height: '120' }
 */
export function span(from: Decimal, to: Decimal, top: Decimal): { y: string; height: string } {
  const low = yPosition(from, top);
  const high = yPosition(to, top);
  const height = subtract(low, high);
  return {
    y: formatDecimal(high),
    height: formatDecimal(compare(height, ZERO) < 0 ? ZERO : height),
  };
}

/**
 * The x coordinate of `value` on an axis from 0 to `right` (the last tick).
 *
 * @example
 * xOf(parseDecimalUnsafe('0'), parseDecimalUnsafe('10')) // '80' (the plot's left edge)
 */
export function xOf(value: Decimal, right: Decimal): string {
  return px(add(decimalFromCount(FRAME.left), toPixels(value, right, PLOT.width)));
}

/**
 * `text` cut to `length` characters with an ellipsis, for labels under bars.
 *
 * @example
 * shorten('Enterprise annual plan', 12) // 'Enterprise…'
 */
export function shorten(text: string, length: number): string {
  const chars = [...text];
  return chars.length <= length ? text : `${chars.slice(0, length - 1).join('')}…`;
}

/**
 * The horizontal grid lines and labels of the value axis, with the axis title.
 *
 * @example
 * valueAxis(niceTicks(total, 4), (tick) => formatDecimal(tick), 'EUR')
 */
export function valueAxis(
  ticks: readonly Decimal[],
  label: (tick: Decimal) => string,
  title: string,
): Html {
  const top = ticks[ticks.length - 1] ?? decimalFromCount(1);
  const lines = ticks.map((tick) => {
    const y = yOf(tick, top);
    return html`<line class="grid" x1="${FRAME.left}" x2="${FRAME.width - FRAME.right}" y1="${y}" y2="${y}"/><text class="tick" x="${FRAME.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${label(tick)}</text>`;
  });
  return html`<g class="axis">${lines}<text class="axis-title" x="14" y="${FRAME.top + PLOT.height / 2}" transform="rotate(-90 14 ${FRAME.top + PLOT.height / 2})" text-anchor="middle">${title}</text></g>`;
}

/**
 * An inline `<svg>` element of the frame's size with a title (for screen readers and
 * tooltips). Inline SVG in HTML needs no namespace declaration, so the page names no URL.
 *
 * @example
 * svg('Total per plan', html`<rect .../>`)
 */
export function svg(title: string, body: Html): Html {
  return html`<svg viewBox="0 0 ${FRAME.width} ${FRAME.height}" width="${FRAME.width}" height="${FRAME.height}" role="img"><title>${title}</title>${body}</svg>`;
}
