// The customer portal page (issue 10 item 3): GET <origin>/customer_portal/<token>, the link

// of GET /customers/{id}/portal_url, answered without an API key (the token is the
// credential) with the report module's HTML page: usage, projection and invoices.
import { describe, expect, it } from 'vitest';
import { exampleState } from '../../src/server/example-state';
import { CPU_TODAY, expectSuccess, serverPerTest, withEvents } from './builders';

const start = serverPerTest();

async function portalUrl(t: {
  call: (m: string, p: string) => Promise<{ body: unknown; status: number }>;
}) {
  const answer = await t.call('GET', '/api/v1/customers/hooli_1234/portal_url');
  expect(answer.status).toBe(200);
  return (answer.body as { customer: { portal_url: string } }).customer.portal_url;
}

describe('GET /customer_portal/<token>', () => {
  it("answers the customer's page without an API key: HTML with an SVG chart, the name, the usage and the invoices", async () => {
    const t = await start({
      state: withEvents(exampleState(), [CPU_TODAY]),
    });
    expectSuccess(await t.call('GET', '/api/v1/customers/hooli_1234/portal_url'), 'getPortalUrl');
    const response = await fetch(await portalUrl(t));
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page).toContain('<svg');
    expect(page).toContain('Gavin Belson');
    // The cpu charge's 15.80 of today (pricing.test.ts works it out) and a stored invoice.
    expect(page).toMatch(/15\.80/);
    expect(page).toContain('LAG-1234-001-002');
    expect(page).not.toContain('LAG-1234-DRAFT-003');
  });

  it('answers 404 for an unknown or empty token, and 405 for another method', async () => {
    const t = await start({ state: exampleState() });
    const url = await portalUrl(t);
    const origin = new URL(url).origin;
    for (const path of ['/customer_portal/bm9ib2R5', '/customer_portal/']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Not Found');
    }
    const post = await fetch(url, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });
});
