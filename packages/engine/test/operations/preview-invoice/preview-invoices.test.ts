/**
 * `previewInvoices`: the invoices of the next periods under an assumed usage, with figures
 * computed by hand: a customer in UTC, a calendar monthly plan of 49.00 in arrears, API calls
 * at 0.10 each (a count) and storage at 0.50 a GB (a sum), asked on 10 March 2025 at 12:00.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  previewInvoice,
  previewInvoices,
  previewInvoicesUnsafe,
} from '../../../src/operations/index';
import { charge, customer, events, leftOf, metric, ok, plan, subscription } from './builders';

const calls = metric('api_calls');
const storage = metric('storage', 'sum_agg', 'gb');
const seats = metric('seats', 'sum_agg', 'seats', { recurring: true });
const basic = plan({
  code: 'basic',
  amount_cents: 4900,
  charges: [
    charge('api_calls', 'standard', { amount: '0.10' }),
    charge('storage', 'standard', { amount: '0.50' }),
  ],
});
const NOW = '2025-03-10T12:00:00Z';
/** 20 calls and 10 GB in the first 10 days of March. */
const history = [
  ...events('api_calls', 20, '2025-03-02T09:00:00Z'),
  ...events('storage', 2, '2025-03-05T09:00:00Z', { gb: '5' }),
];
const base = {
  customer: customer(),
  subscription: subscription({ plan_code: 'basic' }),
  plan: basic,
  billableMetrics: [calls, storage, seats],
  events: history,
  now: NOW,
};

const feesOf = (preview: { invoice: { fees: readonly { amount_cents: number }[] } }) =>
  preview.invoice.fees.map((fee) => fee.amount_cents);

describe('previewInvoices', () => {
  it('projects the current period by default (projectedUsage) into each next period', () => {
    const result = ok(previewInvoices({ ...base, periods: 2 }));
    expect(result.usage_source).toBe('projection');
    // March so far: 4900 + 20 x 0.10 (200) + 10 GB x 0.50 (500) = 5600, issued 1 April.
    expect(result.current.invoice.created_at).toBe('2025-04-01T00:00:00Z');
    expect(result.current.invoice.fees_amount_cents).toBe(5600);
    // 10 March 12:00 is day 10 of 31: the projection is 20 / (10/31) = 62 calls and
    // 10 / (10/31) = 31 GB a month. April: 4900 + 62 x 0.10 (620) + 31 x 0.50 (1550) = 7070,
    // issued 1 May; May the same, issued 1 June.
    expect(result.usage.map((e) => [e.code, e.properties])).toEqual([
      ...Array.from({ length: 62 }, () => ['api_calls', {}]),
      ['storage', { gb: '31' }],
    ]);
    expect(
      result.periods.map((p) => [
        p.period,
        p.now,
        p.issued_at,
        p.preview.invoice.fees_amount_cents,
      ]),
    ).toEqual([
      [1, '2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z', 7070],
      [2, '2025-05-01T00:00:00Z', '2025-06-01T00:00:00Z', 7070],
    ]);
    expect(feesOf(result.periods[0]?.preview ?? result.current)).toEqual([4900, 620, 1550]);
    // Each period's events are dated at its start, with ids of their own.
    expect(result.periods[1]?.events[0]).toMatchObject({
      transaction_id: 'rate:api_calls:0#2',
      timestamp: '2025-05-01T00:00:00Z',
      external_subscription_id: 'sub_1',
    });
  });

  it('takes rates per metric, or the events of one period', () => {
    // 100 calls (10.00) and 2.5 GB (1.25) a month: 4900 + 1000 + 125 = 6025.
    const rated = ok(
      previewInvoices({
        ...base,
        periods: 1,
        usage: { rates: { api_calls: 100, storage: '2.5' } },
      }),
    );
    expect(rated.usage_source).toBe('rates');
    expect(feesOf(rated.periods[0]?.preview ?? rated.current)).toEqual([4900, 1000, 125]);
    // Two calls (0.20) and 4 GB (2.00) a month: 4900 + 20 + 200 = 5120.
    const given = ok(
      previewInvoices({
        ...base,
        periods: 1,
        usage: {
          events: [
            { code: 'api_calls' },
            { code: 'api_calls', transaction_id: 'call' },
            { code: 'storage', properties: { gb: '4' } },
          ],
        },
      }),
    );
    expect(given.usage_source).toBe('events');
    expect(given.periods[0]?.preview.invoice.fees_amount_cents).toBe(5120);
    expect(given.periods[0]?.events.map((e) => e.transaction_id)).toEqual([
      'assumed:0#1',
      'call#1',
      'assumed:2#1',
    ]);
  });

  it('carries coupons and wallets from the current invoice to the next ones', () => {
    // A wallet of 100.00 EUR pays March (56.00), then 44.00 of April's 70.70.
    const wallet = { currency: 'EUR', credits_balance: '100', rate_amount: '1' };
    const result = ok(previewInvoices({ ...base, periods: 2, wallets: [wallet] }));
    expect(result.current.invoice.prepaid_credit_amount_cents).toBe(5600);
    expect(
      result.periods.map((p) => [
        p.preview.invoice.prepaid_credit_amount_cents,
        p.preview.invoice.total_amount_cents,
      ]),
    ).toEqual([
      [4400, 7070 - 4400],
      [0, 7070],
    ]);
  });

  it('period k is previewInvoice at its now, with the events given and those of periods 1..k', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 99999 }),
        fc.integer({ min: 1, max: 4 }),
        (count, centiGb, periods) => {
          const rates = { api_calls: count, storage: (centiGb / 100).toFixed(2) };
          const result = ok(previewInvoices({ ...base, periods, usage: { rates } }));
          const added: (typeof history)[number][] = [];
          for (const period of result.periods) {
            for (const event of period.events) added.push(event);
            const alone = ok(
              previewInvoice({
                customer: base.customer,
                billableMetrics: base.billableMetrics,
                subscriptions: [{ subscription: base.subscription, plan: base.plan }],
                events: [...history, ...added],
                now: period.now,
              }),
            );
            expect(period.preview).toEqual(alone);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('bad input is a Left with the field, never a throw', () => {
    expect(leftOf(previewInvoices({ ...base, periods: 0 }))).toMatchObject({ path: ['periods'] });
    expect(leftOf(previewInvoices({ ...base, periods: 1.5 }))).toMatchObject({ path: ['periods'] });
    expect(
      leftOf(previewInvoices({ ...base, periods: 1, usage: { rates: { nope: 1 } } })),
    ).toMatchObject({ code: 'unknown_billable_metric', path: ['usage', 'rates', 'nope'] });
    expect(
      leftOf(previewInvoices({ ...base, periods: 1, usage: { rates: { api_calls: '2.5' } } })),
    ).toMatchObject({ path: ['usage', 'rates', 'api_calls'] });
    expect(
      leftOf(previewInvoices({ ...base, periods: 1, usage: { rates: { seats: '3' } } })).message,
    ).toContain('recurring');
    expect(
      leftOf(
        previewInvoices({
          ...base,
          periods: 1,
          usage: { events: [{ code: 'api_calls', timestamp: NOW } as never] },
        }),
      ),
    ).toMatchObject({ path: ['usage', 'events', '0', 'timestamp'] });
    expect(
      leftOf(previewInvoices({ ...base, periods: 1, usage: { rates: {}, events: [] } })),
    ).toMatchObject({ path: ['usage'] });
    expect(leftOf(previewInvoices({ ...base, periods: 1, now: 'soon' }))).toMatchObject({
      path: ['now'],
    });
    expect(() => previewInvoicesUnsafe({ ...base, periods: 0 })).toThrow();
  });

  it('reads events given asynchronously, with the same invoices', async () => {
    async function* arriving() {
      for (const e of history) yield e;
    }
    expect(await previewInvoices({ ...base, periods: 2, events: arriving() })).toEqual(
      previewInvoices({ ...base, periods: 2 }),
    );
  });
});
