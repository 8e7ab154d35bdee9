// renderBacktestReport on summaries the bundled example does not cover: two currencies, no
// customer deltas, and amounts that are not cents.
import type { BacktestSummary } from '@feecast/engine';
import { isLeft } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { renderBacktestReport } from '../../src/report/index';

const summary: BacktestSummary = {
  events: { read: 3, unassigned: 0, invalid_timestamp: 0, unreadable: 0 },
  invoices: 2,
  revenue: [
    {
      plan: 'current',
      month: '2026-09',
      currency: 'EUR',
      invoices: 1,
      revenue_cents: 1050,
      total_amount_cents: 1260,
    },
    {
      plan: 'current',
      month: '2026-09',
      currency: 'JPY',
      invoices: 1,
      revenue_cents: 1200,
      total_amount_cents: 1200,
    },
  ],
  deltas: [],
  contributions: [
    {
      plan: 'current',
      currency: 'EUR',
      kind: 'charge',
      code: 'api_calls',
      units: '105',
      amount_cents: 1050,
    },
    {
      plan: 'current',
      currency: 'JPY',
      kind: 'subscription',
      code: null,
      units: '1',
      amount_cents: 1200,
    },
  ],
};

describe('renderBacktestReport', () => {
  it('draws one set of sections per currency, each amount in its own minor unit', () => {
    const page = renderBacktestReport({ summary, metric_names: { api_calls: 'API calls' } });
    if (isLeft(page)) throw new Error(page.left.message);
    // 1050 cents of EUR: 10.50 EUR; 1200 of JPY (no minor unit): 1,200 JPY.
    expect(page.right).toContain('<section id="revenue-EUR">');
    expect(page.right).toContain('<section id="revenue-JPY">');
    expect(page.right).toContain('<title>2026-09, Current plans: 10.50 EUR</title>');
    expect(page.right).toContain('<title>2026-09, Current plans: 1,200 JPY</title>');
    expect(page.right).toContain('<title>Current plans, API calls: 10.50 EUR</title>');
    // No candidate plan: no deltas section.
    expect(page.right).not.toContain('id="deltas');
    expect(page.right).toContain('Amounts in EUR, JPY.');
    expect(page.right).not.toMatch(/<script\b/);
  });

  it('is a Left naming the field of amounts that are not whole minor units', () => {
    const broken = {
      ...summary,
      revenue: [{ ...summary.revenue[0], revenue_cents: 10.5 } as BacktestSummary['revenue'][0]],
    };
    const page = renderBacktestReport({ summary: broken });
    expect(page._tag).toBe('Left');
    if (isLeft(page)) {
      expect(page.left.path).toEqual(['summary', 'revenue', '0', 'revenue_cents']);
    }
  });
});
