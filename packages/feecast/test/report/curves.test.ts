// Price curves sampled with the engine's charge models, bucket by bucket as a plan bills the
// charge; the comparison data built from invoice previews; and the law that every curve meets
// the bill at the usage, over the bundled examples' plans (examples/cli/README.md).
import {
  applyChargeModel,
  compare,
  type FeecastError,
  formatDecimal,
  parseDecimalUnsafe,
} from '@feecast/engine';
import { feeAmounts } from '@feecast/engine/internal';
import type { Fee, Plan } from '@feecast/models';
import fc from 'fast-check';
import type { Either } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { sumCents } from '../../src/render/money';
import {
  type CurveBucket,
  type CurveCharge,
  chargeBuckets,
  chargeCurves,
  compareDataFromInvoices,
  renderCompareReport,
  sampleChargeCurve,
} from '../../src/report/index';
import { fixture } from '../inputs/builders';
import { invoice } from '../render/builders';
import { examplePreviews } from './builders';

/** The value of a `Right`; a `Left` fails the test with its message. */
function unwrap<A>(result: Either<FeecastError, A>): A {
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

/** The amount of the curve at `units` (fails when the curve has no such point). */
function at(points: readonly { units: string; amount: string }[], units: string): string {
  const point = points.find(
    (p) => compare(parseDecimalUnsafe(p.units), parseDecimalUnsafe(units)) === 0,
  );
  if (point === undefined) throw new Error(`no point at ${units}`);
  return point.amount;
}

function standard(amount: string) {
  return { charge_model: 'standard', properties: { amount } };
}

function bucket(label: string, units: string, events: number, pricing: CurveBucket['pricing']) {
  return { label, units, events_count: events, pricing, filter_prices: false };
}

/** One bucket holding all the usage, on the charge's own prices. */
function alone(pricing: CurveBucket['pricing'], units: string, events: number): CurveCharge {
  return { charge: pricing, currency: 'EUR', buckets: [bucket('', units, events, pricing)] };
}

const growthCompute = {
  charge_model: 'package',
  properties: { amount: '4', free_units: 10, package_size: 10 },
};

describe('sampleChargeCurve: one bucket', () => {
  it('standard 0.002 per unit, 1,200 used: to 2,500 units (a nice number above twice the usage)', () => {
    expect(unwrap(sampleChargeCurve(alone(standard('0.002'), '1200', 40), { steps: 4 }))).toEqual({
      actual_units: '1200',
      points: [
        { units: '0', amount: '0' },
        { units: '625', amount: '1.25' },
        { units: '1200', amount: '2.4' },
        { units: '1250', amount: '2.5' },
        { units: '1875', amount: '3.75' },
        { units: '2500', amount: '5' },
      ],
    });
  });

  it('package 5 per started 10 units: the price jumps after 20 (2 packages, 10) to 21 (3 packages, 15)', () => {
    const pricing = {
      charge_model: 'package',
      properties: { amount: '5', free_units: 0, package_size: 10 },
    };
    const { points } = unwrap(sampleChargeCurve(alone(pricing, '25', 3), { steps: 5 }));
    expect([at(points, '20'), at(points, '21'), at(points, '25')]).toEqual(['10', '15', '15']);
  });

  it('amounts are rounded to the cent as the fee is: 333 units at 0.0125 = 4.1625 -> 4.16', () => {
    const { points } = unwrap(sampleChargeCurve(alone(standard('0.0125'), '333', 1), { steps: 1 }));
    expect(at(points, '333')).toBe('4.16');
  });

  it('no usage: the charge’s own prices on all the units (graduated 0-10 free, then 0.10)', () => {
    const graduated = {
      charge_model: 'graduated',
      properties: {
        graduated_ranges: [
          { from_value: 0, to_value: 10, per_unit_amount: '0', flat_amount: '0' },
          { from_value: 11, to_value: null, per_unit_amount: '0.10', flat_amount: '0' },
        ],
      },
    };
    const drawn = unwrap(
      sampleChargeCurve({ charge: graduated, currency: 'EUR', buckets: [] }, { steps: 2 }),
    );
    // Last units: a nice number above 11 (the highest break) and 10: 12.5 (ticks of 2.5);
    // 11 units: 1 × 0.10; 12.5 units: 2.5 × 0.10.
    expect(drawn.actual_units).toBe('0');
    expect(drawn.points[drawn.points.length - 1]?.units).toBe('12.5');
    expect([at(drawn.points, '10'), at(drawn.points, '11'), at(drawn.points, '12.5')]).toEqual([
      '0',
      '0.1',
      '0.25',
    ]);
  });

  it('a curve holds its price breaks and the usage, in increasing units', () => {
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
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 60 }),
        (actual, steps) => {
          const { points } = unwrap(
            sampleChargeCurve(alone(graduated, String(actual), 1), { steps }),
          );
          const units = points.map((p) => p.units);
          for (const must of ['0', '10', '11', '100', '101', String(actual)]) {
            expect(units).toContain(must);
          }
          for (let i = 1; i < units.length; i++) {
            expect(
              compare(parseDecimalUnsafe(units[i - 1] ?? ''), parseDecimalUnsafe(units[i] ?? '')),
            ).toBe(-1);
          }
        },
      ),
    );
  });

  it('bad properties and bad units are refused, with the bucket in the path', () => {
    expect(sampleChargeCurve(alone(standard('-1'), '1', 1))).toMatchObject({
      _tag: 'Left',
      left: { code: 'invalid_charge_properties' },
    });
    expect(sampleChargeCurve(alone(standard('1'), 'x', 1))).toMatchObject({
      _tag: 'Left',
      left: { path: ['buckets', '0', 'units'] },
    });
    expect(sampleChargeCurve(alone(standard('1'), '1', 1), { max_units: 'many' })).toMatchObject({
      _tag: 'Left',
      left: { path: ['max_units'] },
    });
  });
});

describe('sampleChargeCurve: filter buckets and groups keep the split of the usage', () => {
  const eu = standard('0.003');
  const us = standard('0.002');
  const split: CurveCharge = {
    charge: standard('0.002'),
    currency: 'EUR',
    buckets: [
      { ...bucket('region: eu', '600', 3, eu), filter_prices: true },
      { ...bucket('region: us', '400', 2, us), filter_prices: true },
    ],
  };

  it('two filters, 600 at 0.003 and 400 at 0.002: 1.80 + 0.80 = 2.60 at the 1,000 used', () => {
    const drawn = unwrap(sampleChargeCurve(split, { steps: 4 }));
    expect(drawn.actual_units).toBe('1000');
    // On the charge's own price the 1,000 units would cost 2.00: the curve draws the filters'.
    expect(at(drawn.points, '1000')).toBe('2.6');
    // 500 units: 300 × 0.003 + 200 × 0.002 = 0.90 + 0.40; 2,000: 3.60 + 1.60 (last: 2 × 1,000).
    expect(at(drawn.points, '500')).toBe('1.3');
    expect(at(drawn.points, '2000')).toBe('5.2');
    expect(drawn.points[drawn.points.length - 1]?.units).toBe('2000');
  });

  it('the Growth compute charge (package 4 per started 10 h, 10 h free) per cluster: 52.00 at 142 h, not 56.00', () => {
    // examples/cli/README.md: eu-west 93.5 h, us-east 48.5 h. Per group: ⌈(93.5 − 10) / 10⌉ = 9
    // packages = 36.00 and ⌈(48.5 − 10) / 10⌉ = 4 = 16.00: 52.00, what the invoice bills. The
    // 142 h priced as one group would be ⌈132 / 10⌉ = 14 packages = 56.00.
    const compute: CurveCharge = {
      charge: growthCompute,
      currency: 'EUR',
      buckets: [
        bucket('cluster=eu-west', '93.5', 13, growthCompute),
        bucket('cluster=us-east', '48.5', 7, growthCompute),
      ],
    };
    const drawn = unwrap(sampleChargeCurve(compute, { steps: 1, max_units: '284' }));
    expect(at(drawn.points, '142')).toBe('52');
    // Twice the usage: eu-west 187 h ⌈177 / 10⌉ = 18 = 72.00, us-east 97 h ⌈87 / 10⌉ = 9 = 36.00.
    expect(at(drawn.points, '284')).toBe('108');
  });

  it('each bucket is rounded as its fee: two groups of 0.5 units at 0.01 bill 0.01 each, 0.02', () => {
    const cent = standard('0.01');
    const groups: CurveCharge = {
      charge: cent,
      currency: 'EUR',
      buckets: [bucket('g=a', '0.5', 1, cent), bucket('g=b', '0.5', 1, cent)],
    };
    expect(at(unwrap(sampleChargeCurve(groups, { steps: 1 })).points, '1')).toBe('0.02');
  });

  const pricings = fc.oneof(
    fc.integer({ min: 0, max: 5000 }).map((n) => standard((n / 1000).toFixed(3))),
    fc
      .record({ amount: fc.integer({ min: 1, max: 50 }), size: fc.integer({ min: 1, max: 20 }) })
      .map(({ amount, size }) => ({
        charge_model: 'package',
        properties: { amount: String(amount), free_units: 0, package_size: size },
      })),
    fc.integer({ min: 1, max: 200 }).map((to) => ({
      charge_model: 'graduated',
      properties: {
        graduated_ranges: [
          { from_value: 0, to_value: to, per_unit_amount: '0.5', flat_amount: '1' },
          { from_value: to + 1, to_value: null, per_unit_amount: '0.25', flat_amount: '0' },
        ],
      },
    })),
  );

  it('the curve meets the bill at the usage: its point there is the sum of the buckets’ fees', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            pricing: pricings,
            hundredths: fc.integer({ min: 0, max: 1_000_000 }),
            events: fc.integer({ min: 0, max: 50 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (drawn) => {
          const buckets = drawn.map((b, i) =>
            bucket(
              `b${i}`,
              formatDecimal(parseDecimalUnsafe(`${b.hundredths}e-2`)),
              b.events,
              b.pricing,
            ),
          );
          const input: CurveCharge = { charge: standard('1'), currency: 'EUR', buckets };
          // Drawn up to 0 units: the points are 0 and the usage, whatever the breaks.
          const result = unwrap(sampleChargeCurve(input, { steps: 1, max_units: '0' }));
          if (drawn.every((b) => b.hundredths === 0)) return; // no usage: the charge's own prices
          const fees = buckets.map((b) => {
            const priced = applyChargeModel(b.pricing, {
              units: b.units,
              events_count: b.events_count,
            });
            if (priced._tag === 'Left') throw new Error(priced.left.message);
            const fee = feeAmounts(priced.right, 'EUR');
            if (fee._tag === 'Left') throw new Error(fee.left.message);
            return fee.right.amount_cents;
          });
          const billed = sumCents(fees, 'EUR');
          if (billed._tag === 'Left') throw new Error(billed.left.message);
          expect(at(result.points, result.actual_units)).toBe(formatDecimal(billed.right));
        },
      ),
    );
  });
});

/** What a plan's invoice bills for a charge: the sum of its fees (true-ups included). */
function billed(fees: readonly Fee[], chargeId: string): string {
  const total = sumCents(
    fees.filter((fee) => fee.svc_charge_id === chargeId).map((fee) => fee.amount_cents),
    'EUR',
  );
  if (total._tag === 'Left') throw new Error(total.left.message);
  return formatDecimal(total.right);
}

describe('price curves of the bundled examples (examples/cli/README.md)', () => {
  it('chargeBuckets: Starter’s API calls bill three buckets at their own prices', async () => {
    const { previews } = await examplePreviews();
    const starter = previews[0];
    const calls = starter?.plan.charges.find((c) => c.billable_metric_code === 'api_calls');
    if (starter === undefined || calls === undefined) throw new Error('no Starter API calls');
    expect(
      chargeBuckets(calls, starter.invoice.fees).map((b) => [
        b.label,
        b.units,
        b.events_count,
        (b.pricing.properties as { amount: string }).amount,
        b.filter_prices,
      ]),
    ).toEqual([
      // The README's hand check: eu 54,874.5, us 30,279, apac 6,601.5 in the default bucket.
      ['API calls (EU)', '54874.5', 46, '0.0025', true],
      ['API calls (US)', '30279', 28, '0.002', true],
      ['(no filter)', '6601.5', 6, '0.002', false],
    ]);
  });

  it('chargeCurves: one chart per metric, one curve per plan on the same units, the usage on each', async () => {
    const { previews, billableMetrics } = await examplePreviews();
    const charts = unwrap(chargeCurves(previews, billableMetrics));
    expect(charts.map((c) => [c.code, c.name, c.actual_units])).toEqual([
      ['api_calls', 'API calls', '91755'],
      ['storage_gb', 'Storage', '115.25'],
      ['seats', 'Seats', '12'],
      ['payments', 'Payment volume', '8013.62'],
      ['compute_hours', 'Compute hours', '142'],
    ]);
    for (const chart of charts) {
      expect(chart.curves.map((c) => c.plan_code)).toEqual(['starter', 'growth']);
      expect(new Set(chart.curves.map((c) => c.points[c.points.length - 1]?.units)).size).toBe(1);
      for (const c of chart.curves)
        expect(c.points.map((p) => p.units)).toContain(chart.actual_units);
    }
    // Starter API calls: 137.18625 + 60.558 + 13.203, each rounded: 137.19 + 60.56 + 13.20.
    expect(at(charts[0]?.curves[0]?.points ?? [], '91755')).toBe('210.95');
    // Growth API calls: graduated, 50,000 free then 0.001: 41,755 × 0.001 = 41.755 -> 41.76.
    expect(at(charts[0]?.curves[1]?.points ?? [], '91755')).toBe('41.76');
    // Growth compute per cluster: 36.00 + 16.00 (the curve used to mark 56.00 here).
    expect(at(charts[4]?.curves[1]?.points ?? [], '142')).toBe('52');
    expect(charts[0]?.curves[0]?.buckets?.map((b) => b.label)).toEqual([
      'API calls (EU)',
      'API calls (US)',
      '(no filter)',
    ]);
    expect(charts[1]?.curves[0]?.buckets).toEqual([]);
  });

  it('every curve meets the bill: at its usage, each plan’s charge amount is what its invoice bills', async () => {
    const { previews, billableMetrics } = await examplePreviews();
    const charts = unwrap(chargeCurves(previews, billableMetrics));
    let checked = 0;
    for (const { plan, invoice: bill } of previews) {
      for (const charge of plan.charges) {
        const chart = charts.find((c) => c.code === charge.billable_metric_code);
        const drawn = chart?.curves.find((c) => c.plan_code === plan.code);
        if (drawn === undefined) throw new Error(`no curve of ${plan.code} ${charge.code}`);
        expect(at(drawn.points, drawn.actual_units ?? '')).toBe(billed(bill.fees, charge.svc_id));
        checked += 1;
      }
    }
    expect(checked).toBe(10); // 2 plans × 5 charges
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

  it('the whole page from the examples: five curve charts, the rule and the buckets in the captions', async () => {
    const { previews, billableMetrics } = await examplePreviews();
    const data = compareDataFromInvoices({
      previews,
      curves: unwrap(chargeCurves(previews, billableMetrics)),
    });
    const page = renderCompareReport(data);
    if (page._tag === 'Left') throw new Error(page.left.message);
    expect([...page.right.matchAll(/<svg /g)]).toHaveLength(2 + 5);
    expect(page.right).not.toMatch(/https?:\/\//);
    expect(page.right).toContain('the curve keeps the split of your period');
    expect(page.right).toContain(
      '<figcaption>Your usage: 142 units, billed Starter 75.00 EUR, Growth 52.00 EUR. Starter adds up 2 buckets: cluster=eu-west 93.5 units at the charge&#39;s prices; cluster=us-east 48.5 units at the charge&#39;s prices.',
    );
    expect(page.right).toContain(
      'Starter adds up 3 buckets: API calls (EU) 54,874.5 units at its filter&#39;s prices; API calls (US) 30,279 units at its filter&#39;s prices; (no filter) 6,601.5 units at the charge&#39;s prices.',
    );
  });
});
