/** fast-check generators of fees, coupons and taxes for the money stages' laws. */
import type { Fee, Tax } from '@feecast/models';
import fc from 'fast-check';
import type { CouponApplication } from '../../src/invoice/coupons/index';
import { type CouponSpec, coupon, fee, subscription, tax, uuid } from './builders';

/** The one subscription every generated subscription, charge and fixed-charge fee belongs to. */
export const SUBSCRIPTION = uuid(10);
export const CHARGE_IDS = { bm1: uuid(11), bm2: uuid(12) } as const;

/** A fee of 0 to 10 000 000 cents: a subscription fee or a charge fee of metric bm1 or bm2. */
export const feeArb: fc.Arbitrary<Fee> = fc
  .record({
    kind: fc.constantFrom('subscription', 'bm1', 'bm2'),
    amount: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000_000 })),
  })
  .map(({ kind, amount }) =>
    kind === 'subscription'
      ? fee('subscription', amount, { subscription: SUBSCRIPTION })
      : fee('charge', amount, {
          subscription: SUBSCRIPTION,
          charge: CHARGE_IDS[kind],
          code: kind,
        }),
  );

export const feesArb = fc.array(feeArb, { minLength: 0, maxLength: 8 });

/** A coupon: a percentage (up to 2 decimals) or a fixed amount, maybe limited to bm1. */
export const couponArb: fc.Arbitrary<CouponApplication> = fc
  .record({
    percent: fc.option(
      fc
        .integer({ min: 0, max: 12_000 })
        .map((n) => `${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`),
    ),
    amountCents: fc.integer({ min: 0, max: 5_000_000 }),
    frequency: fc.constantFrom('once', 'recurring', 'forever'),
    limited: fc.boolean(),
    createdDay: fc.integer({ min: 0, max: 30 }),
  })
  .map(({ percent, amountCents, frequency, limited, createdDay }) => {
    const spec: CouponSpec = {
      ...(percent === null ? { amountCents } : { percent }),
      frequency,
      createdDay,
      ...(limited ? { metrics: ['bm1'] } : {}),
    };
    return coupon(spec);
  });

export const couponsArb = fc.array(couponArb, { maxLength: 4 });

/** A tax of 0 % to 30 % with up to 3 decimals (rates such as 5.5 or 19.6). */
export const taxArb: fc.Arbitrary<Tax> = fc
  .tuple(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 1e6 }))
  .map(([milli, n]) =>
    tax(`t${n}`, Number(`${Math.trunc(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`)),
  );

/** The generated subscription with a plan that has no taxes of its own. */
export const planEntry = subscription(SUBSCRIPTION, {
  code: 'plan',
  charges: [{ svc_id: CHARGE_IDS.bm1 }, { svc_id: CHARGE_IDS.bm2 }],
});
