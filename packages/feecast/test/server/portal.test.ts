// The customer portal page (issue 10 item 3): GET <origin>/customer_portal/<token>, the link

import type { Timestamp } from '@feecast/models';
// of GET /customers/{id}/portal_url, answered without an API key (the token is the
// credential) with the report module's HTML page: usage, projection and invoices.
import { describe, expect, it } from 'vitest';
import {
  PORTAL_LINK_SECONDS,
  portalLinks,
  randomPortalKey,
} from '../../src/server/http/portal-token';
import { exampleState } from '../../src/server/state/example-state';
import { CPU_TODAY, expectSuccess, NOW, serverPerTest, withEvents } from './builders';

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
      state: withEvents(exampleState(NOW), [CPU_TODAY]),
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

  it('answers 404 for an empty token, and 405 for another method', async () => {
    const t = await start({ state: exampleState(NOW) });
    const url = await portalUrl(t);
    const origin = new URL(url).origin;
    const empty = await fetch(`${origin}/customer_portal/`);
    expect(empty.status).toBe(404);
    expect(await empty.text()).toContain('Not Found');
    const post = await fetch(url, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });
});

describe('portal tokens: signed with the server key, valid 12 hours', () => {
  const customerId = 'ea0405e2-c552-49f8-b8b7-572e437a6e8d';
  const encode = (claims: unknown) => Buffer.from(JSON.stringify(claims)).toString('base64url');

  it('refuses with 403 a token this server did not sign: the bare customer UUID, a changed payload, a changed signature, another key', async () => {
    const t = await start({ state: exampleState(NOW) });
    const url = await portalUrl(t);
    const token = url.slice(url.lastIndexOf('/') + 1);
    const [payload = '', signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub: string;
      exp: number;
    };
    expect(claims.sub).toBe(customerId);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const otherKey = portalLinks(randomPortalKey()).token(customerId, NOW as Timestamp);
    const forged = [
      Buffer.from(customerId).toString('base64url'), // the old token: anyone who knows the UUID
      `${encode({ ...claims, exp: claims.exp + 86_400 })}.${signature}`, // a later expiry
      `${encode({ ...claims, sub: 'fc000000-0000-4000-8000-000000000001' })}.${signature}`,
      `${payload}.${flipped}`,
      `${payload}.${signature}x`,
      `${payload}.${signature}.${signature}`,
      otherKey,
      'not a token',
    ];
    for (const bad of forged) {
      const response = await fetch(`${t.url}/customer_portal/${encodeURIComponent(bad)}`);
      expect([bad, response.status]).toEqual([bad, 403]);
      expect(await response.text()).toContain('This portal link is not valid');
    }
    expect((await fetch(url)).status).toBe(200);
  });

  it('answers 401 once the link is 12 hours old, and the page until then', async () => {
    let now = Date.parse(NOW);
    const t = await start({ state: exampleState(NOW), clock: () => new Date(now) });
    const url = await portalUrl(t);
    now += PORTAL_LINK_SECONDS * 1000 - 1000; // 11:59:59 later
    expect((await fetch(url)).status).toBe(200);
    now += 1000; // 12:00:00 later
    const expired = await fetch(url);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await expired.text()).toContain('This portal link has expired');
    // A new link works again.
    expect((await fetch(await portalUrl(t))).status).toBe(200);
  });

  it('a link stays valid on another server with the same portal key (a restart), which answers 404 when the customer is gone', async () => {
    const portalKey = randomPortalKey();
    const first = await start({ state: exampleState(NOW), portalKey });
    const url = new URL(await portalUrl(first));
    const second = await start({ state: exampleState(NOW), portalKey });
    expect((await fetch(`${second.url}${url.pathname}`)).status).toBe(200);
    const other = await start({ state: exampleState(NOW) });
    expect((await fetch(`${other.url}${url.pathname}`)).status).toBe(403);
    const empty = await start({ state: { ...exampleState(NOW), customers: [] }, portalKey });
    expect((await fetch(`${empty.url}${url.pathname}`)).status).toBe(404);
  });

  it('a key shorter than 32 bytes is refused', () => {
    expect(() => portalLinks(new Uint8Array(31))).toThrow(/at least 32 bytes/);
  });
});
