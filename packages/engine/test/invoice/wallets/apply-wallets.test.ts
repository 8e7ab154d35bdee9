/**
 * Paying an invoice with prepaid credits (invoicing.md §6.5, the wallet step of the §1 worked
 * example, open questions 10, 13 and 14) and the laws of the allocation.
 */
import type { Fee, Invoice, Wallet, WalletTransaction } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  formatDecimal,
  halfAwayFromZero,
  multiply,
  parseDecimalUnsafe,
  type Scale,
} from '../../../src/core/decimal/index';
import { applyWallets } from '../../../src/invoice/wallets/index';
import { fee, invoice, leftOf, rightOf, transaction, type WalletSpec, wallet } from './builders';

const amountOf = (result: ReturnType<typeof applyWallets>, w: Wallet) =>
  rightOf(result).consumptions.find((c) => c.svc_wallet_id === w.svc_id)?.amount_cents ?? 0;

describe('applyWallets: worked figures', () => {
  it('§6.5: six wallets of 10.00, fees 3600 and 1550, total 5150 -> 1000/1000/1000/1000/550/600', () => {
    // Created in this order; the priority-49 ones are consumed first, oldest first.
    const day = (d: number) => `2025-01-0${d}T00:00:00Z`;
    const spec = (name: string, d: number, extra: Partial<WalletSpec>) =>
      wallet({ name, balance_cents: 1000, created_at: day(d), ...extra });
    const normal = spec('normal', 1, {});
    const priority = spec('priority', 2, { priority: 49 });
    const limitedCharge = spec('limited charge', 3, { fee_types: ['charge'] });
    const priorityCharge = spec('priority limited charge', 4, {
      priority: 49,
      fee_types: ['charge'],
    });
    const limitedSubscription = spec('limited subscription', 5, { fee_types: ['subscription'] });
    const prioritySubscription = spec('priority limited subscription', 6, {
      priority: 49,
      fee_types: ['subscription'],
    });
    const inv = invoice({
      fees: [
        fee({ name: 'sub', type: 'subscription', amount_cents: 3500, taxes_amount_cents: 100 }),
        fee({ name: 'bm', code: 'bm', amount_cents: 1500, taxes_amount_cents: 50 }),
      ],
    });
    expect(inv.total_amount_cents).toBe(5150);
    const wallets = [
      normal,
      priority,
      limitedCharge,
      priorityCharge,
      limitedSubscription,
      prioritySubscription,
    ];
    const result = applyWallets(inv, wallets);
    expect(rightOf(result).consumptions.map((c) => [c.svc_wallet_id, c.amount_cents])).toEqual([
      [priority.svc_id, 1000],
      [priorityCharge.svc_id, 1000],
      [prioritySubscription.svc_id, 1000],
      [normal.svc_id, 1000],
      [limitedCharge.svc_id, 550],
      [limitedSubscription.svc_id, 600],
    ]);
    expect(rightOf(result).invoice).toMatchObject({
      prepaid_credit_amount_cents: 5150,
      total_amount_cents: 0,
      payment_status: 'succeeded',
    });
    const after = rightOf(result).wallets.find((w) => w.svc_id === limitedCharge.svc_id);
    expect(after).toMatchObject({
      balance_cents: 450,
      credits_balance: '4.5',
      consumed_credits: '5.5',
    });
  });

  it('§6.5 / open question 13: total 10000 but caps only 2200 + 1100 -> 3300 applied (larger gaps are not filled)', () => {
    const inv = invoice({
      fees: [
        fee({ name: 'sub', type: 'subscription', amount_cents: 2000, taxes_amount_cents: 200 }),
        fee({ name: 'bm', code: 'bm', amount_cents: 1000, taxes_amount_cents: 100 }),
      ],
      total_amount_cents: 10000,
    });
    const big = wallet({ name: 'big', balance_cents: 100_000 });
    const result = rightOf(applyWallets(inv, [big]));
    expect(result.prepaid_credit_amount_cents).toBe(3300);
    expect(result.invoice.total_amount_cents).toBe(6700);
  });

  it('§6.5 reconciliation: caps 2 × (50000 + 3412.7) fall 0.6 short of the total 106826 -> the gap goes to the largest bucket', () => {
    const inv = invoice({
      fees: [
        fee({
          name: 'a',
          code: 'a',
          amount_cents: 50000,
          taxes_amount_cents: 3413,
          taxes_precise_amount_cents: '3412.7',
        }),
        fee({
          name: 'b',
          code: 'b',
          amount_cents: 50000,
          taxes_amount_cents: 3413,
          taxes_precise_amount_cents: '3412.7',
        }),
      ],
      taxes_amount_cents: 6826,
    });
    expect(inv.total_amount_cents).toBe(106_826);
    const result = rightOf(applyWallets(inv, [wallet({ name: 'w', balance_cents: 200_000 })]));
    expect(result.prepaid_credit_amount_cents).toBe(106_826);
  });

  it('§1 worked example: a wallet limited to charges covers 6634.92 -> 6635, total 27050 -> 20415', () => {
    // Fees 30000; the PB credit 3000 sits on BM3; coupon A (50% of BM1) 500, then coupon B
    // (1000 over the base 26500) spread by fee net share, kept to 5 decimals (§4.3); 10% tax
    // on each net (§2.2); a 1000 credit note (§5).
    const tenPercent = (net: string, taxes: number) => ({
      taxes_precise_amount_cents: formatDecimal(
        multiply(parseDecimalUnsafe(net), parseDecimalUnsafe('0.1')),
      ),
      taxes_amount_cents: taxes,
      taxes_rate: 10,
    });
    const fees = [
      fee({
        name: 'sub',
        type: 'subscription',
        amount_cents: 10000,
        precise_coupons_amount_cents: '377.35849',
        ...tenPercent('9622.64151', 962),
      }),
      fee({
        name: 'bm1',
        code: 'bm1',
        amount_cents: 1000,
        precise_coupons_amount_cents: '518.86792',
        ...tenPercent('481.13208', 48),
      }),
      fee({
        name: 'bm2',
        code: 'bm2',
        amount_cents: 2000,
        precise_coupons_amount_cents: '75.4717',
        ...tenPercent('1924.5283', 192),
      }),
      fee({
        name: 'bm3',
        code: 'bm3',
        amount_cents: 3000,
        precise_coupons_amount_cents: '3000',
        ...tenPercent('0', 0),
      }),
      fee({
        name: 'bm4',
        code: 'bm4',
        amount_cents: 4000,
        precise_coupons_amount_cents: '150.9434',
        ...tenPercent('3849.0566', 385),
      }),
      fee({
        name: 'fixed',
        type: 'fixed_charge',
        amount_cents: 10000,
        precise_coupons_amount_cents: '377.35849',
        ...tenPercent('9622.64151', 962),
      }),
    ];
    const inv = invoice({
      fees,
      coupons_amount_cents: 1500,
      progressive_billing_credit_amount_cents: 3000,
      taxes_amount_cents: 2550,
      credit_notes_amount_cents: 1000,
    });
    expect([
      inv.sub_total_excluding_taxes_amount_cents,
      inv.sub_total_including_taxes_amount_cents,
      inv.total_amount_cents,
    ]).toEqual([25500, 28050, 27050]);
    const charges = wallet({ name: 'charges', balance_cents: 10_000, fee_types: ['charge'] });
    const result = rightOf(applyWallets(inv, [charges]));
    expect(result.prepaid_credit_amount_cents).toBe(6635);
    expect(result.invoice.total_amount_cents).toBe(20415);
    const taken =
      result.consumptions[0]?.shares.map((s) => parseDecimalUnsafe(s.amount_cents)) ?? [];
    const exact = taken.reduce(add, parseDecimalUnsafe('0'));
    expect(formatDecimal(halfAwayFromZero(exact, 2 as Scale))).toBe('6634.92');
    expect(result.wallet_transactions).toEqual([
      expect.objectContaining({
        svc_wallet_id: charges.svc_id,
        svc_invoice_id: inv.svc_id,
        status: 'settled',
        transaction_status: 'invoiced',
        transaction_type: 'outbound',
        amount: '66.35',
        credit_amount: '66.35',
      }),
    ]);
  });
});

describe('applyWallets: which wallets pay', () => {
  const inv = invoice({ fees: [fee({ name: 'bm', code: 'storage', amount_cents: 1000 })] });

  it('§6.5: a wallet expired at the invoice time, terminated, empty or in another currency is not used', () => {
    const expired = wallet({
      name: 'expired',
      balance_cents: 500,
      priority: 1,
      expiration_at: '2025-02-01T00:00:00Z',
    });
    const terminated = wallet({
      name: 'terminated',
      balance_cents: 500,
      priority: 1,
      status: 'terminated',
    });
    const usd = wallet({ name: 'usd', balance_cents: 500, priority: 1, currency: 'USD' });
    const empty = wallet({ name: 'empty', balance_cents: 0, priority: 1 });
    const valid = wallet({
      name: 'valid',
      balance_cents: 300,
      expiration_at: '2025-02-01T00:00:01Z',
    });
    const result = rightOf(applyWallets(inv, [expired, terminated, usd, empty, valid]));
    expect(result.consumptions.map((c) => [c.svc_wallet_id, c.amount_cents])).toEqual([
      [valid.svc_id, 300],
    ]);
    expect(result.wallets[0]).toBe(expired);
    expect(rightOf(applyWallets(inv, [valid], { at: '2025-03-01T00:00:00Z' })).skipped).toBe(
      'no_applicable_wallet',
    );
  });

  it('open question 8: applies_to is a union; billable metric codes narrow only without fee types', () => {
    const cpuOnly = wallet({ name: 'cpu', balance_cents: 500, billable_metric_codes: ['cpu'] });
    const storage = wallet({
      name: 'storage',
      balance_cents: 500,
      billable_metric_codes: ['storage'],
    });
    const chargesAndCpu = wallet({
      name: 'charges+cpu',
      balance_cents: 500,
      fee_types: ['charge'],
      billable_metric_codes: ['cpu'],
    });
    const subscriptions = wallet({ name: 'subs', balance_cents: 500, fee_types: ['subscription'] });
    expect(amountOf(applyWallets(inv, [cpuOnly]), cpuOnly)).toBe(0);
    expect(amountOf(applyWallets(inv, [storage]), storage)).toBe(500);
    expect(amountOf(applyWallets(inv, [chargesAndCpu]), chargesAndCpu)).toBe(500);
    expect(amountOf(applyWallets(inv, [subscriptions]), subscriptions)).toBe(0);
  });

  it('open question 14: a draft invoice, a one-off and a top-up invoice carry no prepaid credits', () => {
    const w = wallet({ name: 'w', balance_cents: 500 });
    expect(rightOf(applyWallets(invoice({ fees: inv.fees, status: 'draft' }), [w])).skipped).toBe(
      'not_finalizing',
    );
    expect(
      rightOf(applyWallets(invoice({ fees: inv.fees, status: 'draft' }), [w], { finalizing: true }))
        .prepaid_credit_amount_cents,
    ).toBe(500);
    expect(
      rightOf(applyWallets(invoice({ fees: inv.fees, invoice_type: 'one_off' }), [w])).skipped,
    ).toBe('invoice_type_without_wallets');
    expect(
      rightOf(applyWallets(invoice({ fees: inv.fees, invoice_type: 'credit' }), [w])).skipped,
    ).toBe('invoice_type_without_wallets');
    expect(
      rightOf(applyWallets(invoice({ fees: inv.fees, total_amount_cents: 0 }), [w])).skipped,
    ).toBe('nothing_to_pay');
  });

  it('an invoice that already carries prepaid credits is an error', () => {
    const paid = invoice({ fees: inv.fees, prepaid_credit_amount_cents: 100 });
    expect(leftOf(applyWallets(paid, []))).toMatchObject({
      code: 'wallets_already_applied',
      path: ['invoice', 'prepaid_credit_amount_cents'],
    });
  });

  it('a wallet field that cannot be read is an error naming its path', () => {
    const broken = wallet({ name: 'w', balance_cents: 500, rate_amount: '0' });
    expect(leftOf(applyWallets(inv, [broken]))).toMatchObject({
      code: 'invalid_input',
      path: ['wallets', '0', 'rate_amount'],
    });
  });

  it('deviation: rounded per wallet, the reference can pay a cent more than the total; feecast never does', () => {
    // Caps 5.5 (subscription) and 4.5 (charge), total 10: the reference rounds 4.5 -> 5 and
    // 5.5 -> 6, paying 11 of 10. feecast caps the last wallet at what is left: 5 + 5.
    const halves = invoice({
      fees: [
        fee({
          name: 'sub',
          type: 'subscription',
          amount_cents: 5,
          taxes_amount_cents: 1,
          taxes_precise_amount_cents: '0.5',
        }),
        fee({
          name: 'bm',
          code: 'bm',
          amount_cents: 4,
          taxes_amount_cents: 1,
          taxes_precise_amount_cents: '0.5',
        }),
      ],
      taxes_amount_cents: 1,
    });
    expect(halves.total_amount_cents).toBe(10);
    const charge = wallet({
      name: 'charge',
      balance_cents: 100,
      priority: 1,
      fee_types: ['charge'],
    });
    const sub = wallet({
      name: 'sub',
      balance_cents: 100,
      priority: 2,
      fee_types: ['subscription'],
    });
    const result = rightOf(applyWallets(halves, [charge, sub]));
    expect(result.consumptions.map((c) => c.amount_cents)).toEqual([5, 5]);
    expect(result.invoice.total_amount_cents).toBe(0);
  });
});

describe('applyWallets: granted and purchased credits (§6.5, open question 10)', () => {
  const inv = invoice({ fees: [fee({ name: 'bm', code: 'bm', amount_cents: 800 })] });
  const w = wallet({ name: 'w', balance_cents: 1500 });
  const granted = transaction({
    name: 'granted',
    wallet: w,
    kind: 'granted',
    credits: '5',
    remaining_amount_cents: 500,
    created_at: '2025-01-02T00:00:00Z',
  });
  const purchased = transaction({
    name: 'purchased',
    wallet: w,
    kind: 'purchased',
    credits: '10',
    remaining_amount_cents: 1000,
    created_at: '2025-01-01T00:00:00Z',
  });

  it('granted credits are consumed before purchased ones of the same priority, even when newer', () => {
    const result = rightOf(applyWallets(inv, [w], { transactions: [purchased, granted] }));
    expect(result.invoice).toMatchObject({
      prepaid_credit_amount_cents: 800,
      prepaid_granted_credit_amount_cents: 500,
      prepaid_purchased_credit_amount_cents: 300,
    });
    expect(result.consumptions[0]).toMatchObject({
      granted_amount_cents: 500,
      purchased_amount_cents: 300,
    });
    expect(result.updated_transactions).toEqual([
      expect.objectContaining({
        svc_id: granted.svc_id,
        remaining_amount_cents: 0,
        remaining_credit_amount: '0',
      }),
      expect.objectContaining({
        svc_id: purchased.svc_id,
        remaining_amount_cents: 700,
        remaining_credit_amount: '7',
      }),
    ]);
  });

  it('a transaction of a better (lower) priority is consumed first; a split part that is 0 stays null', () => {
    const first = transaction({
      name: 'first',
      wallet: w,
      kind: 'purchased',
      credits: '10',
      remaining_amount_cents: 1000,
      priority: 10,
    });
    const result = rightOf(applyWallets(inv, [w], { transactions: [granted, first] }));
    expect(result.invoice.prepaid_granted_credit_amount_cents).toBeNull();
    expect(result.invoice.prepaid_purchased_credit_amount_cents).toBe(800);
  });

  it('open question 10: without transactions, or with one not traceable, the split is null', () => {
    expect(rightOf(applyWallets(inv, [w])).invoice.prepaid_granted_credit_amount_cents).toBeNull();
    const untraced = transaction({
      name: 'old',
      wallet: w,
      kind: 'granted',
      credits: '5',
      remaining_amount_cents: null,
    });
    const result = rightOf(
      applyWallets(inv, [w], { transactions: [granted, purchased, untraced] }),
    );
    expect(result.invoice.prepaid_granted_credit_amount_cents).toBeNull();
    expect(result.invoice.prepaid_purchased_credit_amount_cents).toBeNull();
    expect(result.prepaid_credit_amount_cents).toBe(800);
  });

  it('transactions whose remaining amounts do not cover the consumption are an error', () => {
    const small = transaction({
      name: 'small',
      wallet: w,
      kind: 'granted',
      credits: '1',
      remaining_amount_cents: 100,
    });
    expect(leftOf(applyWallets(inv, [w], { transactions: [small] }))).toMatchObject({
      code: 'inconsistent_wallet_transactions',
    });
  });
});

/** A random invoice of up to six fees with taxes, coupons and a credit-note amount. */
const invoiceArb: fc.Arbitrary<Invoice> = fc
  .record({
    fees: fc.array(
      fc.record({
        type: fc.constantFrom(
          'subscription',
          'charge',
          'fixed_charge',
          'commitment',
        ) as fc.Arbitrary<'subscription' | 'charge' | 'fixed_charge' | 'commitment'>,
        code: fc.constantFrom('a', 'b', 'c'),
        amount: fc.integer({ min: 0, max: 100_000 }),
        couponPart: fc.integer({ min: 0, max: 100 }),
        rate: fc.constantFrom('0', '5.5', '10', '20'),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    totalNoise: fc.integer({ min: -50, max: 50 }),
    creditNotes: fc.integer({ min: 0, max: 5_000 }),
  })
  .map(({ fees, totalNoise, creditNotes }) => {
    const built: Fee[] = fees.map((f, i) => {
      const coupons = parseDecimalUnsafe(((f.amount * f.couponPart) / 100).toFixed(0));
      const net = parseDecimalUnsafe(String(f.amount - Number(formatDecimal(coupons))));
      const taxes = multiply(net, parseDecimalUnsafe(`${f.rate}e-2`));
      return fee({
        name: `f${i}`,
        type: f.type,
        code: f.code,
        amount_cents: f.amount,
        precise_coupons_amount_cents: formatDecimal(coupons),
        taxes_precise_amount_cents: formatDecimal(taxes),
        taxes_amount_cents: Number(formatDecimal(halfAwayFromZero(taxes, 0 as Scale))),
        taxes_rate: Number(f.rate),
      });
    });
    const base = invoice({ fees: built });
    const coupons = built.reduce((s, f) => s + Number(f.precise_coupons_amount_cents), 0);
    const subExcl = base.fees_amount_cents - coupons;
    const subIncl = subExcl + base.taxes_amount_cents;
    const credit = Math.min(creditNotes, subIncl);
    return invoice({
      fees: built,
      coupons_amount_cents: coupons,
      credit_notes_amount_cents: credit,
      total_amount_cents: Math.max(0, subIncl - credit + totalNoise),
    });
  });

/** Random wallets, in random order, of random scopes and states. */
const walletsArb: fc.Arbitrary<Wallet[]> = fc
  .array(
    fc.record({
      balance: fc.integer({ min: 0, max: 60_000 }),
      priority: fc.integer({ min: 1, max: 50 }),
      day: fc.integer({ min: 1, max: 28 }),
      fee_types: fc.subarray(['charge', 'subscription', 'commitment']),
      codes: fc.subarray(['a', 'b', 'c']),
      status: fc.constantFrom('active', 'active', 'terminated') as fc.Arbitrary<
        'active' | 'terminated'
      >,
      currency: fc.constantFrom('EUR', 'EUR', 'EUR', 'USD'),
    }),
    { maxLength: 6 },
  )
  .map((specs) =>
    specs.map((s, i) =>
      wallet({
        name: `w${i}`,
        balance_cents: s.balance,
        priority: s.priority,
        created_at: `2025-01-${String(s.day).padStart(2, '0')}T00:00:00Z`,
        fee_types: s.fee_types,
        billable_metric_codes: s.codes,
        status: s.status,
        currency: s.currency,
      }),
    ),
  );

describe('applyWallets: laws', () => {
  it('wallet consumption never exceeds balance nor total', () => {
    fc.assert(
      fc.property(invoiceArb, walletsArb, (inv, wallets) => {
        const result = rightOf(applyWallets(inv, wallets));
        let paid = 0;
        for (const c of result.consumptions) {
          const before = wallets.find((w) => w.svc_id === c.svc_wallet_id);
          expect(before).toBeDefined();
          expect(c.amount_cents).toBeGreaterThan(0);
          expect(c.amount_cents).toBeLessThanOrEqual(before?.balance_cents ?? 0);
          paid += c.amount_cents;
        }
        expect(paid).toBe(result.prepaid_credit_amount_cents);
        expect(paid).toBeLessThanOrEqual(inv.total_amount_cents);
        expect(result.invoice.total_amount_cents).toBe(inv.total_amount_cents - paid);
        for (const [i, w] of result.wallets.entries()) {
          expect(w.balance_cents).toBeGreaterThanOrEqual(0);
          const spent =
            result.consumptions.find((c) => c.svc_wallet_id === w.svc_id)?.amount_cents ?? 0;
          expect(w.balance_cents).toBe((wallets[i]?.balance_cents ?? 0) - spent);
        }
      }),
    );
  });

  it('wallet consumption does not depend on the order of the wallets array', () => {
    fc.assert(
      fc.property(
        invoiceArb,
        walletsArb.chain((ws) =>
          fc.tuple(fc.constant(ws), fc.shuffledSubarray(ws, { minLength: ws.length })),
        ),
        (inv, [wallets, shuffled]) => {
          const a = rightOf(applyWallets(inv, wallets));
          const b = rightOf(applyWallets(inv, shuffled));
          expect(b.consumptions).toEqual(a.consumptions);
          expect(b.invoice).toEqual(a.invoice);
          const byId = (ws: readonly Wallet[]) =>
            [...ws].sort((x, y) => (x.svc_id < y.svc_id ? -1 : 1));
          expect(byId(b.wallets)).toEqual(byId(a.wallets));
        },
      ),
    );
  });

  it('granted + purchased consumption equals prepaid credit amount', () => {
    fc.assert(
      fc.property(
        invoiceArb,
        walletsArb,
        fc.array(
          fc.record({
            granted: fc.boolean(),
            part: fc.integer({ min: 0, max: 100 }),
            priority: fc.integer({ min: 1, max: 50 }),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        (inv, wallets, parts) => {
          // Each wallet's balance is split over funding transactions whose remaining amounts add up to it.
          const transactions: WalletTransaction[] = [];
          for (const w of wallets) {
            let left: number = w.balance_cents;
            for (const [i, p] of parts.entries()) {
              const last = i === parts.length - 1;
              const amount = last ? left : Math.floor((left * p.part) / 100);
              left -= amount;
              transactions.push(
                transaction({
                  name: `${w.name}:${i}`,
                  wallet: w,
                  kind: p.granted ? 'granted' : 'purchased',
                  credits: String(amount / 100),
                  remaining_amount_cents: amount,
                  priority: p.priority,
                  created_at: `2025-01-0${(i % 9) + 1}T00:00:00Z`,
                }),
              );
            }
          }
          const result = rightOf(applyWallets(inv, wallets, { transactions }));
          const granted = result.invoice.prepaid_granted_credit_amount_cents ?? 0;
          const purchased = result.invoice.prepaid_purchased_credit_amount_cents ?? 0;
          expect(granted + purchased).toBe(result.invoice.prepaid_credit_amount_cents);
          for (const c of result.consumptions) {
            expect((c.granted_amount_cents ?? 0) + (c.purchased_amount_cents ?? 0)).toBe(
              c.amount_cents,
            );
          }
        },
      ),
    );
  });
});
