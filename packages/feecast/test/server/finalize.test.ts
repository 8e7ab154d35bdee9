// PUT /invoices/{svc_id}/finalize with the engine's money stages (invoicing.md §1, §2, §4,
// §6): the example draft (fees 100.00 subscription + 15.40 cpu, USD, customer hooli_1234)
// gets the customer's coupons, VAT and prepaid credits; the coupons and the wallet it uses
// are updated in the state.
import type { AppliedCoupon, Invoice, Plan, Tax } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asTimestamp } from '../../src/server/brands';
import { reduce } from '../../src/server/reducer';
import { example, exampleWith, expectSuccess, NOW, serverPerTest } from './builders';

const DRAFT = '2d2c0d0e-7b1a-4f3e-8c5d-6a9b0e1f2a3b';
const WALLET = '66a81770-c736-48e0-9785-c276e2366448';
const FINALIZE = `/api/v1/invoices/${DRAFT}/finalize`;

const start = serverPerTest();

describe('finalize: coupons, taxes and prepaid credits (invoicing.md §1)', () => {
  it('fees 115.40 − coupons 16.04 + VAT 19.87 − wallet 10.00 = 109.23', async () => {
    // Fees: 10000 + 1540 = 11540 (a draft carries no credits, §1: they apply now).
    // §4.2 order: plan-limited `startup_deal` first (fixed, once, 5.00 remaining) → 500;
    // then `spring_10`, 10 % of the running sub-total 11540 − 500 = 11040 → 1104.
    // Coupons 1604; sub-total 9936; §2 VAT 20 % → 1987.2 → 1987; with taxes 11923.
    // §6 the wallet (10.00 credits at rate 1, applies to charges) pays 1000 of the cpu fee
    // (its cap, net of coupons plus tax, is above 10.00): total 10923, all of it due.
    const t = await start();
    const invoice = expectSuccess(await t.call('PUT', FINALIZE, {}), 'finalizeInvoice').invoice;
    expect([
      invoice.status,
      invoice.fees_amount_cents,
      invoice.coupons_amount_cents,
      invoice.sub_total_excluding_taxes_amount_cents,
      invoice.taxes_amount_cents,
      invoice.sub_total_including_taxes_amount_cents,
      invoice.prepaid_credit_amount_cents,
      invoice.total_amount_cents,
      invoice.total_due_amount_cents,
      invoice.total_paid_amount_cents,
      invoice.payment_status,
    ]).toEqual(['finalized', 11540, 1604, 9936, 1987, 11923, 1000, 10923, 10923, 0, 'pending']);
    expect(invoice.credits.map((c) => [c.item.code, c.amount_cents]).sort()).toEqual([
      ['spring_10', 1104],
      ['startup_deal', 500],
    ]);
  });

  it('the invoice identity holds: total = fees − coupons + taxes − prepaid credits', async () => {
    const t = await start();
    const i = expectSuccess(await t.call('PUT', FINALIZE, {}), 'finalizeInvoice').invoice;
    expect(i.sub_total_excluding_taxes_amount_cents).toBe(
      i.fees_amount_cents - i.progressive_billing_credit_amount_cents - i.coupons_amount_cents,
    );
    expect(i.total_amount_cents).toBe(
      i.sub_total_excluding_taxes_amount_cents +
        i.taxes_amount_cents -
        i.credit_notes_amount_cents -
        i.prepaid_credit_amount_cents,
    );
  });

  it('the state keeps what the invoice consumed: coupons terminated, wallet emptied, one outbound transaction', () => {
    const state = example();
    const { state: next, response } = reduce(
      state,
      { method: 'PUT', path: FINALIZE, query: '', body: '{}', origin: 'http://127.0.0.1:1' },
      asTimestamp(NOW),
    );
    expect(response.status).toBe(200);
    // §4.3: a fixed `once` coupon ends when its credit reaches what remained; `spring_10` had
    // one recurring use left.
    expect(
      next.applied_coupons.map((a) => [a.coupon_code, a.status, a.frequency_duration_remaining]),
    ).toEqual([
      ['startup_deal', 'terminated', 1],
      ['spring_10', 'terminated', 0],
    ]);
    const wallet = next.wallets.find((w) => w.svc_id === WALLET);
    expect([wallet?.balance_cents, wallet?.credits_balance]).toEqual([
      0,
      expect.stringMatching(/^0(\.0+)?$/),
    ]);
    const added = next.wallet_transactions.slice(state.wallet_transactions.length);
    expect(added.map((x) => [x.svc_wallet_id, x.transaction_type, x.amount])).toEqual([
      [WALLET, 'outbound', expect.stringMatching(/^10(\.0+)?$/)],
    ]);
  });

  it('a tax that cannot be computed leaves the invoice failed with a tax_error, coupons and wallets untouched', async () => {
    const state = example();
    const badRate = (plan: Plan): Plan => ({
      ...plan,
      taxes: plan.taxes?.map((tax) => ({ ...tax, rate: -20 as Tax['rate'] })) ?? null,
    });
    const t = await start({ state: exampleWith({ plans: state.plans.map(badRate) }) });
    const answer = await t.call('PUT', FINALIZE, {});
    const invoice: Invoice = expectSuccess(answer, 'finalizeInvoice').invoice;
    expect(invoice.status).toBe('failed');
    const detail = invoice.error_details.at(-1);
    expect([detail?.error_code, detail?.details.tax_error]).toEqual(['tax_error', 'invalid_input']);
    expect(detail?.details.tax_error_message).toMatch(/rate/);
    const coupons = await t.call('GET', '/api/v1/applied_coupons');
    expect(
      expectSuccess(coupons, 'listAppliedCoupons').applied_coupons.map((a) => a.status),
    ).toEqual(['active', 'active']);
  });

  it('coupons never make a total negative, and the invoice identity holds, whatever the coupon amounts', () => {
    const state = example();
    const finalize = (coupons: readonly AppliedCoupon[]) =>
      reduce(
        { ...state, applied_coupons: coupons },
        { method: 'PUT', path: FINALIZE, query: '', body: '{}', origin: 'http://127.0.0.1:1' },
        asTimestamp(NOW),
      );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 100 }),
        (remaining, rate) => {
          const coupons = state.applied_coupons.map((a) =>
            a.coupon_code === 'startup_deal'
              ? {
                  ...a,
                  amount_cents_remaining: remaining as AppliedCoupon['amount_cents'] & number,
                }
              : { ...a, percentage_rate: `${rate}.0` as AppliedCoupon['percentage_rate'] & string },
          );
          const { response } = finalize(coupons);
          expect(response.status).toBe(200);
          const i = (response.body as { invoice: Invoice }).invoice;
          expect(i.total_amount_cents).toBeGreaterThanOrEqual(0);
          expect(i.sub_total_excluding_taxes_amount_cents).toBeGreaterThanOrEqual(0);
          expect(i.coupons_amount_cents).toBeLessThanOrEqual(i.fees_amount_cents);
          expect(i.total_amount_cents).toBe(
            i.fees_amount_cents -
              i.coupons_amount_cents +
              i.taxes_amount_cents -
              i.prepaid_credit_amount_cents,
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
