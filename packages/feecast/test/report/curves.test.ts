// Price curves sampled with the engine's charge models, and the comparison data built from
// invoice previews; then the page drawn from the bundled examples.
import { compare, parseDecimalUnsafe } from '@feecast/engine';
import type { Invoice, Plan } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadInputs } from '../../src/inputs/index';
import {
  chargeCurves,
  compareDataFromInvoices,
  renderCompareReport,
  sampleChargeCurve,
} from '../../src/report/index';
import { examplePath, fixture } from '../inputs/builders';
import { invoice } from '../render/builders';

function points(result: ReturnType<typeof sampleChargeCurve>) {
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

describe('sampleChargeCurve', () => {
  it('standard 0.002 per unit, 1,200 used: to 2,500 units (a nice number above twice the usage)', () => {
    expect(
      points(
        sampleChargeCurve(
          { charge_model: 'standard', properties: { amount: '0.002' } },
          { actual_units: '1200', steps: 4 },
        ),
      ),
    ).toEqual([
      { units: '0', amount: '0' },
      { units: '625', amount: '1.25' },
      { units: '1200', amount: '2.4' },
      { units: '1250', amount: '2.5' },
      { units: '1875', amount: '3.75' },
      { units: '2500', amount: '5' },
    ]);
  });

  it('package 5 per started 10 units: the price jumps after 20 (2 packages, 10) to 21 (3 packages, 15)', () => {
    const curve = points(
      sampleChargeCurve(
        { charge_model: 'package', properties: { amount: '5', free_units: 0, package_size: 10 } },
        { actual_units: '25', steps: 5 },
      ),
    );
    expect(curve).toContainEqual({ units: '20', amount: '10' });
    expect(curve).toContainEqual({ units: '21', amount: '15' });
    expect(curve).toContainEqual({ units: '25', amount: '15' });
  });

  it('a curve holds its price breaks and the actual units, in increasing units', () => {
    const graduated = {
      charge_model: 'graduated',
      properties: {
        graduated_ranges: [
          { from_value: 0, to_value: 10, per_unit_amount: '0', flat_amount: '0' },
          { from_value: 11, to_value: 100, per_unit_amount: '0.10', flat_amount: '0' },
          { from_value: 101, to_value: null, per_unit_amount: '0.05', flat_amount: '0' },
        ],
      },
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 60 }),
        (actual, steps) => {
          const curve = points(
            sampleChargeCurve(graduated, { actual_units: String(actual), steps }),
          );
          const units = curve.map((p) => p.units);
          for (const must of ['0', '10', '11', '100', '101', String(actual)])
            expect(units).toContain(must);
          for (let i = 1; i < curve.length; i++) {
            expect(compare(parseDecimalUnsafe(units[i - 1]), parseDecimalUnsafe(units[i]))).toBe(
              -1,
            );
          }
        },
      ),
    );
  });

  it('bad properties and bad units are refused', () => {
    expect(
      sampleChargeCurve(
        { charge_model: 'standard', properties: { amount: '-1' } },
        { actual_units: '1' },
      )._tag,
    ).toBe('Left');
    expect(
      sampleChargeCurve(
        { charge_model: 'standard', properties: { amount: '1' } },
        { actual_units: 'x' },
      ),
    ).toMatchObject({
      left: { path: ['actual_units'] },
    });
  });
});

describe('comparison data from the bundled examples', () => {
  async function examples() {
    const loaded = await loadInputs({
      plans: [examplePath('plan-starter.json'), examplePath('plan-growth.json')],
      billableMetrics: [examplePath('billable_metrics.json')],
    });
    if (loaded._tag === 'Left') throw new Error(loaded.left.message);
    return loaded.right;
  }

  it('chargeCurves: one chart per metric, one curve per plan, on the same units', async () => {
    const { plans, billableMetrics } = await examples();
    const usage = new Map([
      ['api_calls', { units: '91755', events_count: 80 }],
      ['storage_gb', { units: '115.25', events_count: 30 }],
      ['seats', { units: '12', events_count: 40 }],
      ['payments', { units: '8013.62', events_count: 30 }],
      ['compute_hours', { units: '142', events_count: 20 }],
    ]);
    const curves = chargeCurves(plans, usage, billableMetrics);
    if (curves._tag === 'Left') throw new Error(curves.left.message);
    expect(curves.right.map((c) => [c.code, c.name, c.actual_units])).toEqual([
      ['api_calls', 'API calls', '91755'],
      ['storage_gb', 'Storage', '115.25'],
      ['seats', 'Seats', '12'],
      ['payments', 'Payment volume', '8013.62'],
      ['compute_hours', 'Compute hours', '142'],
    ]);
    for (const chart of curves.right) {
      expect(chart.curves.map((c) => c.plan_code)).toEqual(['starter', 'growth']);
      const ends = chart.curves.map((c) => c.points[c.points.length - 1]?.units);
      expect(new Set(ends).size).toBe(1);
      for (const curve of chart.curves)
        expect(curve.points.map((p) => p.units)).toContain(chart.actual_units);
    }
    // Starter API calls at 91,755 units on the charge's own price (0.002): 183.51 EUR.
    const starterCalls = curves.right[0]?.curves[0]?.points.find((p) => p.units === '91755');
    expect(starterCalls?.amount).toBe('183.51');
  });

  it('compareDataFromInvoices: the invoice fixture as one plan, lines keyed for every plan', () => {
    const { plan } = fixture('response.plan.json') as unknown as { plan: Plan };
    const data = compareDataFromInvoices({
      previews: [{ plan, invoice: invoice() }],
      generated_at: '2025-03-15T00:00:00Z',
    });
    expect(data).toEqual({
      generated_at: '2025-03-15T00:00:00Z',
      plans: [
        {
          code: 'startup',
          name: 'Startup',
          currency: 'USD',
          total_amount_cents: 11848,
          charges: [
            { code: 'subscription', name: 'Subscription fee', amount_cents: 10000 },
            { code: 'cpu', name: 'CPU', amount_cents: 1540 },
          ],
        },
      ],
      curves: [],
    });
    const page = renderCompareReport(data);
    expect(page._tag === 'Right' && page.right).toContain('<td class="num">118.48 USD</td>');
  });

  it('the whole page from the examples renders, with five curve charts', async () => {
    const { plans, billableMetrics } = await examples();
    const curves = chargeCurves(
      plans,
      new Map([['api_calls', { units: '91755', events_count: 80 }]]),
      billableMetrics,
    );
    if (curves._tag === 'Left') throw new Error(curves.left.message);
    const invoiceOf = (total: number): Invoice =>
      invoice({ currency: 'EUR', total_amount_cents: total, fees: [] });
    const data = compareDataFromInvoices({
      previews: plans.map((plan, i) => ({ plan, invoice: invoiceOf(i === 0 ? 4900 : 19900) })),
      curves: curves.right,
    });
    const page = renderCompareReport(data);
    if (page._tag === 'Left') throw new Error(page.left.message);
    // The totals and five curves; the invoices have no fees, so there is no cost-per-charge chart.
    expect([...page.right.matchAll(/<svg /g)]).toHaveLength(1 + 5);
    expect(page.right).not.toMatch(/https?:\/\//);
  });
});
