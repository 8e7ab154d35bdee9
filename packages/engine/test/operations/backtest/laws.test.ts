/**
 * Issue 22 §1's law: a backtest's invoice of a period is `previewInvoice`'s at that period's
 * end with the same events, for generated histories (several subscriptions, both timestamp
 * forms, repeated ids, bad values), plans priced from states and from each event, and events
 * given as an array, a columnar batch or an asynchronous stream; with coupons and wallets,
 * each invoice is `previewInvoice`'s given what the customer's previous invoice on the plan left.
 */
import type { Fee } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../../src/aggregation/index';
import { type BacktestRow, backtest, eventBatch, previewInvoice } from '../../../src/runtime';
import { history, starter } from '../generated-history';
import {
  charge,
  coupon,
  customer,
  ok,
  plan,
  subscription,
  wallet,
} from '../preview-invoice/builders';
import { candidates, FROM, metrics, TO, twoSubscriptions } from './history-plans';

const subscriptions = [
  ...twoSubscriptions,
  {
    customer: customer(),
    subscription: subscription({ external_id: 'sub_9', terminated_at: '2025-03-20T12:00:00Z' }),
    plan: starter,
  },
];

/** The fees of an invoice per line, as the rows give them (amounts only). */
function lineAmounts(fees: readonly Fee[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const fee of fees) {
    const key = `${fee.item.type}:${fee.item.type === 'charge' || fee.item.type === 'fixed_charge' || fee.item.type === 'add_on' ? fee.item.code : ''}`;
    out[key] = (out[key] ?? 0) + fee.amount_cents;
  }
  return out;
}

/**
 * Starter at other prices (0.01 -> 0.02 per call, 5 -> 7 per seat): its charges split the
 * events as starter's do, so a backtest of both feeds one set of accumulators for the two.
 */
const dearer = plan({
  code: 'dearer',
  charges: [
    charge('api_calls', 'standard', { amount: '0.02', pricing_group_keys: ['region'] }),
    charge('seats', 'standard', { amount: '7' }),
  ],
});

/** The row `previewInvoice` gives for the row's subscription and plan, at its period's end. */
function expectedOf(row: BacktestRow, events: readonly UsageEvent[]) {
  const entry = subscriptions.find(
    (s) => s.subscription.external_id === row.external_subscription_id,
  );
  const plan =
    row.plan === 'current' ? entry?.plan : [...candidates, dearer].find((p) => p.code === row.plan);
  if (entry === undefined || plan === undefined) throw new Error(`no plan ${row.plan}`);
  // With two subscriptions in the backtest, an event naming none is no one's: give the
  // preview the events naming its subscription.
  const own = events.filter((e) => e.external_subscription_id === row.external_subscription_id);
  const preview = ok(
    previewInvoice({
      customer: entry.customer,
      subscriptions: [{ subscription: entry.subscription, plan }],
      billableMetrics: metrics,
      events: own,
      now: row.to_datetime,
    }),
  );
  const fees: Fee[] = [...preview.invoice.fees, ...preview.pay_in_advance_fees];
  return {
    fees_amount_cents: preview.invoice.fees_amount_cents,
    taxes_amount_cents: preview.invoice.taxes_amount_cents,
    total_amount_cents: preview.invoice.total_amount_cents,
    pay_in_advance_amount_cents: preview.pay_in_advance_fees.reduce(
      (n, f) => n + f.amount_cents,
      0,
    ),
    rejected_events: preview.rejected.length,
    lines: lineAmounts(fees),
  };
}

function actualOf(row: BacktestRow) {
  const lines: Record<string, number> = {};
  for (const line of row.fees) lines[`${line.kind}:${line.code ?? ''}`] = line.amount_cents;
  return {
    fees_amount_cents: row.fees_amount_cents,
    taxes_amount_cents: row.taxes_amount_cents,
    total_amount_cents: row.total_amount_cents,
    pay_in_advance_amount_cents: row.pay_in_advance_amount_cents,
    rejected_events: row.rejected_events,
    lines,
  };
}

const input = (events: readonly UsageEvent[]) => ({
  plans: candidates,
  subscriptions,
  billableMetrics: metrics,
  events,
  from: FROM,
  to: TO,
});

describe('backtest laws', () => {
  it("prices each subscription, period and plan as previewInvoice at the period's end", () => {
    fc.assert(
      fc.property(history, (events) => {
        const result = ok(backtest(input(events)));
        // sub_1: current and 3 candidates over February, March, April (4 x 3);
        // sub_2 (from March 5th, anniversary): the 3 candidates, 2 periods each;
        // sub_9 (terminated on March 20th): February and March 1-20 on the 4 plans.
        expect(result.rows).toHaveLength(12 + 6 + 8);
        for (const row of result.rows) {
          expect(actualOf(row)).toEqual(expectedOf(row, events));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('prices plans that aggregate alike (prices apart) each as previewInvoice', () => {
    fc.assert(
      fc.property(history, (events) => {
        const result = ok(backtest({ ...input(events), plans: [dearer] }));
        // sub_1: current (starter) and dearer over February, March, April (2 x 3); sub_2:
        // dearer, 2 periods; sub_9: February and March 1-20 on the 2 plans.
        expect(result.rows).toHaveLength(6 + 2 + 4);
        for (const row of result.rows) {
          expect(actualOf(row)).toEqual(expectedOf(row, events));
        }
      }),
      { numRuns: 25 },
    );
  });

  it("with coupons and wallets, prices each invoice as previewInvoice given what the customer's previous invoice on the plan left", () => {
    const [one] = twoSubscriptions;
    if (one === undefined) throw new Error('no subscription');
    // A fixed 15.00 EUR for 2 invoices, 10 % forever, 40.00 EUR of credits (the starter's
    // 3 periods use up the coupon and, on the dearer plans, the credits).
    const coupons = [
      coupon({ code: 'c15', amountCents: 1500, frequency: 'recurring', duration: 2 }),
      coupon({ code: 'p10', percent: '10' }),
    ];
    const wallets = [wallet({ code: 'w', balance_cents: 4000 })];
    fc.assert(
      fc.property(history, (events) => {
        const own = events.filter((e) => e.external_subscription_id === 'sub_1');
        const result = ok(
          backtest({
            plans: candidates,
            subscriptions: [one],
            billableMetrics: metrics,
            events: own,
            from: FROM,
            to: TO,
            coupons,
            wallets,
          }),
        );
        // sub_1: current and 3 candidates over February, March, April.
        expect(result.rows).toHaveLength(12);
        for (const key of ['current', ...candidates.map((p) => p.code)]) {
          const plan = key === 'current' ? one.plan : candidates.find((p) => p.code === key);
          if (plan === undefined) throw new Error(`no plan ${key}`);
          let carried: { coupons: typeof coupons; wallets: typeof wallets } = { coupons, wallets };
          for (const row of result.rows.filter((r) => r.plan === key)) {
            const preview = ok(
              previewInvoice({
                customer: one.customer,
                subscriptions: [{ subscription: one.subscription, plan }],
                billableMetrics: metrics,
                events: own,
                now: row.to_datetime,
                appliedCoupons: carried.coupons,
                wallets: carried.wallets,
              }),
            );
            expect([row.coupons_amount_cents, row.prepaid_credit_amount_cents]).toEqual([
              preview.invoice.coupons_amount_cents,
              preview.invoice.prepaid_credit_amount_cents,
            ]);
            expect(actualOf(row)).toMatchObject({
              fees_amount_cents: preview.invoice.fees_amount_cents,
              taxes_amount_cents: preview.invoice.taxes_amount_cents,
              total_amount_cents: preview.invoice.total_amount_cents,
            });
            carried = {
              coupons: carried.coupons.map((c, i) => ({
                ...c,
                applied_coupon: preview.applied_coupons[i] ?? c.applied_coupon,
              })),
              wallets: [...preview.wallets],
            };
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('gives the same rows for an array, a columnar batch and an asynchronous stream', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (events) => {
        const fromArray = ok(backtest(input(events)));
        const fromBatch = ok(backtest(input(ok(eventBatch(events)) as unknown as UsageEvent[])));
        async function* stream() {
          for (const event of events) yield event;
        }
        const fromStream = ok(await backtest({ ...input([]), events: stream() }));
        expect(fromBatch).toEqual(fromArray);
        expect(fromStream).toEqual(fromArray);
      }),
      { numRuns: 15 },
    );
  });
});
