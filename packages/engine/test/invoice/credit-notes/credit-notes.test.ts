/**
 * Credit notes (invoicing.md §9.1 to §9.8, open questions 7 and 16): every figure of the
 * sections, the validation errors, and the laws of a note's amounts.
 */
import type { Fee, Invoice } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  estimateCreditNote,
  invoiceCreditableAmounts,
  terminationCreditNote,
} from '../../../src/invoice/credit-notes/index';
import { appliedTax, creditNote, fee, invoice, leftOf, rightOf, wallet } from '../wallets/builders';

const vat20 = (amount: number, coupons = 0, name = `fee${amount}`) =>
  fee({
    name,
    code: name,
    amount_cents: amount,
    precise_coupons_amount_cents: String(coupons),
    taxes_rate: 20,
    taxes_precise_amount_cents: String(((amount - coupons) * 20) / 100),
    taxes_amount_cents: Math.round(((amount - coupons) * 20) / 100),
    applied_taxes: [appliedTax('vat', 20)],
  });
const idOf = (f: Fee | undefined) => f?.svc_id ?? 'missing';

describe('estimateCreditNote: the §9.4 example (fees 10 and 10 with coupon shares 5 and 5, 20% tax, items 10 + 5)', () => {
  const fees = [vat20(10, 5, 'a'), vat20(10, 5, 'b')];
  const inv = invoice({
    fees,
    coupons_amount_cents: 10,
    taxes_amount_cents: 2,
    payment_status: 'succeeded',
    total_paid_amount_cents: 12,
  });
  const items = [
    { fee_id: idOf(fees[0]), amount_cents: 10 },
    { fee_id: idOf(fees[1]), amount_cents: 5 },
  ];

  it('§9.2: coupons adjustment 7.5 -> 8, precise taxes 1.5, sub total 8, taxes rate 20', () => {
    const result = rightOf(estimateCreditNote({ invoice: inv, items }));
    expect(result).toMatchObject({
      precise_coupons_adjustment_amount_cents: '7.5',
      precise_taxes_amount_cents: '1.5',
    });
    expect(result.credit_note).toMatchObject({
      coupons_adjustment_amount_cents: 8,
      sub_total_excluding_taxes_amount_cents: 8,
      taxes_rate: 20,
      applied_taxes: [
        expect.objectContaining({ tax_code: 'vat', base_amount_cents: 8, amount_cents: 2 }),
      ],
      items: [
        expect.objectContaining({ amount_cents: 10, precise_amount_cents: '10' }),
        expect.objectContaining({ amount_cents: 5 }),
      ],
    });
    expect(result.credit_note.items[0]?.fee).not.toHaveProperty('applied_taxes');
  });

  it('§9.3 / open question 7 (deviation): the estimate reads as the note created from it: taxes 2, total 10 (reference estimate: taxes 1, total 9)', () => {
    const { credit_note, max_creditable_amount_cents, max_refundable_amount_cents } = rightOf(
      estimateCreditNote({ invoice: inv, items }),
    );
    expect([max_creditable_amount_cents, max_refundable_amount_cents]).toEqual([10, 10]);
    expect(credit_note).toMatchObject({
      taxes_amount_cents: 2,
      total_amount_cents: 10,
      credit_amount_cents: 10,
      balance_amount_cents: 10,
      refund_amount_cents: 0,
      credit_status: 'available',
      refund_status: null,
    });
    // Creating it with that credit keeps it as it is: the estimate is the note's fixed point.
    const created = rightOf(
      estimateCreditNote({ invoice: inv, items, credit_amount_cents: 10 }),
    ).credit_note;
    expect([created.total_amount_cents, created.taxes_amount_cents]).toEqual([10, 2]);
  });

  it('§9.4: created with credit 6 / refund 3: total 9 -> 10, credit 7, refund 3, taxes 2', () => {
    const { credit_note } = rightOf(
      estimateCreditNote({ invoice: inv, items, credit_amount_cents: 6, refund_amount_cents: 3 }),
    );
    expect(credit_note).toMatchObject({
      total_amount_cents: 10,
      credit_amount_cents: 7,
      refund_amount_cents: 3,
      offset_amount_cents: 0,
      taxes_amount_cents: 2,
      balance_amount_cents: 7,
      credit_status: 'available',
      refund_status: 'pending',
    });
  });

  it("§9.1: the note is numbered after the invoice and its earlier notes, and dated in the customer's zone", () => {
    const earlier = creditNote({
      name: 'first',
      invoice: inv,
      items: [{ fee: fees[0] ?? vat20(1), amount_cents: 1 }],
      credit_amount_cents: 1,
    });
    const { credit_note } = rightOf(
      estimateCreditNote({
        invoice: inv,
        items: [{ fee_id: idOf(fees[1]), amount_cents: 5 }],
        credit_notes: [earlier],
        now: '2025-03-01T23:30:00Z',
      }),
    );
    expect(credit_note).toMatchObject({
      number: 'INV-main-CN002',
      sequential_id: 2,
      issuing_date: '2025-03-01',
      svc_invoice_id: inv.svc_id,
      invoice_number: 'INV-main',
    });
  });
});

describe('estimateCreditNote: validation (invoicing.md §9.5)', () => {
  const fees = [vat20(1000, 0, 'a'), vat20(500, 0, 'b')];
  const paid = invoice({ fees, payment_status: 'succeeded', total_paid_amount_cents: 1800 });
  const unpaid = invoice({ fees });

  it("§9.1: an unknown fee, a negative item, or items above the fee's creditable amount", () => {
    expect(
      leftOf(estimateCreditNote({ invoice: paid, items: [{ fee_id: 'nope', amount_cents: 1 }] })),
    ).toMatchObject({ code: 'unknown_fee', path: ['items', '0', 'fee_id'] });
    expect(
      leftOf(
        estimateCreditNote({ invoice: paid, items: [{ fee_id: idOf(fees[0]), amount_cents: -1 }] }),
      ),
    ).toMatchObject({ code: 'invalid_amount', path: ['items', '0', 'amount_cents'] });
    expect(
      leftOf(
        estimateCreditNote({
          invoice: paid,
          items: [{ fee_id: idOf(fees[1]), amount_cents: 501 }],
        }),
      ),
    ).toMatchObject({
      code: 'higher_than_remaining_fee_amount',
      path: ['items', '0', 'amount_cents'],
    });
    const earlier = creditNote({
      name: 'e',
      invoice: paid,
      items: [{ fee: fees[1] ?? vat20(1), amount_cents: 400 }],
      credit_amount_cents: 480,
    });
    expect(
      leftOf(
        estimateCreditNote({
          invoice: paid,
          credit_notes: [earlier],
          items: [{ fee_id: idOf(fees[1]), amount_cents: 101 }],
        }),
      ).code,
    ).toBe('higher_than_remaining_fee_amount');
    expect(leftOf(estimateCreditNote({ invoice: paid, items: [] })).code).toBe('invalid_input');
  });

  it('two items on one fee are checked together against it', () => {
    const twice = [
      { fee_id: idOf(fees[1]), amount_cents: 300 },
      { fee_id: idOf(fees[1]), amount_cents: 300 },
    ];
    expect(leftOf(estimateCreditNote({ invoice: paid, items: twice })).path).toEqual([
      'items',
      '1',
      'amount_cents',
    ]);
  });

  it('§9.5: a split that does not match the items by more than a cent', () => {
    const items = [{ fee_id: idOf(fees[0]), amount_cents: 1000 }];
    expect(
      rightOf(estimateCreditNote({ invoice: paid, items, credit_amount_cents: 1201 })).credit_note
        .total_amount_cents,
    ).toBe(1200);
    expect(
      leftOf(estimateCreditNote({ invoice: paid, items, credit_amount_cents: 1202 })),
    ).toMatchObject({ code: 'does_not_match_item_amounts' });
  });

  it('§9.5: a refund needs a payment, at most what was paid and not refunded yet', () => {
    const items = [{ fee_id: idOf(fees[0]), amount_cents: 1000 }];
    expect(
      leftOf(estimateCreditNote({ invoice: unpaid, items, refund_amount_cents: 1200 })),
    ).toMatchObject({ code: 'cannot_refund_unpaid_invoice', path: ['refund_amount_cents'] });
    const partly = invoice({ fees, payment_status: 'succeeded', total_paid_amount_cents: 1000 });
    expect(
      leftOf(estimateCreditNote({ invoice: partly, items, refund_amount_cents: 1200 })),
    ).toMatchObject({
      code: 'higher_than_remaining_invoice_amount',
      path: ['refund_amount_cents'],
    });
    expect(
      rightOf(
        estimateCreditNote({
          invoice: partly,
          items,
          refund_amount_cents: 1000,
          credit_amount_cents: 200,
        }),
      ).credit_note,
    ).toMatchObject({ refund_amount_cents: 1000, credit_amount_cents: 200 });
  });

  it('§9.5: an offset is at most what is unpaid; credits and totals at most what remains after earlier notes', () => {
    const items = [{ fee_id: idOf(fees[0]), amount_cents: 1000 }];
    const half = invoice({ fees, payment_status: 'pending', total_paid_amount_cents: 1000 });
    expect(
      leftOf(estimateCreditNote({ invoice: half, items, offset_amount_cents: 1200 })),
    ).toMatchObject({
      code: 'higher_than_remaining_invoice_amount',
      path: ['offset_amount_cents'],
    });
    expect(
      rightOf(
        estimateCreditNote({
          invoice: half,
          items,
          offset_amount_cents: 800,
          credit_amount_cents: 400,
        }),
      ).credit_note.offset_amount_cents,
    ).toBe(800);
    const earlier = creditNote({
      name: 'e',
      invoice: paid,
      items: [{ fee: fees[1] ?? vat20(1), amount_cents: 500 }],
      credit_amount_cents: 600,
    });
    expect(
      rightOf(
        estimateCreditNote({
          invoice: paid,
          credit_notes: [earlier],
          items,
          credit_amount_cents: 1200,
        }),
      ).credit_note.total_amount_cents,
    ).toBe(1200);
  });

  it('§9.5 / §9.6: drafts and invoices before version 2 cannot be credited', () => {
    const items = [{ fee_id: idOf(fees[0]), amount_cents: 10 }];
    expect(
      leftOf(estimateCreditNote({ invoice: invoice({ fees, status: 'draft' }), items })),
    ).toMatchObject({ code: 'invoice_not_creditable', path: ['invoice', 'status'] });
    expect(
      leftOf(estimateCreditNote({ invoice: invoice({ fees, version_number: 1 }), items })),
    ).toMatchObject({ code: 'invoice_not_creditable', path: ['invoice', 'version_number'] });
  });

  it('a taxed fee without its applied taxes is an error (its taxes could not be credited back)', () => {
    const bare = fee({ name: 'bare', amount_cents: 100, taxes_rate: 20, taxes_amount_cents: 20 });
    expect(
      leftOf(
        estimateCreditNote({
          invoice: invoice({ fees: [bare] }),
          items: [{ fee_id: idOf(bare), amount_cents: 100 }],
        }),
      ),
    ).toMatchObject({
      code: 'invalid_input',
      path: ['invoice', 'fees', '0', 'applied_taxes'],
    });
  });
});

describe("§9.3: the note that credits everything left absorbs the earlier notes' tax rounding", () => {
  it("fee 25 at 10%: a first note of 4 (tax 0.4 -> 0), then the last 21: 2.1 + 0.4 = 2.5 -> 3, so the notes' taxes add up to 3", () => {
    const f = fee({
      name: 'f',
      amount_cents: 25,
      taxes_rate: 10,
      taxes_precise_amount_cents: '2.5',
      taxes_amount_cents: 3,
      applied_taxes: [appliedTax('vat', 10)],
    });
    const inv = invoice({ fees: [f] });
    const first = creditNote({
      name: 'first',
      invoice: inv,
      items: [{ fee: f, amount_cents: 4 }],
      credit_amount_cents: 4,
      taxes_amount_cents: 0,
      precise_taxes_amount_cents: '0.4',
    });
    const last = rightOf(
      estimateCreditNote({
        invoice: inv,
        credit_notes: [first],
        items: [{ fee_id: idOf(f), amount_cents: 21 }],
      }),
    );
    expect(last.precise_taxes_amount_cents).toBe('2.5');
    expect(last.credit_note).toMatchObject({ taxes_amount_cents: 3, total_amount_cents: 24 });
    const notLast = rightOf(
      estimateCreditNote({
        invoice: inv,
        credit_notes: [first],
        items: [{ fee_id: idOf(f), amount_cents: 20 }],
      }),
    );
    expect(notLast.precise_taxes_amount_cents).toBe('2');
  });
});

describe('invoiceCreditableAmounts (invoicing.md §9.6)', () => {
  it('§9.6: a fee of 133 at 20% -> 160', () => {
    const inv = invoice({ fees: [vat20(133)], payment_status: 'succeeded' });
    expect(rightOf(invoiceCreditableAmounts({ invoice: inv }))).toMatchObject({
      creditable_amount_cents: 160,
      refundable_amount_cents: 160,
    });
  });

  it('§9.6: v3, a fee of 200 with coupons 20 -> 216; with a progressive-billing credit of 2 more -> 214', () => {
    // The coupon and progressive-billing shares sit in the fee's precise_coupons_amount_cents (§0).
    const coupons = invoice({
      fees: [vat20(200, 20)],
      coupons_amount_cents: 20,
      version_number: 3,
    });
    expect(rightOf(invoiceCreditableAmounts({ invoice: coupons })).creditable_amount_cents).toBe(
      216,
    );
    const progressive = invoice({
      fees: [vat20(200, 22)],
      coupons_amount_cents: 20,
      progressive_billing_credit_amount_cents: 2,
      version_number: 3,
    });
    expect(
      rightOf(invoiceCreditableAmounts({ invoice: progressive })).creditable_amount_cents,
    ).toBe(214);
  });

  it('§9.6: before version 3 coupons are not deducted; drafts and version 1 give 0; refunds lower what is refundable', () => {
    // v2: 200 + 20% of 200 (coupons were taken after taxes then).
    const v2 = invoice({ fees: [vat20(200, 20)], coupons_amount_cents: 20, version_number: 2 });
    expect(rightOf(invoiceCreditableAmounts({ invoice: v2 })).creditable_amount_cents).toBe(240);
    expect(
      rightOf(
        invoiceCreditableAmounts({ invoice: invoice({ fees: [vat20(133)], status: 'draft' }) }),
      ).creditable_amount_cents,
    ).toBe(0);
    expect(
      rightOf(
        invoiceCreditableAmounts({ invoice: invoice({ fees: [vat20(133)], version_number: 1 }) }),
      ).creditable_amount_cents,
    ).toBe(0);
    const paid = invoice({
      fees: [vat20(133)],
      payment_status: 'succeeded',
      total_paid_amount_cents: 100,
    });
    const refunded = creditNote({ name: 'r', invoice: paid, items: [], refund_amount_cents: 30 });
    expect(
      rightOf(invoiceCreditableAmounts({ invoice: paid, credit_notes: [refunded] }))
        .refundable_amount_cents,
    ).toBe(70);
    const credited = creditNote({
      name: 'c',
      invoice: paid,
      items: [{ fee: paid.fees[0] ?? vat20(1), amount_cents: 100 }],
      credit_amount_cents: 120,
    });
    expect(
      rightOf(invoiceCreditableAmounts({ invoice: paid, credit_notes: [credited] })),
    ).toMatchObject({ creditable_amount_cents: 40, fees: [{ creditable_amount_cents: 33 }] });
  });
});

describe('terminationCreditNote (invoicing.md §9.7)', () => {
  const subscriptionFee = (name: string) =>
    fee({
      ...vat20(3100, 0, name),
      type: 'subscription',
      name,
      code: name,
      from_date: '2022-10-01T00:00:00Z',
      to_date: '2022-10-31T23:59:59Z',
      plan_amount_cents: 3100,
    });
  const fees = [subscriptionFee('s1'), subscriptionFee('s2')];
  const inv = invoice({ fees, payment_status: 'pending', total_paid_amount_cents: 5580 });
  const terminate = (on: 'credit' | 'refund' | 'offset', extra = {}) =>
    rightOf(
      terminationCreditNote({
        invoice: inv,
        fee_id: idOf(fees[0]),
        terminated_at: '2022-10-15T12:00:00Z',
        on_termination_credit_note: on,
        ...extra,
      }),
    );

  it('§9.7: plan 31.00 a month, terminated on 15 October, 20% tax -> item 16.00, total 19.20', () => {
    const result = terminate('credit');
    expect(result?.credit_note).toMatchObject({
      items: [expect.objectContaining({ amount_cents: 1600 })],
      total_amount_cents: 1920,
      credit_amount_cents: 1920,
      taxes_amount_cents: 320,
    });
  });

  it('§9.7: an invoice of two such subscriptions with 55.80 paid -> refund 9.90, credit 9.30', () => {
    expect(terminate('refund')?.credit_note).toMatchObject({
      total_amount_cents: 1920,
      refund_amount_cents: 990,
      credit_amount_cents: 930,
      offset_amount_cents: 0,
    });
    expect(terminate('offset')?.credit_note).toMatchObject({
      total_amount_cents: 1920,
      refund_amount_cents: 990,
      credit_amount_cents: 0,
      offset_amount_cents: 930,
    });
  });

  it('§9.7: an upgrade leaves one unused day less; nothing is left to credit after an earlier note on the fee', () => {
    expect(terminate('credit', { upgrade: true })?.credit_note.items[0]?.amount_cents).toBe(1500);
    const earlier = creditNote({
      name: 'all',
      invoice: inv,
      items: [{ fee: fees[0] ?? vat20(1), amount_cents: 3100 }],
      credit_amount_cents: 3720,
    });
    expect(terminate('credit', { credit_notes: [earlier] })).toBeNull();
  });
});

describe('wallet top-up invoices (invoicing.md §9.8, open question 16)', () => {
  const topUpFee = fee({ name: 'credit', type: 'credit', amount_cents: 5000 });
  const topUp = invoice({
    fees: [topUpFee],
    invoice_type: 'credit',
    payment_status: 'succeeded',
    total_paid_amount_cents: 5000,
  });
  const funded = wallet({ name: 'funded', balance_cents: 8000, rate_amount: '10' });

  it('§9.8: refunding 12.00 at rate 10 voids 1.2 credits', () => {
    const result = rightOf(
      estimateCreditNote({
        invoice: topUp,
        wallet: funded,
        items: [{ fee_id: idOf(topUpFee), amount_cents: 1200 }],
      }),
    );
    expect(result.voided_credits).toBe('1.2');
    expect(result.credit_note).toMatchObject({
      refund_amount_cents: 1200,
      credit_amount_cents: 0,
      credit_status: null,
      refund_status: 'pending',
    });
  });

  it('open question 16 (deviation): the estimate of a 50.00 refund has total 50.00 (reference: total 0)', () => {
    const { credit_note } = rightOf(
      estimateCreditNote({
        invoice: topUp,
        wallet: funded,
        items: [{ fee_id: idOf(topUpFee), amount_cents: 5000 }],
      }),
    );
    expect(credit_note).toMatchObject({
      refund_amount_cents: 5000,
      credit_amount_cents: 0,
      total_amount_cents: 5000,
    });
  });

  it('§9.4 / §9.6: the refund of a top-up is at most what was paid and not refunded yet', () => {
    const partlyPaid = invoice({
      fees: [topUpFee],
      invoice_type: 'credit',
      payment_status: 'succeeded',
      total_paid_amount_cents: 3000,
    });
    const result = rightOf(
      estimateCreditNote({
        invoice: partlyPaid,
        wallet: funded,
        items: [{ fee_id: idOf(topUpFee), amount_cents: 5000 }],
      }),
    );
    expect(result).toMatchObject({
      max_creditable_amount_cents: 0,
      max_refundable_amount_cents: 3000,
      voided_credits: '3',
    });
    expect(result.credit_note).toMatchObject({
      refund_amount_cents: 3000,
      total_amount_cents: 3000,
    });
  });

  it('§9.5 / §9.8: no credit on a top-up invoice; it needs a payment and an active wallet; items up to the wallet balance', () => {
    const items = [{ fee_id: idOf(topUpFee), amount_cents: 1200 }];
    expect(
      leftOf(
        estimateCreditNote({ invoice: topUp, wallet: funded, items, credit_amount_cents: 1200 }),
      ).code,
    ).toBe('cannot_credit_invoice');
    expect(leftOf(estimateCreditNote({ invoice: topUp, items })).code).toBe(
      'invoice_not_creditable',
    );
    const poor = wallet({ name: 'poor', balance_cents: 1000, rate_amount: '10' });
    expect(leftOf(estimateCreditNote({ invoice: topUp, wallet: poor, items })).code).toBe(
      'higher_than_wallet_balance',
    );
    expect(rightOf(invoiceCreditableAmounts({ invoice: topUp, wallet: poor }))).toMatchObject({
      creditable_amount_cents: 0,
      refundable_amount_cents: 1000,
    });
  });
});

/** A random v4 invoice: fees with coupon shares and one tax each, coupons consistent with them. */
const invoiceArb: fc.Arbitrary<Invoice> = fc
  .array(
    fc.record({
      amount: fc.integer({ min: 0, max: 50_000 }),
      coupons: fc.integer({ min: 0, max: 100 }),
      rate: fc.constantFrom(0, 5.5, 10, 20),
    }),
    { minLength: 1, maxLength: 5 },
  )
  .map((specs) => {
    const fees = specs.map((s, i) => {
      const coupons = Math.floor((s.amount * s.coupons) / 100);
      const taxes = ((s.amount - coupons) * s.rate) / 100;
      return fee({
        name: `f${i}`,
        code: `f${i}`,
        amount_cents: s.amount,
        precise_coupons_amount_cents: String(coupons),
        taxes_rate: s.rate,
        taxes_precise_amount_cents: taxes.toFixed(3),
        taxes_amount_cents: Math.round(taxes),
        applied_taxes: s.rate === 0 ? [] : [appliedTax(`vat${s.rate}`, s.rate)],
      });
    });
    const coupons = fees.reduce((s, f) => s + Number(f.precise_coupons_amount_cents), 0);
    return invoice({ fees, coupons_amount_cents: coupons, payment_status: 'succeeded' });
  });

const itemsArb = (inv: Invoice) =>
  fc
    .tuple(
      ...inv.fees.map((f) =>
        fc.option(fc.integer({ min: 0, max: f.amount_cents }), { nil: undefined }),
      ),
    )
    .map((amounts) =>
      amounts.flatMap((a, i) =>
        a === undefined ? [] : [{ fee_id: idOf(inv.fees[i]), amount_cents: a }],
      ),
    );

describe('credit notes: laws', () => {
  it("credit-note totals never exceed the invoice's creditable amount", () => {
    fc.assert(
      fc.property(
        invoiceArb.chain((inv) => fc.tuple(fc.constant(inv), itemsArb(inv))),
        ([inv, items]) => {
          fc.pre(items.length > 0);
          const creditable = rightOf(
            invoiceCreditableAmounts({ invoice: inv }),
          ).creditable_amount_cents;
          const { credit_note } = rightOf(estimateCreditNote({ invoice: inv, items }));
          expect(credit_note.total_amount_cents).toBeLessThanOrEqual(creditable);
        },
      ),
    );
  });

  it("a note's total is its credit + refund + offset, and its total less taxes is its sub total", () => {
    fc.assert(
      fc.property(
        invoiceArb.chain((inv) => fc.tuple(fc.constant(inv), itemsArb(inv))),
        fc.integer({ min: 0, max: 100 }),
        ([inv, items], refundPart) => {
          fc.pre(items.length > 0);
          const estimate = rightOf(estimateCreditNote({ invoice: inv, items })).credit_note;
          const total = estimate.total_amount_cents;
          fc.pre(total > 0);
          const refund = Math.floor((total * refundPart) / 100);
          const created = rightOf(
            estimateCreditNote({
              invoice: { ...inv, total_paid_amount_cents: inv.total_amount_cents },
              items,
              refund_amount_cents: refund,
              credit_amount_cents: total - refund,
            }),
          ).credit_note;
          for (const note of [estimate, created]) {
            expect(note.total_amount_cents).toBe(
              note.credit_amount_cents + note.refund_amount_cents + note.offset_amount_cents,
            );
            expect(note.total_amount_cents - note.taxes_amount_cents).toBe(
              note.sub_total_excluding_taxes_amount_cents,
            );
            expect(note.balance_amount_cents).toBe(note.credit_amount_cents);
          }
          expect(created.total_amount_cents).toBe(total);
        },
      ),
    );
  });
});
