// The comparison page: valid-looking, self-contained HTML with the expected SVG charts and
// figures, no URL, every text escaped, the same bytes for the same data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompareReportData, renderCompareReport } from '../../src/report/index';
import { compareData } from './builders';

function page(data: CompareReportData = compareData()): string {
  const rendered = renderCompareReport(data);
  if (rendered._tag === 'Left') throw new Error(rendered.left.message);
  return rendered.right;
}

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length;
}

/** The tag names of the page, in order: its structure without its text. */
function tags(text: string): string[] {
  return [...text.matchAll(/<\/?([a-zA-Z!][a-zA-Z0-9]*)/g)].map((m) => m[0]);
}

describe('renderCompareReport: the document', () => {
  it('is one HTML5 document with a charset, a title and a policy forbidding requests', () => {
    const html = page();
    expect(
      html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'),
    ).toBe(true);
    expect(html.endsWith('</body>\n</html>\n')).toBe(true);
    for (const tag of [
      /<html/g,
      /<head>/g,
      /<\/head>/g,
      /<body>/g,
      /<\/body>/g,
      /<title>Acme: Starter or Growth\?<\/title>/g,
    ]) {
      expect(count(html, tag)).toBe(1);
    }
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;">`,
    );
  });

  it('is self-contained: no URL, no script, no external resource', () => {
    const html = page();
    for (const banned of [
      'http://',
      'https://',
      '<script',
      '<link',
      '<img',
      'src=',
      'href=',
      '@import',
      'url(',
      '@font-face',
    ]) {
      expect(html).not.toContain(banned);
    }
  });

  it('opens and closes every element it draws', () => {
    const html = page();
    for (const tag of [
      'svg',
      'g',
      'table',
      'section',
      'figure',
      'ul',
      'li',
      'tr',
      'td',
      'th',
      'title',
    ]) {
      expect(count(html, new RegExp(`<${tag}[ >]`, 'g'))).toBe(
        count(html, new RegExp(`</${tag}>`, 'g')),
      );
    }
  });

  it('the same data gives the same bytes', () => {
    expect(page()).toBe(page(compareData()));
  });
});

describe('renderCompareReport: charts and figures', () => {
  it('draws three SVG charts: totals, cost per charge, and the API calls curve', () => {
    const html = page();
    expect(count(html, /<svg viewBox="0 0 640 320" width="640" height="320" role="img">/g)).toBe(3);
    expect(html).toContain(
      '<svg viewBox="0 0 640 320" width="640" height="320" role="img"><title>Total per plan</title>',
    );
    expect(html).toContain('<title>Cost per charge</title>');
    expect(html).toContain('<title>API calls: amount against units</title>');
  });

  it('totals: 61.50 EUR and 199.00 EUR, 137.50 EUR apart, the lowest marked', () => {
    const html = page();
    expect(html).toContain(
      '<td class="num">61.50 EUR</td><td class="num"><span class="best">lowest</span></td>',
    );
    expect(html).toContain('<td class="num">199.00 EUR</td><td class="num">+137.50 EUR</td>');
  });

  it('total bars: an axis to 200 (ticks of 50) on 240 px, bars of 73.8 and 238.8 px', () => {
    const html = page();
    for (const tick of ['0', '50', '100', '150', '200']) {
      expect(html).toContain(`text-anchor="end" dominant-baseline="middle">${tick}</text>`);
    }
    // 61.5 / 200 × 240 = 73.8 px tall, from y = 264 − 73.8 = 190.2; 199 / 200 × 240 = 238.8.
    // Two bands of 272 px from x = 80; bars 3/5 of a band (163 px) but at most 96 px wide,
    // centred: x = 80 + (272 − 96) / 2 = 168, and 168 + 272 = 440.
    expect(html).toContain('<rect x="168" y="190.2" width="96" height="73.8" fill="#2563eb"/>');
    expect(html).toContain('<rect x="440" y="25.2" width="96" height="238.8" fill="#dc2626"/>');
  });

  it('cost per charge: stacked segments, storage lines added up (1.50 + 1.00 = 2.50 EUR)', () => {
    const html = page();
    expect(html).toContain('<title>Starter, Storage: 2.50 EUR</title>');
    expect(html).toContain(
      '<tr><td>Storage</td><td class="num">2.50 EUR</td><td class="num">—</td></tr>',
    );
    expect(html).toContain(
      '<tr><td>Subscription fee</td><td class="num">49.00 EUR</td><td class="num">199.00 EUR</td></tr>',
    );
    // Starter stacks 49 + 10 + 2.5 = 61.50 EUR on an axis to 200: the top segment ends at y = 190.2.
    expect(html).toContain('dy="-6" text-anchor="middle">61.50 EUR</text>');
    expect(count(html, /<rect x="168" /g)).toBe(4);
  });

  it('price curve: a polyline per plan, usage marked at 5,000 units with the amounts there', () => {
    const html = page();
    expect(count(html, /<polyline class="curve"/g)).toBe(2);
    // x axis to 10,000 on 544 px: 5,000 units at x = 80 + 272 = 352; y axis to 20 (ticks of 5).
    expect(html).toContain(
      '<polyline class="curve" points="80,264 352,144 624,24" fill="none" stroke="#2563eb">',
    );
    expect(html).toContain(
      '<polyline class="curve" points="80,264 352,264 624,204" fill="none" stroke="#dc2626">',
    );
    expect(html).toContain(
      '<line x1="352" x2="352" y1="24" y2="264"/><text x="352" y="16" text-anchor="middle">Your usage: 5,000</text>',
    );
    expect(count(html, /<circle cx="352" /g)).toBe(2);
    expect(html).toContain(
      '<figcaption>Your usage: 5,000 units, billed Starter 10.00 EUR, Growth 0.00 EUR.</figcaption>',
    );
    // How to read a curve of buckets is said above the charts.
    expect(html).toContain(
      '<h2>Price curves</h2><p>Each curve is a plan&#39;s amount for a charge',
    );
    expect(html).toContain('So the dot at your usage is what the plan bills for it.</p>');
  });

  it('a curve of buckets names them, their units and whose prices; a plan billing other units says so', () => {
    const base = compareData();
    const [starter, growth] = base.curves[0]?.curves ?? [];
    if (starter === undefined || growth === undefined) throw new Error('no curves');
    const html = page({
      ...base,
      curves: [
        {
          code: 'api_calls',
          name: 'API calls',
          actual_units: '5000',
          curves: [
            {
              ...starter,
              buckets: [
                { label: 'API calls (EU)', units: '3000', filter_prices: true },
                { label: '(no filter)', units: '2000', filter_prices: false },
              ],
            },
            { ...growth, actual_units: '10000' },
          ],
        },
      ],
    });
    expect(html).toContain(
      '<figcaption>Your usage: 5,000 units, billed Starter 10.00 EUR, Growth 5.00 EUR (at its 10,000 units). Starter adds up 2 buckets: API calls (EU) 3,000 units at its filter&#39;s prices; (no filter) 2,000 units at the charge&#39;s prices.</figcaption>',
    );
  });

  it('total bars are titled once per plan: "Starter: 61.50 EUR", never "Starter, Starter"', () => {
    const html = page();
    expect(html).toContain('<g class="bar"><title>Starter: 61.50 EUR</title>');
    expect(html).toContain('<g class="bar"><title>Growth: 199.00 EUR</title>');
    expect(html).not.toMatch(/<title>(\w+), \1\b/);
  });

  it('plans without charge amounts: no stacked chart', () => {
    const data = compareData({ curves: [] });
    const html = page({ ...data, plans: data.plans.map((p) => ({ ...p, charges: [] })) });
    expect(html).toContain('<p>No charge amounts were given.</p>');
    expect(count(html, /<svg /g)).toBe(1);
  });

  it('no curves, no curve section; no plans, a short page', () => {
    expect(page(compareData({ curves: [] }))).not.toContain('id="curves"');
    expect(page(compareData({ plans: [], curves: [] }))).toContain('<p>No plans to compare.</p>');
  });
});

describe('renderCompareReport: escaping', () => {
  const evil = '<script>alert("x")</script>';

  it('escapes <script> in plan names, codes, charge names and the title', () => {
    const data = compareData({ title: evil, customer: { name: evil, external_id: `'${evil}` } });
    const [starter, growth] = data.plans;
    if (starter === undefined || growth === undefined) throw new Error('two plans expected');
    const code = `"><img src=x onerror=alert(1)>`;
    const html = page({
      ...data,
      plans: [
        { ...starter, name: evil, code, charges: [{ code: 'x', name: evil, amount_cents: 1 }] },
        growth,
      ],
      curves: data.curves.map((c) => ({
        ...c,
        name: evil,
        code: evil,
        curves: c.curves.map((curve) =>
          curve.plan_code === 'starter' ? { ...curve, plan_code: code } : curve,
        ),
      })),
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<code>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</code>');
  });

  it('the page has the same elements whatever the names', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (planName, chargeName, title) => {
        const base = compareData();
        const [starter, growth] = base.plans;
        if (starter === undefined || growth === undefined) return;
        const named = {
          ...base,
          title,
          plans: [
            {
              ...starter,
              name: planName,
              charges: starter.charges.map((c) => ({ ...c, name: chargeName })),
            },
            growth,
          ],
        };
        expect(tags(page(named))).toEqual(tags(page(base)));
      }),
    );
  });
});

describe('renderCompareReport: bad data', () => {
  it('plans in two currencies', () => {
    const data = compareData();
    const [starter, growth] = data.plans;
    if (starter === undefined || growth === undefined) throw new Error('two plans expected');
    expect(
      renderCompareReport({ ...data, plans: [starter, { ...growth, currency: 'USD' }] }),
    ).toMatchObject({
      _tag: 'Left',
      left: { code: 'currency_mismatch', path: ['plans', '1', 'currency'] },
    });
  });

  it('cents that are not integers, units that are not decimals, a curve of an unknown plan', () => {
    const data = compareData();
    const [starter, growth] = data.plans;
    const [curve] = data.curves;
    if (starter === undefined || growth === undefined || curve === undefined)
      throw new Error('fixture');
    expect(
      renderCompareReport({ ...data, plans: [{ ...starter, total_amount_cents: 1.5 }, growth] }),
    ).toMatchObject({
      left: { path: ['plans', '0', 'total_amount_cents'] },
    });
    expect(
      renderCompareReport({ ...data, curves: [{ ...curve, actual_units: 'lots' }] }),
    ).toMatchObject({
      left: { code: 'invalid_decimal', path: ['curves', '0', 'actual_units'] },
    });
    expect(
      renderCompareReport({
        ...data,
        curves: [{ ...curve, curves: [{ plan_code: 'premium', points: [] }] }],
      }),
    ).toMatchObject({
      left: { code: 'invalid_input', path: ['curves', '0', 'curves', '0', 'plan_code'] },
    });
  });
});
