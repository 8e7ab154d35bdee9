/**
 * Inputs a user would write (issue 18 §4): every operation accepts the fields that decide a
 * figure and defaults the rest through the shared input layer, with the same objects.
 */
import { describe, expect, it } from 'vitest';
import { comparePlans } from '../../src/operations/compare-plans/index';
import {
  createEstimator,
  currentUsage,
  estimateFees,
  projectedUsage,
} from '../../src/operations/index';
import { previewInvoice } from '../../src/operations/preview-invoice/index';

/** The customer of the issue: `{ svc_id, external_id, currency, timezone }`, nothing else. */
const customer = {
  svc_id: '00000000-0000-4000-8000-000000000001',
  external_id: 'cust_1',
  currency: 'EUR',
  timezone: 'Europe/Paris',
};
const subscription = { external_id: 'sub_1', started_at: '2025-01-01T00:00:00Z' };
const calls = {
  billable_metric_code: 'api_calls',
  charge_model: 'standard',
  properties: { amount: '0.01' },
};
const plan = {
  code: 'startup',
  interval: 'monthly',
  amount_cents: 4900,
  amount_currency: 'EUR',
  charges: [{ ...calls, pay_in_advance: true }],
};
const billableMetrics = [{ code: 'api_calls', aggregation_type: 'count_agg' }];
const taxes = { billing_entity: [{ code: 'vat_20', rate: 20 }] };
const events = [
  { transaction_id: 't1', code: 'api_calls', timestamp: '2025-03-02T10:00:00Z' },
  { transaction_id: 't2', code: 'api_calls', timestamp: '2025-03-03T10:00:00Z' },
];
const now = '2025-03-15T00:00:00Z';
const context = { customer, subscription, plan, billableMetrics, taxes };

describe('the operations accept minimal objects (issue 18 §4)', () => {
  it('previewInvoice prices the customer of the issue with a minimal subscription, plan, metric, tax, coupon and wallet', () => {
    const result = previewInvoice({
      customer,
      subscriptions: [
        {
          subscription,
          plan: { ...plan, charges: [calls] },
        },
      ],
      billableMetrics,
      events,
      taxes,
      appliedCoupons: [
        {
          coupon: {
            code: 'welcome',
            coupon_type: 'fixed_amount',
            amount_cents: 1000,
            amount_currency: 'EUR',
          },
        },
      ],
      wallets: [{ currency: 'EUR', credits_balance: '25' }],
      now,
    });
    if (result._tag === 'Left') throw new Error(result.left.message);
    const { invoice } = result.right;
    // Fees: 49.00 (March in arrears) + 2 calls × 0.01 = 49.02; coupon 10.00 -> 39.02;
    // VAT 20 % of 39.02 = 7.804 -> 7.80; 39.02 + 7.80 = 46.82, less 25.00 of credits = 21.82.
    expect([
      invoice.fees_amount_cents,
      invoice.coupons_amount_cents,
      invoice.taxes_amount_cents,
      invoice.prepaid_credit_amount_cents,
      invoice.total_amount_cents,
    ]).toEqual([4902, 1000, 780, 2500, 2182]);
    expect(invoice.customer).toMatchObject({
      svc_id: customer.svc_id,
      address_line1: null,
      slug: 'cust_1',
    });
  });

  it('comparePlans prices the same minimal objects on two plans', () => {
    const result = comparePlans({
      customer,
      subscription,
      plans: [plan, { ...plan, code: 'growth', amount_cents: 9900 }],
      billableMetrics,
      events,
      now,
    });
    if (result._tag === 'Left') throw new Error(result.left.message);
    // The paid-in-advance calls are billed apart: the invoices differ by the fee, 99 - 49.
    expect(result.right.previews.map((p) => [p.plan_code, p.invoice.fees_amount_cents])).toEqual([
      ['startup', 4900],
      ['growth', 9900],
    ]);
  });

  it('estimateFees, createEstimator, currentUsage and projectedUsage take the same objects', () => {
    const event = { code: 'api_calls' };
    const estimate = estimateFees({ ...context, event, now });
    if (estimate._tag === 'Left') throw new Error(estimate.left.message);
    // One call at 0.01 EUR: 1 cent, VAT 20 % of 1 cent = 0.2 -> 0 cents.
    expect(estimate.right.fees.map((f) => [f.amount_cents, f.taxes_amount_cents])).toEqual([
      [1, 0],
    ]);
    const estimator = createEstimator(context);
    if (estimator._tag === 'Left') throw new Error(estimator.left.message);
    expect(estimator.right.estimateFees({ event, now })).toEqual(estimate);
    const usage = currentUsage({ ...context, events, now });
    if (usage._tag === 'Left') throw new Error(usage.left.message);
    // 2 calls × 0.01 = 2 cents, VAT 0.4 -> 0 cents.
    expect([
      usage.right.customer_usage.amount_cents,
      usage.right.customer_usage.total_amount_cents,
    ]).toEqual([2, 2]);
    const projected = projectedUsage({ ...context, events, now });
    if (projected._tag === 'Left') throw new Error(projected.left.message);
    expect(projected.right.customer_projected_usage.amount_cents).toBe(2);
  });

  it('a field that decides a figure is still required: the error names it', () => {
    const result = previewInvoice({
      customer,
      subscriptions: [{ subscription, plan: { ...plan, amount_currency: undefined as never } }],
      billableMetrics,
      events,
      now,
    });
    expect(result._tag === 'Left' && result.left.path).toEqual([
      'subscriptions',
      '0',
      'plan',
      'amount_currency',
    ]);
  });
});
