import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer, exampleState, portalDataFromUsage, renderPortalPage } from 'feecast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_TIMEOUT,
  chromium,
  consoleMessages,
  type Run,
  requireChromium,
  SKIP,
} from './chromium';

/**
 * The HTML pages of feecast, opened in a real headless browser: Debian's `chromium`, driven by
 * its command line (no npm dependency). `--dump-dom` gives the DOM after parsing and layout,
 * `--screenshot` a PNG (kept under test/output/, git-ignored), and `--enable-logging=stderr`
 * the browser console, which must stay silent. The pages: the report of `feecast compare
 * --report` on the bundled examples (test/output/report.png), the report of `feecast backtest
 * --report` on examples/cli/backtest (test/output/backtest.png), and the customer portal page
 * as the built server answers it at the link of `GET /customers/{id}/portal_url`
 * (test/output/portal.png).
 *
 * chromium missing fails the suite with how to install it; FEECAST_SKIP_BROWSER=1 skips it
 * (and says so). `.ci/run` installs chromium when it is missing.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'packages', 'feecast', 'bin', 'feecast.js');
const examples = join(root, 'examples', 'cli');
const output = join(root, 'test', 'output');
const file = (name: string) => join(examples, name);
const WIDTH = 1200;
const HEIGHT = 2000;

/** A page opened twice: its DOM (and console), then a screenshot of WIDTH × HEIGHT (and console). */
interface Opened {
  readonly dom: Run;
  readonly screenshotLog: Run;
}

/** Opens the page `file` in chromium: its DOM, and a screenshot saved as `screenshot`. */
function openPage(executable: string, file: string, screenshot: string): Opened {
  const url = pathToFileURL(file).href;
  const dom = chromium(executable, url, '--dump-dom');
  mkdirSync(dirname(screenshot), { recursive: true });
  rmSync(screenshot, { force: true });
  const screenshotLog = chromium(
    executable,
    url,
    `--screenshot=${screenshot}`,
    `--window-size=${WIDTH},${HEIGHT}`,
  );
  return { dom, screenshotLog };
}

/** Checks that `file` is a non-trivial WIDTH × HEIGHT PNG (a blank page is about 11 kB). */
function expectScreenshot(file: string): void {
  const png = readFileSync(file);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  // IHDR: width and height, big-endian, right after the signature and the chunk header.
  expect(png.readUInt32BE(16)).toBe(WIDTH);
  expect(png.readUInt32BE(20)).toBe(HEIGHT);
  expect(png.length).toBeGreaterThan(40_000);
}

/** The `<svg>` element of the chart titled `title` (its first `<title>`); fails if absent. */
function chart(html: string, title: string): string {
  const found = (html.match(/<svg\b[\s\S]*?<\/svg>/g) ?? []).find((svg) =>
    svg.includes(`<title>${title}</title>`),
  );
  if (found === undefined) throw new Error(`no <svg> chart titled "${title}" in the page`);
  return found;
}

function count(html: string, pattern: RegExp): number {
  return html.match(pattern)?.length ?? 0;
}

/** Runs the built `feecast` with `args`; fails the test if it does not exit 0. */
function runFeecast(args: readonly string[]): void {
  const run = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(`feecast ${args[0]} failed (status ${run.status}):\n${run.stderr}`);
  }
}

/** Runs the built `feecast compare` on the bundled examples, writing the report to `report`. */
function writeReport(report: string): void {
  runFeecast([
    'compare',
    ...['--customer', file('customer.json')],
    ...['--subscription', file('subscription.json')],
    ...['--plan', file('plan-starter.json')],
    ...['--plan', file('plan-growth.json')],
    ...['--billable-metrics', file('billable_metrics.json')],
    ...['--taxes', file('taxes.json')],
    ...['--events', file('events.ndjson')],
    ...['--now', '2026-11-30T23:59:59Z', '--report', report],
  ]);
}

describe.skipIf(SKIP)('the compare report in headless chromium', () => {
  let work = '';
  let report = '';
  let executable = '';
  let dom: Run = { stdout: '', stderr: '' };
  let screenshotLog: Run = { stdout: '', stderr: '' };
  const screenshot = join(output, 'report.png');

  beforeAll(() => {
    executable = requireChromium();
    work = mkdtempSync(join(tmpdir(), 'feecast-browser-'));
    report = join(work, 'report.html');
    writeReport(report);
    ({ dom, screenshotLog } = openPage(executable, report, screenshot));
  }, 3 * CHROMIUM_TIMEOUT);

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('loads with a silent console: no errors, no CSP violations', () => {
    expect(consoleMessages(dom.stderr)).toEqual([]);
    expect(consoleMessages(screenshotLog.stderr)).toEqual([]);
  });

  it(
    'the console check catches a problem on the page (control: an inline script the CSP blocks)',
    () => {
      const broken = join(work, 'broken.html');
      writeFileSync(
        broken,
        readFileSync(report, 'utf8').replace(
          '</body>',
          '<script>console.error("feecast-control")</script></body>',
        ),
      );
      const messages = consoleMessages(
        chromium(executable, pathToFileURL(broken).href, '--dump-dom').stderr,
      );
      expect(messages.join('\n')).toContain('Content Security Policy');
    },
    CHROMIUM_TIMEOUT,
  );

  it('the DOM has the SVG charts: bars, stacked bars and price curves', () => {
    const html = dom.stdout;
    expect(html).toContain('<h1>Plan comparison</h1>');
    // Total per plan, cost per charge, and one price curve per usage charge (5 metrics).
    expect(count(html, /<svg\b[^>]*\bviewBox="/g)).toBe(7);
    // One bar per plan; one stacked segment per plan and charge (2 plans × 6 charges).
    expect(count(chart(html, 'Total per plan'), /<rect\b/g)).toBe(2);
    expect(count(chart(html, 'Cost per charge'), /<rect\b/g)).toBe(12);
    // Two plans on each curve, with the usage marked on each.
    for (const metric of ['API calls', 'Storage', 'Seats', 'Payment volume', 'Compute hours']) {
      const curves = chart(html, `${metric}: amount against units`);
      expect(count(curves, /<polyline\b[^>]*\bpoints="[^"]+"/g)).toBe(2);
      expect(curves).toContain('Your usage: ');
    }
  });

  it('the charts show the hand-checked figures of examples/cli (totals 662.29 and 546.77 EUR)', () => {
    // examples/cli/README.md and test/cli.test.ts: Starter 662.29 EUR, Growth 546.77 EUR.
    const totals = chart(dom.stdout, 'Total per plan');
    expect(totals).toMatch(/<title>Starter\b[^<]*: 662\.29 EUR<\/title>/);
    expect(totals).toMatch(/<title>Growth\b[^<]*: 546\.77 EUR<\/title>/);
    expect(totals).toMatch(/<text\b[^>]*>662\.29 EUR<\/text>/);
    expect(totals).toMatch(/<text\b[^>]*>546\.77 EUR<\/text>/);
    expect(dom.stdout).toContain('+115.52 EUR'); // 662.29 − 546.77
    // The stacked bars, one segment per charge (the compare table of test/cli.test.ts).
    const charges = chart(dom.stdout, 'Cost per charge');
    const segments: ReadonlyArray<readonly [string, string, string]> = [
      ['Starter', 'Subscription fee', '49.00'],
      ['Starter', 'API calls', '210.95'], // 210.94725 (examples/cli/README.md) -> 210.95
      ['Starter', 'Storage', '9.76'],
      ['Starter', 'Seats', '84.00'],
      ['Starter', 'Payment volume', '123.20'],
      ['Starter', 'Compute hours', '75.00'],
      ['Growth', 'Subscription fee', '199.00'],
      ['Growth', 'API calls', '41.76'],
      ['Growth', 'Storage', '5.22'],
      ['Growth', 'Seats', '60.00'],
      ['Growth', 'Payment volume', '97.66'],
      ['Growth', 'Compute hours', '52.00'],
    ];
    for (const [plan, charge, amount] of segments) {
      expect(charges).toContain(`<title>${plan}, ${charge}: ${amount} EUR</title>`);
    }
  });

  it('the price curves meet the bill: the dot at the usage is the billed amount, the rule is stated', () => {
    // Growth bills compute per cluster: 36.00 + 16.00 = 52.00 (examples/cli/README.md), not the
    // 56.00 of 142 hours priced as one group; Starter's API calls add three filter buckets.
    expect(dom.stdout).toContain(
      'Your usage: 142 units, billed Starter 75.00 EUR, Growth 52.00 EUR.',
    );
    expect(dom.stdout).toContain(
      'Your usage: 91,755 units, billed Starter 210.95 EUR, Growth 41.76 EUR. Starter adds up 3 buckets',
    );
    expect(dom.stdout).toContain('the curve keeps the split of your period');
    expect(dom.stdout).not.toMatch(/<title>(\w+), \1:/);
  });

  it('the screenshot is a non-trivial 1200 x 2000 PNG', () => {
    // A blank page of that size compresses to about 11 kB; the report draws about 130 kB.
    expectScreenshot(screenshot);
  });
});

/** Runs the built `feecast backtest` on examples/cli/backtest, writing the report to `report`. */
function writeBacktestReport(report: string): void {
  const backtest = (name: string) => join(examples, 'backtest', name);
  runFeecast([
    'backtest',
    ...['--customer', backtest('customers.json')],
    ...['--subscription', backtest('subscriptions.json')],
    ...['--plan', backtest('plan-basic.json')],
    ...['--plan', backtest('plan-scale.json')],
    ...['--billable-metrics', backtest('billable_metrics.json')],
    ...['--events', backtest('events.ndjson')],
    ...['--from', '2026-09-01', '--to', '2026-12-01', '--report', report],
  ]);
}

describe.skipIf(SKIP)('the backtest report in headless chromium', () => {
  let work = '';
  let source = '';
  let opened: Opened = {
    dom: { stdout: '', stderr: '' },
    screenshotLog: { stdout: '', stderr: '' },
  };
  const screenshot = join(output, 'backtest.png');

  beforeAll(() => {
    const executable = requireChromium();
    work = mkdtempSync(join(tmpdir(), 'feecast-backtest-'));
    const report = join(work, 'backtest.html');
    writeBacktestReport(report);
    source = readFileSync(report, 'utf8');
    opened = openPage(executable, report, screenshot);
  }, 3 * CHROMIUM_TIMEOUT);

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('loads with a silent console and runs no script', () => {
    expect(consoleMessages(opened.dom.stderr)).toEqual([]);
    expect(consoleMessages(opened.screenshotLog.stderr)).toEqual([]);
    expect(source).not.toMatch(/<script\b|\bon[a-z]+=/i);
    // The page's policy forbids any script and request (quotes escaped in the attribute).
    expect(source).toContain('content="default-src &#39;none&#39;;');
    expect(count(opened.dom.stdout, /<script\b/g)).toBe(0);
  });

  it('shows the monthly revenue per plan of examples/cli/backtest/README.md', () => {
    const html = opened.dom.stdout;
    expect(html).toContain('<h1>Backtest</h1>');
    expect(html).toContain('10 invoices priced from 23 events');
    const revenue = chart(html, 'Revenue per month (EUR)');
    // Two bars a month: basic ("current") 45.00, 107.00 (65 + 42), 168.00 (33 + 135);
    // scale 58.50, 131.00 (69 + 62), 158.00 (53 + 105).
    expect(count(revenue, /<rect\b/g)).toBe(6);
    for (const [month, current, scale] of [
      ['2026-09', '45.00', '58.50'],
      ['2026-10', '107.00', '131.00'],
      ['2026-11', '168.00', '158.00'],
    ] as const) {
      expect(revenue).toContain(`<title>${month}, Current plans: ${current} EUR</title>`);
      expect(revenue).toContain(`<title>${month}, Scale: ${scale} EUR</title>`);
      expect(html).toContain(
        `<tr><td>${month}</td><td class="num">${current} EUR</td><td class="num">${scale} EUR</td></tr>`,
      );
    }
    // 45 + 107 + 168 = 320.00; 58.50 + 131 + 158 = 347.50.
    expect(html).toContain(
      '<tr class="total"><td>Total</td><td class="num">320.00 EUR</td><td class="num">347.50 EUR</td></tr>',
    );
  });

  it('shows the deltas, their distribution as CSS bars, and the top movers', () => {
    const html = opened.dom.stdout;
    // acme 180.50 − 143.00 = +37.50; globex 167.00 − 177.00 = −10.00; 347.50 − 320.00 = 27.50.
    expect(html).toContain('<h3>Scale against the current plans: 2 customers</h3>');
    expect(html).toContain('<tr><td>Difference</td><td class="num">27.50 EUR</td></tr>');
    // Nearest rank over [−10.00, 37.50]: rank ⌈q × 2⌉, so p0…p50 are globex's, p75…p100 acme's.
    const quantile = (key: string) =>
      new RegExp(`<code>${key}</code></td><td class="num">([^<]+)</td>`).exec(html)?.[1];
    for (const key of ['p0', 'p10', 'p25', 'p50']) expect(quantile(key)).toBe('-10.00 EUR');
    for (const key of ['p75', 'p90', 'p100']) expect(quantile(key)).toBe('37.50 EUR');
    // The bars are a share of the widest delta: 37.50 → 100 %, 10.00 / 37.50 → 26.67 %.
    expect(html).toContain('<span class="more" style="width:100%"></span>');
    expect(html).toContain('<span class="less" style="width:26.67%"></span>');
    expect(html).toContain(
      '<tr><td>acme</td><td>pays more</td><td class="num">143.00 EUR</td><td class="num">180.50 EUR</td><td class="num">37.50 EUR</td></tr>',
    );
    expect(html).toContain(
      '<tr><td>globex</td><td>pays less</td><td class="num">177.00 EUR</td><td class="num">167.00 EUR</td><td class="num">-10.00 EUR</td></tr>',
    );
  });

  it('shows the contributions per fee line as stacked bars', () => {
    // basic: 5 subscription fees × 20 = 100.00, 14,500 calls × 0.01 = 145.00, 15 seats × 5 = 75.00;
    // scale: 5 × 50 = 250.00, (500 + 2,000 + 8,000) × 0.005 = 52.50, 15 × 3 = 45.00.
    const lines = chart(opened.dom.stdout, 'Contributions per fee line (EUR)');
    expect(count(lines, /<rect\b/g)).toBe(6);
    for (const [plan, line, amount] of [
      ['Current plans', 'Subscription fee', '100.00'],
      ['Current plans', 'API calls', '145.00'],
      ['Current plans', 'Seats', '75.00'],
      ['Scale', 'Subscription fee', '250.00'],
      ['Scale', 'API calls', '52.50'],
      ['Scale', 'Seats', '45.00'],
    ] as const) {
      expect(lines).toContain(`<title>${plan}, ${line}: ${amount} EUR</title>`);
    }
    expect(lines).toMatch(/<text\b[^>]*>320\.00 EUR<\/text>/);
    expect(lines).toMatch(/<text\b[^>]*>347\.50 EUR<\/text>/);
    expect(opened.dom.stdout).toContain(
      '<tr><td>API calls</td><td class="num">14,500</td><td class="num">145.00 EUR</td><td class="num">14,500</td><td class="num">52.50 EUR</td></tr>',
    );
  });

  it('the screenshot is a non-trivial 1200 x 2000 PNG', () => {
    expectScreenshot(screenshot);
  });
});

const API_KEY = 'browser-test-key';
/** The clock of the bundled example state's tests: day 1 of 31 of hooli_1234's period. */
const NOW = '2025-03-15T12:00:00.000Z';

/**
 * The bundled example state served by the built `createServer`, with 12 cpu seconds of usage
 * sent through the API as an application would; the portal page fetched from the link that
 * `GET /customers/hooli_1234/portal_url` gives; the customer's record and the API's projected usage.
 */
async function servedPortal(): Promise<{
  readonly page: string;
  readonly contentSecurityPolicy: string | null;
  readonly customer: unknown;
  readonly usage: unknown;
}> {
  const server = createServer({
    apiKeys: [API_KEY],
    state: exampleState(NOW),
    clock: () => new Date(NOW),
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' };
    const api = async (path: string, init: RequestInit = {}): Promise<Record<string, unknown>> => {
      const response = await fetch(`${origin}/api/v1${path}`, { headers, ...init });
      if (response.status !== 200)
        throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    await api('/events', {
      method: 'POST',
      body: JSON.stringify({
        event: {
          transaction_id: 'tx_browser_cpu',
          code: 'cpu',
          external_subscription_id: 'sub_1234567890',
          timestamp: '2025-03-15T10:00:00Z',
          properties: { cpu_seconds: '12' },
        },
      }),
    });
    const link = (await api('/customers/hooli_1234/portal_url')).customer as { portal_url: string };
    const response = await fetch(link.portal_url);
    if (response.status !== 200) throw new Error(`portal page: ${response.status}`);
    const page = await response.text();
    // The API has no GET of one customer: the served state's own record.
    const customer = exampleState(NOW).customers.find((c) => c.external_id === 'hooli_1234');
    const usage = (
      await api('/customers/hooli_1234/projected_usage?external_subscription_id=sub_1234567890')
    ).customer_projected_usage;
    return {
      page,
      contentSecurityPolicy: response.headers.get('content-security-policy'),
      customer,
      usage,
    };
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
}

describe.skipIf(SKIP)('the customer portal page in headless chromium', () => {
  let work = '';
  let served: Awaited<ReturnType<typeof servedPortal>> | undefined;
  let opened: Opened = {
    dom: { stdout: '', stderr: '' },
    screenshotLog: { stdout: '', stderr: '' },
  };
  const screenshot = join(output, 'portal.png');

  beforeAll(async () => {
    const executable = requireChromium();
    served = await servedPortal();
    work = mkdtempSync(join(tmpdir(), 'feecast-portal-'));
    const file = join(work, 'portal.html');
    writeFileSync(file, served.page);
    opened = openPage(executable, file, screenshot);
  }, 3 * CHROMIUM_TIMEOUT);

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('is served with a policy forbidding requests, and loads with a silent console', () => {
    expect(served?.contentSecurityPolicy).toContain("default-src 'none'");
    expect(consoleMessages(opened.dom.stderr)).toEqual([]);
    expect(consoleMessages(opened.screenshotLog.stderr)).toEqual([]);
  });

  it('the DOM has the usage chart: a current and a projected bar per charge', () => {
    const html = opened.dom.stdout;
    expect(html).toContain('<h1>Usage of Gavin Belson</h1>');
    expect(count(html, /<svg\b[^>]*\bviewBox="/g)).toBe(1);
    const usage = chart(html, 'Usage per charge');
    // Six charges on the active plan of the example state, each with current and projected.
    expect(count(usage, /<rect\b/g)).toBe(12);
  });

  it('shows the usage figures: cpu 12 seconds = 15.80 USD now, 372 projected = 159.80 USD', () => {
    // Graduated 0-10 at 0.5 + 10 flat, then 0.4: 10 × 0.5 + 10 + 2 × 0.4 = 15.80; day 1 of 31
    // elapsed, so 12 × 31 = 372 units: 10 × 0.5 + 10 + 362 × 0.4 = 159.80.
    const html = opened.dom.stdout;
    expect(html).toContain(
      '<td class="num">12</td><td class="num">15.80 USD</td><td class="num">372</td><td class="num">159.80 USD</td>',
    );
    expect(chart(html, 'Usage per charge')).toMatch(
      /<title>[^<]*, projected: 159\.80 USD<\/title>/,
    );
    // The period's totals: 25.80 USD of usage, 20 % taxes 5.16, 30.96 USD so far.
    expect(html).toContain('<td>Current usage</td><td class="num">25.80 USD</td>');
    expect(html).toContain('<td>Total so far</td><td class="num">30.96 USD</td>');
    // The customer's finalized invoices, the draft left out.
    expect(html).toContain('LAG-1234-001-002');
    expect(html).not.toContain('LAG-1234-DRAFT-003');
  });

  it('the package draws the same usage from the API’s bodies (portalDataFromUsage, renderPortalPage)', () => {
    const rendered = renderPortalPage(
      portalDataFromUsage({
        customer: served?.customer as Parameters<typeof portalDataFromUsage>[0]['customer'],
        usage: served?.usage as Parameters<typeof portalDataFromUsage>[0]['usage'],
        generated_at: NOW,
      }),
    );
    if (rendered._tag === 'Left') throw new Error(rendered.left.message);
    const section = (page: string) => /<section id="usage">[\s\S]*?<\/section>/.exec(page)?.[0];
    expect(section(rendered.right)).toBeDefined();
    expect(section(rendered.right)).toBe(section(served?.page ?? ''));
  });

  it('the screenshot is a non-trivial 1200 x 2000 PNG', () => {
    expectScreenshot(screenshot);
  });
});
