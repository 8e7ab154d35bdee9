/**
 * previewInvoice, the "done when" of issue 6: a plan with a subscription fee, three usage
 * charges, a fixed charge, two taxes and two coupons previews to an invoice whose every
 * number is checked here by hand (the arithmetic is in the comments, from invoicing.md §1,
 * §2, §4 and §8).
 */
import { decode, Invoice } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimalUnsafe } from '../../../src/core/decimal/index';
import {
  previewInvoice,
  previewInvoiceUnsafe,
} from '../../../src/operations/preview-invoice/index';
import {
  CUSTOMER_ID,
  charge,
  coupon,
  customer,
  event,
  events,
  feeOf,
  fixedCharge,
  id,
  metric,
  ok,
  plan,
  subscription,
  tax,
  totals,
} from './builders';

/** A decimal string in canonical form ('190.00000' -> '190'), to compare values, not spellings. */
const dec = (text: string | null | undefined) => formatDecimal(parseDecimalUnsafe(text));

const vat = tax('vat20', 20);
const digital = tax('digital5', 5);
const MARCH = '2025-03-10T10:00:00Z';

/** The issue 6 plan: 100.00 a month in arrears, three usage charges and a fixed charge. */
function issue6() {
  const billed = plan({
    amount_cents: 10000,
    taxes: [vat],
    charges: [
      // 0.50 per call; the charge's own taxes win over the plan's (§2.1 rule 3).
      charge('api_calls', 'standard', { amount: '0.50' }, { taxes: [vat, digital] }),
      // 0-10 GB at 2.00 + 5.00 flat, 11 and up at 1.00.
      charge('storage', 'graduated', {
        graduated_ranges: [
          { from_value: 0, to_value: 10, per_unit_amount: '2', flat_amount: '5' },
          { from_value: 11, to_value: null, per_unit_amount: '1', flat_amount: '0' },
        ],
      }),
      // Packages of 10 seats at 8.00.
      charge('seats', 'package', { amount: '8', package_size: 10, free_units: 0 }),
    ],
    fixed_charges: [fixedCharge('support', 'standard', { amount: '15' }, 2)],
  });
  return {
    customer: customer({ net_payment_term: 30 }),
    subscriptions: [{ subscription: subscription(), plan: billed }],
    billableMetrics: [
      metric('api_calls'),
      metric('storage', 'sum_agg', 'gb'),
      metric('seats', 'max_agg', 'seats'),
    ],
    events: [
      ...events('api_calls', 20, MARCH),
      event('api_calls', '2025-02-28T23:00:00Z', {}, { transaction_id: 'february' }),
      event('storage', MARCH, { gb: '10' }),
      event('storage', '2025-03-20T00:00:00Z', { gb: '15' }),
      event('seats', MARCH, { seats: 12 }),
      event('seats', MARCH, { seats: 23 }),
      event('seats', MARCH, { seats: 7 }),
    ],
    appliedCoupons: [
      coupon({ code: 'fixed_2030', amountCents: 2030 }),
      coupon({ code: 'api_10', percent: '10', metrics: ['api_calls'], frequency: 'recurring' }),
    ],
    now: '2025-03-15T12:00:00Z',
  };
}

describe('previewInvoice: the issue 6 invoice, every number by hand', () => {
  const preview = ok(previewInvoice(issue6()));
  const { invoice } = preview;

  it('bills March (the period containing now) at the run of 1 April, due 30 days later', () => {
    expect(invoice).toMatchObject({
      invoice_type: 'subscription',
      status: 'finalized',
      currency: 'EUR',
      created_at: '2025-04-01T00:00:00Z',
      issuing_date: '2025-04-01',
      payment_due_date: '2025-05-01',
      net_payment_term: 30,
      version_number: 4,
    });
    expect(invoice.billing_periods).toEqual([
      {
        svc_subscription_id: id('subscription:sub_1'),
        svc_plan_id: id('plan:pro'),
        external_subscription_id: 'sub_1',
        subscription_from_datetime: '2025-03-01T00:00:00Z',
        subscription_to_datetime: '2025-03-31T23:59:59Z',
        charges_from_datetime: '2025-03-01T00:00:00Z',
        charges_to_datetime: '2025-03-31T23:59:59Z',
        fixed_charges_from_datetime: '2025-03-01T00:00:00Z',
        fixed_charges_to_datetime: '2025-03-31T23:59:59Z',
        invoicing_reason: 'subscription_periodic',
      },
    ]);
  });

  it('fees: subscription 10000, api 1000, storage 4000, seats 2400, fixed charge 3000 (§1 step 1)', () => {
    // Subscription: the plan's 100.00 for the whole of March (§8 branch 3).
    expect(feeOf(preview, 'subscription')).toMatchObject({
      amount_cents: 10000,
      units: '1',
      amount_details: { plan_amount_cents: 10000 },
      from_date: '2025-03-01T00:00:00Z',
      to_date: '2025-03-31T23:59:59Z',
    });
    // 20 calls in March x 0.50 = 10.00 (the February call is outside the period).
    expect(feeOf(preview, 'charge', 'api_calls')).toMatchObject({
      amount_cents: 1000,
      units: '20',
      events_count: 20,
    });
    // 10 + 15 = 25 GB: 10 x 2.00 + 5.00 flat + 15 x 1.00 = 40.00.
    expect(feeOf(preview, 'charge', 'storage')).toMatchObject({
      amount_cents: 4000,
      units: '25',
      events_count: 2,
    });
    // max(12, 23, 7) = 23 seats: 3 packages of 10 x 8.00 = 24.00.
    expect(feeOf(preview, 'charge', 'seats')).toMatchObject({
      amount_cents: 2400,
      units: '23',
      events_count: 3,
    });
    // 2 units x 15.00 = 30.00.
    expect(feeOf(preview, 'fixed_charge', 'support')).toMatchObject({
      amount_cents: 3000,
      units: '2',
      svc_fixed_charge_id: id('fixed:support'),
    });
    expect(invoice.fees).toHaveLength(5);
    expect(preview.rejected).toEqual([]);
    expect(preview.outside_period).toBe(1);
  });

  it('coupons: 10 % of api 1000 = 100 first (limited to a metric), then 2030 spread as 10 % of each net (§4.2, §4.3)', () => {
    // Running sub total after the first coupon: 20400 - 100 = 20300, and 2030 / 20300 = 10 %.
    expect(dec(feeOf(preview, 'subscription').precise_coupons_amount_cents)).toBe('1000');
    expect(dec(feeOf(preview, 'charge', 'api_calls').precise_coupons_amount_cents)).toBe('190'); // 100 + 10 % of 900
    expect(dec(feeOf(preview, 'charge', 'storage').precise_coupons_amount_cents)).toBe('400');
    expect(dec(feeOf(preview, 'charge', 'seats').precise_coupons_amount_cents)).toBe('240');
    expect(dec(feeOf(preview, 'fixed_charge').precise_coupons_amount_cents)).toBe('300');
    expect(invoice.credits.map((c) => [c.item.code, c.amount_cents, c.before_taxes])).toEqual([
      ['api_10', 100, true],
      ['fixed_2030', 2030, true],
    ]);
    // The recurring coupon used one of its three invoices; the forever one is unchanged.
    expect(
      preview.applied_coupons.map((a) => [a.coupon_code, a.frequency_duration_remaining]),
    ).toEqual([
      ['fixed_2030', null],
      ['api_10', 2],
    ]);
  });

  it('fee taxes: 20 % of each net, and 20 % + 5 % of api 810 = round(162 + 40.5) = 203 (§2.2)', () => {
    const taxesOf = (type: string, code?: string) => {
      const fee = feeOf(preview, type, code);
      return {
        taxes_amount_cents: fee.taxes_amount_cents,
        taxes_rate: fee.taxes_rate,
        taxes_precise_amount: dec(fee.taxes_precise_amount),
        total_amount_cents: fee.total_amount_cents,
        applied: (fee.applied_taxes ?? []).map((a) => [a.tax_code, a.amount_cents]),
      };
    };
    // net 9000 x 20 % = 1800; total = amount + taxes = 11800 (§0).
    expect(taxesOf('subscription')).toEqual({
      taxes_amount_cents: 1800,
      taxes_rate: 20,
      taxes_precise_amount: '18',
      total_amount_cents: 11800,
      applied: [['vat20', 1800]],
    });
    // net 810: 162 + 40.5; applied amounts round each (41), the fee rounds the sum (203).
    expect(taxesOf('charge', 'api_calls')).toEqual({
      taxes_amount_cents: 203,
      taxes_rate: 25,
      taxes_precise_amount: '2.025',
      total_amount_cents: 1203,
      applied: [
        ['vat20', 162],
        ['digital5', 41],
      ],
    });
    expect(taxesOf('charge', 'storage')).toMatchObject({
      taxes_amount_cents: 720, // 3600 x 20 %
      total_amount_cents: 4720,
    });
    expect(taxesOf('charge', 'seats')).toMatchObject({
      taxes_amount_cents: 432, // 2160 x 20 %
      total_amount_cents: 2832,
    });
    expect(taxesOf('fixed_charge')).toMatchObject({
      taxes_amount_cents: 540, // 2700 x 20 %
      total_amount_cents: 3540,
    });
  });

  it('invoice taxes: vat20 3654 on 18270, digital5 41 on 810, taxes round(3654 + 40.5) = 3695 (§2.3)', () => {
    expect(
      invoice.applied_taxes.map((a) => [a.tax_code, a.fees_amount_cents, a.amount_cents]),
    ).toEqual([
      ['vat20', 18270, 3654],
      ['digital5', 810, 41],
    ]);
    // Blended rate: 20 x 18270/18270 + 5 x 810/18270 = 20.22167 (5 decimals).
    expect(preview.taxes_rate).toBe(20.22167);
  });

  it('totals: 20400 - 2130 = 18270, + 3695 = 21965, nothing prepaid, pending (§1 identities)', () => {
    expect(totals(invoice)).toEqual({
      fees_amount_cents: 20400,
      progressive_billing_credit_amount_cents: 0,
      coupons_amount_cents: 2130, // 100 + 2030
      sub_total_excluding_taxes_amount_cents: 18270,
      taxes_amount_cents: 3695,
      sub_total_including_taxes_amount_cents: 21965,
      credit_notes_amount_cents: 0,
      prepaid_credit_amount_cents: 0,
      total_amount_cents: 21965,
    });
    expect(invoice.payment_status).toBe('pending');
  });

  it('decodes with the Invoice codec and carries the customer, subscriptions, fees and totals', () => {
    const decoded = decode(Invoice, JSON.parse(JSON.stringify(invoice)));
    expect(decoded._tag).toBe('Right');
    expect(invoice.customer.svc_id).toBe(CUSTOMER_ID);
    expect(invoice.subscriptions.map((s) => [s.external_id, s.plan_code])).toEqual([
      ['sub_1', 'pro'],
    ]);
    for (const fee of invoice.fees) {
      expect(fee.svc_invoice_id).toBe(invoice.svc_id);
      expect(fee.created_at).toBe(invoice.created_at);
      expect(fee.external_subscription_id).toBe('sub_1');
    }
  });

  it('is deterministic: the same input gives the same invoice and ids; another now, another id', () => {
    const again = ok(previewInvoice(issue6())).invoice;
    expect(again).toEqual(invoice);
    expect(new Set(invoice.fees.map((f) => f.svc_id)).size).toBe(invoice.fees.length);
    const later = ok(previewInvoice({ ...issue6(), now: '2025-03-16T12:00:00Z' })).invoice;
    expect(later.svc_id).not.toBe(invoice.svc_id);
    expect(totals(later)).toEqual(totals(invoice));
  });

  it('as a draft (grace period): no coupons, taxes on the whole fees (§1 "Draft invoices")', () => {
    const draft = ok(previewInvoice({ ...issue6(), status: 'draft' })).invoice;
    expect(draft.status).toBe('draft');
    // 20 % of 20400 = 4080, plus 5 % of api 1000 = 50: 4130.
    expect(totals(draft)).toMatchObject({
      fees_amount_cents: 20400,
      coupons_amount_cents: 0,
      sub_total_excluding_taxes_amount_cents: 20400,
      taxes_amount_cents: 4130,
      total_amount_cents: 24530,
    });
    expect(draft.credits).toEqual([]);
  });

  it('previewInvoiceUnsafe returns the same preview, and throws on bad input', () => {
    expect(previewInvoiceUnsafe(issue6()).invoice).toEqual(invoice);
    expect(() => previewInvoiceUnsafe({ ...issue6(), now: 'yesterday' })).toThrow(
      /invalid_timestamp/,
    );
  });
});
