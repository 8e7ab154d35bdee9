/**
 * Which periods the preview bills (periods.md §1, §2.2, §4.2; invoicing.md §1): pay in advance
 * or in arrears, anniversaries, time zones, charges billed monthly, terminations; fixed
 * charges (standard, graduated, volume, pay in advance, prorated); add-ons; credit notes;
 * several subscriptions.
 */
import { describe, expect, it } from 'vitest';
import { previewInvoice } from '../../../src/operations/preview-invoice/index';
import {
  addOn,
  charge,
  creditNote,
  customer,
  event,
  events,
  feeOf,
  feesOf,
  fixedCharge,
  id,
  input,
  metric,
  ok,
  plan,
  subscription,
  tax,
  totals,
} from './builders';

const api = () => metric('api_calls');
const apiCharge = (extra: Record<string, unknown> = {}) =>
  charge('api_calls', 'standard', { amount: '1' }, extra);

describe('the run a preview bills (periods.md §1)', () => {
  it("pay in advance: the run of 1 April bills April's subscription fee with March's usage (§1.2, §1.3, open question 5)", () => {
    const preview = ok(
      previewInvoice(
        input({
          plan: plan({ amount_cents: 3000, pay_in_advance: true, charges: [apiCharge()] }),
          billableMetrics: [api()],
          events: events('api_calls', 7, '2025-03-03T00:00:00Z'),
        }),
      ),
    );
    expect(feeOf(preview, 'subscription')).toMatchObject({
      amount_cents: 3000,
      from_date: '2025-04-01T00:00:00Z',
      to_date: '2025-04-30T23:59:59Z',
      pay_in_advance: true,
    });
    expect(feeOf(preview, 'charge')).toMatchObject({
      amount_cents: 700,
      from_date: '2025-03-01T00:00:00Z',
      to_date: '2025-03-31T23:59:59Z',
    });
    expect(preview.invoice.billing_periods[0]).toMatchObject({
      subscription_from_datetime: '2025-04-01T00:00:00Z',
      subscription_to_datetime: '2025-04-30T23:59:59Z',
      charges_from_datetime: '2025-03-01T00:00:00Z',
      charges_to_datetime: '2025-03-31T23:59:59Z',
    });
  });

  it('pay-in-advance charges are billed on their own invoices: listed apart, not on this one', () => {
    const preview = ok(
      previewInvoice(
        input({
          plan: plan({ amount_cents: 1000, charges: [apiCharge({ pay_in_advance: true })] }),
          billableMetrics: [api()],
          events: events('api_calls', 4, '2025-03-03T00:00:00Z'),
        }),
      ),
    );
    expect(preview.invoice.fees.map((f) => f.item.type)).toEqual(['subscription']);
    expect(preview.pay_in_advance_fees.map((f) => [f.item.code, f.amount_cents])).toEqual([
      ['api_calls', 400],
    ]);
    expect(preview.invoice.fees_amount_cents).toBe(1000);
  });

  it('anniversary: subscription on the 15th, now 20 March -> the period 15 March - 14 April, run on 15 April (§2.2)', () => {
    const preview = ok(
      previewInvoice(
        input({
          subscriptions: [
            {
              subscription: subscription({
                billing_time: 'anniversary',
                started_at: '2025-01-15T00:00:00Z',
              }),
              plan: plan(),
            },
          ],
          now: '2025-03-20T00:00:00Z',
        }),
      ),
    );
    expect(preview.invoice.issuing_date).toBe('2025-04-15');
    expect(feeOf(preview, 'subscription')).toMatchObject({
      amount_cents: 10000,
      from_date: '2025-03-15T00:00:00Z',
      to_date: '2025-04-14T23:59:59Z',
    });
  });

  it("the customer's time zone decides the period: 31 March 23:30 UTC is April in Paris", () => {
    const preview = ok(
      previewInvoice(
        input({
          customer: customer({ timezone: 'Europe/Paris' }),
          now: '2025-03-31T23:30:00Z',
        }),
      ),
    );
    // April in Paris (UTC+2): 2025-03-31T22:00Z to 2025-04-30T21:59:59Z; issued on 1 May.
    expect(feeOf(preview, 'subscription')).toMatchObject({
      from_date: '2025-03-31T22:00:00Z',
      to_date: '2025-04-30T21:59:59Z',
    });
    expect(preview.invoice.created_at).toBe('2025-04-30T22:00:00Z');
    expect(preview.invoice.issuing_date).toBe('2025-05-01');
  });

  it("a yearly plan billing charges monthly: the run closing May bills May's usage, no subscription fee (periods.md §2.5)", () => {
    const preview = ok(
      previewInvoice(
        input({
          plan: plan({
            interval: 'yearly',
            amount_cents: 120000,
            charges: [apiCharge()],
            extra: { bill_charges_monthly: true },
          }),
          billableMetrics: [api()],
          events: [
            ...events('api_calls', 3, '2025-05-10T00:00:00Z'),
            event('api_calls', '2025-04-10T00:00:00Z'),
          ],
          now: '2025-05-20T00:00:00Z',
        }),
      ),
    );
    expect(preview.invoice.fees.map((f) => [f.item.type, f.amount_cents])).toEqual([
      ['charge', 300],
    ]);
    expect(preview.invoice.created_at).toBe('2025-06-01T00:00:00Z');
    expect(preview.invoice.billing_periods[0]).toMatchObject({
      subscription_from_datetime: '2025-01-01T00:00:00Z',
      subscription_to_datetime: '2025-12-31T23:59:59Z',
      charges_from_datetime: '2025-05-01T00:00:00Z',
      charges_to_datetime: '2025-05-31T23:59:59Z',
    });
  });

  it('a pay-in-advance plan terminated on 20 March: usage up to the termination, no subscription fee (already billed)', () => {
    const preview = ok(
      previewInvoice(
        input({
          subscriptions: [
            {
              subscription: subscription({ ending_at: '2025-03-20T12:00:00Z' }),
              plan: plan({ pay_in_advance: true, charges: [apiCharge()] }),
            },
          ],
          billableMetrics: [api()],
          events: [
            event('api_calls', '2025-03-19T00:00:00Z'),
            event('api_calls', '2025-03-21T00:00:00Z'),
          ],
          now: '2025-03-15T00:00:00Z',
        }),
      ),
    );
    expect(preview.invoice.fees.map((f) => [f.item.type, f.amount_cents, f.to_date])).toEqual([
      ['charge', 100, '2025-03-20T12:00:00Z'],
    ]);
    expect(preview.rejected).toEqual([]);
    expect(preview.outside_period).toBe(1);
    expect(preview.invoice.billing_periods[0]?.invoicing_reason).toBe('subscription_terminating');
    expect(preview.invoice.created_at).toBe('2025-03-20T12:00:00Z');
  });

  it('a subscription not started yet, or terminated before the period of now, is a Left', () => {
    const future = previewInvoice(
      input({
        subscriptions: [
          { subscription: subscription({ started_at: '2025-06-01T00:00:00Z' }), plan: plan() },
        ],
      }),
    );
    expect(future).toMatchObject({
      _tag: 'Left',
      left: { code: 'subscription_not_started', path: ['now'] },
    });
    const ended = previewInvoice(
      input({
        subscriptions: [
          { subscription: subscription({ terminated_at: '2025-01-20T00:00:00Z' }), plan: plan() },
        ],
      }),
    );
    expect(ended).toMatchObject({ _tag: 'Left', left: { code: 'subscription_terminated' } });
  });
});

describe('fixed charges on the preview (invoicing.md §1 step 1; periods.md §1.3)', () => {
  const withFixed = (fixed: Record<string, unknown>, started = '2025-01-01T00:00:00Z') =>
    ok(
      previewInvoice(
        input({
          subscriptions: [
            {
              subscription: subscription({ started_at: started }),
              plan: plan({ amount_cents: 0, fixed_charges: [fixed] }),
            },
          ],
        }),
      ),
    );

  it('graduated: 8 units over 0-5 at 10.00 and 6+ at 5.00 -> 5 x 10 + 3 x 5 = 65.00', () => {
    const preview = withFixed(
      fixedCharge(
        'seats',
        'graduated',
        {
          graduated_ranges: [
            { from_value: 0, to_value: 5, per_unit_amount: '10', flat_amount: '0' },
            { from_value: 6, to_value: null, per_unit_amount: '5', flat_amount: '0' },
          ],
        },
        8,
      ),
    );
    expect(feeOf(preview, 'fixed_charge')).toMatchObject({ amount_cents: 6500, units: '8' });
  });

  it('volume: 8 units fall in 6+ at 8.00 -> 8 x 8 = 64.00', () => {
    const preview = withFixed(
      fixedCharge(
        'seats',
        'volume',
        {
          volume_ranges: [
            { from_value: 0, to_value: 5, per_unit_amount: '10', flat_amount: '0' },
            { from_value: 6, to_value: null, per_unit_amount: '8', flat_amount: '0' },
          ],
        },
        '8.0',
      ),
    );
    expect(feeOf(preview, 'fixed_charge')).toMatchObject({ amount_cents: 6400, units: '8' });
  });

  it('pay in advance on a plan in arrears: billed for the period the run opens (April)', () => {
    const preview = withFixed(
      fixedCharge('support', 'standard', { amount: '20' }, 1, { pay_in_advance: true }),
    );
    expect(feeOf(preview, 'fixed_charge')).toMatchObject({
      amount_cents: 2000,
      from_date: '2025-04-01T00:00:00Z',
      to_date: '2025-04-30T23:59:59Z',
      pay_in_advance: true,
    });
    expect(preview.invoice.billing_periods[0]).toMatchObject({
      fixed_charges_from_datetime: '2025-04-01T00:00:00Z',
      fixed_charges_to_datetime: '2025-04-30T23:59:59Z',
    });
  });

  it('prorated, started on 11 March: 21 of 31 days of 31.00 = 21.00; not prorated: 31.00', () => {
    const started = '2025-03-11T09:00:00Z';
    const prorated = withFixed(
      fixedCharge('desk', 'standard', { amount: '31' }, 1, { prorated: true }),
      started,
    );
    expect(feeOf(prorated, 'fixed_charge')).toMatchObject({
      amount_cents: 2100,
      from_date: started,
    });
    const whole = withFixed(fixedCharge('desk', 'standard', { amount: '31' }, 1), started);
    expect(feeOf(whole, 'fixed_charge').amount_cents).toBe(3100);
  });

  it('a fixed charge of 0 units is not on the invoice', () => {
    const preview = withFixed(fixedCharge('desk', 'standard', { amount: '31' }, 0));
    expect(feesOf(preview, 'fixed_charge')).toEqual([]);
  });

  it("taxes: the fixed charge's own, else the plan's (invoicing.md §2.1 rules 4 and 6)", () => {
    const own = tax('own5', 5);
    const preview = ok(
      previewInvoice(
        input({
          plan: plan({
            amount_cents: 0,
            taxes: [tax('plan20', 20)],
            fixed_charges: [
              fixedCharge('a', 'standard', { amount: '10' }, 1, { taxes: [own] }),
              fixedCharge('b', 'standard', { amount: '10' }, 1),
            ],
          }),
        }),
      ),
    );
    expect(feeOf(preview, 'fixed_charge', 'a').taxes_amount_cents).toBe(50);
    expect(feeOf(preview, 'fixed_charge', 'b').taxes_amount_cents).toBe(200);
  });
});

describe('add-ons, credit notes and several subscriptions on the preview', () => {
  it("an add-on twice at 250.00 = 500.00, taxed by its own taxes, never the plan's (invoicing.md §2.1)", () => {
    const preview = ok(
      previewInvoice(
        input({
          plan: plan({ amount_cents: 1000, taxes: [tax('plan20', 20)] }),
          addOns: [
            { ...addOn('setup', 25000, { taxes: [tax('setup10', 10)] }), units: 2 },
            addOn('training', 5000),
          ],
          taxes: { customer: [tax('cust5', 5)] },
        }),
      ),
    );
    expect(feeOf(preview, 'add_on', 'setup')).toMatchObject({
      amount_cents: 50000,
      units: '2',
      taxes_amount_cents: 5000,
      svc_subscription_id: null,
    });
    // No taxes of its own: the customer's 5 %, not the plan's 20 %.
    expect(feeOf(preview, 'add_on', 'training').taxes_amount_cents).toBe(250);
    expect(feeOf(preview, 'subscription').taxes_amount_cents).toBe(200);
    expect(preview.invoice.fees_amount_cents).toBe(56000);
  });

  it('credit notes are consumed after taxes, oldest first (invoicing.md §5)', () => {
    const preview = ok(
      previewInvoice(
        input({
          plan: plan({ amount_cents: 10000 }),
          taxes: { customer: [tax('vat20', 20)] },
          creditNotes: [creditNote(1500, 'a'), creditNote(20000, 'b')],
        }),
      ),
    );
    // 10000 + 2000 tax = 12000: 1500 from the first note, 10500 from the second.
    expect(totals(preview.invoice)).toMatchObject({
      sub_total_including_taxes_amount_cents: 12000,
      credit_notes_amount_cents: 12000,
      total_amount_cents: 0,
    });
    expect(preview.credit_notes.map((n) => [n.balance_amount_cents, n.credit_status])).toEqual([
      [0, 'consumed'],
      [9500, 'available'],
    ]);
    expect(preview.invoice.payment_status).toBe('succeeded');
  });

  it('two subscriptions share one invoice; events go to the subscription they name', () => {
    const b = subscription({ external_id: 'sub_2' });
    const preview = ok(
      previewInvoice(
        input({
          subscriptions: [
            {
              subscription: subscription(),
              plan: plan({ amount_cents: 1000, charges: [apiCharge()] }),
            },
            {
              subscription: b,
              plan: plan({ code: 'lite', amount_cents: 500, charges: [apiCharge()] }),
            },
          ],
          billableMetrics: [api()],
          events: [
            ...events('api_calls', 2, '2025-03-02T00:00:00Z').map((e) => ({
              ...e,
              external_subscription_id: 'sub_1',
            })),
            event('api_calls', '2025-03-02T00:00:00Z', {}, { external_subscription_id: 'sub_2' }),
            event('api_calls', '2025-03-02T00:00:00Z', {}, { transaction_id: 'stray' }),
            event(
              'api_calls',
              '2025-03-02T00:00:00Z',
              {},
              { transaction_id: 'other', external_subscription_id: 'sub_9' },
            ),
          ],
        }),
      ),
    );
    expect(
      preview.invoice.fees.map((f) => [f.external_subscription_id, f.item.type, f.amount_cents]),
    ).toEqual([
      ['sub_1', 'subscription', 1000],
      ['sub_1', 'charge', 200],
      ['sub_2', 'subscription', 500],
      ['sub_2', 'charge', 100],
    ]);
    expect(preview.invoice.billing_periods.map((p) => p.external_subscription_id)).toEqual([
      'sub_1',
      'sub_2',
    ]);
    expect(preview.unassigned_events.map((e) => e.transaction_id)).toEqual(['stray', 'other']);
  });

  it('a charge priced in a pricing unit: 10 calls x 2 credits = 20 credits x 0.50 = 10.00', () => {
    const priced = apiCharge({
      properties: { amount: '2' },
      applied_pricing_unit: { code: 'credits', conversion_rate: '0.5' },
    });
    const withUnits = input({
      plan: plan({ amount_cents: 0, charges: [priced] }),
      billableMetrics: [api()],
      events: events('api_calls', 10, '2025-03-02T00:00:00Z'),
      pricingUnits: [{ svc_id: id('pricing_unit:credits'), code: 'credits', short_name: 'CR' }],
    });
    const fee = feeOf(ok(previewInvoice(withUnits)), 'charge');
    expect(fee.amount_cents).toBe(1000);
    expect(fee.pricing_unit_details).toMatchObject({
      pricing_unit_code: 'credits',
      amount_cents: 2000,
    });
    // Without the organization's pricing units, the unit has no id: a Left naming the charge.
    const { pricingUnits: _units, ...without } = withUnits;
    expect(previewInvoice(without)).toMatchObject({
      _tag: 'Left',
      left: {
        path: [
          'subscriptions',
          '0',
          'plan',
          'charges',
          '0',
          'applied_pricing_unit',
          'svc_pricing_unit_id',
        ],
      },
    });
  });

  it('plans in different currencies cannot share an invoice: currency_mismatch', () => {
    const result = previewInvoice(
      input({
        subscriptions: [
          { subscription: subscription(), plan: plan() },
          {
            subscription: subscription({ external_id: 'sub_2' }),
            plan: plan({ code: 'usd', currency: 'USD' }),
          },
        ],
      }),
    );
    expect(result).toMatchObject({
      _tag: 'Left',
      left: { code: 'currency_mismatch', path: ['subscriptions', '1', 'plan', 'amount_currency'] },
    });
  });
});
