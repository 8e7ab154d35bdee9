/**
 * Progressive billing (invoicing.md §3.1, §3.2, §3.3 and §9.9): passed thresholds, what is
 * left to credit, and the credit on the period-end invoice, with their laws.
 */
import type { Invoice } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyProgressiveBillingCredit,
  passedUsageThresholds,
  progressiveBilledAmount,
  progressiveBillingCreditNoteItems,
} from '../../../src/invoice/progressive-billing/index';
import {
  billingPeriod,
  creditNote,
  fee,
  invoice,
  leftOf,
  progressiveCredit,
  rightOf,
  threshold,
  uuid,
} from '../wallets/builders';

const FIXED = [threshold(10), threshold(20), threshold(31), threshold(40)];
const usage = (invoiced: number, current: number) => ({
  historical_usage_amount_cents: 0,
  invoiced_usage_amount_cents: invoiced,
  current_usage_amount_cents: current,
});
const amounts = (list: readonly { amount_cents: number; recurring: boolean }[]) =>
  list.map((t) => (t.recurring ? `R${t.amount_cents}` : t.amount_cents));

describe('passedUsageThresholds (invoicing.md §3.1)', () => {
  it('§3.1: thresholds 10, 20, 31, 40 with invoiced 9 and current 31 -> all four', () => {
    expect(
      amounts(rightOf(passedUsageThresholds({ thresholds: FIXED, lifetime_usage: usage(9, 31) }))),
    ).toEqual([10, 20, 31, 40]);
  });

  it('§3.1: invoiced 11, current 10 -> [20]', () => {
    expect(
      amounts(rightOf(passedUsageThresholds({ thresholds: FIXED, lifetime_usage: usage(11, 10) }))),
    ).toEqual([20]);
  });

  it('§3.1: with a recurring 5: (0, 45) -> 10, 20, 31, 40 and the recurring one', () => {
    const thresholds = [threshold(5, true), ...FIXED];
    expect(
      amounts(rightOf(passedUsageThresholds({ thresholds, lifetime_usage: usage(0, 45) }))),
    ).toEqual([10, 20, 31, 40, 'R5']);
  });

  it('§3.1: with a recurring 5 beyond the fixed ones: (50, 5) -> [R5] and (49, 1) -> [R5]', () => {
    const thresholds = [...FIXED, threshold(5, true)];
    expect(
      amounts(rightOf(passedUsageThresholds({ thresholds, lifetime_usage: usage(50, 5) }))),
    ).toEqual(['R5']);
    expect(
      amounts(rightOf(passedUsageThresholds({ thresholds, lifetime_usage: usage(49, 1) }))),
    ).toEqual(['R5']);
    expect(
      amounts(rightOf(passedUsageThresholds({ thresholds, lifetime_usage: usage(49, 0) }))),
    ).toEqual([]);
  });

  it('§3.1: what progressive billing already billed this period moves from current to invoiced', () => {
    // current 31 of which 31 billed: actual 0, invoiced 40 = L, no recurring -> nothing.
    expect(
      rightOf(
        passedUsageThresholds({
          thresholds: FIXED,
          lifetime_usage: usage(9, 31),
          progressive_billed_amount_cents: 31,
        }),
      ),
    ).toEqual([]);
    // billed more than the current usage: nothing passes.
    expect(
      rightOf(
        passedUsageThresholds({
          thresholds: FIXED,
          lifetime_usage: usage(0, 5),
          progressive_billed_amount_cents: 6,
        }),
      ),
    ).toEqual([]);
    // current 25, 10 billed: invoiced 10, total 25 -> [20].
    expect(
      amounts(
        rightOf(
          passedUsageThresholds({
            thresholds: FIXED,
            lifetime_usage: usage(0, 25),
            progressive_billed_amount_cents: 10,
          }),
        ),
      ),
    ).toEqual([20]);
  });

  it('two recurring thresholds or a non-positive amount are errors', () => {
    expect(
      leftOf(
        passedUsageThresholds({
          thresholds: [threshold(5, true), threshold(7, true)],
          lifetime_usage: usage(0, 1),
        }),
      ),
    ).toMatchObject({
      code: 'invalid_usage_thresholds',
      path: ['thresholds', '1', 'recurring'],
    });
    expect(
      leftOf(passedUsageThresholds({ thresholds: [threshold(0)], lifetime_usage: usage(0, 1) })),
    ).toMatchObject({
      code: 'invalid_usage_thresholds',
      path: ['thresholds', '0', 'amount_cents'],
    });
  });

  it('a fixed threshold passes exactly once as usage grows past it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 10 }),
        (steps) => {
          // Each step's usage is billed by progressive billing before the next one is measured.
          let invoiced = 0;
          const passed: (string | number)[] = [];
          for (const step of steps) {
            passed.push(
              ...amounts(
                rightOf(
                  passedUsageThresholds({
                    thresholds: FIXED,
                    lifetime_usage: usage(invoiced, step),
                  }),
                ),
              ),
            );
            invoiced += step;
          }
          expect(passed).toEqual([10, 20, 31, 40].filter((a) => a <= invoiced));
        },
      ),
    );
  });
});

const PERIOD = billingPeriod('main', '2025-03-01T00:00:00Z', '2025-03-31T23:59:59Z');
/** A progressive-billing invoice of the period with one charge fee. */
function pbInvoice(
  name: string,
  amount: number,
  extra: {
    coupons?: number;
    taxes?: number;
    issuing_date?: string;
    status?: 'finalized' | 'draft' | 'voided' | 'failed';
  } = {},
): Invoice {
  return invoice({
    name,
    invoice_type: 'progressive_billing',
    status: extra.status ?? 'finalized',
    issuing_date: extra.issuing_date ?? '2025-03-10',
    billing_periods: [PERIOD],
    coupons_amount_cents: extra.coupons ?? 0,
    fees: [
      fee({
        name: `${name}:api`,
        code: 'api',
        amount_cents: amount,
        precise_coupons_amount_cents: String(extra.coupons ?? 0),
        taxes_amount_cents: extra.taxes ?? 0,
      }),
    ],
  });
}
const SUBSCRIPTION = uuid('subscription:main');
const billed = (
  invoices: readonly Invoice[],
  credit_notes = [] as Parameters<typeof progressiveBilledAmount>[0]['credit_notes'],
) =>
  rightOf(
    progressiveBilledAmount({
      subscription_id: SUBSCRIPTION,
      timestamp: '2025-03-01T00:00:00Z',
      invoices,
      ...(credit_notes === undefined ? {} : { credit_notes }),
    }),
  );

describe('progressiveBilledAmount (invoicing.md §3.2)', () => {
  it('§3.2: fees 100, coupons 30 -> 70 to credit; 84 billed with 14 of tax', () => {
    const pb = pbInvoice('pb', 100, { coupons: 30, taxes: 14 });
    expect(billed([pb])).toMatchObject({
      progressive_billing_invoice: pb,
      progressive_billed_amount_cents: 100,
      to_credit_amount_cents: 70,
      total_billed_amount_cents: 84,
    });
  });

  it('§3.2: fees 20 with a credit note of 10 -> 10', () => {
    const pb = pbInvoice('pb', 20);
    const note = creditNote({ name: 'cn', invoice: pb, items: [], credit_amount_cents: 10 });
    expect(billed([pb], [note]).to_credit_amount_cents).toBe(10);
    const voided = creditNote({
      name: 'cn',
      invoice: pb,
      items: [],
      credit_amount_cents: 10,
      credit_status: 'voided',
    });
    expect(billed([pb], [voided]).to_credit_amount_cents).toBe(20);
  });

  it('§3.2: a credit of 20 already taken -> 0, but 20 again when the invoice holding it is voided', () => {
    const pb = pbInvoice('pb', 20);
    const taking = (status: 'finalized' | 'voided') =>
      invoice({
        name: 'period',
        status,
        fees: [fee({ name: 'x', code: 'api', amount_cents: 50 })],
        credits: [progressiveCredit(pb, 'period', 20)],
      });
    expect(billed([pb, taking('finalized')]).to_credit_amount_cents).toBe(0);
    expect(billed([pb, taking('voided')]).to_credit_amount_cents).toBe(20);
  });

  it('§3.2: THE invoice is the latest of the period; drafts, other subscriptions and other periods are not looked at', () => {
    const first = pbInvoice('first', 20, { issuing_date: '2025-03-05' });
    const second = pbInvoice('second', 1000, { issuing_date: '2025-03-12' });
    const draft = pbInvoice('draft', 5000, { issuing_date: '2025-03-20', status: 'draft' });
    const result = billed([second, draft, first]);
    expect(result.progressive_billing_invoice?.svc_id).toBe(second.svc_id);
    expect(result.total_billed_amount_cents).toBe(1020);
    const april = rightOf(
      progressiveBilledAmount({
        subscription_id: SUBSCRIPTION,
        timestamp: '2025-04-01T00:00:00Z',
        invoices: [first, second],
      }),
    );
    expect(april).toMatchObject({
      progressive_billing_invoice: null,
      to_credit_amount_cents: 0,
      total_billed_amount_cents: 0,
    });
    expect(
      rightOf(
        progressiveBilledAmount({
          subscription_id: uuid('subscription:other'),
          timestamp: '2025-03-01T00:00:00Z',
          invoices: [first],
        }),
      ).progressive_billing_invoice,
    ).toBeNull();
  });

  it('two invoices issued the same day at the same instant: THE invoice is the later in the list', () => {
    // A pinned clock issues both at once; the list is in issuing order, so the second (1000,
    // cumulative) is the latest, and 1000 is left to credit, not 20.
    const first = pbInvoice('first', 20, { issuing_date: '2025-03-05' });
    const second = pbInvoice('second', 1000, { issuing_date: '2025-03-05' });
    expect(billed([first, second])).toMatchObject({
      progressive_billing_invoice: second,
      progressive_billed_amount_cents: 1000,
      to_credit_amount_cents: 1000,
    });
  });
});

/** The period-end invoice, with charge fees on the PB invoices' charge. */
function periodInvoice(...charges: readonly number[]): Invoice {
  return invoice({
    name: 'period',
    fees: [
      fee({ name: 'sub', type: 'subscription', amount_cents: 1000 }),
      ...charges.map((amount, i) =>
        fee({
          name: `api${i}`,
          code: 'api',
          amount_cents: amount,
          ...(i === 0 ? {} : { filter: `f${i}` }),
        }),
      ),
    ],
  });
}

describe('applyProgressiveBillingCredit (invoicing.md §3.3)', () => {
  it('§3.3: one PB fee of 20 -> a credit of 20 on the matching fee, before taxes', () => {
    const pb = pbInvoice('pb', 20);
    const result = rightOf(
      applyProgressiveBillingCredit({
        invoice: periodInvoice(100),
        progressive_billing_invoice: pb,
        to_credit_amount_cents: 20,
      }),
    );
    expect(result).toMatchObject({
      credit_amount_cents: 20,
      excess_amount_cents: 0,
      credit_note_items: [],
    });
    expect(result.invoice.fees[1]?.precise_coupons_amount_cents).toBe('20');
    expect(result.invoice.fees[0]?.precise_coupons_amount_cents).toBe('0');
    expect(result.invoice).toMatchObject({
      progressive_billing_credit_amount_cents: 20,
      sub_total_excluding_taxes_amount_cents: 1080,
    });
    expect(result.invoice.credits).toEqual([
      expect.objectContaining({
        amount_cents: 20,
        before_taxes: true,
        item: expect.objectContaining({ type: 'invoice', svc_item_id: pb.svc_id }),
      }),
    ]);
  });

  it('§3.3: a period fee of 19 -> a credit of 19, and the excess 1 by a credit note on the PB invoice', () => {
    const pb = pbInvoice('pb', 20);
    const result = rightOf(
      applyProgressiveBillingCredit({
        invoice: periodInvoice(19),
        progressive_billing_invoice: pb,
        to_credit_amount_cents: 20,
      }),
    );
    expect(result).toMatchObject({
      credit_amount_cents: 19,
      excess_amount_cents: 1,
      credit_note_items: [{ fee_id: pb.fees[0]?.svc_id, amount_cents: 1 }],
    });
  });

  it('§3.3: PB invoices of 20, 1000 and 2000 (cumulative), period charge fee 500 -> credit 500 + credit note 1500 on the latest', () => {
    const invoices = [
      pbInvoice('pb1', 20, { issuing_date: '2025-03-05' }),
      pbInvoice('pb2', 1000, { issuing_date: '2025-03-12' }),
      pbInvoice('pb3', 2000, { issuing_date: '2025-03-20' }),
    ];
    const amount = billed(invoices);
    const latest = amount.progressive_billing_invoice;
    if (latest === null) throw new Error('a PB invoice was expected');
    expect(amount.to_credit_amount_cents).toBe(2000);
    const result = rightOf(
      applyProgressiveBillingCredit({
        invoice: periodInvoice(500),
        progressive_billing_invoice: latest,
        to_credit_amount_cents: amount.to_credit_amount_cents,
      }),
    );
    expect(result).toMatchObject({
      credit_amount_cents: 500,
      excess_amount_cents: 1500,
      credit_note_items: [{ fee_id: latest.fees[0]?.svc_id, amount_cents: 1500 }],
    });
  });

  it('§3.3: nothing to credit leaves the invoice as it is', () => {
    const pb = pbInvoice('pb', 20);
    const inv = periodInvoice(100);
    expect(
      rightOf(
        applyProgressiveBillingCredit({
          invoice: inv,
          progressive_billing_invoice: pb,
          to_credit_amount_cents: 0,
        }),
      ),
    ).toMatchObject({ invoice: inv, credit: null, credit_amount_cents: 0 });
  });

  it('§9.9: the credit note items come from the PB fees by descending amount; too large an excess is an error', () => {
    const pb = invoice({
      name: 'pb',
      invoice_type: 'progressive_billing',
      fees: [
        fee({ name: 'small', code: 'a', amount_cents: 300 }),
        fee({ name: 'large', code: 'b', amount_cents: 2000 }),
      ],
    });
    expect(
      rightOf(
        progressiveBillingCreditNoteItems({ progressive_billing_invoice: pb, amount_cents: 2100 }),
      ),
    ).toEqual([
      { fee_id: pb.fees[1]?.svc_id, amount_cents: 2000 },
      { fee_id: pb.fees[0]?.svc_id, amount_cents: 100 },
    ]);
    const earlier = creditNote({
      name: 'earlier',
      invoice: pb,
      items: [
        {
          fee: pb.fees[1] ?? pb.fees[0] ?? fee({ name: 'none', amount_cents: 0 }),
          amount_cents: 1900,
        },
      ],
      credit_amount_cents: 1900,
    });
    expect(
      rightOf(
        progressiveBillingCreditNoteItems({
          progressive_billing_invoice: pb,
          amount_cents: 150,
          credit_notes: [earlier],
        }),
      ),
    ).toEqual([
      { fee_id: pb.fees[1]?.svc_id, amount_cents: 100 },
      { fee_id: pb.fees[0]?.svc_id, amount_cents: 50 },
    ]);
    expect(
      leftOf(
        progressiveBillingCreditNoteItems({ progressive_billing_invoice: pb, amount_cents: 2301 }),
      ).code,
    ).toBe('creditable_amount_is_less_than_requested');
  });

  it('the credit and the excess add up to what was left to credit; the fee shares add up to the credit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 6000 }),
        (charges, pbAmount, toCredit) => {
          const pb = pbInvoice('pb', pbAmount);
          const inv = periodInvoice(...charges);
          const result = rightOf(
            applyProgressiveBillingCredit({
              invoice: inv,
              progressive_billing_invoice: pb,
              to_credit_amount_cents: Math.min(toCredit, pbAmount),
            }),
          );
          expect(result.credit_amount_cents + result.excess_amount_cents).toBe(
            Math.min(toCredit, pbAmount),
          );
          expect(result.credit_amount_cents).toBeLessThanOrEqual(
            charges.reduce((s, c) => s + c, 0),
          );
          const shares = result.invoice.fees.map((f) => Number(f.precise_coupons_amount_cents));
          expect(shares.reduce((s, c) => s + c, 0)).toBe(result.credit_amount_cents);
          result.invoice.fees.forEach((f, i) => {
            expect(shares[i]).toBeLessThanOrEqual(f.amount_cents);
          });
        },
      ),
    );
  });
});
