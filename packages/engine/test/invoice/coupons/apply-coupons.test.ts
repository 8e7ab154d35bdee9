import type { Fee } from '@feecast/models';
import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCoupons, type CouponApplication } from '../../../src/invoice/coupons/index';
import { couponsArb, feesArb } from '../arbitraries';
import { at, coupon, failure, fee, ok, subscription, uuid } from '../builders';

const Reference = BigJs();

const SUB = uuid(20);
const subscriptionFee = (cents: number) => fee('subscription', cents, { subscription: SUB });
const chargeFee = (cents: number, code: string, preciseCoupons = '0.0') =>
  fee('charge', cents, { subscription: SUB, charge: uuid(21), code, preciseCoupons });

const shares = (fees: readonly Fee[]) => fees.map((f) => f.precise_coupons_amount_cents);
const creditAmounts = (result: { credits: readonly { amount_cents: number }[] }) =>
  result.credits.map((c) => c.amount_cents);

describe('applyCoupons: reference figures (invoicing.md §4)', () => {
  it('invoice 100: a fixed 10 then a 20 % coupon take 10 + 18 = 28, sub total 72 (applied_coupons_service_spec :63)', () => {
    const result = ok(
      applyCoupons(
        [subscriptionFee(100)],
        [coupon({ amountCents: 10, createdDay: 0 }), coupon({ percent: '20', createdDay: 1 })],
      ),
    );
    expect(creditAmounts(result)).toEqual([10, 18]);
    expect(result.coupons_amount_cents).toBe(28);
    expect(result.fees[0]?.sub_total_excluding_taxes_amount_cents).toBe(72);
  });

  it('invoice 100: a 15 % then a 20 % coupon take 15 + 17 = 32 (:129)', () => {
    const result = ok(
      applyCoupons(
        [subscriptionFee(100)],
        [coupon({ percent: '15', createdDay: 0 }), coupon({ percent: '20', createdDay: 1 })],
      ),
    );
    expect(creditAmounts(result)).toEqual([15, 17]);
    expect(result.coupons_amount_cents).toBe(32);
  });

  it('invoice 5: the first fixed coupon takes 5 and the loop stops (:85)', () => {
    const second = coupon({ amountCents: 10, frequency: 'recurring', duration: 2, createdDay: 1 });
    const result = ok(
      applyCoupons([subscriptionFee(5)], [coupon({ amountCents: 10, createdDay: 0 }), second]),
    );
    expect(creditAmounts(result)).toEqual([5]);
    expect(result.outcomes.map((o) => o.skipped)).toEqual([undefined, 'nothing_left']);
    // The coupon that took nothing keeps its occurrences.
    expect(result.applied_coupons[1]).toBe(second.applied_coupon);
  });

  it('spreads a coupon of 12 over fees 200/100 as 8/4 (applied_coupon_service_spec :52)', () => {
    const result = ok(
      applyCoupons([subscriptionFee(200), chargeFee(100, 'bm')], [coupon({ amountCents: 12 })]),
    );
    expect(shares(result.fees)).toEqual(['8.0', '4.0']);
  });

  it('limited to a metric, with progressive shares 15 and 45 on fees 50 and 150: base 140, shares 18 and 54 (:483)', () => {
    const fees = [chargeFee(50, 'bm', '15'), chargeFee(150, 'bm', '45'), subscriptionFee(1000)];
    const result = ok(applyCoupons(fees, [coupon({ amountCents: 72, metrics: ['bm'] })]));
    expect(result.outcomes[0]?.base_amount_cents).toBe('140');
    expect(result.outcomes[0]?.fee_shares).toEqual(['18', '54', '0']);
    expect(shares(result.fees)).toEqual(['33.0', '99.0', '0.0']);
    // A fee that takes no share comes back as it was.
    expect(result.fees[2]).toBe(fees[2]);
  });

  it('§1 example: 50 % limited to BM1 applies first on its base 1000, then fixed 1000 on the rest 26500', () => {
    const fees = [
      subscriptionFee(10000),
      chargeFee(1000, 'bm1'),
      chargeFee(2000, 'bm2'),
      chargeFee(3000, 'bm3', '3000'),
      chargeFee(4000, 'bm4'),
      fee('fixed_charge', 10000, { subscription: SUB, fixedCharge: uuid(22) }),
    ];
    const result = ok(
      applyCoupons(fees, [
        coupon({ amountCents: 1000, createdDay: 0 }),
        coupon({ percent: '50', metrics: ['bm1'], createdDay: 5 }),
      ]),
    );
    expect(result.outcomes.map((o) => [o.base_amount_cents, o.amount_cents])).toEqual([
      ['1000', 500],
      ['26500', 1000],
    ]);
    expect(result.coupons_amount_cents).toBe(1500);
    const nets = result.fees.map((f) =>
      new Reference(f.amount_cents).minus(f.precise_coupons_amount_cents),
    );
    expect(nets.reduce((t, n) => t.plus(n), new Reference(0)).toFixed()).toBe('25500');
  });
});

describe('applyCoupons: order, eligibility and skips (invoicing.md §4.2, §4.3)', () => {
  it('applies coupons limited to metrics, then to plans, then the others; oldest first within each', () => {
    const plans = [subscription(SUB, { code: 'pro' })];
    const unlimited = coupon({ percent: '10', createdDay: 0, code: 'unlimited' });
    const byPlan = coupon({ percent: '10', plans: ['pro'], createdDay: 1, code: 'plan' });
    const byMetricLate = coupon({ percent: '10', metrics: ['bm'], createdDay: 9, code: 'late' });
    const byMetric = coupon({ percent: '10', metrics: ['bm'], createdDay: 2, code: 'metric' });
    const result = ok(
      applyCoupons([chargeFee(10000, 'bm')], [unlimited, byPlan, byMetricLate, byMetric], {
        subscriptions: plans,
      }),
    );
    expect(result.outcomes.map((o) => o.coupon_code)).toEqual([
      'metric',
      'late',
      'plan',
      'unlimited',
    ]);
    // 10 % of 10000, then of 9000, 8100, 7290.
    expect(creditAmounts(result)).toEqual([1000, 900, 810, 729]);
  });

  it('a plan-limited coupon applies to the fees of subscriptions on its plan only', () => {
    const other = uuid(23);
    const result = ok(
      applyCoupons(
        [subscriptionFee(1000), fee('subscription', 3000, { subscription: other })],
        [coupon({ amountCents: 400, plans: ['pro'] })],
        {
          subscriptions: [
            subscription(SUB, { code: 'pro' }),
            subscription(other, { code: 'basic' }),
          ],
        },
      ),
    );
    expect(shares(result.fees)).toEqual(['400.0', '0.0']);
  });

  it('a plan-limited coupon needs the subscriptions, and each fee subscription among them', () => {
    const limited = coupon({ amountCents: 400, plans: ['pro'] });
    expect(failure(applyCoupons([subscriptionFee(1000)], [limited]))).toMatchObject({
      code: 'invalid_input',
      path: ['applied_coupons', '0', 'coupon', 'limited_plans'],
    });
    expect(
      failure(
        applyCoupons([subscriptionFee(1000)], [limited], {
          subscriptions: [subscription(uuid(99), { code: 'pro' })],
        }),
      ),
    ).toMatchObject({ code: 'unknown_fee_item', path: ['fees', '0', 'svc_subscription_id'] });
  });

  it('skips a fixed coupon in another currency, but not a percentage one', () => {
    const result = ok(
      applyCoupons(
        [subscriptionFee(1000)],
        [coupon({ amountCents: 100, currency: 'USD' }), coupon({ percent: '10', createdDay: 1 })],
      ),
    );
    expect(result.outcomes.map((o) => o.skipped)).toEqual(['currency_mismatch', undefined]);
    expect(result.coupons_amount_cents).toBe(100);
  });

  it('skips terminated coupons, coupons with no eligible fee and exhausted ones', () => {
    const result = ok(
      applyCoupons(
        [subscriptionFee(1000)],
        [
          coupon({ amountCents: 100, status: 'terminated' }),
          coupon({ amountCents: 100, metrics: ['absent'] }),
          coupon({ amountCents: 100, frequency: 'recurring', duration: 2, durationRemaining: 0 }),
          coupon({ amountCents: 100, frequency: 'once', remainingCents: 0 }),
          coupon({ percent: '0.01' }),
        ],
      ),
    );
    expect(result.outcomes.map((o) => o.skipped)).toEqual([
      'no_eligible_fee',
      'not_active',
      'exhausted',
      'exhausted',
      'zero_amount',
    ]);
    expect(result.credits).toEqual([]);
  });

  it('takes nothing from an invoice whose fees amount to 0', () => {
    const result = ok(applyCoupons([subscriptionFee(0)], [coupon({ amountCents: 100 })]));
    expect(result.outcomes[0]?.skipped).toBe('nothing_left');
  });

  it('caps a coupon at the running sub total given (fees less progressive credits)', () => {
    const result = ok(
      applyCoupons([subscriptionFee(1000)], [coupon({ amountCents: 900 })], {
        sub_total_excluding_taxes_amount_cents: 700,
      }),
    );
    expect(result.coupons_amount_cents).toBe(700);
  });

  it('refuses fees in two currencies, and coupons it cannot read', () => {
    expect(
      failure(
        applyCoupons([subscriptionFee(10), fee('subscription', 10, { currency: 'USD' })], []),
      ),
    ).toMatchObject({ code: 'currency_mismatch', path: ['fees', '1', 'amount_currency'] });
    const broken = coupon({ percent: '10' });
    const noRate: CouponApplication = {
      applied_coupon: { ...broken.applied_coupon, percentage_rate: null },
      coupon: { ...broken.coupon, percentage_rate: null },
    };
    expect(failure(applyCoupons([subscriptionFee(10)], [noRate]))).toMatchObject({
      code: 'invalid_input',
      path: ['applied_coupons', '0', 'applied_coupon', 'percentage_rate'],
    });
    expect(failure(applyCoupons([subscriptionFee(10)], [], { now: 'yesterday' })).code).toBe(
      'invalid_timestamp',
    );
  });
});

describe('applyCoupons: what remains of each coupon (invoicing.md §4.3 lifecycle)', () => {
  const now = at(40);
  const run = (c: CouponApplication, cents = 1000) =>
    ok(applyCoupons([subscriptionFee(cents)], [c], { now })).applied_coupons[0];

  it('a recurring coupon has one invoice less to go, and ends after the last', () => {
    expect(run(coupon({ percent: '10', frequency: 'recurring', duration: 3 }))).toMatchObject({
      frequency_duration_remaining: 2,
      status: 'active',
      terminated_at: null,
    });
    expect(
      run(coupon({ percent: '10', frequency: 'recurring', duration: 3, durationRemaining: 1 })),
    ).toMatchObject({ frequency_duration_remaining: 0, status: 'terminated', terminated_at: now });
  });

  it('a once percentage coupon ends after its first use', () => {
    expect(run(coupon({ percent: '10', frequency: 'once' }))).toMatchObject({
      status: 'terminated',
    });
  });

  it('a once fixed coupon keeps what the invoice did not use, and ends when nothing is left', () => {
    const first = run(coupon({ amountCents: 1000, frequency: 'once' }), 600);
    expect(first).toMatchObject({ amount_cents_remaining: 400, status: 'active' });
    const rest = coupon({ amountCents: 1000, frequency: 'once', remainingCents: 400 });
    expect(run(rest, 1000)).toMatchObject({ amount_cents_remaining: 0, status: 'terminated' });
    expect(ok(applyCoupons([subscriptionFee(1000)], [rest])).coupons_amount_cents).toBe(400);
  });

  it('a forever coupon is never used up', () => {
    const forever = coupon({ amountCents: 10, frequency: 'forever' });
    expect(run(forever)).toBe(forever.applied_coupon);
  });
});

describe('applyCoupons: laws', () => {
  const sumOf = (values: readonly string[]) => values.reduce((t, v) => t.plus(v), new Reference(0));

  it('the sum of coupon shares equals the coupon amount applied', () => {
    fc.assert(
      fc.property(feesArb, couponsArb, (fees, coupons) => {
        const result = ok(applyCoupons(fees, coupons));
        for (const outcome of result.outcomes) {
          expect(sumOf(outcome.fee_shares).eq(outcome.amount_cents)).toBe(true);
        }
        const added = result.fees.map((f, i) =>
          new Reference(f.precise_coupons_amount_cents)
            .minus(fees[i]?.precise_coupons_amount_cents ?? '0')
            .toFixed(),
        );
        expect(sumOf(added).eq(result.coupons_amount_cents)).toBe(true);
        expect(
          sumOf(result.credits.map((c) => String(c.amount_cents))).eq(result.coupons_amount_cents),
        ).toBe(true);
      }),
    );
  });

  it('coupons never make a fee or a total negative', () => {
    fc.assert(
      fc.property(feesArb, couponsArb, (fees, coupons) => {
        const result = ok(applyCoupons(fees, coupons));
        for (const f of result.fees) {
          expect(new Reference(f.precise_coupons_amount_cents).lte(f.amount_cents)).toBe(true);
          expect(f.sub_total_excluding_taxes_amount_cents ?? f.amount_cents).toBeGreaterThanOrEqual(
            0,
          );
        }
        const total = sumOf(fees.map((f) => String(f.amount_cents)));
        expect(total.minus(result.coupons_amount_cents).gte(0)).toBe(true);
      }),
    );
  });

  it('applying coupons does not depend on the order they are given in', () => {
    fc.assert(
      fc.property(
        feesArb,
        couponsArb.map((cs) =>
          cs.map((_, i) => coupon({ percent: String(5 * (i + 1)), createdDay: i })),
        ),
        (fees, coupons) => {
          const forward = ok(applyCoupons(fees, coupons));
          const backward = ok(applyCoupons(fees, [...coupons].reverse()));
          expect(backward.coupons_amount_cents).toBe(forward.coupons_amount_cents);
          expect(shares(backward.fees)).toEqual(shares(forward.fees));
        },
      ),
    );
  });
});
