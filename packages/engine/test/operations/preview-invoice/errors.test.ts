/**
 * previewInvoice's Lefts: a clear code, the path of the offending input and a message that
 * says what to fix (API.md conventions).
 */

import { AppliedCoupon } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { previewInvoice } from '../../../src/operations/preview-invoice/index';
import {
  addOn,
  charge,
  coupon,
  customer,
  input,
  leftOf,
  metric,
  plan,
  subscription,
  wire,
} from './builders';

describe('previewInvoice errors', () => {
  it('a customer that is not a wire customer: invalid_input at its first problem', () => {
    const error = leftOf(
      previewInvoice(input({ customer: { ...customer(), svc_id: 'x' } as never })),
    );
    expect(error).toMatchObject({ code: 'invalid_input', path: ['customer', 'svc_id'] });
    expect(error.message).toMatch(/customer/);
  });

  it('no subscription, or one of another customer', () => {
    expect(leftOf(previewInvoice(input({ subscriptions: [] }))).path).toEqual(['subscriptions']);
    const stranger = { ...subscription(), svc_customer_id: plan().svc_id };
    expect(
      leftOf(previewInvoice(input({ subscriptions: [{ subscription: stranger, plan: plan() }] }))),
    ).toMatchObject({
      code: 'invalid_input',
      path: ['subscriptions', '0', 'subscription', 'svc_customer_id'],
    });
  });

  it('graduated ranges with a gap: invalid_charge_properties at the range', () => {
    const gapped = plan({
      charges: [
        charge('api_calls', 'graduated', {
          graduated_ranges: [
            { from_value: 0, to_value: 10, per_unit_amount: '1', flat_amount: '0' },
            { from_value: 20, to_value: null, per_unit_amount: '1', flat_amount: '0' },
          ],
        }),
      ],
    });
    const error = leftOf(
      previewInvoice(input({ plan: gapped, billableMetrics: [metric('api_calls')] })),
    );
    expect(error.code).toBe('invalid_charge_properties');
    expect(error.path?.slice(0, 8)).toEqual([
      'subscriptions',
      '0',
      'plan',
      'charges',
      '0',
      'properties',
      'graduated_ranges',
      '1',
    ]);
  });

  it('a charge on a metric that is not given: unknown_billable_metric at the charge', () => {
    const error = leftOf(
      previewInvoice(
        input({ plan: plan({ charges: [charge('api_calls', 'standard', { amount: '1' })] }) }),
      ),
    );
    expect(error).toMatchObject({
      code: 'unknown_billable_metric',
      path: ['subscriptions', '0', 'plan', 'charges', '0', 'billable_metric_code'],
    });
  });

  it('a recurring coupon without its number of invoices: invalid_input under appliedCoupons', () => {
    const base = coupon({ code: 'r', amountCents: 100, frequency: 'recurring' });
    const broken = {
      ...base,
      applied_coupon: wire(AppliedCoupon, {
        ...base.applied_coupon,
        frequency_duration: null,
        frequency_duration_remaining: null,
      }),
    };
    expect(leftOf(previewInvoice(input({ appliedCoupons: [broken] })))).toMatchObject({
      code: 'invalid_input',
      path: ['appliedCoupons', '0', 'applied_coupon', 'frequency_duration'],
    });
  });

  it("now, status and the customer's time zone", () => {
    expect(leftOf(previewInvoice(input({ now: '2025-03-15' })))).toMatchObject({
      code: 'invalid_timestamp',
      path: ['now'],
    });
    expect(leftOf(previewInvoice(input({ status: 'open' as never })))).toMatchObject({
      code: 'invalid_input',
      path: ['status'],
    });
    expect(
      leftOf(previewInvoice(input({ customer: customer({ timezone: 'Mars/Olympus' }) }))),
    ).toMatchObject({ code: 'unknown_timezone', path: ['customer', 'applicable_timezone'] });
  });

  it('an add-on with negative units, a plan without amount', () => {
    expect(
      leftOf(previewInvoice(input({ addOns: [{ ...addOn('setup', 100), units: -1 }] }))),
    ).toMatchObject({ code: 'invalid_input', path: ['addOns', '0', 'units'] });
    const free = plan({ extra: { amount_cents: null } });
    expect(leftOf(previewInvoice(input({ plan: free })))).toMatchObject({
      code: 'invalid_input',
      path: ['subscriptions', '0', 'plan', 'amount_cents'],
    });
  });
});
