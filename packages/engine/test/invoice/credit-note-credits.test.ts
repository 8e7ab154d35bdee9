import { describe, expect, it } from 'vitest';
import { type AvailableCreditNoteInput, consumeCreditNotes } from '../../src/invoice/index';
import { creditNote, EUR, failure, fee, INVOICE_ID, ok } from './builders';

const invoiceOwing = (
  total: number,
  fees = [fee('subscription', 60), fee('subscription', 40)],
) => ({
  svc_id: INVOICE_ID,
  currency: EUR,
  total_amount_cents: total,
  fees,
});

describe('consumeCreditNotes: reference figures (invoicing.md §5)', () => {
  it('total 100, fees 60/40, credit notes 20 then 50: credits 20 and 50, fee shares 42 and 28 (credit_note_service_spec :89)', () => {
    const older = creditNote(20, { createdDay: 1 });
    const newer = creditNote(50, { createdDay: 2 });
    const result = ok(consumeCreditNotes(invoiceOwing(100), [newer, older]));
    expect(result.credits.map((c) => [c.svc_credit_note_id, c.amount_cents])).toEqual([
      [older.svc_id, 20],
      [newer.svc_id, 50],
    ]);
    expect(result.credit_notes_amount_cents).toBe(70);
    expect(result.fees.map((f) => f.precise_credit_notes_amount_cents)).toEqual(['42.0', '28.0']);
    expect(result.credit_notes.map((n) => [n.balance_amount_cents, n.credit_status])).toEqual([
      [0, 'consumed'],
      [0, 'consumed'],
    ]);
  });

  it('total 10: 10 from the first credit note, whose balance keeps 10 (:171)', () => {
    const first = creditNote(20, { createdDay: 1 });
    const second = creditNote(50, { createdDay: 2 });
    const result = ok(consumeCreditNotes(invoiceOwing(10), [first, second]));
    expect(result.credits.map((c) => c.amount_cents)).toEqual([10]);
    expect(result.credit_notes[0]).toMatchObject({
      balance_amount_cents: 10,
      credit_status: 'available',
    });
    expect(result.credit_notes[1]).toBe(second);
  });
});

describe('consumeCreditNotes: which notes and how', () => {
  it('uses only available notes in the invoice currency, not issued on this invoice', () => {
    const notes = [
      creditNote(10, { currency: 'USD' }),
      creditNote(10, { invoice: INVOICE_ID }),
      { ...creditNote(10), credit_status: 'consumed' as const },
      creditNote(0),
      creditNote(10, { createdDay: 3 }),
    ];
    const result = ok(consumeCreditNotes(invoiceOwing(100), notes));
    expect(result.credits.map((c) => c.svc_credit_note_id)).toEqual([notes[4]?.svc_id]);
    expect(result.credit_notes.slice(0, 4)).toEqual(notes.slice(0, 4));
  });

  it('spreads each credit in proportion to what each fee still owes after taxes', () => {
    // Fee A owes 100 + 20 tax - 30 coupon = 90; fee B owes 30.
    const a = fee('subscription', 100, { preciseCoupons: '30', extra: { taxes_amount_cents: 20 } });
    const b = fee('subscription', 30);
    const result = ok(consumeCreditNotes(invoiceOwing(120, [a, b]), [creditNote(40)]));
    expect(result.fees.map((f) => f.precise_credit_notes_amount_cents)).toEqual(['30.0', '10.0']);
  });

  it('says which credit note it cannot read', () => {
    // As untyped JSON could carry it.
    const broken = {
      ...creditNote(10),
      created_at: 'yesterday',
    } as unknown as AvailableCreditNoteInput;
    expect(failure(consumeCreditNotes(invoiceOwing(10), [broken]))).toMatchObject({
      code: 'invalid_timestamp',
      path: ['credit_notes', '0', 'created_at'],
    });
  });
});
