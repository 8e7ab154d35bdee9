import type { Fee } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { applyCoupons } from '../../../src/invoice/coupons/index';
import { applyTaxes, computeInvoiceTaxes } from '../../../src/invoice/taxes/index';
import {
  at,
  coupon,
  EUR,
  failure,
  fee,
  INVOICE_ID,
  ok,
  plan,
  subscription,
  tax,
  uuid,
} from '../builders';

const SUB = uuid(40);
const ONE = uuid(41);
const TWO = uuid(42);
const t1 = tax('t1', 10);
const t2 = tax('t2', 12);
const sources = {
  subscriptions: [
    subscription(
      SUB,
      plan('pro', {
        charges: [
          { svc_id: ONE, taxes: [t1] },
          { svc_id: TWO, taxes: [t1, t2] },
        ],
      }),
    ),
  ],
};

/** Fees of 1000 {t1 10 %} and 2000 {t1, t2 12 %}, as in apply_taxes_service_spec. */
function twoFees(first = 1000, second = 2000): Fee[] {
  return [
    fee('charge', first, { subscription: SUB, charge: ONE, code: 'one' }),
    fee('charge', second, { subscription: SUB, charge: TWO, code: 'two' }),
  ];
}

const invoiceOf = (fees: readonly Fee[], subTotal: number) => ({
  svc_id: INVOICE_ID,
  currency: EUR,
  created_at: at(31),
  fees,
  sub_total_excluding_taxes_amount_cents: subTotal,
});

const summary = (result: ReturnType<typeof computeInvoiceTaxes>) => {
  const taxes = ok(result);
  return {
    taxes: taxes.taxes_amount_cents,
    rate: taxes.taxes_rate,
    applied: taxes.applied_taxes.map((a) => [a.tax_code, a.amount_cents, a.fees_amount_cents]),
  };
};

describe('computeInvoiceTaxes: reference figures (invoicing.md §2.3)', () => {
  it('fees 1000 {t1} and 2000 {t1, t2}: t1 300 on 3000, t2 240 on 2000, taxes 540, rate 18 (:38)', () => {
    const fees = ok(applyTaxes(twoFees(), sources)).fees;
    expect(summary(computeInvoiceTaxes(invoiceOf(fees, 3000)))).toEqual({
      taxes: 540,
      rate: 18,
      applied: [
        ['t1', 300, 3000],
        ['t2', 240, 2000],
      ],
    });
  });

  it('the same fees after a coupon of 1000 spread 333.33/666.67: t1 200 on 2000, t2 160 on 1333, taxes 360, rate 18 (:142)', () => {
    const couponed = ok(applyCoupons(twoFees(), [coupon({ amountCents: 1000 })])).fees;
    expect(couponed.map((f) => f.precise_coupons_amount_cents)).toEqual(['333.33333', '666.66667']);
    const fees = ok(applyTaxes(couponed, sources)).fees;
    // t2's base 1333.33333 is stored truncated (§0): 1333.
    expect(summary(computeInvoiceTaxes(invoiceOf(fees, 2000)))).toEqual({
      taxes: 360,
      rate: 18,
      applied: [
        ['t1', 200, 2000],
        ['t2', 160, 1333],
      ],
    });
  });

  it('all fees 0: amounts 0, rate 10×2/2 + 12×1/2 = 16 (:90)', () => {
    const fees = ok(applyTaxes(twoFees(0, 0), sources)).fees;
    expect(summary(computeInvoiceTaxes(invoiceOf(fees, 0)))).toEqual({
      taxes: 0,
      rate: 16,
      applied: [
        ['t1', 0, 0],
        ['t2', 0, 0],
      ],
    });
  });

  it('recomputes the invoice taxes from the fee bases, not by summing the fee taxes', () => {
    // Three fees of 5 at 10 %: each fee's tax rounds 0.5 up to 1 (3 in all); the invoice's
    // tax is round(15 × 10 %) = round(1.5) = 2.
    const fees = ok(
      applyTaxes(
        [5, 5, 5].map((cents) => fee('charge', cents, { subscription: SUB, charge: ONE })),
        sources,
      ),
    ).fees;
    expect(fees.map((f) => f.taxes_amount_cents)).toEqual([1, 1, 1]);
    expect(ok(computeInvoiceTaxes(invoiceOf(fees, 15))).taxes_amount_cents).toBe(2);
  });
});

describe('computeInvoiceTaxes: records', () => {
  it('derives the ids of new applied taxes from the invoice and the tax, the same on every run', () => {
    const fees = ok(applyTaxes(twoFees(), sources)).fees;
    const first = ok(computeInvoiceTaxes(invoiceOf(fees, 3000))).applied_taxes;
    const second = ok(computeInvoiceTaxes(invoiceOf(fees, 3000))).applied_taxes;
    expect(first.map((a) => a.svc_id)).toEqual(second.map((a) => a.svc_id));
    expect(new Set(first.map((a) => a.svc_id)).size).toBe(2);
    expect(first[0]).toMatchObject({
      svc_invoice_id: INVOICE_ID,
      svc_tax_id: t1.svc_id,
      tax_rate: 10,
      amount_currency: 'EUR',
      created_at: at(31),
    });
  });

  it('keeps the id and date of an applied tax the invoice already has', () => {
    const fees = ok(applyTaxes(twoFees(), sources)).fees;
    const kept = { tax_code: 't2', svc_id: uuid(77), created_at: at(2) };
    const applied = ok(
      computeInvoiceTaxes({ ...invoiceOf(fees, 3000), applied_taxes: [kept] }),
    ).applied_taxes;
    expect(applied[1]).toMatchObject({ svc_id: uuid(77), created_at: at(2), amount_cents: 240 });
  });

  it('refuses a fee in another currency', () => {
    expect(
      failure(computeInvoiceTaxes(invoiceOf([fee('subscription', 1, { currency: 'USD' })], 1))),
    ).toMatchObject({ code: 'currency_mismatch', path: ['fees', '0', 'amount_currency'] });
  });
});
