// POST /invoices/preview (issue 23 §4): the reference's invoice preview answered by the
// engine's previewInvoice on the state, nothing stored; figures worked by hand below. The
// state is the example state with one more plan, `basic`: 49.00 USD a month in arrears, no
// charges, no commitment. The customer hooli_1234 is in America/Los_Angeles (PDT, UTC-7, from
// 9 March 2025) and pays the 20 % VAT (`french_standard_vat`, the organization's tax and its
// own: applied once); its applied coupons are startup_deal (20.00 USD, limited to the plan
// `startup`) and spring_10 (10 %). The clock is 2025-03-15T12:00Z.
import type { Plan, Uuid } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../src/server/state/state';
import {
  type Answer,
  example,
  exampleWith,
  expectError,
  expectSuccess,
  expectValidationErrors,
  serverPerTest,
} from './builders';

const start = serverPerTest();
const PREVIEW = '/api/v1/invoices/preview';
const CUSTOMER = { external_id: 'hooli_1234' };

/** The example state with the plan `basic` added (and `sub_1234567890` on it when `moved`). */
function withBasic(moved = false): ServerState {
  const base = example();
  const premium = base.plans.find((p) => p.code === 'premium') as Plan;
  const basic: Plan = {
    ...premium,
    svc_id: 'b1a5c000-0000-4000-8000-000000000001' as Uuid,
    code: 'basic',
    name: 'Basic',
    interval: 'monthly',
    amount_cents: 4900 as Plan['amount_cents'],
    pay_in_advance: false,
    trial_period: 0 as Plan['trial_period'],
    minimum_commitment: null,
    charges: [],
    fixed_charges: [],
    taxes: [],
  };
  return exampleWith({
    plans: [...base.plans, basic],
    plan_overrides: [],
    subscriptions: base.subscriptions.map((s) =>
      moved && s.status === 'active' ? { ...s, plan_code: 'basic' } : s,
    ),
  });
}

function invoiceOf(answer: Answer) {
  return expectSuccess(answer, 'previewInvoice').invoice;
}

/** The figures of an invoice, from the fees to the total. */
function totals(answer: Answer) {
  const invoice = invoiceOf(answer);
  return {
    fees: invoice.fees_amount_cents,
    coupons: invoice.coupons_amount_cents,
    taxes: invoice.taxes_amount_cents,
    total: invoice.total_amount_cents,
  };
}

describe('POST /invoices/preview: a new subscription to plan_code', () => {
  it('calendar, from 16 March: 16 days of 31 of 49.00, less a 10.00 coupon, plus 20 % VAT', async () => {
    // 2025-03-16T07:00Z is 16 March 00:00 PDT: 16 to 31 March is 16 days of 31.
    // 4900 × 16 / 31 = 2529.03 → 2529; coupon 1000 → 1529; VAT 20 % = 305.8 → 306;
    // 1529 + 306 = 1835.
    const t = await start({ state: withBasic() });
    const answer = await t.call('POST', PREVIEW, {
      customer: CUSTOMER,
      plan_code: 'basic',
      billing_time: 'calendar',
      subscription_at: '2025-03-16T07:00:00Z',
      coupons: [
        {
          code: 'welcome',
          coupon_type: 'fixed_amount',
          amount_cents: 1000,
          amount_currency: 'USD',
        },
      ],
    });
    expect(totals(answer)).toEqual({ fees: 2529, coupons: 1000, taxes: 306, total: 1835 });
    const invoice = invoiceOf(answer);
    expect(invoice.issuing_date).toBe('2025-04-01');
    expect(invoice.customer.external_id).toBe('hooli_1234');
    expect(invoice.subscriptions.map((s) => [s.plan_code, s.billing_time])).toEqual([
      ['basic', 'calendar'],
    ]);
  });

  it('anniversary, from 16 March: a whole month of 49.00, billed 16 April', async () => {
    // 16 March to 15 April: 4900; coupon 1000 → 3900; VAT 780; total 4680.
    const t = await start({ state: withBasic() });
    const answer = await t.call('POST', PREVIEW, {
      customer: CUSTOMER,
      plan_code: 'basic',
      billing_time: 'anniversary',
      subscription_at: '2025-03-16T07:00:00Z',
      coupons: [
        {
          code: 'welcome',
          coupon_type: 'fixed_amount',
          amount_cents: 1000,
          amount_currency: 'USD',
        },
      ],
    });
    expect(totals(answer)).toEqual({ fees: 4900, coupons: 1000, taxes: 780, total: 4680 });
    expect(invoiceOf(answer).issuing_date).toBe('2025-04-16');
  });

  it("without coupons, the customer's applied coupons apply (startup_deal is for `startup` only)", async () => {
    // Calendar from 16 March: 2529; startup_deal does not apply to `basic`; spring_10 10 % of
    // 2529 = 252.9 → 253 → 2276; VAT 20 % of 2276 = 455.2 → 455; total 2276 + 455 = 2731.
    const t = await start({ state: withBasic() });
    const answer = await t.call('POST', PREVIEW, {
      customer: CUSTOMER,
      plan_code: 'basic',
      subscription_at: '2025-03-16T07:00:00Z',
    });
    expect(totals(answer)).toEqual({ fees: 2529, coupons: 253, taxes: 455, total: 2731 });
  });

  it('a prospect (no external_id): in UTC, the organization tax, a stored coupon named by its code', async () => {
    // From 1 March (a date: midnight UTC), calendar: all of March, 4900; spring_10, the stored
    // coupon (10 %): 490 → 4410; VAT 20 % = 882; total 5292. Its customer is the body's.
    const t = await start({ state: withBasic() });
    const answer = await t.call('POST', PREVIEW, {
      customer: { name: 'Prospect Ltd', currency: 'USD' },
      plan_code: 'basic',
      subscription_at: '2025-03-01',
      coupons: [{ code: 'spring_10' }],
    });
    expect(totals(answer)).toEqual({ fees: 4900, coupons: 490, taxes: 882, total: 5292 });
    const { customer } = invoiceOf(answer);
    expect([customer.name, customer.applicable_timezone, customer.billing_entity_code]).toEqual([
      'Prospect Ltd',
      'UTC',
      'acme_corp',
    ]);
  });

  it('a prospect without coupons: 49.00 + 20 % VAT = 58.80', async () => {
    const t = await start({ state: withBasic() });
    const answer = await t.call('POST', PREVIEW, {
      customer: { name: 'Prospect Ltd' },
      plan_code: 'basic',
      subscription_at: '2025-03-01',
    });
    expect(totals(answer)).toEqual({ fees: 4900, coupons: 0, taxes: 980, total: 5880 });
  });
});

describe("POST /invoices/preview: the customer's subscriptions", () => {
  it('bills the period that contains now, with the stored coupons; nothing is stored', async () => {
    // sub_1234567890 on basic, anniversary from 15 January: the period 15 March to 14 April
    // (LA) is billed on 15 April: 4900; spring_10 490 → 4410 (startup_deal is for `startup`);
    // VAT 20 % of 4410 = 882; total 5292.
    const state = withBasic(true);
    const t = await start({ state });
    const answer = await t.call('POST', PREVIEW, {
      customer: CUSTOMER,
      subscriptions: { external_ids: ['sub_1234567890'] },
    });
    expect(totals(answer)).toEqual({ fees: 4900, coupons: 490, taxes: 882, total: 5292 });
    expect(invoiceOf(answer).issuing_date).toBe('2025-04-15');
    // Asked twice, the same answer: the preview used nothing up (the once coupon, wallets).
    expect(
      (
        await t.call('POST', PREVIEW, {
          customer: CUSTOMER,
          subscriptions: { external_ids: ['sub_1234567890'] },
        })
      ).body,
    ).toEqual(answer.body);
  });

  it('as if terminated at terminated_at: the days to the termination', async () => {
    // Terminated 31 March 23:59:59 PDT (2025-04-01T06:59:59Z): 15 to 31 March, 17 days of
    // 31: 4900 × 17 / 31 = 2687.10 → 2687; spring_10 268.7 → 269 → 2418; VAT 20 % of 2418
    // = 483.6 → 484; total 2902.
    const t = await start({ state: withBasic(true) });
    const answer = await t.call('POST', PREVIEW, {
      customer: CUSTOMER,
      subscriptions: {
        external_ids: ['sub_1234567890'],
        terminated_at: '2025-04-01T06:59:59Z',
      },
    });
    expect(totals(answer)).toEqual({ fees: 2687, coupons: 269, taxes: 484, total: 2902 });
  });
});

describe('POST /invoices/preview: bad bodies', () => {
  it('no customer: 400 param is missing', async () => {
    const t = await start({ state: withBasic() });
    expectError(await t.call('POST', PREVIEW, { plan_code: 'basic' }), 400);
    expectError(await t.call('POST', PREVIEW, { customer: {}, plan_code: 'basic' }), 400);
  });

  it('an unknown customer, plan or subscription: 404', async () => {
    const t = await start({ state: withBasic() });
    const unknownCustomer = { customer: { external_id: 'nobody' }, plan_code: 'basic' };
    expectError(await t.call('POST', PREVIEW, unknownCustomer), 404, 'customer_not_found');
    const unknownPlan = { customer: CUSTOMER, plan_code: 'gold' };
    expectError(await t.call('POST', PREVIEW, unknownPlan), 404, 'plan_not_found');
    const unknownSubscription = { customer: CUSTOMER, subscriptions: { external_ids: ['nope'] } };
    expectError(await t.call('POST', PREVIEW, unknownSubscription), 404, 'subscription_not_found');
  });

  it('neither plan_code nor subscriptions, or both: 422 naming plan_code', async () => {
    const t = await start({ state: withBasic() });
    expectValidationErrors(await t.call('POST', PREVIEW, { customer: CUSTOMER }), {
      plan_code: ['value_is_mandatory'],
    });
    const both = {
      customer: CUSTOMER,
      plan_code: 'basic',
      subscriptions: { external_ids: ['sub_1234567890'] },
    };
    expectValidationErrors(await t.call('POST', PREVIEW, both), {
      plan_code: ['give either plan_code or subscriptions, not both'],
    });
  });

  it('a field of the wrong type: 422 naming it', async () => {
    const t = await start({ state: withBasic() });
    const weekly = { customer: CUSTOMER, plan_code: 'basic', billing_time: 'weekly' };
    const answer = await t.call('POST', PREVIEW, weekly);
    expectError(answer, 422, 'validation_errors');
    expect(Object.keys((answer.body as { error_details: object }).error_details)).toEqual([
      'billing_time',
    ]);
    const when = { customer: CUSTOMER, plan_code: 'basic', subscription_at: 'tomorrow' };
    const late = await t.call('POST', PREVIEW, when);
    expectError(late, 422, 'validation_errors');
    expect(Object.keys((late.body as { error_details: object }).error_details)).toEqual([
      'subscription_at',
    ]);
  });

  it('a new coupon without coupon_type, a plan change, a tax integration: 422 naming the field', async () => {
    const t = await start({ state: withBasic() });
    const coupon = {
      customer: CUSTOMER,
      plan_code: 'basic',
      coupons: [{ code: 'new', amount_cents: 5 }],
    };
    expectValidationErrors(await t.call('POST', PREVIEW, coupon), {
      'coupons.0.coupon_type': ['value_is_mandatory'],
    });
    const change = {
      customer: CUSTOMER,
      subscriptions: { external_ids: ['sub_1234567890'], plan_code: 'premium' },
    };
    const refused = await t.call('POST', PREVIEW, change);
    expectError(refused, 422, 'validation_errors');
    expect(Object.keys((refused.body as { error_details: object }).error_details)).toEqual([
      'subscriptions.plan_code',
    ]);
    const integration = {
      customer: { name: 'P', integration_customers: [{ integration_type: 'anrok' }] },
      plan_code: 'basic',
    };
    const taxes = await t.call('POST', PREVIEW, integration);
    expectError(taxes, 422, 'validation_errors');
    expect(Object.keys((taxes.body as { error_details: object }).error_details)).toEqual([
      'customer.integration_customers',
    ]);
  });

  it('a termination in the past: 422', async () => {
    const t = await start({ state: withBasic(true) });
    const past = {
      customer: CUSTOMER,
      subscriptions: { external_ids: ['sub_1234567890'], terminated_at: '2025-03-01T00:00:00Z' },
    };
    expectValidationErrors(await t.call('POST', PREVIEW, past), {
      'subscriptions.terminated_at': ['cannot_be_in_past'],
    });
  });
});
