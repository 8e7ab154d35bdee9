/**
 * previewInvoice, the "done when" of issue 7: an invoice with two wallets, a minimum
 * commitment and a progressive-billing credit, with the updated wallets, checked by hand
 * (invoicing.md §1, §3.3, §6.5, §7.1); and the §1 worked example "with all types of credits"
 * reproduced through previewInvoice.
 */
import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimalUnsafe } from '../../../src/core/decimal/index';
import { previewInvoice } from '../../../src/operations/preview-invoice/index';
import {
  charge,
  chargeId,
  coupon,
  creditNote,
  customer,
  event,
  events,
  feeOf,
  fixedCharge,
  id,
  metric,
  ok,
  plan,
  progressiveInvoice,
  subscription,
  tax,
  totals,
  wallet,
} from './builders';

const dec = (text: string | null | undefined) => formatDecimal(parseDecimalUnsafe(text));
const MARCH_FROM = '2025-03-01T00:00:00Z';
const MARCH_TO = '2025-03-31T23:59:59Z';

/** 50.00 a month in arrears, 1.00 per API call, a minimum commitment of 300.00 a month. */
function issue7() {
  const billed = plan({
    amount_cents: 5000,
    charges: [charge('api_calls', 'standard', { amount: '1' })],
    commitment: { amount_cents: 30000 },
  });
  const sub = subscription();
  return {
    customer: customer(),
    subscriptions: [{ subscription: sub, plan: billed }],
    billableMetrics: [metric('api_calls')],
    events: events('api_calls', 120, '2025-03-12T08:00:00Z'),
    taxes: { customer: [tax('vat10', 10)] },
    wallets: [
      wallet({ code: 'charges_only', balance_cents: 10000, priority: 1, fee_types: ['charge'] }),
      wallet({ code: 'general', balance_cents: 15000, priority: 2 }),
    ],
    progressiveBilling: {
      invoices: [
        // Progressive billing invoiced 80 of those calls on 20 March.
        progressiveInvoice({
          name: 'pb',
          subscription: sub,
          plan: billed,
          charges_from: MARCH_FROM,
          charges_to: MARCH_TO,
          fee: { metric: 'api_calls', amount_cents: 8000 },
          issuing_date: '2025-03-20',
          created_at: '2025-03-20T10:00:00Z',
        }),
      ],
    },
    now: '2025-03-25T00:00:00Z',
  };
}

describe('previewInvoice: the issue 7 invoice (two wallets, a commitment, a progressive credit)', () => {
  const preview = ok(previewInvoice(issue7()));
  const { invoice } = preview;

  it('the commitment is trued up: 30000 - (5000 + 12000) = 13000 over the whole of March (§7.1)', () => {
    expect(feeOf(preview, 'subscription').amount_cents).toBe(5000);
    expect(feeOf(preview, 'charge', 'api_calls').amount_cents).toBe(12000); // 120 x 1.00
    expect(feeOf(preview, 'commitment')).toMatchObject({
      amount_cents: 13000,
      units: '1',
      from_date: MARCH_FROM,
      to_date: MARCH_TO,
      svc_subscription_id: id('subscription:sub_1'),
    });
    expect(preview.commitments).toEqual([
      {
        external_subscription_id: 'sub_1',
        true_up: expect.objectContaining({
          commitment_amount_cents: 30000,
          fees_amount_cents: 17000,
          amount_cents: 13000,
          days_active: 31,
          days_total: 31,
        }),
      },
    ]);
  });

  it('the progressive-billing invoice is credited before taxes: 8000 on the api fee (§3.3)', () => {
    const api = feeOf(preview, 'charge', 'api_calls');
    expect(dec(api.precise_coupons_amount_cents)).toBe('8000');
    expect(preview.progressive_billing).toEqual([
      {
        external_subscription_id: 'sub_1',
        progressive_billing_invoice_id: id('invoice:pb'),
        credit_amount_cents: 8000,
        excess_amount_cents: 0,
        credit_note_items: [],
      },
    ]);
    expect(invoice.credits.map((c) => [c.item.type, c.amount_cents, c.before_taxes])).toEqual([
      ['invoice', 8000, true],
    ]);
  });

  it('taxes 10 %: 500 + 400 (on 12000 - 8000) + 1300 = 2200 on 22000 (§2.2, §2.3)', () => {
    expect(feeOf(preview, 'subscription').taxes_amount_cents).toBe(500);
    expect(feeOf(preview, 'charge').taxes_amount_cents).toBe(400);
    expect(feeOf(preview, 'commitment').taxes_amount_cents).toBe(1300);
    expect(
      invoice.applied_taxes.map((a) => [a.tax_code, a.fees_amount_cents, a.amount_cents]),
    ).toEqual([['vat10', 22000, 2200]]);
  });

  it('wallets: charges_only pays the charge bucket 4400, general the commitment 14300 and 700 of the subscription (§6.5)', () => {
    // Buckets (net + taxes), largest first: commitment 14300, subscription 5500, charge 4400.
    // charges_only (priority 1) applies to charges only: 4400. general (priority 2): 14300,
    // then min(5500, 15000 - 14300) = 700. Prepaid 4400 + 15000 = 19400.
    expect(
      preview.wallet_transactions.map((t) => [t.svc_wallet_id, t.amount, t.transaction_status]),
    ).toEqual([
      [id('wallet:charges_only'), '44', 'invoiced'],
      [id('wallet:general'), '150', 'invoiced'],
    ]);
    expect(
      preview.wallets.map((w) => [
        w.code,
        w.balance_cents,
        dec(w.credits_balance),
        dec(w.consumed_credits),
      ]),
    ).toEqual([
      ['charges_only', 5600, '56', '44'],
      ['general', 0, '0', '150'],
    ]);
  });

  it('totals: 30000 - 8000 = 22000, + 2200 = 24200, - 19400 prepaid = 4800 (§1 identities)', () => {
    expect(totals(invoice)).toEqual({
      fees_amount_cents: 30000,
      progressive_billing_credit_amount_cents: 8000,
      coupons_amount_cents: 0,
      sub_total_excluding_taxes_amount_cents: 22000,
      taxes_amount_cents: 2200,
      sub_total_including_taxes_amount_cents: 24200,
      credit_notes_amount_cents: 0,
      prepaid_credit_amount_cents: 19400,
      total_amount_cents: 4800,
    });
    expect(invoice.payment_status).toBe('pending');
  });

  it('a draft takes the progressive credit but no wallet (§1 "Draft invoices", open question 14)', () => {
    const draft = ok(previewInvoice({ ...issue7(), status: 'draft' }));
    expect(draft.invoice.progressive_billing_credit_amount_cents).toBe(8000);
    expect(draft.invoice.prepaid_credit_amount_cents).toBe(0);
    expect(draft.invoice.total_amount_cents).toBe(24200);
    expect(draft.wallets.map((w) => w.balance_cents)).toEqual([10000, 15000]);
    expect(draft.wallet_transactions).toEqual([]);
  });

  it('wallets that cover everything settle the invoice: total 0, payment succeeded', () => {
    const rich = ok(
      previewInvoice({ ...issue7(), wallets: [wallet({ code: 'big', balance_cents: 100000 })] }),
    );
    expect(rich.invoice.prepaid_credit_amount_cents).toBe(24200);
    expect(rich.invoice.total_amount_cents).toBe(0);
    expect(rich.invoice.payment_status).toBe('succeeded');
    expect(rich.invoice.credits.every((c) => c.invoice.payment_status === 'succeeded')).toBe(true);
    expect(rich.wallets[0]?.balance_cents).toBe(75800);
  });
});

describe('previewInvoice: the worked example "with all types of credits" (invoicing.md §1)', () => {
  // Fees: subscription 10000; BM1..BM4 1000, 2000, 3000, 4000; a fixed charge 10000.
  const metrics = ['bm1', 'bm2', 'bm3', 'bm4'];
  const billed = plan({
    amount_cents: 10000,
    charges: metrics.map((code) => charge(code, 'standard', { amount: '1' })),
    fixed_charges: [fixedCharge('platform', 'standard', { amount: '100' }, 1)],
  });
  const sub = subscription();
  const example = {
    customer: customer(),
    subscriptions: [{ subscription: sub, plan: billed }],
    billableMetrics: metrics.map((code) => metric(code, 'sum_agg', 'value')),
    events: metrics.map((code, i) => event(code, '2025-03-05T00:00:00Z', { value: (i + 1) * 10 })),
    // Tax 10 %.
    taxes: { customer: [tax('vat10', 10)] },
    // Coupon A: 50 % limited to BM1; coupon B: 10.00, unlimited.
    appliedCoupons: [
      coupon({ code: 'coupon_b', amountCents: 1000 }),
      coupon({ code: 'coupon_a', percent: '50', metrics: ['bm1'] }),
    ],
    // A credit note with 10.00 available.
    creditNotes: [creditNote(1000)],
    // A wallet limited to charge fees.
    wallets: [wallet({ code: 'charges', balance_cents: 100000, fee_types: ['charge'] })],
    // A progressive-billing invoice earlier in the period billed BM3 for 3000.
    progressiveBilling: {
      invoices: [
        progressiveInvoice({
          name: 'bm3',
          subscription: sub,
          plan: billed,
          charges_from: MARCH_FROM,
          charges_to: MARCH_TO,
          fee: { metric: 'bm3', amount_cents: 3000 },
          issuing_date: '2025-03-10',
          created_at: '2025-03-10T00:00:00Z',
        }),
      ],
    },
    now: '2025-03-20T00:00:00Z',
  };
  const preview = ok(previewInvoice(example));

  it('fees 30000 (subscription 10000, charges 1000/2000/3000/4000, fixed charge 10000)', () => {
    expect(preview.invoice.fees.map((f) => [f.item.type, f.item.code, f.amount_cents])).toEqual([
      ['subscription', 'pro', 10000],
      ['fixed_charge', 'platform', 10000],
      ['charge', 'bm1', 1000],
      ['charge', 'bm2', 2000],
      ['charge', 'bm3', 3000],
      ['charge', 'bm4', 4000],
    ]);
    expect(dec(feeOf(preview, 'charge', 'bm3').precise_coupons_amount_cents)).toBe('3000');
    expect(feeOf(preview, 'charge', 'bm3').svc_charge_id).toBe(chargeId('bm3'));
  });

  it('coupon A 500 on BM1, coupon B 1000 on 30000 - 3000 - 500 = 26500 (§1 steps 3 and 4)', () => {
    expect(
      preview.coupon_outcomes.map((o) => [o.coupon_code, dec(o.base_amount_cents), o.amount_cents]),
    ).toEqual([
      ['coupon_a', '1000', 500],
      ['coupon_b', '26500', 1000],
    ]);
  });

  it('sub total 25500, tax 2550, 28050, credit note 1000 -> 27050, charge-only wallet 6635 -> 20415', () => {
    expect(totals(preview.invoice)).toEqual({
      fees_amount_cents: 30000,
      progressive_billing_credit_amount_cents: 3000,
      coupons_amount_cents: 1500,
      sub_total_excluding_taxes_amount_cents: 25500,
      taxes_amount_cents: 2550,
      sub_total_including_taxes_amount_cents: 28050,
      credit_notes_amount_cents: 1000,
      // The wallet's cap is the charge fees' net + precise taxes - credit-note share, 6634.9..
      // (reference 6634.92; see docs/semantics.md), rounded to 6635.
      prepaid_credit_amount_cents: 6635,
      total_amount_cents: 20415,
    });
    expect(preview.credit_notes[0]).toMatchObject({
      balance_amount_cents: 0,
      credit_status: 'consumed',
    });
    expect(preview.wallets[0]?.balance_cents).toBe(100000 - 6635);
  });
});
