// `feecast/notebook` (issue 25 §3): fees, usage and plan comparisons as HTML tables and SVG
// charts for a notebook, with the text the command prints, through Jupyter's display symbol.
// Figures from the wire fixtures and the bundled examples (examples/cli/README.md).
import { readFileSync } from 'node:fs';
import { currentUsage } from '@feecast/engine';
import {
  BillableMetric,
  Customer,
  decode,
  Plan,
  Subscription,
  Tax,
  UsageEvent,
} from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { comparisonView, feesView, JUPYTER_DISPLAY, usageView } from '../../src/notebook';
import { renderCompareTable } from '../../src/render/compare-table';
import { renderFeesTable } from '../../src/render/fees-table';
import { renderUsageTable } from '../../src/render/usage-table';
import { examplePath } from '../inputs/builders';
import { fee } from '../render/builders';
import { examplePreviews } from '../report/builders';

/** The Right of an Either, or the test fails with the Left's message. */
function rightOf<A>(
  result: { _tag: 'Left'; left: { message: string } } | { _tag: 'Right'; right: A },
): A {
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

type Codec<A> = Parameters<typeof decode<A>>[0];

/** The value under `key` of a JSON file of examples/cli. */
function json(file: string, key: string): unknown {
  return (JSON.parse(readFileSync(examplePath(file), 'utf8')) as Record<string, unknown>)[key];
}

/** A value of a JSON file of examples/cli, decoded with its codec. */
function example<A>(codec: Codec<A>, file: string, key: string): A {
  return rightOf(decode(codec, json(file, key)));
}

/** The list under `key` of a JSON file of examples/cli, each decoded with its codec. */
function examples<A>(codec: Codec<A>, file: string, key: string): A[] {
  return (json(file, key) as unknown[]).map((value) => rightOf(decode(codec, value)));
}

/** The rules of a view's style sheet. */
function styleRules(html: string): string[] {
  const sheet = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  return sheet.split('\n').filter((line) => line.trim() !== '');
}

describe('feesView', () => {
  // The estimate-fees fixture: Seats (displayed "Setup"), filter Europe, 1 unit, 10.00 USD + 2.00 USD VAT.
  const view = rightOf(feesView([fee()]));

  it('shows the fee and its total row as an HTML table of the cells the command prints', () => {
    expect(view.html).toContain(
      '<tr><td class="">Setup</td><td class="">Europe</td><td class="num">1</td><td class="num">10.00 USD</td><td class="num">2.00 USD</td><td class="num">12.00 USD</td></tr>',
    );
    expect(view.html).toContain(
      '<tr class="total"><td class="">Total</td><td class=""></td><td class="num"></td><td class="num">10.00 USD</td><td class="num">2.00 USD</td><td class="num">12.00 USD</td></tr>',
    );
    expect(view.text).toBe(rightOf(renderFeesTable([fee()])));
  });

  it('draws the amount as one bar on an axis to 10 USD', () => {
    // niceTicks(10, 4) = 0, 2.5, ..., 10: the bar fills the plot (240 px from y = 24). One
    // group over the 544 px plot: the bar is min(96, 544 × 3 / 5) = 96 wide, at
    // x = 80 + (544 − 96) / 2 = 304.
    expect(view.html).toContain('<rect x="304" y="24" width="96" height="240" fill="#2563eb"/>');
    expect(view.html).toContain('<title>Setup: 10.00 USD</title>');
  });

  it('is displayed by Jupyter kernels as its HTML, with its text as the plain fallback', () => {
    expect(JUPYTER_DISPLAY).toBe(Symbol.for('Jupyter.display'));
    expect(view[JUPYTER_DISPLAY]()).toEqual({ 'text/html': view.html, 'text/plain': view.text });
  });

  it('scopes every rule of its style sheet to its own div', () => {
    expect(view.html.startsWith('<div class="feecast"><style>')).toBe(true);
    const rules = styleRules(view.html);
    expect(rules.length).toBeGreaterThan(10);
    for (const rule of rules) {
      const selectors = rule.slice(0, rule.indexOf(' {')).split(', ');
      for (const selector of selectors) expect(selector).toMatch(/^\.feecast /);
    }
  });

  it('says so for no fees, and refuses an unknown currency', () => {
    expect(rightOf(feesView([])).html).toContain('<p>No fees.</p>');
    const bad = feesView([fee({ amount_currency: 'XXX', total_amount_currency: 'XXX' })]);
    expect(bad._tag).toBe('Left');
  });
});

describe('usageView', () => {
  // examples/cli/README.md: `feecast usage --now 2026-11-15T00:00:00Z`, the 97 events before it.
  const now = '2026-11-15T00:00:00Z';
  const events = readFileSync(examplePath('events.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => rightOf(decode(UsageEvent, JSON.parse(line))))
    .filter((event) => String(event.timestamp) < now);
  const usage = rightOf(
    currentUsage({
      customer: example(Customer, 'customer.json', 'customer'),
      subscription: example(Subscription, 'subscription.json', 'subscription'),
      plan: example(Plan, 'plan-starter.json', 'plan'),
      billableMetrics: examples(BillableMetric, 'billable_metrics.json', 'billable_metrics'),
      taxes: { billing_entity: examples(Tax, 'taxes.json', 'taxes') },
      events,
      now,
    }),
  ).customer_usage;
  const view = rightOf(usageView(usage));

  it('has the charges of the README table: units and amounts so far', () => {
    expect(events).toHaveLength(97);
    for (const [name, units, amount] of [
      ['API calls', '41,382', '94.49 EUR'],
      ['Compute', '79', '45.00 EUR'],
      ['Payment processing', '3,430.74', '52.86 EUR'],
      ['Seats', '11', '77.00 EUR'],
      ['Storage', '75.25', '6.53 EUR'],
    ]) {
      expect(view.html).toContain(
        `<tr><td>${name}</td><td class="num">${units}</td><td class="num">${amount}</td></tr>`,
      );
    }
    expect(view.text).toBe(rightOf(renderUsageTable(usage)));
    expect(view.text).toContain('Total excluding taxes            275.88 EUR');
  });

  it('draws one bar per charge on an axis to 100 EUR', () => {
    // niceTicks(94.49, 4) = 0, 25, 50, 75, 100. API calls: 94.49 / 100 × 240 = 226.776 px,
    // rounded to 226.78; y = 264 − 226.78 = 37.22. Five groups of 544 / 5 = 108 px (floored),
    // bars floor(108 × 3 / 5) = 64 wide at x = 80 + (108 − 64) / 2 = 102.
    expect(view.html.match(/<rect /g)).toHaveLength(5);
    expect(view.html).toContain(
      '<rect x="102" y="37.22" width="64" height="226.78" fill="#2563eb"/>',
    );
  });
});

describe('comparisonView', () => {
  it('draws the README comparison: totals, cost per charge and the price curves', async () => {
    const { previews, billableMetrics } = await examplePreviews();
    const plans = previews.map((preview) => preview.plan);
    const view = rightOf(comparisonView({ plans, previews, billableMetrics }));
    // Starter 662.29 EUR, Growth 546.77 EUR: Growth the lowest, Starter 115.52 EUR more.
    expect(view.html).toContain('<td class="num">662.29 EUR</td><td class="num">+115.52 EUR</td>');
    expect(view.html).toContain(
      '<td class="num">546.77 EUR</td><td class="num"><span class="best">lowest</span></td>',
    );
    expect(view.html).toContain('<section id="charges"><h2>Cost per charge</h2>');
    expect(view.html).toContain('<section id="curves"><h2>Price curves</h2>');
    expect(view.text).toBe(rightOf(renderCompareTable(previews)));
    expect(view.text).toContain('Total including taxes  662.29 EUR  546.77 EUR');
    const plain = rightOf(comparisonView({ plans, previews, billableMetrics, curves: false }));
    expect(plain.html).not.toContain('id="curves"');
    expect(plain.html).toContain('<section id="totals">');
  });

  it('refuses a plan without its preview, naming where it is missing', async () => {
    const { previews } = await examplePreviews();
    const plans = previews.map((preview) => preview.plan);
    const result = comparisonView({ plans, previews: previews.slice(0, 1) });
    expect(result._tag === 'Left' && result.left.code).toBe('invalid_input');
    expect(result._tag === 'Left' && result.left.path).toEqual(['previews', '1']);
  });
});
