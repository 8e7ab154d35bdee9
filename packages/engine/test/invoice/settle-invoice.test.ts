/**
 * An invoice's settlement (invoicing.md §1 steps 4-8): the totals (coupons, taxes, credit
 * notes) then the wallets, the one money flow `previewInvoice` and the server's finalization
 * share.
 */
import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../src/core/index';
import { keptDecimal } from '../../src/fees/fee-decimals';
import { computeInvoiceTotals } from '../../src/invoice/compute-invoice-totals';
import { settleInvoice, settleOwnedInvoice } from '../../src/invoice/settle-invoice';
import { applyWallets } from '../../src/invoice/wallets/apply-wallets';
import { tax } from './builders';
import { creditNote, fee, invoice, leftOf, rightOf, uuid, wallet } from './wallets/builders';

const AT = '2025-02-01T00:00:00Z';
const subscriptionFee = fee({ name: 'sub', type: 'subscription', amount_cents: 3500 });
const chargeFee = fee({ name: 'bm', code: 'bm', amount_cents: 1500 });
const draft = invoice({ fees: [subscriptionFee, chargeFee] });
const earlier = invoice({ name: 'earlier', fees: [fee({ name: 'old', amount_cents: 2000 })] });
const earlierFee = earlier.fees[0];
if (earlierFee === undefined) throw new Error('the earlier invoice has a fee');
const note = creditNote({
  name: 'cn',
  invoice: earlier,
  items: [{ fee: earlierFee, amount_cents: 1000 }],
  credit_amount_cents: 1000,
});
const prepaid = wallet({ name: 'prepaid', balance_cents: 2000 });
const options = {
  appliedCoupons: [],
  taxSources: {
    customer: [tax('vat', 20)],
    subscriptions: [
      {
        subscription: { svc_id: uuid('subscription:main') },
        plan: { code: 'p', charges: [{ svc_id: uuid('charge:bm') }] },
      },
    ],
  },
  creditNotes: [note],
  wallets: [prepaid],
  at: AT,
  finalizing: true,
};

describe('settleInvoice', () => {
  it('taxes, then the credit note, then the wallet: fees 50.00 -> total 30.00', () => {
    const settled = rightOf(settleInvoice(draft, options));
    // Fees 3500 + 1500 = 5000; VAT 20 %: 1000; with taxes 6000; the credit note takes its
    // 1000 (6000 - 1000 = 5000); the wallet pays its 2000: 5000 - 2000 = 3000 due.
    expect(settled.invoice).toMatchObject({
      fees_amount_cents: 5000,
      taxes_amount_cents: 1000,
      sub_total_including_taxes_amount_cents: 6000,
      credit_notes_amount_cents: 1000,
      prepaid_credit_amount_cents: 2000,
      total_amount_cents: 3000,
    });
    expect(settled.credit_notes.map((c) => [c.balance_amount_cents, c.credit_status])).toEqual([
      [0, 'consumed'],
    ]);
    expect(settled.wallets.map((w) => w.balance_cents)).toEqual([0]);
    expect(settled.wallet_transactions).toHaveLength(1);
    expect(settled.taxes_rate).toBe(20);
  });

  it('is the totals, then the wallets on the totaled invoice', () => {
    const totals = rightOf(
      computeInvoiceTotals(draft, {
        appliedCoupons: [],
        taxSources: options.taxSources,
        creditNotes: options.creditNotes,
        now: AT,
      }),
    );
    const paid = rightOf(applyWallets(totals.invoice, [prepaid], { at: AT, finalizing: true }));
    const settled = rightOf(settleInvoice(draft, options));
    expect(settled.invoice).toEqual(paid.invoice);
    expect(settled.wallets).toEqual(paid.wallets);
    expect(settled.credit_notes).toEqual(totals.credit_notes);
    expect(settled.coupon_outcomes).toEqual(totals.coupon_outcomes);
  });

  it('a draft is taxed but neither credited nor paid by wallets', () => {
    const settled = rightOf(
      settleInvoice({ ...draft, status: 'draft' }, { ...options, finalizing: false }),
    );
    expect(settled.invoice).toMatchObject({
      taxes_amount_cents: 1000,
      credit_notes_amount_cents: 0,
      prepaid_credit_amount_cents: 0,
      total_amount_cents: 6000,
    });
    expect(settled.wallet_transactions).toEqual([]);
  });

  it('a stage that fails is the Left, with its path', () => {
    const failed = leftOf(settleInvoice(draft, { ...options, at: 'yesterday' }));
    expect(failed.path).toEqual(['options', 'at']);
  });
});

describe('settleOwnedInvoice', () => {
  // A new invoice on each call, its fees new objects: the owned settlement may write on them.
  const fresh = () =>
    invoice({
      fees: [
        fee({ name: 'sub', type: 'subscription', amount_cents: 3500 }),
        fee({ name: 'bm', code: 'bm', amount_cents: 1500 }),
      ],
    });
  const cases = [
    ['taxes, a credit note and a wallet', options],
    [
      'no taxes and no credit note (a backtest)',
      {
        ...options,
        taxSources: { subscriptions: options.taxSources.subscriptions },
        creditNotes: [],
      },
    ],
    ['a draft', { ...options, finalizing: false }],
  ] as const;

  it.each(cases)('%s: what settleInvoice gives, field for field and in order', (_, given) => {
    const copied = fresh();
    const byCopy = rightOf(settleInvoice(copied, given));
    // settleInvoice leaves its input as it was.
    expect(copied).toEqual(fresh());
    const owned = rightOf(settleOwnedInvoice(fresh(), given));
    expect(JSON.stringify(owned)).toBe(JSON.stringify(byCopy));
  });

  it("with nothing to consume, the fees are the invoice's own, their decimals kept", () => {
    const own = fresh();
    const settled = rightOf(settleOwnedInvoice(own, { ...options, creditNotes: [] }));
    expect(settled.invoice.fees).toHaveLength(2);
    for (const [i, settledFee] of settled.invoice.fees.entries()) {
      expect(settledFee).toBe(own.fees[i]);
      // VAT 20 % of 35.00 and 15.00.
      expect(settledFee.taxes_amount_cents).toBe([700, 300][i]);
      expect(settledFee).toHaveProperty('precise_credit_notes_amount_cents', '0.0');
      const kept = keptDecimal(settledFee, 'precise_credit_notes_amount_cents');
      expect(kept === undefined ? 'none kept' : formatDecimal(kept)).toBe('0');
    }
  });
});
