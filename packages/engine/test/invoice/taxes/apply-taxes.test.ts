import type { Fee, Tax } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equals, parseDecimalUnsafe } from '../../../src/core/decimal/index';
import { feeTaxes, feeUntaxed, setFeeTaxes } from '../../../src/invoice/taxes/apply-taxes';
import { applyTaxes, resolveTaxSources, type TaxSources } from '../../../src/invoice/taxes/index';
import { taxArb } from '../arbitraries';
import { failure, fee, ok, plan, subscription, tax, uuid } from '../builders';

const SUB = uuid(30);
const CHARGE = uuid(31);
const BARE_CHARGE = uuid(32);
const FIXED = uuid(33);
const BARE_FIXED = uuid(34);
const ADD_ON = uuid(35);
const BARE_ADD_ON = uuid(36);

const t = {
  codes: tax('explicit', 1),
  addOn: tax('add_on', 2),
  charge: tax('charge', 3),
  fixed: tax('fixed', 4),
  commitment: tax('commitment', 5),
  plan: tax('plan', 6),
  customer: tax('customer', 7),
  entity: tax('entity', 8),
};

function sources(
  overrides: Partial<TaxSources> = {},
  planTaxes: readonly Tax[] = [t.plan],
): TaxSources {
  return {
    billing_entity: [t.entity],
    customer: [t.customer],
    subscriptions: [
      subscription(
        SUB,
        plan('pro', {
          taxes: planTaxes,
          charges: [
            { svc_id: CHARGE, taxes: [t.charge] },
            { svc_id: BARE_CHARGE, taxes: [] },
          ],
          fixed_charges: [{ svc_id: FIXED, taxes: [t.fixed] }, { svc_id: BARE_FIXED }],
          minimum_commitment: { taxes: [t.commitment] },
        }),
      ),
    ],
    add_ons: [
      { svc_id: ADD_ON, taxes: [t.addOn] },
      { svc_id: BARE_ADD_ON, taxes: null },
    ],
    organization: [t.codes],
    ...overrides,
  };
}

const chargeFee = (charge = CHARGE, cents = 1000) =>
  fee('charge', cents, { subscription: SUB, charge, code: 'bm' });
const subscriptionFee = (cents = 1000) => fee('subscription', cents, { subscription: SUB });

function taxed(fees: readonly Fee[], from: TaxSources) {
  const result = ok(applyTaxes(fees, from));
  return {
    fees: result.fees,
    sources: result.outcomes.map((o) => o.source),
    codes: result.fees.map((f) => (f.applied_taxes ?? []).map((a) => a.tax_code)),
  };
}

describe('applyTaxes: which taxes apply (invoicing.md §2.1, first non-empty source wins)', () => {
  it('takes each fee its own source first: codes, add-on, charge, fixed charge, commitment', () => {
    const fees = [
      fee('add_on', 1000, { itemId: ADD_ON, extra: { tax_codes: ['explicit'] } }),
      fee('add_on', 1000, { itemId: ADD_ON }),
      chargeFee(),
      fee('fixed_charge', 1000, { subscription: SUB, fixedCharge: FIXED }),
      fee('commitment', 1000, { subscription: SUB }),
    ];
    const result = taxed(fees, sources());
    expect(result.sources).toEqual(['tax_codes', 'add_on', 'charge', 'fixed_charge', 'commitment']);
    expect(result.codes).toEqual([['explicit'], ['add_on'], ['charge'], ['fixed'], ['commitment']]);
  });

  it('falls back to the plan for subscription, charge, fixed-charge and commitment fees', () => {
    const fees = [
      subscriptionFee(),
      chargeFee(BARE_CHARGE),
      fee('fixed_charge', 1000, { subscription: SUB, fixedCharge: BARE_FIXED }),
      fee('commitment', 1000, { subscription: SUB }),
    ];
    const withoutCommitmentTaxes = sources({
      subscriptions: [
        subscription(
          SUB,
          plan('pro', {
            taxes: [t.plan],
            charges: [{ svc_id: BARE_CHARGE }],
            fixed_charges: [{ svc_id: BARE_FIXED, taxes: [] }],
            minimum_commitment: null,
          }),
        ),
      ],
    });
    expect(taxed(fees, withoutCommitmentTaxes).sources).toEqual(['plan', 'plan', 'plan', 'plan']);
  });

  it('never falls back to the plan for an add-on fee: customer, then billing entity', () => {
    const addOnFee = fee('add_on', 1000, { itemId: BARE_ADD_ON });
    expect(taxed([addOnFee], sources()).sources).toEqual(['customer']);
    expect(taxed([addOnFee], sources({ customer: [] })).sources).toEqual(['billing_entity']);
    expect(taxed([addOnFee], sources({ customer: null, billing_entity: null })).sources).toEqual([
      'none',
    ]);
  });

  it('uses the customer, then the billing entity, when the plan has no taxes', () => {
    expect(taxed([subscriptionFee()], sources({}, [])).sources).toEqual(['customer']);
    expect(taxed([subscriptionFee()], sources({ customer: [] }, [])).codes).toEqual([['entity']]);
  });

  it('does not merge sources: a charge with taxes gets only those', () => {
    expect(taxed([chargeFee()], sources()).codes).toEqual([['charge']]);
  });

  it('never taxes a wallet top-up (credit) fee', () => {
    const result = taxed([fee('credit', 1000)], sources());
    expect(result.sources).toEqual(['none']);
    expect(result.fees[0]?.taxes_amount_cents).toBe(0);
  });

  it('leaves a fee that already has applied taxes as it was (apply_taxes_service.rb:18)', () => {
    const once = ok(applyTaxes([chargeFee()], sources())).fees;
    const again = ok(applyTaxes(once, sources({ customer: [tax('other', 50)] })));
    expect(again.fees[0]).toBe(once[0]);
    expect(again.outcomes[0]?.source).toBe('already_taxed');
  });

  it('says which fee refers to what the sources do not contain', () => {
    expect(failure(applyTaxes([chargeFee(uuid(99))], sources()))).toMatchObject({
      code: 'unknown_fee_item',
      path: ['fees', '0', 'svc_charge_id'],
    });
    expect(
      failure(applyTaxes([fee('subscription', 10, { subscription: uuid(98) })], sources())),
    ).toMatchObject({ code: 'unknown_fee_item', path: ['fees', '0', 'svc_subscription_id'] });
    expect(failure(applyTaxes([fee('add_on', 10, { itemId: uuid(97) })], sources()))).toMatchObject(
      { code: 'unknown_fee_item', path: ['fees', '0', 'item', 'svc_item_id'] },
    );
    expect(
      failure(
        applyTaxes([fee('add_on', 10, { extra: { tax_codes: ['explicit', 'nope'] } })], sources()),
      ),
    ).toMatchObject({ code: 'unknown_tax_code', path: ['fees', '0', 'tax_codes', '1'] });
  });

  it('refuses a tax listed twice in one source and a negative rate', () => {
    expect(failure(applyTaxes([], { customer: [t.customer, t.customer] }))).toMatchObject({
      code: 'invalid_input',
      path: ['tax_sources', 'customer', '1', 'code'],
    });
    expect(
      failure(applyTaxes([subscriptionFee()], sources({}, [tax('negative', -5)]))),
    ).toMatchObject({ code: 'invalid_input', path: ['fees', '0', 'taxes', '0', 'rate'] });
  });
});

describe('applyTaxes: fee amounts (invoicing.md §2.2)', () => {
  const only = (taxes: readonly Tax[]) => ({ customer: taxes });

  it('fee 1000 with customer taxes 10 % and 12 %: 100 + 120, taxes 220, rate 22 (apply_taxes_service_spec :221)', () => {
    const [taxedFee] = ok(
      applyTaxes([fee('add_on', 1000, { itemId: BARE_ADD_ON })], {
        ...only([tax('vat10', 10), tax('vat12', 12)]),
        add_ons: [{ svc_id: BARE_ADD_ON }],
      }),
    ).fees;
    expect(taxedFee?.applied_taxes?.map((a) => a.amount_cents)).toEqual([100, 120]);
    expect(taxedFee).toMatchObject({
      taxes_amount_cents: 220,
      taxes_rate: 22,
      taxes_precise_amount: '2.2',
      total_amount_cents: 1220,
      precise_total_amount: '12.2',
    });
  });

  it('fee 1000 with a coupon share of 100 and a billing-entity tax of 5 %: 45 (:264); total not net of coupons (§0)', () => {
    const couponed = fee('subscription', 1000, { subscription: SUB, preciseCoupons: '100.0' });
    const [taxedFee] = ok(
      applyTaxes([couponed], {
        billing_entity: [tax('vat5', 5)],
        subscriptions: [subscription(SUB, plan('pro'))],
      }),
    ).fees;
    expect(taxedFee).toMatchObject({
      taxes_amount_cents: 45,
      sub_total_excluding_taxes_amount_cents: 900,
      total_amount_cents: 1045,
    });
  });

  it('151 × (10 % + 20 %) = 45.3 -> 45 and (379 - 100) × 30 % = 83.7 -> 84 (compute_amounts_from_fees_spec :28)', () => {
    const taxes = [tax('ten', 10), tax('twenty', 20)];
    const fees = [
      fee('subscription', 151, { subscription: SUB }),
      fee('subscription', 379, { subscription: SUB, preciseCoupons: '100' }),
    ];
    const result = ok(
      applyTaxes(fees, { customer: taxes, subscriptions: [subscription(SUB, plan('pro'))] }),
    ).fees;
    expect(result.map((f) => f.taxes_amount_cents)).toEqual([45, 84]);
    expect(result.map((f) => f.applied_taxes?.map((a) => a.amount_cents))).toEqual([
      [15, 30],
      [28, 56],
    ]);
  });

  it('rounds the sum of unrounded taxes, not the sum of rounded ones', () => {
    // 15 × 10 % = 1.5 twice: each applied tax rounds to 2, the fee's taxes round(3.0) = 3.
    const [taxedFee] = ok(
      applyTaxes([fee('add_on', 15, { itemId: BARE_ADD_ON })], {
        customer: [tax('a', 10), tax('b', 10)],
        add_ons: [{ svc_id: BARE_ADD_ON }],
      }),
    ).fees;
    expect(taxedFee?.applied_taxes?.map((a) => a.amount_cents)).toEqual([2, 2]);
    expect(taxedFee?.taxes_amount_cents).toBe(3);
  });

  it('rounds half away from zero: 7.5 -> 8, 4833.25 -> 4833 (§0)', () => {
    const from = { customer: [tax('ten', 10)], add_ons: [{ svc_id: BARE_ADD_ON }] };
    const seventyFive = ok(applyTaxes([fee('add_on', 75, { itemId: BARE_ADD_ON })], from)).fees;
    expect(seventyFive[0]?.taxes_amount_cents).toBe(8);
    const quarter = ok(
      applyTaxes([fee('add_on', 19333, { itemId: BARE_ADD_ON })], {
        ...from,
        customer: [tax('quarter', 25)],
      }),
    ).fees;
    expect(quarter[0]?.taxes_amount_cents).toBe(4833);
  });

  it('taxes the precise amount for the precise figures, and sums rates exactly', () => {
    const precise = fee('add_on', 1000, { itemId: BARE_ADD_ON, preciseAmount: '10.004' });
    const [taxedFee] = ok(
      applyTaxes([precise], {
        customer: [tax('a', 10.1), tax('b', 20.2)],
        add_ons: [{ svc_id: BARE_ADD_ON }],
      }),
    ).fees;
    // 1000.4 cents × 30.3 % = 303.1212 cents = 3.031212 EUR; 1000 × 30.3 % = 303.
    expect(taxedFee).toMatchObject({
      taxes_amount_cents: 303,
      taxes_precise_amount: '3.031212',
      taxes_rate: 30.3,
      precise_total_amount: '13.035212',
    });
  });
});

describe('applyTaxes: laws', () => {
  it('with no taxes, taxes are 0 and the totals are the amounts themselves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 999 }),
        (cents, milli) => {
          // A precise amount within a cent of amount_cents, in euros with 5 decimals.
          const euros = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          const precise = `${euros}${String(milli).padStart(3, '0')}`;
          const [untaxed] = ok(
            applyTaxes([fee('add_on', cents, { itemId: BARE_ADD_ON, preciseAmount: precise })], {
              add_ons: [{ svc_id: BARE_ADD_ON }],
            }),
          ).fees;
          expect(untaxed).toMatchObject({
            taxes_amount_cents: 0,
            taxes_precise_amount: '0.0',
            taxes_rate: 0,
            applied_taxes: [],
            total_amount_cents: cents,
            sub_total_excluding_taxes_amount_cents: cents,
          });
          const total = parseDecimalUnsafe(untaxed?.precise_total_amount);
          expect(equals(total, parseDecimalUnsafe(precise))).toBe(true);
        },
      ),
    );
  });

  it('taxes on zero fees are zero', () => {
    fc.assert(
      fc.property(fc.uniqueArray(taxArb, { selector: (x) => x.code, maxLength: 4 }), (taxes) => {
        const [zero] = ok(
          applyTaxes([fee('add_on', 0, { itemId: BARE_ADD_ON })], {
            customer: taxes,
            add_ons: [{ svc_id: BARE_ADD_ON }],
          }),
        ).fees;
        expect(zero?.taxes_amount_cents).toBe(0);
        expect(zero?.taxes_precise_amount).toBe('0.0');
        expect(zero?.applied_taxes?.every((a) => a.amount_cents === 0)).toBe(true);
        expect(zero?.total_amount_cents).toBe(0);
      }),
    );
  });

  it("a fee's taxes are within half a cent of the exact tax on its net amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.uniqueArray(taxArb, { selector: (x) => x.code, minLength: 1, maxLength: 4 }),
        (cents, taxes) => {
          const [taxedFee] = ok(
            applyTaxes([fee('add_on', cents, { itemId: BARE_ADD_ON })], {
              customer: taxes,
              add_ons: [{ svc_id: BARE_ADD_ON }],
            }),
          ).fees;
          const rate = taxes.reduce((sum, x) => sum + BigInt(Math.round(x.rate * 1000)), 0n);
          // Exact in integers: cents × rate(milli-percent) / 100 000, compared at half a cent.
          const exact2 = BigInt(cents) * rate * 2n;
          const got2 = BigInt(taxedFee?.taxes_amount_cents ?? -1) * 200_000n;
          const diff = exact2 > got2 ? exact2 - got2 : got2 - exact2;
          expect(diff <= 100_000n).toBe(true);
        },
      ),
    );
  });
});

describe('feeTaxes and setFeeTaxes: taxing a fee its caller owns, in place', () => {
  it('set in place, the fields give the fee applyTaxes gives', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.uniqueArray(taxArb, { selector: (x) => x.code, maxLength: 4 }),
        (cents, taxes) => {
          const from = { customer: taxes, add_ons: [{ svc_id: BARE_ADD_ON }] };
          const original = fee('add_on', cents, { itemId: BARE_ADD_ON });
          const [expected] = ok(applyTaxes([original], from)).fees;
          const resolved = resolveTaxSources(from);
          if (resolved._tag === 'Left') throw new Error(resolved.left.message);
          const owned = { ...original };
          const taxes0 = feeTaxes(owned, 0, resolved.right);
          if (taxes0._tag === 'Left') throw new Error(taxes0.left.message);
          if (taxes0.right.fields !== undefined) setFeeTaxes(owned, taxes0.right.fields);
          expect(owned).toEqual(expected);
        },
      ),
    );
  });

  it('leaves a fee that already has applied taxes as it is', () => {
    const [once] = ok(applyTaxes([chargeFee()], sources())).fees;
    const resolved = resolveTaxSources(sources({ customer: [t.customer] }));
    if (resolved._tag === 'Left' || once === undefined) throw new Error('no taxes');
    expect(feeTaxes(once, 3, resolved.right)).toEqual({
      _tag: 'Right',
      right: {
        fields: undefined,
        outcome: { fee_index: 3, source: 'already_taxed', tax_codes: [] },
      },
    });
  });
});

describe('feeUntaxed: the checks of a fee taxed by none, without its fields', () => {
  it('answers as feeTaxes does: untaxed when it gives no applied taxes, its error when it fails', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.uniqueArray(taxArb, { selector: (x) => x.code, maxLength: 2 }),
        fc.constantFrom('fine', 'bad precise amount', 'unknown currency', 'already taxed'),
        (cents, taxes, shape) => {
          const from = { customer: taxes, add_ons: [{ svc_id: BARE_ADD_ON }] };
          const resolved = resolveTaxSources(from);
          if (resolved._tag === 'Left') throw new Error(resolved.left.message);
          const original = fee('add_on', cents, { itemId: BARE_ADD_ON });
          const [taxedOnce] = ok(
            applyTaxes([original], { customer: [t.customer], add_ons: from.add_ons }),
          ).fees;
          const given =
            shape === 'bad precise amount'
              ? { ...original, precise_amount: 'ten' }
              : shape === 'unknown currency'
                ? { ...original, amount_currency: 'ZZZ' }
                : shape === 'already taxed'
                  ? (taxedOnce ?? original)
                  : original;
          const full = feeTaxes(given as typeof original, 0, resolved.right);
          const quick = feeUntaxed(given as typeof original, 0, resolved.right);
          if (full._tag === 'Left') {
            expect(quick).toEqual(full);
          } else {
            const { fields } = full.right;
            expect(quick).toEqual({
              _tag: 'Right',
              right: fields !== undefined && fields.applied_taxes.length === 0,
            });
          }
        },
      ),
    );
  });
});
