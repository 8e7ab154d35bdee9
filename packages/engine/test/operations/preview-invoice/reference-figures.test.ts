/**
 * The worked figures of invoicing.md §8 (subscription fee), §7.1 (minimum commitment) and
 * §3.3 (progressive-billing credit), and periods.md §4.2, reproduced through previewInvoice.
 */
import { describe, expect, it } from 'vitest';
import { previewInvoice } from '../../../src/operations/preview-invoice/index';
import {
  charge,
  events,
  feeOf,
  fixedCharge,
  id,
  input,
  metric,
  ok,
  plan,
  progressiveInvoice,
  subscription,
} from './builders';

/** The subscription fee of a plan of 100 cents for a subscription, previewed at `now`. */
function subscriptionFeeCents(
  now: string,
  sub: Parameters<typeof subscription>[0],
  planSpec: Parameters<typeof plan>[0] = {},
) {
  const preview = ok(
    previewInvoice(
      input({
        subscriptions: [
          { subscription: subscription(sub), plan: plan({ amount_cents: 100, ...planSpec }) },
        ],
        now,
      }),
    ),
  );
  return feeOf(preview, 'subscription').amount_cents;
}

describe('the subscription fee through previewInvoice (invoicing.md §8, periods.md §4.2)', () => {
  it('§8: calendar month started 15 March -> 17/31 of 100 = 54.84 -> 55', () => {
    expect(
      subscriptionFeeCents('2022-03-20T00:00:00Z', { started_at: '2022-03-15T00:00:00Z' }),
    ).toBe(55);
  });

  it('§8: March with a 3-day trial -> 28/31 of 100 = 90.32 -> 90', () => {
    expect(
      subscriptionFeeCents(
        '2022-03-10T00:00:00Z',
        { started_at: '2022-03-01T00:00:00Z' },
        { trial_period: 3 },
      ),
    ).toBe(90);
  });

  it('§8: weekly, started on Wednesday 22 June 2022 -> 5/7 of 100 = 71.43 -> 71', () => {
    expect(
      subscriptionFeeCents(
        '2022-06-23T00:00:00Z',
        { started_at: '2022-06-22T00:00:00Z' },
        { interval: 'weekly' },
      ),
    ).toBe(71);
  });

  it('periods.md §4.2: the same week with a 3-day trial -> 2/7 of 100 = 28.57 -> 29', () => {
    expect(
      subscriptionFeeCents(
        '2022-06-23T00:00:00Z',
        { started_at: '2022-06-22T00:00:00Z' },
        { interval: 'weekly', trial_period: 3 },
      ),
    ).toBe(29);
  });

  it('periods.md §4.2: calendar year started 15 March 2022 -> 292/365 of 100 = 80', () => {
    expect(
      subscriptionFeeCents(
        '2022-06-01T00:00:00Z',
        { started_at: '2022-03-15T00:00:00Z' },
        { interval: 'yearly' },
      ),
    ).toBe(80);
  });

  it('§8: terminated on 20 March (period from 1 March) -> 20/31 of 100 = 64.52 -> 65', () => {
    const terminated = {
      started_at: '2022-01-01T00:00:00Z',
      terminated_at: '2022-03-20T10:00:00Z',
    };
    expect(subscriptionFeeCents('2022-03-25T00:00:00Z', terminated)).toBe(65);
    // Seen before the termination (a scheduled end), the next invoice is the same one.
    const scheduled = { started_at: '2022-01-01T00:00:00Z', ending_at: '2022-03-20T10:00:00Z' };
    expect(subscriptionFeeCents('2022-03-10T00:00:00Z', scheduled)).toBe(65);
  });

  it('periods.md §4.2: weekly, terminated on a Wednesday -> 3/7 of 100 = 42.86 -> 43', () => {
    expect(
      subscriptionFeeCents(
        '2022-06-22T12:00:00Z',
        { started_at: '2022-01-03T00:00:00Z', terminated_at: '2022-06-22T10:00:00Z' },
        { interval: 'weekly' },
      ),
    ).toBe(43);
  });
});

describe('the minimum commitment through previewInvoice (invoicing.md §7.1)', () => {
  it('§7.1: true-up 10000 - (200 + 300 + 150) = 9350', () => {
    const preview = ok(
      previewInvoice(
        input({
          plan: plan({
            amount_cents: 200,
            charges: [charge('api_calls', 'standard', { amount: '1' })],
            fixed_charges: [fixedCharge('seat', 'standard', { amount: '1.5' }, 1)],
            commitment: { amount_cents: 10000 },
          }),
          billableMetrics: [metric('api_calls')],
          events: events('api_calls', 3, '2025-03-02T00:00:00Z'),
        }),
      ),
    );
    expect(feeOf(preview, 'commitment').amount_cents).toBe(9350);
    expect(preview.invoice.fees_amount_cents).toBe(10000);
  });

  it('§7.1: monthly 20000, anniversary, active 30 of 31 days -> 19355', () => {
    // Anniversary 10 January: the period 10 January - 9 February has 31 days; the
    // subscription ends on 8 February, so it is active 30 of them: 20000 x 30/31 = 19354.84.
    const preview = ok(
      previewInvoice(
        input({
          subscriptions: [
            {
              subscription: subscription({
                billing_time: 'anniversary',
                started_at: '2025-01-10T00:00:00Z',
                ending_at: '2025-02-08T23:59:59Z',
              }),
              plan: plan({ amount_cents: 0, commitment: { amount_cents: 20000 } }),
            },
          ],
          now: '2025-01-20T00:00:00Z',
        }),
      ),
    );
    expect(preview.commitments[0]?.true_up).toMatchObject({
      commitment_amount_cents: 19355,
      days_active: 30,
      days_total: 31,
      amount_cents: 19355,
    });
    expect(feeOf(preview, 'commitment')).toMatchObject({
      amount_cents: 19355,
      from_date: '2025-01-10T00:00:00Z',
      to_date: '2025-02-08T23:59:59Z',
    });
    expect(preview.invoice.billing_periods[0]?.invoicing_reason).toBe('subscription_terminating');
  });

  it('a commitment already met adds no fee (§7.1: no fee when the true-up is 0)', () => {
    const preview = ok(
      previewInvoice(
        input({ plan: plan({ amount_cents: 20000, commitment: { amount_cents: 15000 } }) }),
      ),
    );
    expect(preview.invoice.fees.map((f) => f.item.type)).toEqual(['subscription']);
    expect(preview.commitments[0]?.true_up.amount_cents).toBe(0);
  });
});

describe('progressive-billing credits through previewInvoice (invoicing.md §3.3)', () => {
  const sub = subscription();
  const billed = plan({
    amount_cents: 0,
    charges: [charge('api_calls', 'standard', { amount: '0.01' })],
  });
  const pb = (name: string, cents: number, day: string) =>
    progressiveInvoice({
      name,
      subscription: sub,
      plan: billed,
      charges_from: '2025-03-01T00:00:00Z',
      charges_to: '2025-03-31T23:59:59Z',
      fee: { metric: 'api_calls', amount_cents: cents },
      issuing_date: `2025-03-${day}`,
      created_at: `2025-03-${day}T00:00:00Z`,
    });
  const previewWith = (calls: number, invoices: ReturnType<typeof pb>[]) =>
    ok(
      previewInvoice(
        input({
          subscriptions: [{ subscription: sub, plan: billed }],
          billableMetrics: [metric('api_calls')],
          events: events('api_calls', calls, '2025-03-02T00:00:00Z'),
          progressiveBilling: { invoices },
        }),
      ),
    );

  it('§3.3: a progressive invoice of 20 and a period fee of 19 -> credit 19', () => {
    const preview = previewWith(19, [pb('one', 20, '05')]);
    expect(preview.invoice.progressive_billing_credit_amount_cents).toBe(19);
    expect(preview.progressive_billing[0]).toMatchObject({
      credit_amount_cents: 19,
      excess_amount_cents: 1,
    });
    expect(preview.invoice.sub_total_excluding_taxes_amount_cents).toBe(0);
  });

  it('§3.3: invoices of 20, 1000, 2000 (cumulative) and a period fee of 500 -> credit 500 + credit note 1500', () => {
    const preview = previewWith(500, [pb('a', 20, '05'), pb('b', 1000, '10'), pb('c', 2000, '15')]);
    expect(preview.invoice.progressive_billing_credit_amount_cents).toBe(500);
    expect(preview.progressive_billing).toEqual([
      {
        external_subscription_id: 'sub_1',
        progressive_billing_invoice_id: id('invoice:c'),
        credit_amount_cents: 500,
        excess_amount_cents: 1500,
        credit_note_items: [{ fee_id: id('fee:c:0'), amount_cents: 1500 }],
      },
    ]);
  });

  it('without progressive-billing invoices of the period, no credit', () => {
    const preview = previewWith(500, []);
    expect(preview.invoice.progressive_billing_credit_amount_cents).toBe(0);
    expect(preview.progressive_billing).toEqual([]);
    expect(preview.invoice.total_amount_cents).toBe(500);
  });
});
