// The fetch handler of `feecast/fetch` (issue 23 §4) in a real browser: a page whose script is
// the built package bundled for the browser (test/fetch-bundle.ts) calls the handler with an
// estimate request and prints the answer; headless chromium runs it, and what it prints is the
// answer of the built HTTP server to the same request, byte for byte, on the same state and clock.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer, exampleState } from 'feecast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_TIMEOUT, chromium, consoleMessages, requireChromium, SKIP } from './chromium';
import { bundleSource } from './fetch-bundle';

const KEY = 'browser-fetch-key';
/** Day 15 of hooli_1234's March period in the bundled example state. */
const NOW = '2025-03-15T12:00:00.000Z';
const ESTIMATE = {
  event: {
    code: 'seats',
    external_subscription_id: 'sub_1234567890',
    properties: { seat_id: 'browser_seat', region: 'Europe' },
  },
};

/** The page's script: the handler on the example state, one estimate, its answer printed. */
const PAGE_SCRIPT = `
import { createFetchHandler, exampleState } from 'feecast/fetch';

const NOW = '${NOW}';
const handler = createFetchHandler({
  apiKeys: ['${KEY}'],
  state: exampleState(NOW),
  clock: () => new Date(NOW),
});
const out = document.getElementById('out');
handler(
  new Request('http://localhost/api/v1/events/estimate_fees', {
    method: 'POST',
    headers: { Authorization: 'Bearer ${KEY}', 'Content-Type': 'application/json' },
    body: JSON.stringify(${JSON.stringify(ESTIMATE)}),
  }),
)
  .then(async (response) => {
    out.textContent = response.status + ' ' + (await response.text());
  })
  .catch((error) => {
    out.textContent = 'failed: ' + String(error);
  });
`;

/** The text of the element `#out` in a DOM dumped by chromium. */
function printed(dom: string): string {
  const text = /<pre id="out">([\s\S]*?)<\/pre>/.exec(dom)?.[1] ?? '';
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** The built HTTP server's answer to the same estimate, as `<status> <body>`. */
async function servedEstimate(): Promise<string> {
  const server = createServer({
    apiKeys: [KEY],
    state: exampleState(NOW),
    clock: () => new Date(NOW),
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/events/estimate_fees`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(ESTIMATE),
    });
    return `${response.status} ${await response.text()}`;
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
}

describe.skipIf(SKIP)('the fetch handler in headless chromium', () => {
  let work = '';
  let dom = '';
  let log = '';
  let nodeImports: readonly string[] = [];

  beforeAll(async () => {
    const executable = requireChromium();
    work = mkdtempSync(join(tmpdir(), 'feecast-fetch-'));
    const bundle = await bundleSource(PAGE_SCRIPT);
    nodeImports = bundle.nodeImports;
    writeFileSync(join(work, 'page.js'), bundle.code);
    const page = join(work, 'page.html');
    writeFileSync(
      page,
      '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>feecast fetch</title></head>' +
        '<body><pre id="out">pending</pre><script src="page.js"></script></body></html>\n',
    );
    // The script's promises settle within the virtual time given before the DOM is dumped.
    const run = chromium(
      executable,
      pathToFileURL(page).href,
      '--virtual-time-budget=10000',
      '--dump-dom',
    );
    dom = run.stdout;
    log = run.stderr;
  }, 3 * CHROMIUM_TIMEOUT);

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('the page script bundles with no Node module', () => {
    expect(nodeImports).toEqual([]);
  });

  it('prints the estimate: a seat in Europe, 10.00 USD + 20 % VAT = 12.00', () => {
    const text = printed(dom);
    expect(text.startsWith('200 {')).toBe(true);
    const { fees } = JSON.parse(text.slice(4)) as {
      fees: Array<{ amount_cents: number; taxes_amount_cents: number; total_amount_cents: number }>;
    };
    expect(fees.map((f) => [f.amount_cents, f.taxes_amount_cents, f.total_amount_cents])).toEqual([
      [1000, 200, 1200],
    ]);
    expect(consoleMessages(log)).toEqual([]);
  });

  it('what the browser printed is what the Node HTTP server answers, byte for byte', async () => {
    expect(printed(dom)).toBe(await servedEstimate());
  });
});
