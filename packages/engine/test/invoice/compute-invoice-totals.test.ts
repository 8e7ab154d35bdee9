import { type AppliedCoupon, Fee, type Invoice } from '@feecast/models';
import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { applyCoupons } from '../../src/invoice/coupons/index';
import {
  computeInvoiceTotals,
  type TotaledInvoice,
  type TotalsInvoiceInput,
} from '../../src/invoice/index';
import { applyTaxes } from '../../src/invoice/taxes/index';
import { couponsArb, feesArb, planEntry, taxArb } from './arbitraries';
import {
  at,
  coupon,
  credit,
  creditNote,
  failure,
  fee,
  invoice,
  ok,
  plan,
  subscription,
  tax,
  uuid,
  wire,
} from './builders';

const Reference = BigJs();
Reference.DP = 40;

const AMOUNT_FIELDS = [
  'fees_amount_cents',
  'progressive_billing_credit_amount_cents',
  'coupons_amount_cents',
  'sub_total_excluding_taxes_amount_cents',
  'taxes_amount_cents',
  'sub_total_including_taxes_amount_cents',
  'credit_notes_amount_cents',
  'prepaid_credit_amount_cents',
  'total_amount_cents',
] as const;

function amounts(result: { readonly invoice: Record<(typeof AMOUNT_FIELDS)[number], unknown> }) {
  return Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, result.invoice[field]]));
}

/** The invoice of reference invoicing.md §1 "with all types of credits". */
function allCredits() {
  const sub = uuid(50);
  const bm = [uuid(51), uuid(52), uuid(53), uuid(54)] as const;
  const fixed = uuid(55);
  const previousInvoice = uuid(56);
  const charge = (i: 0 | 1 | 2 | 3, cents: number, preciseCoupons = '0.0') =>
    fee('charge', cents, { subscription: sub, charge: bm[i], code: `bm${i + 1}`, preciseCoupons });
  const fees = [
    fee('subscription', 10000, { subscription: sub }),
    charge(0, 1000),
    charge(1, 2000),
    // The progressive-billing invoice earlier in the period billed BM3 for 3000.
    charge(2, 3000, '3000'),
    charge(3, 4000),
    fee('fixed_charge', 10000, { subscription: sub, fixedCharge: fixed }),
  ];
  const vat = tax('vat', 10);
  return {
    invoice: invoice(fees, {
      progressive_billing_credit_amount_cents: 3000,
      credits: [credit('invoice', 3000, previousInvoice)],
    }),
    options: {
      appliedCoupons: [
        coupon({ amountCents: 1000, createdDay: 0, code: 'coupon_b' }),
        coupon({ percent: '50', metrics: ['bm1'], createdDay: 1, code: 'coupon_a' }),
      ],
      taxSources: {
        customer: [vat],
        subscriptions: [
          subscription(
            sub,
            plan('plan', {
              charges: bm.map((svc_id) => ({ svc_id })),
              fixed_charges: [{ svc_id: fixed }],
            }),
          ),
        ],
      },
      creditNotes: [creditNote(1000)],
    },
  };
}

describe('computeInvoiceTotals: the worked example "with all types of credits" (invoicing.md §1)', () => {
  const example = allCredits();

  it('fees 30000, progressive credit 3000, coupons 500 + 1000, tax 2550, credit note 1000: total 27050', () => {
    const result = ok(computeInvoiceTotals(example.invoice, example.options));
    expect(amounts(result)).toEqual({
      fees_amount_cents: 30000,
      progressive_billing_credit_amount_cents: 3000,
      coupons_amount_cents: 1500,
      sub_total_excluding_taxes_amount_cents: 25500,
      taxes_amount_cents: 2550,
      sub_total_including_taxes_amount_cents: 28050,
      credit_notes_amount_cents: 1000,
      prepaid_credit_amount_cents: 0,
      total_amount_cents: 27050,
    });
    expect(
      result.coupon_outcomes.map((o) => [o.coupon_code, o.base_amount_cents, o.amount_cents]),
    ).toEqual([
      ['coupon_a', '1000', 500],
      ['coupon_b', '26500', 1000],
    ]);
    expect(
      result.invoice.credits.map((c) => [c.item.type, c.amount_cents, c.before_taxes]),
    ).toEqual([
      ['invoice', 3000, true],
      ['coupon', 500, true],
      ['coupon', 1000, true],
      ['credit_note', 1000, false],
    ]);
    expect(
      result.invoice.applied_taxes.map((a) => [a.tax_code, a.amount_cents, a.fees_amount_cents]),
    ).toEqual([['vat', 2550, 25500]]);
    expect(result.credit_notes[0]).toMatchObject({
      balance_amount_cents: 0,
      credit_status: 'consumed',
    });
    expect(result.invoice.payment_status).toBe('pending');
  });

  it('the charge-only wallet cap is 6634.91 (reference 6634.92, see semantics), so the wallet pays 6635: total 20415', () => {
    const result = ok(computeInvoiceTotals(example.invoice, example.options));
    const charges = result.invoice.fees.filter((f) => f.item.type === 'charge');
    // Wallet cap per fee (§6.5): net + precise taxes - credit-note share.
    const cap = charges.reduce(
      (total, f) =>
        total
          .plus(f.amount_cents)
          .minus(f.precise_coupons_amount_cents)
          .plus(new Reference(f.taxes_precise_amount).times(100))
          .minus(f.precise_credit_notes_amount_cents ?? 'missing'),
      new Reference(0),
    );
    expect(cap.round(2, Reference.roundHalfUp).toFixed(2)).toBe('6634.91');
    expect(cap.round(0, Reference.roundHalfUp).toFixed()).toBe('6635');
    const paid = ok(computeInvoiceTotals({ ...result.invoice, prepaid_credit_amount_cents: 6635 }));
    expect(paid.invoice.prepaid_credit_amount_cents).toBe(6635);
    expect(paid.invoice.total_amount_cents).toBe(20415);
  });

  it('computing the totals of its own result again changes nothing', () => {
    const once = ok(computeInvoiceTotals(example.invoice, example.options)).invoice;
    const twice = ok(
      computeInvoiceTotals(once, {
        appliedCoupons: example.options.appliedCoupons,
        taxSources: example.options.taxSources,
      }),
    );
    expect(twice.invoice).toEqual(once);
    expect(twice.coupon_outcomes.map((o) => o.skipped)).toEqual([
      'already_applied',
      'already_applied',
    ]);
  });
});

describe('computeInvoiceTotals: steps by invoice type and status (invoicing.md §1)', () => {
  const vatSources = { customer: [tax('vat20', 20)], add_ons: [{ svc_id: uuid(60) }] };
  const addOnFee = () => fee('add_on', 1000, { itemId: uuid(60) });
  const given = {
    progressive_billing_credit_amount_cents: 100,
    credit_notes_amount_cents: 100,
    prepaid_credit_amount_cents: 100,
  };

  it('a one-off invoice gets taxes only: no coupons, credit notes or prepaid credits', () => {
    const result = ok(
      computeInvoiceTotals(invoice([addOnFee()], { invoice_type: 'one_off', ...given }), {
        taxSources: vatSources,
        appliedCoupons: [coupon({ amountCents: 100 })],
      }),
    );
    expect(result.invoice).toMatchObject({
      taxes_amount_cents: 200,
      coupons_amount_cents: 0,
      progressive_billing_credit_amount_cents: 0,
      credit_notes_amount_cents: 0,
      prepaid_credit_amount_cents: 0,
      total_amount_cents: 1200,
    });
    expect(result.coupon_outcomes[0]?.skipped).toBe('invoice_not_eligible');
    expect(result.unused).toEqual({
      progressive_billing_credit_amount_cents: 100,
      credit_notes_amount_cents: 100,
      prepaid_credit_amount_cents: 100,
    });
  });

  it('a wallet top-up (credit) invoice is never taxed: total = fees', () => {
    const result = ok(
      computeInvoiceTotals(invoice([fee('credit', 5000)], { invoice_type: 'credit' }), {
        taxSources: vatSources,
      }),
    );
    expect(result.invoice).toMatchObject({ taxes_amount_cents: 0, total_amount_cents: 5000 });
    expect(result.invoice.applied_taxes).toEqual([]);
  });

  it('a draft carries no coupons, credit notes or prepaid credits; progressive credits still apply', () => {
    // The progressive-billing stage put its credit's share on the fee (§3.3).
    const shared = fee('add_on', 1000, { itemId: uuid(60), preciseCoupons: '100' });
    const result = ok(
      computeInvoiceTotals(invoice([shared], { status: 'draft', ...given }), {
        taxSources: vatSources,
        appliedCoupons: [coupon({ amountCents: 100 })],
        creditNotes: [creditNote(50)],
      }),
    );
    expect(result.invoice).toMatchObject({
      progressive_billing_credit_amount_cents: 100,
      coupons_amount_cents: 0,
      taxes_amount_cents: 180,
      credit_notes_amount_cents: 0,
      prepaid_credit_amount_cents: 0,
      total_amount_cents: 1080,
    });
    expect(result.credit_notes[0]?.balance_amount_cents).toBe(50);
  });

  it('an advance-charges invoice skips taxes', () => {
    const result = ok(
      computeInvoiceTotals(invoice([addOnFee()], { invoice_type: 'advance_charges' }), {
        taxSources: vatSources,
      }),
    );
    expect(result.invoice).toMatchObject({ taxes_amount_cents: 0, total_amount_cents: 1000 });
  });
});

describe('computeInvoiceTotals: caps', () => {
  const sources = { customer: [], add_ons: [{ svc_id: uuid(61) }] };
  const fees = [fee('add_on', 3000, { itemId: uuid(61) })];

  it('caps progressive credits at the fees, credit notes and prepaid credits at what is owed', () => {
    const result = ok(
      computeInvoiceTotals(
        invoice(fees, {
          progressive_billing_credit_amount_cents: 1000,
          credit_notes_amount_cents: 1500,
          prepaid_credit_amount_cents: 900,
          prepaid_granted_credit_amount_cents: 900,
          prepaid_purchased_credit_amount_cents: 0,
        }),
        { taxSources: sources },
      ),
    );
    expect(result.invoice).toMatchObject({
      sub_total_including_taxes_amount_cents: 2000,
      credit_notes_amount_cents: 1500,
      prepaid_credit_amount_cents: 500,
      total_amount_cents: 0,
      payment_status: 'succeeded',
      // The wallet stage's split no longer adds up to what was taken.
      prepaid_granted_credit_amount_cents: null,
      prepaid_purchased_credit_amount_cents: null,
    });
    expect(result.unused).toEqual({
      progressive_billing_credit_amount_cents: 0,
      credit_notes_amount_cents: 0,
      prepaid_credit_amount_cents: 400,
    });
  });

  it('takes no prepaid credit on a total of 0 (§1 step 7)', () => {
    const result = ok(
      computeInvoiceTotals(
        invoice(fees, { credit_notes_amount_cents: 3000, prepaid_credit_amount_cents: 10 }),
        { taxSources: sources },
      ),
    );
    expect(result.invoice.prepaid_credit_amount_cents).toBe(0);
    expect(result.unused.prepaid_credit_amount_cents).toBe(10);
  });

  it('refuses negative given credits and coupon credits above the fees', () => {
    expect(
      failure(computeInvoiceTotals(invoice(fees, { prepaid_credit_amount_cents: -1 }))),
    ).toMatchObject({ code: 'invalid_input', path: ['prepaid_credit_amount_cents'] });
    expect(
      failure(computeInvoiceTotals(invoice(fees, { credits: [credit('coupon', 3001, uuid(62))] })))
        .code,
    ).toBe('invalid_input');
  });
});

/**
 * Fees with a progressive-billing share on each (what an earlier progressive-billing invoice
 * billed, spread as §3.3 does), and the progressive credit that adds up those shares.
 */
const feesWithProgressive = feesArb.chain((fees) =>
  fc
    .tuple(
      ...fees.map((f) => fc.oneof(fc.constant(0), fc.integer({ min: 0, max: f.amount_cents }))),
    )
    .map((shares) => ({
      fees: fees.map((f, i) =>
        wire(Fee, { ...f, precise_coupons_amount_cents: `${shares[i] ?? 0}.0` }),
      ),
      // Exact: a sum of safe integers, as a bigint.
      progressive: Number(shares.reduce((t, share) => t + BigInt(share), 0n)),
    })),
);

/** A random finalized invoice with progressive credits, coupons, taxes, credit notes and a wallet. */
const scenario = fc
  .record({
    billed: feesWithProgressive,
    coupons: couponsArb,
    taxes: fc.uniqueArray(taxArb, { selector: (x) => x.code, maxLength: 3 }),
    creditNotes: fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 3 }),
    prepaid: fc.integer({ min: 0, max: 20_000_000 }),
  })
  .map(({ billed, coupons, taxes, creditNotes, prepaid }) => ({
    invoice: invoice(billed.fees, {
      progressive_billing_credit_amount_cents: billed.progressive,
      prepaid_credit_amount_cents: prepaid,
    }),
    options: {
      appliedCoupons: coupons,
      taxSources: { customer: taxes, subscriptions: [planEntry] },
      creditNotes: creditNotes.map((balance, i) => creditNote(balance, { createdDay: i })),
      now: at(31),
    },
  }));

function totalsOf(s: { invoice: TotalsInvoiceInput & { fees: readonly Fee[] }; options: object }) {
  return ok(computeInvoiceTotals(s.invoice, s.options)).invoice;
}

describe('computeInvoiceTotals: laws', () => {
  it('totals are never negative', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const out = totalsOf(s);
        for (const field of AMOUNT_FIELDS) expect(out[field]).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("an invoice's fees amount equals the sum of its fees", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const out = totalsOf(s);
        const sum = out.fees.reduce((t, f) => t.plus(f.amount_cents), new Reference(0));
        expect(sum.eq(out.fees_amount_cents)).toBe(true);
      }),
    );
  });

  it('the invoice identities hold: sub totals and total from fees, credits and taxes', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const o = totalsOf(s);
        const r = (n: number) => new Reference(n);
        expect(
          r(o.fees_amount_cents)
            .minus(o.progressive_billing_credit_amount_cents)
            .minus(o.coupons_amount_cents)
            .eq(o.sub_total_excluding_taxes_amount_cents),
        ).toBe(true);
        expect(
          r(o.sub_total_excluding_taxes_amount_cents)
            .plus(o.taxes_amount_cents)
            .eq(o.sub_total_including_taxes_amount_cents),
        ).toBe(true);
        expect(
          r(o.sub_total_including_taxes_amount_cents)
            .minus(o.credit_notes_amount_cents)
            .minus(o.prepaid_credit_amount_cents)
            .eq(o.total_amount_cents),
        ).toBe(true);
        const couponCredits = o.credits
          .filter((c) => c.item.type === 'coupon')
          .reduce((t, c) => t.plus(c.amount_cents), r(0));
        expect(couponCredits.eq(o.coupons_amount_cents)).toBe(true);
      }),
    );
  });

  it('coupons never make a fee or a total negative', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const out = totalsOf(s);
        for (const f of out.fees) {
          expect(new Reference(f.precise_coupons_amount_cents).lte(f.amount_cents)).toBe(true);
        }
        expect(out.coupons_amount_cents).toBeLessThanOrEqual(
          out.fees_amount_cents - out.progressive_billing_credit_amount_cents,
        );
      }),
    );
  });

  it('taxes on zero fees are zero', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 6 }), (s, count) => {
        const zeros = Array.from({ length: count }, () =>
          fee('subscription', 0, { subscription: uuid(10) }),
        );
        const out = totalsOf({ ...s, invoice: { ...s.invoice, fees: zeros } });
        expect(out.taxes_amount_cents).toBe(0);
        expect(out.applied_taxes.every((a) => a.amount_cents === 0)).toBe(true);
        expect(out.fees.every((f) => f.taxes_amount_cents === 0)).toBe(true);
      }),
    );
  });

  it('computing the totals of a computed invoice again gives the same invoice', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const once = totalsOf(s);
        const twice = ok(computeInvoiceTotals(once, { taxSources: s.options.taxSources })).invoice;
        expect(twice).toEqual(once);
      }),
    );
  });
});

describe('wire types in, wire types out (checked by tsc)', () => {
  it('an Invoice stays an Invoice, Fees stay Fees, AppliedCoupons stay AppliedCoupons', () => {
    expectTypeOf<TotaledInvoice<Invoice>>().toMatchTypeOf<Invoice>();
    expectTypeOf(applyTaxes<Fee>).returns.toMatchTypeOf<
      | { readonly _tag: 'Right'; readonly right: { readonly fees: Fee[] } }
      | { readonly _tag: 'Left' }
    >();
    expectTypeOf(applyCoupons<Fee, AppliedCoupon>).returns.toMatchTypeOf<
      | { readonly _tag: 'Right'; readonly right: { readonly applied_coupons: AppliedCoupon[] } }
      | { readonly _tag: 'Left' }
    >();
  });
});
