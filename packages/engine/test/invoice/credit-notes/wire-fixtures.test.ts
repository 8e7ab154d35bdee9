/**
 * The adjustments on the real payloads of the shared wire fixtures: the finalized invoice
 * (`response.invoice.json`), its credit note (`response.credit_note.json`) and a wallet
 * (`response.wallet.json`).
 */
import { CreditNote, Invoice, Wallet } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import {
  estimateCreditNote,
  invoiceCreditableAmounts,
} from '../../../src/invoice/credit-notes/index';
import { ongoingBalance } from '../../../src/invoice/wallets/index';
import { fixture, rightOf } from '../wallets/builders';

const invoice = fixture('response.invoice.json', 'invoice', Invoice);
const note = fixture('response.credit_note.json', 'credit_note', CreditNote);

describe('wire fixtures', () => {
  it('§9.2 on the fixture invoice: crediting its CPU charge fee (15.40 at 20%) gives the fixture credit note', () => {
    const item = note.items[0];
    if (item?.fee.svc_id == null)
      throw new Error('the fixture credit note has an item with a fee id');
    const { credit_note } = rightOf(
      estimateCreditNote({
        invoice,
        items: [{ fee_id: item.fee.svc_id, amount_cents: item.amount_cents }],
        now: note.created_at,
      }),
    );
    expect(credit_note).toMatchObject({
      number: note.number,
      svc_invoice_id: note.svc_invoice_id,
      sub_total_excluding_taxes_amount_cents: note.sub_total_excluding_taxes_amount_cents,
      taxes_amount_cents: note.taxes_amount_cents,
      total_amount_cents: note.total_amount_cents,
      credit_amount_cents: note.credit_amount_cents,
      balance_amount_cents: note.balance_amount_cents,
      coupons_adjustment_amount_cents: note.coupons_adjustment_amount_cents,
      taxes_rate: note.taxes_rate,
      credit_status: 'available',
    });
    expect(credit_note.applied_taxes[0]).toMatchObject({
      tax_code: 'french_standard_vat',
      base_amount_cents: 1540,
      amount_cents: 308,
    });
  });

  it('§9.6 on the fixture invoice: 90.00 + 15.40 net of the 10.00 coupon, plus 20% -> 126.48', () => {
    // (10000 − 1000) + 1540 = 10540; 20% of it = 2108.
    expect(rightOf(invoiceCreditableAmounts({ invoice })).creditable_amount_cents).toBe(12_648);
  });

  it('§6.6 on the fixture wallet: 10.00 balance and 2.00 of usage read as its 8.00 ongoing balance', () => {
    const wallet = fixture('response.wallet.json', 'wallet', Wallet);
    const refreshed = rightOf(
      ongoingBalance({ wallet, usage_amount_cents: wallet.ongoing_usage_balance_cents }),
    );
    expect(refreshed.ongoing_balance_cents).toBe(wallet.ongoing_balance_cents);
    expect(Number(refreshed.credits_ongoing_balance)).toBe(Number(wallet.credits_ongoing_balance));
  });
});
