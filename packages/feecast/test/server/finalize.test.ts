// PUT /invoices/{svc_id}/finalize with the engine's money stages (invoicing.md §1, §2, §4,
// §5, §6): the example draft (fees 100.00 subscription + 15.40 cpu, USD, customer hooli_1234)
// gets the customer's coupons, VAT, its available credit note (18.48) and prepaid credits; the
// coupons, the credit note and the wallet it uses are updated in the state and logged.
import type { ActivityLog, AppliedCoupon, Invoice, Plan, Tax, Uuid } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduce } from '../../src/server/routes/reducer';
import { asTimestamp } from '../../src/server/state/brands';
import type { ServerState } from '../../src/server/state/state';
import { example, exampleWith, expectSuccess, NOW, serverPerTest } from './builders';

const DRAFT = '2d2c0d0e-7b1a-4f3e-8c5d-6a9b0e1f2a3b';
const WALLET = '66a81770-c736-48e0-9785-c276e2366448';
const CREDIT_NOTE = '05805d2a-9ebf-4c41-93ec-b70778317962';
const FINALIZE = `/api/v1/invoices/${DRAFT}/finalize`;

const start = serverPerTest();

/** Finalizes the example draft in `state` through the reducer, at the test clock. */
function finalizeIn(state: ServerState) {
  return reduce(
    state,
    { method: 'PUT', path: FINALIZE, query: '', body: '{}', origin: 'http://127.0.0.1:1' },
    asTimestamp(NOW),
  );
}

/** The amounts of a finalized invoice, in the order of the invoice identity (§1). */
function amounts(invoice: Invoice) {
  return [
    invoice.status,
    invoice.fees_amount_cents,
    invoice.progressive_billing_credit_amount_cents,
    invoice.coupons_amount_cents,
    invoice.sub_total_excluding_taxes_amount_cents,
    invoice.taxes_amount_cents,
    invoice.sub_total_including_taxes_amount_cents,
    invoice.credit_notes_amount_cents,
    invoice.prepaid_credit_amount_cents,
    invoice.total_amount_cents,
  ];
}

/** The example state with its credit note given to another customer. */
function withoutCreditNotes(): ServerState {
  const state = example();
  return {
    ...state,
    credit_notes: state.credit_notes.map((note) => ({
      ...note,
      customer: { ...note.customer, svc_id: 'ab000000-0000-4000-8000-000000000001' as Uuid },
    })),
  };
}

describe('finalize: coupons, taxes, credit notes and prepaid credits (invoicing.md §1)', () => {
  it('fees 115.40 − coupons 16.04 + VAT 19.87 − credit note 18.48 − wallet 10.00 = 90.75', async () => {
    // Fees: 10000 + 1540 = 11540 (a draft carries no credits, §1: they apply now).
    // §4.2 order: plan-limited `startup_deal` first (fixed, once, 5.00 remaining) → 500;
    // then `spring_10`, 10 % of the running sub-total 11540 − 500 = 11040 → 1104.
    // Coupons 1604; sub-total 9936; §2 VAT 20 % → 1987.2 → 1987; with taxes 11923.
    // §5 the customer's available credit note (balance 1848, USD, issued on another invoice)
    // gives min(1848, 11923) = 1848 → 10075.
    // §6.5 the wallet (10.00 credits at rate 1, applies to charges) pays 1000 of the cpu fee:
    // its cap, net of coupons (≈1325.95) plus tax (≈265.19) less its credit-note share
    // (1848 × 1591.14 / 11923.2 ≈ 246.61), is ≈1344.52, above 10.00: total 9075, all of it due.
    const t = await start();
    const invoice = expectSuccess(await t.call('PUT', FINALIZE, {}), 'finalizeInvoice').invoice;
    expect(amounts(invoice)).toEqual([
      'finalized',
      11540,
      0,
      1604,
      9936,
      1987,
      11923,
      1848,
      1000,
      9075,
    ]);
    expect([
      invoice.total_due_amount_cents,
      invoice.total_paid_amount_cents,
      invoice.payment_status,
    ]).toEqual([9075, 0, 'pending']);
    expect(invoice.credits.map((c) => [c.item.type, c.item.code, c.amount_cents]).sort()).toEqual([
      ['coupon', 'spring_10', 1104],
      ['coupon', 'startup_deal', 500],
      ['credit_note', 'LAG-1234-001-002-CN001', 1848],
    ]);
    // Fees are answered as wire fees: the engine's working credit-note share is not a field.
    for (const fee of invoice.fees)
      expect(fee).not.toHaveProperty('precise_credit_notes_amount_cents');
  });

  it('without an available credit note: 115.40 − 16.04 + 19.87 − 10.00 = 109.23', async () => {
    // The same figures as above up to 11923; the only credit note is another customer's.
    const t = await start({ state: withoutCreditNotes() });
    const invoice = expectSuccess(await t.call('PUT', FINALIZE, {}), 'finalizeInvoice').invoice;
    expect(amounts(invoice)).toEqual([
      'finalized',
      11540,
      0,
      1604,
      9936,
      1987,
      11923,
      0,
      1000,
      10923,
    ]);
  });

  it('a draft keeps the progressive-billing credit its fees were created with (§1 step 3, §3.3)', () => {
    // The cpu fee (1540) was fully credited by a progressive-billing invoice: share 1540 on it.
    // Coupons (§4.3): `startup_deal`, plan-limited, base Σ nets 10000 + 0 → 500; `spring_10`
    // 10 % of 11540 − 1540 − 500 = 9500 → 950. Coupons 1450, sub-total 8550, VAT 1710, 10260;
    // credit note 1848 → 8412. The wallet applies to charges only, and the cpu fee owes
    // nothing: no prepaid credit, the wallet is untouched.
    const state = example();
    const invoices = state.invoices.map((invoice) =>
      invoice.svc_id !== DRAFT
        ? invoice
        : {
            ...invoice,
            progressive_billing_credit_amount_cents:
              1540 as Invoice['progressive_billing_credit_amount_cents'],
            credits: [],
            fees: invoice.fees.map((fee) => ({
              ...fee,
              precise_coupons_amount_cents: (fee.item.type === 'charge'
                ? '1540.0'
                : '0.0') as Invoice['fees'][number]['precise_coupons_amount_cents'],
            })),
          },
    );
    const { state: next, response } = finalizeIn({ ...state, invoices });
    expect(response.status).toBe(200);
    const invoice = (response.body as { invoice: Invoice }).invoice;
    expect(amounts(invoice)).toEqual([
      'finalized',
      11540,
      1540,
      1450,
      8550,
      1710,
      10260,
      1848,
      0,
      8412,
    ]);
    expect(next.wallets).toEqual(state.wallets);
    expect(next.activity_logs.map((log) => log.activity_type)).not.toContain('wallet.updated');
  });

  it('the invoice identity holds: total = fees − coupons + taxes − prepaid credits', async () => {
    const t = await start();
    const i = expectSuccess(await t.call('PUT', FINALIZE, {}), 'finalizeInvoice').invoice;
    expect(i.credit_notes_amount_cents).toBeGreaterThan(0);
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

  it('the state keeps what the invoice consumed: coupons terminated, credit note consumed, wallet emptied, one outbound transaction', () => {
    const state = example();
    const { state: next, response } = finalizeIn(state);
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
      [WALLET, 'outbound', '10.0'],
    ]);
    // §5: the note's balance 1848 is all used: 0, `consumed`.
    const note = next.credit_notes.find((n) => n.svc_id === CREDIT_NOTE);
    expect([note?.balance_amount_cents, note?.credit_status]).toEqual([0, 'consumed']);
  });

  it('logs every change: the invoice, the coupons it terminated, the wallet, its new transaction and the granted credits it consumed', () => {
    const state = example();
    const { state: next } = finalizeIn(state);
    const logs = next.activity_logs.slice(state.activity_logs.length);
    const byType = (type: string) => logs.filter((log) => log.activity_type === type);
    expect(logs.map((log) => [log.activity_type, log.resource_type]).sort()).toEqual([
      ['applied_coupon.deleted', 'AppliedCoupon'],
      ['applied_coupon.deleted', 'AppliedCoupon'],
      ['invoice.created', 'Invoice'],
      ['wallet.updated', 'Wallet'],
      ['wallet_transaction.created', 'WalletTransaction'],
      ['wallet_transaction.updated', 'WalletTransaction'],
    ]);
    for (const log of logs) {
      expect([log.activity_source, log.external_customer_id, log.logged_at]).toEqual([
        'api',
        'hooli_1234',
        NOW,
      ]);
    }
    const changes = (log: ActivityLog | undefined) =>
      log?.activity_object_changes as Record<string, [unknown, unknown]> | undefined;
    const [invoiceLog] = byType('invoice.created');
    expect(changes(invoiceLog)?.status).toEqual(['draft', 'finalized']);
    expect(changes(invoiceLog)?.total_amount_cents?.[1]).toBe(9075);
    const [walletLog] = byType('wallet.updated');
    expect([walletLog?.resource_id, changes(walletLog)?.balance_cents]).toEqual([
      WALLET,
      [1000, 0],
    ]);
    const [transactionLog] = byType('wallet_transaction.created');
    expect(changes(transactionLog)?.amount).toEqual([null, '10.0']);
    // §6.5: inside the wallet granted credits go before purchased ones; the granted
    // transaction's 10.00 remaining are all used.
    const [fundingLog] = byType('wallet_transaction.updated');
    expect([fundingLog?.resource_id, changes(fundingLog)?.remaining_amount_cents]).toEqual([
      '0d2e13ab-a486-43bf-9043-f936979af6f4',
      [1000, 0],
    ]);
    expect(
      byType('applied_coupon.deleted').map((log) => [
        (log.activity_object as AppliedCoupon).coupon_code,
        changes(log)?.status,
      ]),
    ).toEqual([
      ['startup_deal', ['active', 'terminated']],
      ['spring_10', ['active', 'terminated']],
    ]);
  });

  it('the logs of a finalization are served by GET /activity_logs', async () => {
    const t = await start();
    expectSuccess(await t.call('PUT', FINALIZE, {}), 'finalizeInvoice');
    const answer = await t.call(
      'GET',
      '/api/v1/activity_logs?activity_types[]=invoice.created&activity_types[]=wallet.updated&activity_types[]=wallet_transaction.created&activity_types[]=applied_coupon.deleted',
    );
    expect(expectSuccess(answer, 'listActivityLogs').meta.total_count).toBe(5);
    const updated = await t.call(
      'GET',
      '/api/v1/activity_logs?activity_types[]=wallet_transaction.updated',
    );
    expect(expectSuccess(updated, 'listActivityLogs').meta.total_count).toBe(1);
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
    const note = await t.call('GET', `/api/v1/credit_notes/${CREDIT_NOTE}`);
    expect(expectSuccess(note, 'getCreditNote').credit_note.balance_amount_cents).toBe(1848);
    // One log, the invoice's: nothing else changed.
    const logs = await t.call('GET', '/api/v1/activity_logs');
    expect(expectSuccess(logs, 'listActivityLogs').meta.total_count).toBe(
      state.activity_logs.length + 1,
    );
    const own = await t.call('GET', `/api/v1/activity_logs?resource_ids[]=${DRAFT}`);
    expect(
      expectSuccess(own, 'listActivityLogs').activity_logs.map((log) => log.activity_type),
    ).toEqual(['invoice.failed']);
  });

  it('coupons never make a total negative, and the invoice identity holds, whatever the coupon amounts', () => {
    const state = example();
    const finalize = (coupons: readonly AppliedCoupon[]) =>
      finalizeIn({ ...state, applied_coupons: coupons });
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
              i.credit_notes_amount_cents -
              i.prepaid_credit_amount_cents,
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
