// The customer portal page: current and projected usage per charge and the invoices, as
// self-contained HTML with an SVG chart; from hand-made data and from the wire fixtures.
import type { Customer, Invoice } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { type PortalPageData, portalDataFromUsage, renderPortalPage } from '../../src/report/index';
import { fixture } from '../inputs/builders';
import { invoice, projectedUsage } from '../render/builders';
import { portalData } from './builders';

function page(data: PortalPageData = portalData()): string {
  const rendered = renderPortalPage(data);
  if (rendered._tag === 'Left') throw new Error(rendered.left.message);
  return rendered.right;
}

describe('renderPortalPage', () => {
  it('totals of the period: 12.34 EUR so far, 2.47 EUR taxes, 14.81 EUR, 24.68 EUR projected', () => {
    const html = page();
    expect(html).toContain('<title>Usage of Acme SAS</title>');
    expect(html).toContain('<tr><td>Current usage</td><td class="num">12.34 EUR</td></tr>');
    expect(html).toContain('<tr><td>Taxes</td><td class="num">2.47 EUR</td></tr>');
    expect(html).toContain('<tr><td>Total so far</td><td class="num">14.81 EUR</td></tr>');
    expect(html).toContain(
      '<tr><td>Projected by the end of the period</td><td class="num">24.68 EUR</td></tr>',
    );
  });

  it('usage per charge: current and projected bars on an axis to 30 EUR', () => {
    const html = page();
    // 12.34 / 30 × 240 = 98.72 px (y = 264 − 98.72 = 165.28); 24.68 / 30 × 240 = 197.44 (y = 66.56).
    // One group over 544 px; two bars of at most 96 px, centred: x = 80 + (544 − 192) / 2 = 256.
    expect(html).toContain('<rect x="256" y="165.28" width="96" height="98.72" fill="#2563eb"/>');
    expect(html).toContain('<rect x="352" y="66.56" width="96" height="197.44" fill="#0891b2"/>');
    expect(html).toContain(
      '<tr><td>API calls</td><td class="num">6,170</td><td class="num">12.34 EUR</td><td class="num">12,340</td><td class="num">24.68 EUR</td></tr>',
    );
  });

  it('invoices: ACME-001-001, 58.80 EUR', () => {
    expect(page()).toContain(
      '<tr><td>ACME-001-001</td><td>2026-11-01</td><td>finalized</td><td>succeeded</td><td class="num">58.80 EUR</td></tr>',
    );
    expect(page(portalData({ invoices: [] }))).toContain('<p>No invoices yet.</p>');
  });

  it('current usage only: no projected column, bar or legend entry', () => {
    const { projected_amount_cents: _, ...data } = portalData({
      charges: [{ code: 'api_calls', name: 'API calls', units: '6170', amount_cents: 1234 }],
    });
    const html = page(data);
    expect(html).not.toContain('Projected');
    expect([...html.matchAll(/<rect /g)]).toHaveLength(1);
  });

  it('is self-contained and escapes every text', () => {
    const evil = '<script>alert(1)</script>';
    const html = page(
      portalData({
        customer: { name: evil, external_id: evil },
        charges: [{ code: evil, name: evil, units: '1', amount_cents: 1 }],
        invoices: [
          {
            number: evil,
            issuing_date: null,
            status: evil,
            payment_status: evil,
            total_amount_cents: 1,
            currency: 'EUR',
          },
        ],
      }),
    );
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    for (const banned of ['http://', 'https://', 'src=', 'href='])
      expect(html).not.toContain(banned);
  });

  it('bad data is a Left with its path', () => {
    expect(renderPortalPage(portalData({ currency: 'EURO' }))).toMatchObject({
      _tag: 'Left',
      left: { code: 'unknown_currency' },
    });
    expect(
      renderPortalPage(
        portalData({ charges: [{ code: 'a', name: 'A', units: '1,5', amount_cents: 1 }] }),
      ),
    ).toMatchObject({ left: { path: ['charges', '0', 'units'] } });
  });
});

describe('portalDataFromUsage: from the wire fixtures', () => {
  it('the customer, the projected usage (43.43 / 81.83 USD) and the invoice (118.48 USD)', () => {
    const { customer } = fixture('response.customer.json') as unknown as { customer: Customer };
    const invoices: Invoice[] = [invoice()];
    const data = portalDataFromUsage({
      customer,
      usage: projectedUsage(),
      invoices,
      generated_at: '2025-03-20T00:00:00Z',
    });
    expect(data).toMatchObject({
      customer: { name: 'Gavin Belson', external_id: 'hooli_1234' },
      currency: 'USD',
      period: { from: '2025-03-15T00:00:00Z', to: '2025-04-14T23:59:59Z' },
      amount_cents: 4343,
      taxes_amount_cents: 869,
      total_amount_cents: 5212,
      projected_amount_cents: 8183,
      invoices: [
        {
          number: 'LAG-1234-001-002',
          total_amount_cents: 11848,
          currency: 'USD',
          status: 'finalized',
        },
      ],
    });
    expect(
      data.charges.map((c) => [c.code, c.name, c.units, c.amount_cents, c.projected_amount_cents]),
    ).toEqual([
      ['cpu', 'Setup', '18.0', 1540, 3080],
      ['seats', 'Setup', '3.0', 2000, 4000],
      ['storage', 'Setup', '1200.0', 803, 1103],
    ]);
    const html = page(data);
    expect(html).toContain('<td class="num">118.48 USD</td>');
    expect(html).toContain(
      '<tr><td>Projected by the end of the period</td><td class="num">81.83 USD</td></tr>',
    );
  });
});
