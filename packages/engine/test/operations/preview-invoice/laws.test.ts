/**
 * The laws of previewInvoice, as fast-check properties over generated customers, plans,
 * usage, taxes, coupons, credit notes and wallets (seeded by FC_SEED, see vitest.setup.ts).
 */
import type { Invoice } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyValue, withHostile } from '../../../../models/test/hostile';
import type { UsageEvent } from '../../../src/aggregation/index';
import {
  type PreviewInvoiceInput,
  previewInvoice,
} from '../../../src/operations/preview-invoice/index';
import * as packaged from '../../../src/runtime';
import {
  charge,
  coupon,
  creditNote,
  customer,
  fixedCharge,
  input,
  metric,
  plan,
  pointed,
  subscription,
  tax,
  wallet,
} from './builders';

const DAY_MS = 86_400_000;
const JAN_1 = Date.UTC(2025, 0, 1);
const stamp = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A decimal price with 4 decimals, from 0 to 10. */
const price = fc.integer({ min: 0, max: 100_000 }).map((n) => pointed(n, 4));

const scenario = fc
  .record({
    amount: fc.integer({ min: 0, max: 100_000 }),
    payInAdvance: fc.boolean(),
    interval: fc.constantFrom('weekly', 'monthly', 'yearly'),
    unitPrice: price,
    calls: fc.array(fc.integer({ min: 0, max: 120 * 24 }), { maxLength: 25 }),
    fixedUnits: fc.integer({ min: 0, max: 5 }),
    fixedPrice: price,
    commitment: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
    rates: fc.array(fc.constantFrom(0, 5, 5.5, 10, 19.6, 20, 21), { maxLength: 2 }),
    coupons: fc.array(
      fc.oneof(
        fc.record({ amountCents: fc.integer({ min: 0, max: 50_000 }) }),
        fc.record({ percent: fc.integer({ min: 0, max: 100 }).map(String) }),
      ),
      { maxLength: 3 },
    ),
    wallets: fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 2 }),
    notes: fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 2 }),
    startDay: fc.integer({ min: 0, max: 80 }),
    nowHours: fc.integer({ min: 0, max: 30 * 24 }),
    draft: fc.boolean(),
  })
  .map((s): PreviewInvoiceInput => {
    const started = JAN_1 + s.startDay * DAY_MS;
    const now = started + s.nowHours * 3_600_000;
    const events: UsageEvent[] = s.calls.map((hours, i) => ({
      transaction_id: `t${i}`,
      code: 'api_calls',
      timestamp: stamp(started + hours * 3_600_000),
    }));
    return input({
      subscriptions: [
        {
          subscription: subscription({ started_at: stamp(started) }),
          plan: plan({
            amount_cents: s.amount,
            interval: s.interval,
            pay_in_advance: s.payInAdvance,
            charges: [charge('api_calls', 'standard', { amount: s.unitPrice })],
            fixed_charges: [
              fixedCharge('seats', 'standard', { amount: s.fixedPrice }, s.fixedUnits),
            ],
            ...(s.commitment === undefined ? {} : { commitment: { amount_cents: s.commitment } }),
          }),
        },
      ],
      billableMetrics: [metric('api_calls')],
      events,
      taxes: { customer: s.rates.map((rate, i) => tax(`t${i}`, rate)) },
      appliedCoupons: s.coupons.map((spec, i) => coupon({ code: `c${i}`, ...spec })),
      wallets: s.wallets.map((balance, i) => wallet({ code: `w${i}`, balance_cents: balance })),
      creditNotes: s.notes.map((balance, i) => creditNote(balance, `n${i}`)),
      now: stamp(now),
      status: s.draft ? 'draft' : 'finalized',
    });
  });

function previewOf(value: PreviewInvoiceInput): Invoice {
  const result = previewInvoice(value);
  if (result._tag === 'Left') throw new Error(`${result.left.code}: ${result.left.message}`);
  return result.right.invoice;
}

const RUNS = { numRuns: 60 };

describe('previewInvoice laws', () => {
  it("an invoice's fees amount equals the sum of its fees", () => {
    fc.assert(
      fc.property(scenario, (value) => {
        const invoice = previewOf(value);
        const total = invoice.fees.reduce((sum, fee) => sum + BigInt(fee.amount_cents), 0n);
        expect(BigInt(invoice.fees_amount_cents)).toBe(total);
      }),
      RUNS,
    );
  });

  it('totals are never negative', () => {
    fc.assert(
      fc.property(scenario, (value) => {
        const invoice = previewOf(value);
        for (const [key, amount] of Object.entries(invoice)) {
          if (!key.endsWith('_amount_cents') || typeof amount !== 'number') continue;
          expect([key, amount >= 0]).toEqual([key, true]);
        }
        for (const fee of invoice.fees) {
          expect(fee.amount_cents).toBeGreaterThanOrEqual(0);
          expect(fee.taxes_amount_cents).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('the totals identities hold (invoicing.md §1)', () => {
    fc.assert(
      fc.property(scenario, (value) => {
        const i = previewOf(value);
        const big = BigInt;
        expect(big(i.sub_total_excluding_taxes_amount_cents)).toBe(
          big(i.fees_amount_cents) -
            big(i.progressive_billing_credit_amount_cents) -
            big(i.coupons_amount_cents),
        );
        expect(big(i.sub_total_including_taxes_amount_cents)).toBe(
          big(i.sub_total_excluding_taxes_amount_cents) + big(i.taxes_amount_cents),
        );
        expect(big(i.total_amount_cents)).toBe(
          big(i.sub_total_including_taxes_amount_cents) -
            big(i.credit_notes_amount_cents) -
            big(i.prepaid_credit_amount_cents),
        );
      }),
      RUNS,
    );
  });

  it('taxes on zero fees are zero', () => {
    const zero = scenario.map((value) => {
      const [entry] = value.subscriptions;
      if (entry === undefined) return value;
      const free = plan({
        amount_cents: 0,
        charges: [charge('api_calls', 'standard', { amount: '0' })],
        fixed_charges: [fixedCharge('seats', 'standard', { amount: '0' }, 3)],
      });
      return { ...value, subscriptions: [{ subscription: entry.subscription, plan: free }] };
    });
    fc.assert(
      fc.property(zero, (value) => {
        const invoice = previewOf(value);
        expect(invoice.fees_amount_cents).toBe(0);
        expect(invoice.taxes_amount_cents).toBe(0);
        expect(invoice.applied_taxes.every((a) => a.amount_cents === 0)).toBe(true);
        expect(invoice.fees.every((f) => f.taxes_amount_cents === 0)).toBe(true);
        expect(invoice.total_amount_cents).toBe(0);
      }),
      RUNS,
    );
  });

  it('the same input gives the same preview (no clock, no randomness)', () => {
    fc.assert(
      fc.property(scenario, (value) => {
        expect(previewInvoice(value)).toEqual(previewInvoice(value));
      }),
      { numRuns: 20 },
    );
  });
});

describe('previewInvoice never throws on generated junk input', () => {
  const keys = [
    'customer',
    'subscriptions',
    'billableMetrics',
    'events',
    'now',
    'taxes',
    'appliedCoupons',
    'wallets',
    'walletTransactions',
    'addOns',
    'creditNotes',
    'progressiveBilling',
    'status',
  ] as const;

  it('a whole input of junk is a Left', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const result = previewInvoice(junk as PreviewInvoiceInput);
        expect(result._tag).toBe('Left');
      }),
      { numRuns: 200 },
    );
  });

  it('a valid input with one field replaced by junk gives an Either, never a throw', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(...keys), fc.anything(), (value, key, junk) => {
        const result = previewInvoice({ ...value, [key]: junk } as PreviewInvoiceInput);
        expect(['Left', 'Right']).toContain(result._tag);
      }),
      { numRuns: 200 },
    );
  });

  it('junk inside a subscription, a plan or the events gives an Either, never a throw', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.constantFrom('subscription', 'plan', 'events', 'customer'),
        fc.string(),
        fc.anything(),
        (value, where, key, junk) => {
          const [entry] = value.subscriptions;
          if (entry === undefined) return;
          const patched =
            where === 'subscription'
              ? {
                  ...value,
                  subscriptions: [
                    { ...entry, subscription: { ...entry.subscription, [key]: junk } },
                  ],
                }
              : where === 'plan'
                ? { ...value, subscriptions: [{ ...entry, plan: { ...entry.plan, [key]: junk } }] }
                : where === 'events'
                  ? {
                      ...value,
                      events: [junk, { transaction_id: 'x', code: 'api_calls', timestamp: junk }],
                    }
                  : { ...value, customer: { ...customer(), [key]: junk } };
          const result = previewInvoice(patched as PreviewInvoiceInput);
          expect(['Left', 'Right']).toContain(result._tag);
        },
      ),
      { numRuns: 200 },
    );
  });
  it('hostile values anywhere (BigInts, symbols, null-prototype objects, throwing getters and proxies, cycles, huge arrays): an Either from the package', () => {
    const cases = scenario.chain((value) => fc.oneof(withHostile(value), anyValue()));
    fc.assert(
      fc.property(cases, (input) => {
        const result = packaged.previewInvoice(input.build() as PreviewInvoiceInput);
        expect(['Left', 'Right']).toContain(result._tag);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
