/**
 * comparePlans (issue 8 item 4): the same customer and events priced on several plans, one
 * invoice preview per plan, and the differences per charge and in total.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../../src/aggregation/index';
import { comparePlans, comparePlansUnsafe } from '../../../src/operations/compare-plans/index';
import {
  charge,
  coupon,
  customer,
  event,
  events,
  fixedCharge,
  leftOf,
  metric,
  ok,
  overrides,
  plan,
  pointed,
  subscription,
  tax,
  wallet,
} from '../preview-invoice/builders';

const metrics = [metric('api_calls'), metric('storage', 'sum_agg', 'gb')];
const usage = (): UsageEvent[] => [
  ...events('api_calls', 120, '2025-03-05T00:00:00Z'),
  event('storage', '2025-03-06T00:00:00Z', { gb: '30' }),
];

// basic: 20.00 a month, 0.10 per call, 1.00 per GB.
const basic = plan({
  code: 'basic',
  amount_cents: 2000,
  charges: [
    charge('api_calls', 'standard', { amount: '0.10' }),
    charge('storage', 'standard', { amount: '1' }),
  ],
});
// pro: 50.00 a month, 100 free calls then 0.05, 0.50 per GB, a support fixed charge of 10.00.
const pro = plan({
  code: 'pro',
  amount_cents: 5000,
  charges: [
    charge('api_calls', 'graduated', {
      graduated_ranges: [
        { from_value: 0, to_value: 100, per_unit_amount: '0', flat_amount: '0' },
        { from_value: 101, to_value: null, per_unit_amount: '0.05', flat_amount: '0' },
      ],
    }),
    charge('storage', 'standard', { amount: '0.5' }),
  ],
  fixed_charges: [fixedCharge('support', 'standard', { amount: '10' }, 1)],
});

const base = () => ({
  customer: customer(),
  subscription: subscription(),
  billableMetrics: metrics,
  events: usage(),
  now: '2025-03-15T00:00:00Z',
});

describe('comparePlans: basic, pro and pro with a negotiated price', () => {
  const comparison = ok(
    comparePlans({
      ...base(),
      plans: [basic, pro, { plan: pro, plan_overrides: overrides({ amount_cents: 4000 }) }],
    }),
  );

  it('one invoice preview per plan, in order', () => {
    // basic: 2000 + 120 x 0.10 + 30 x 1.00 = 6200.
    // pro: 5000 + 20 x 0.05 + 30 x 0.50 + 1000 = 7600; with its override: 4000 instead of 5000.
    expect(
      comparison.previews.map((p) => [
        p.plan_code,
        p.invoice.fees_amount_cents,
        p.invoice.total_amount_cents,
      ]),
    ).toEqual([
      ['basic', 6200, 6200],
      ['pro', 7600, 7600],
      ['pro', 6600, 6600],
    ]);
    expect(comparison.previews[2]?.svc_plan_id).not.toBe(pro.svc_id);
    expect(comparison.previews[1]?.svc_plan_id).toBe(pro.svc_id);
  });

  it('differences per line against basic: units, amounts and deltas', () => {
    const line = (kind: string, code: string | null) =>
      comparison.differences
        .find((d) => d.kind === kind && d.code === code)
        ?.plans.map((p) => [p.units, p.amount_cents, p.delta_units, p.delta_amount_cents]);
    expect(comparison.differences.map((d) => [d.kind, d.code])).toEqual([
      ['subscription', null],
      ['charge', 'api_calls'],
      ['charge', 'storage'],
      ['fixed_charge', 'support'],
      ['fees', null],
      ['total', null],
    ]);
    expect(line('subscription', null)).toEqual([
      ['1', 2000, '0', 0],
      ['1', 5000, '0', 3000],
      ['1', 4000, '0', 2000],
    ]);
    expect(line('charge', 'api_calls')).toEqual([
      ['120', 1200, '0', 0],
      ['120', 100, '0', -1100],
      ['120', 100, '0', -1100],
    ]);
    expect(line('charge', 'storage')).toEqual([
      ['30', 3000, '0', 0],
      ['30', 1500, '0', -1500],
      ['30', 1500, '0', -1500],
    ]);
    // basic has no fixed charge: no units, 0 cents (and no unit delta against itself).
    expect(line('fixed_charge', 'support')).toEqual([
      [null, 0, null, 0],
      ['1', 1000, '1', 1000],
      ['1', 1000, '1', 1000],
    ]);
    expect(line('total', null)).toEqual([
      [null, 6200, null, 0],
      [null, 7600, null, 1400],
      [null, 6600, null, 400],
    ]);
  });

  it('every preview starts from the same coupons and wallets', () => {
    const withCredits = ok(
      comparePlans({
        ...base(),
        plans: [basic, pro],
        taxes: { customer: [tax('vat10', 10)] },
        appliedCoupons: [coupon({ code: 'welcome', amountCents: 1000, frequency: 'once' })],
        wallets: [wallet({ code: 'w', balance_cents: 2000 })],
      }),
    );
    // basic: (6200 - 1000) x 1.10 = 5720, - 2000 = 3720; pro: (7600 - 1000) x 1.10 = 7260, - 2000 = 5260.
    expect(
      withCredits.previews.map((p) => [
        p.invoice.coupons_amount_cents,
        p.invoice.taxes_amount_cents,
        p.invoice.prepaid_credit_amount_cents,
        p.invoice.total_amount_cents,
      ]),
    ).toEqual([
      [1000, 520, 2000, 3720],
      [1000, 660, 2000, 5260],
    ]);
  });

  it('reads the events once: a generator serves every plan', () => {
    function* stream() {
      yield* usage();
    }
    const fromStream = ok(comparePlans({ ...base(), events: stream(), plans: [basic, pro] }));
    expect(fromStream.previews.map((p) => p.invoice.fees_amount_cents)).toEqual([6200, 7600]);
  });

  it('a plan that cannot be priced is a Left naming it; comparePlansUnsafe throws it', () => {
    const broken = plan({
      code: 'broken',
      charges: [charge('ghost', 'standard', { amount: '1' })],
    });
    const error = leftOf(comparePlans({ ...base(), plans: [basic, broken] }));
    expect(error).toMatchObject({
      code: 'unknown_billable_metric',
      path: ['plans', '1', 'charges', '0', 'billable_metric_code'],
    });
    expect(() => comparePlansUnsafe({ ...base(), plans: [basic, broken] })).toThrow(
      /unknown_billable_metric/,
    );
    expect(leftOf(comparePlans({ ...base(), plans: [] })).path).toEqual(['plans']);
  });
});

describe('comparePlans laws', () => {
  const price = fc.integer({ min: 0, max: 10_000 }).map((n) => pointed(n));
  const planArb = fc
    .record({
      amount: fc.integer({ min: 0, max: 50_000 }),
      payInAdvance: fc.boolean(),
      api: price,
      gb: price,
      fixedUnits: fc.integer({ min: 0, max: 4 }),
      fixedPrice: price,
      commitment: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
    })
    .map((s) =>
      plan({
        code: 'generated',
        amount_cents: s.amount,
        pay_in_advance: s.payInAdvance,
        charges: [
          charge('api_calls', 'standard', { amount: s.api }),
          charge('storage', 'standard', { amount: s.gb }),
        ],
        fixed_charges: [fixedCharge('support', 'standard', { amount: s.fixedPrice }, s.fixedUnits)],
        ...(s.commitment === undefined ? {} : { commitment: { amount_cents: s.commitment } }),
      }),
    );
  const usageArb = fc
    .array(
      fc.record({
        storage: fc.boolean(),
        day: fc.integer({ min: 1, max: 31 }),
        gb: fc.integer({ min: 0, max: 50 }),
      }),
      { maxLength: 20 },
    )
    .map((list) =>
      list.map((e, i) => ({
        transaction_id: `g${i}`,
        code: e.storage ? 'storage' : 'api_calls',
        timestamp: `2025-03-${String(e.day).padStart(2, '0')}T12:00:00Z`,
        properties: { gb: String(e.gb) },
      })),
    );

  it('comparing a plan with itself shows no difference', () => {
    fc.assert(
      fc.property(planArb, usageArb, (p, list) => {
        const comparison = ok(
          comparePlans({
            ...base(),
            events: list,
            // The same plan, and the same plan with empty overrides (a child plan, same prices).
            plans: [p, p, { plan: p, plan_overrides: overrides({}) }],
          }),
        );
        for (const difference of comparison.differences) {
          for (const line of difference.plans) {
            expect(line.delta_amount_cents).toBe(0);
            expect(line.delta_units === null || line.delta_units === '0').toBe(true);
          }
        }
        const [first, ...others] = comparison.previews;
        for (const other of others)
          expect(other.invoice.fees).toHaveLength(first?.invoice.fees.length ?? 0);
      }),
      { numRuns: 40 },
    );
  });

  it("the total line is each preview's total, and its deltas are differences of totals", () => {
    fc.assert(
      fc.property(planArb, planArb, usageArb, (a, b, list) => {
        const comparison = ok(comparePlans({ ...base(), events: list, plans: [a, b] }));
        const total = comparison.differences.find((d) => d.kind === 'total');
        const [ta, tb] = comparison.previews.map((p) => BigInt(p.invoice.total_amount_cents));
        expect(total?.plans.map((l) => BigInt(l.amount_cents))).toEqual([ta, tb]);
        const delta = total?.plans[1]?.delta_amount_cents;
        expect(typeof delta).toBe('number');
        expect(BigInt(delta ?? 'missing')).toBe((tb ?? 0n) - (ta ?? 0n));
      }),
      { numRuns: 40 },
    );
  });
});
