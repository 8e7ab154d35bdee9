// Chart pieces: nice ticks, exact pixel geometry and safe markup.
import { compare, formatDecimal, parseDecimalUnsafe } from '@feecast/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barTitle,
  escapeHtml,
  html,
  niceTicks,
  px,
  renderBarChart,
  renderLegend,
  toPixels,
} from '../../src/report/index';

const d = parseDecimalUnsafe;

describe('niceTicks', () => {
  it.each([
    ['87.5', 4, ['0', '25', '50', '75', '100']],
    ['199', 4, ['0', '50', '100', '150', '200']],
    ['24.68', 4, ['0', '10', '20', '30']],
    ['0.0123', 4, ['0', '0.005', '0.01', '0.015']],
    ['0', 4, ['0', '1']],
  ])('up to %s in about %i steps: %j', (top, count, ticks) => {
    expect(niceTicks(d(top), count).map(formatDecimal)).toEqual(ticks);
  });

  it('ticks start at 0, rise by one step and end at or above the top', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 8 }),
        (n, places, count) => {
          const top = d(`${n}e-${places}`);
          const ticks = niceTicks(top, count).map(formatDecimal);
          expect(ticks[0]).toBe('0');
          const last = ticks[ticks.length - 1] ?? '0';
          expect(compare(d(last), top)).toBeGreaterThanOrEqual(0);
          expect(ticks.length).toBeLessThanOrEqual(2 * count + 2);
        },
      ),
    );
  });
});

describe('pixels', () => {
  it('toPixels is exact and stays within the range', () => {
    expect(formatDecimal(toPixels(d('61.5'), d('200'), 240))).toBe('73.8');
    expect(formatDecimal(toPixels(d('-5'), d('200'), 240))).toBe('0');
    expect(formatDecimal(toPixels(d('500'), d('200'), 240))).toBe('240');
    expect(formatDecimal(toPixels(d('5'), d('0'), 240))).toBe('0');
  });

  it('px rounds half away from zero to two places, in plain notation', () => {
    expect(px(d('12.345'))).toBe('12.35');
    expect(px(d('1e-7'))).toBe('0');
    expect(px(d('98.72'))).toBe('98.72');
  });
});

describe('markup', () => {
  it('escapeHtml escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('html escapes text and keeps markup', () => {
    const name = '<b>';
    expect(html`<td title="${name}">${name}${html`<i>ok</i>`}${[html`<br>`]}${3}</td>`.text).toBe(
      '<td title="&lt;b&gt;">&lt;b&gt;<i>ok</i><br>3</td>',
    );
  });

  it('text put into markup never opens a tag', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(html`<p>${text}</p>`.text.slice(3, -4)).not.toMatch(/[<>"']/);
      }),
    );
  });

  it('a bar is titled by its group, its name when it says more, and its value', () => {
    const bar = { value: d('149'), valueLabel: '149.00 EUR', colour: '#2563eb' };
    expect(barTitle('Starter', { ...bar, name: 'Starter' })).toBe('Starter: 149.00 EUR');
    expect(barTitle('API calls', { ...bar, name: 'projected' })).toBe(
      'API calls, projected: 149.00 EUR',
    );
  });

  it('a value label wider than its bar is left to the tooltip: 6 pairs of bars are 27 units wide', () => {
    const pair = (label: string) => ({
      label,
      bars: ['current', 'projected'].map((name) => ({
        name,
        value: d('310'),
        valueLabel: '310.00 USD',
        colour: '#2563eb',
      })),
    });
    const spec = { title: 'Usage', axisTitle: 'USD', tickLabel: formatDecimal };
    // One pair: bars of min(96, ⌊544 × 3 / 10⌋) = 96 units hold 10 characters (about 70 units).
    const one = renderBarChart({ ...spec, groups: [pair('API calls')] }).text;
    expect(one.match(/<text class="value"/g)).toHaveLength(2);
    // Six pairs: bands of ⌊544 / 6⌋ = 90, bars of ⌊90 × 3 / 10⌋ = 27 units: no label, the titles stay.
    const six = renderBarChart({ ...spec, groups: ['a', 'b', 'c', 'd', 'e', 'f'].map(pair) }).text;
    expect(six).not.toContain('<text class="value"');
    expect(six).toContain('<title>a, projected: 310.00 USD</title>');
  });

  it('a legend lists the series with their colours', () => {
    expect(renderLegend([{ name: 'Starter', colour: '#2563eb' }]).text).toBe(
      '<ul class="legend"><li><span class="swatch" style="background:#2563eb"></span>Starter</li></ul>',
    );
  });
});
