/**
 * `previewPlanChange`: the invoices of an upgrade or a downgrade, with figures computed by hand
 * from the reference's rules (invoicing.md §8, periods.md §4.2): a customer in UTC, calendar
 * monthly plans, API calls at 0.10 each on every plan, a change asked on 15 March 2025 at
 * 12:00.
 */
import { describe, expect, it } from 'vitest';
import { previewPlanChange, previewPlanChangeUnsafe } from '../../../src/operations/index';
import { planChangeKind } from '../../../src/periods/index';
import {
  charge,
  coupon,
  customer,
  event,
  events,
  leftOf,
  metric,
  ok,
  plan,
  subscription,
  tax,
} from '../preview-invoice/builders';

const calls = metric('api_calls');
const perCall = charge('api_calls', 'standard', { amount: '0.10' });
const starter = (payInAdvance = false) =>
  plan({ code: 'starter', amount_cents: 4900, pay_in_advance: payInAdvance, charges: [perCall] });
const pro = (payInAdvance = false) =>
  plan({ code: 'pro', amount_cents: 9900, pay_in_advance: payInAdvance, charges: [perCall] });
const AT = '2025-03-15T12:00:00Z';
/** 10 calls before the change, 5 after it in March, 3 in April. */
const usage = [
  ...events('api_calls', 10, '2025-03-10T09:00:00Z'),
  ...events('api_calls', 5, '2025-03-20T09:00:00Z'),
  ...events('api_calls', 3, '2025-04-02T09:00:00Z'),
];

function change(from: ReturnType<typeof plan>, to: ReturnType<typeof plan>, extra = {}) {
  return ok(
    previewPlanChange({
      customer: customer(),
      subscription: subscription({ plan_code: from.code }),
      plan: from,
      newPlan: to,
      at: AT,
      billableMetrics: [calls],
      events: usage,
      ...extra,
    }),
  );
}

/** Each invoice's kind, issue instant and fee amounts. */
function summary(preview: ReturnType<typeof change>) {
  return preview.invoices.map((entry) => ({
    kind: entry.kind,
    plan: entry.plan_code,
    at: entry.issued_at,
    fees: entry.preview.invoice.fees.map((fee) => [fee.item.type, fee.amount_cents]),
    total: entry.preview.invoice.total_amount_cents,
  }));
}

describe('previewPlanChange', () => {
  it('an upgrade mid-period to a plan paid in advance: termination, start, first period', () => {
    const preview = change(starter(), pro(true));
    expect(preview.kind).toBe('upgrade');
    expect(preview.effective_at).toBe(AT);
    expect(preview.new_subscription).toMatchObject({
      external_id: 'sub_1',
      started_at: AT,
      plan_code: 'pro',
      previous_plan_code: 'starter',
    });
    expect(summary(preview)).toEqual([
      {
        // Starter in arrears, terminated by the upgrade on 15 March: 1-15 March is 15 days,
        // one less for the upgrade -> 4900 x 14/31 = 2212.90 -> 2213; the 10 calls before
        // 12:00 -> 10 x 0.10 = 1.00 -> 100. Total 2313.
        kind: 'termination',
        plan: 'starter',
        at: AT,
        fees: [
          ['subscription', 2213],
          ['charge', 100],
        ],
        total: 2313,
      },
      {
        // Pro in advance, started 15 March: 15-31 March = 17 days -> 9900 x 17/31 =
        // 5429.03 -> 5429, billed at once.
        kind: 'start',
        plan: 'pro',
        at: AT,
        fees: [['subscription', 5429]],
        total: 5429,
      },
      {
        // At the end of March: April's fee in advance (9900) and the 5 calls after the change
        // (0.50 -> 50). Total 9950.
        kind: 'first_period',
        plan: 'pro',
        at: '2025-04-01T00:00:00Z',
        fees: [
          ['subscription', 9900],
          ['charge', 50],
        ],
        total: 9950,
      },
    ]);
    expect(preview.invoices[1]?.preview.invoice.billing_periods[0]?.invoicing_reason).toBe(
      'subscription_starting',
    );
    expect(preview.invoices[0]?.preview.invoice.billing_periods[0]?.invoicing_reason).toBe(
      'subscription_terminating',
    );
  });

  it('an upgrade mid-period between plans in arrears: the new fee is billed at the period end', () => {
    // Termination as above (2213 + 100). Pro in arrears: 15-31 March, 17/31 of 9900 -> 5429,
    // with the 5 calls after the change (50) -> 5479 on 1 April. No start invoice.
    expect(summary(change(starter(), pro()))).toEqual([
      {
        kind: 'termination',
        plan: 'starter',
        at: AT,
        fees: [
          ['subscription', 2213],
          ['charge', 100],
        ],
        total: 2313,
      },
      {
        kind: 'first_period',
        plan: 'pro',
        at: '2025-04-01T00:00:00Z',
        fees: [
          ['subscription', 5429],
          ['charge', 50],
        ],
        total: 5479,
      },
    ]);
  });

  it('an upgrade from a plan paid in advance bills only its usage on termination', () => {
    // Starter in advance billed March's fee on 1 March: its termination bills the 10 calls
    // before the change (100), and no subscription fee.
    const [termination] = summary(change(starter(true), pro(true)));
    expect(termination).toMatchObject({ kind: 'termination', fees: [['charge', 100]] });
  });

  it('an upgrade from a plan paid in advance credits the unused days of its fee (invoicing.md §9.7)', () => {
    const preview = change(starter(true), pro(true));
    // Starter's 49.00 for March was billed on 1 March. Terminated on 15 March by an upgrade:
    // the days after the 15th are 16-31 March, 16 days, one less for an upgrade: 15 days at
    // 4900 / 31 a day = 2370.967... -> a credit note of 2371, no taxes.
    expect(preview.termination_credit_note).toMatchObject({
      reason: 'order_cancellation',
      total_amount_cents: 2371,
      credit_amount_cents: 2371,
      refund_amount_cents: 0,
      credit_status: 'available',
    });
    expect(preview.termination_credit_note?.items[0]?.amount_cents).toBe(2371);
    // The note pays the invoices that follow: the termination (the 10 calls, 100) takes 100,
    // Pro's start (5429) the remaining 2271: 5429 - 2271 = 3158; the first period pays in full.
    expect(
      preview.invoices.map((entry) => [
        entry.kind,
        entry.preview.invoice.credit_notes_amount_cents,
        entry.preview.invoice.total_amount_cents,
      ]),
    ).toEqual([
      ['termination', 100, 0],
      ['start', 2271, 3158],
      ['first_period', 0, 9950],
    ]);
    // With taxes of 20 %, the note gives the taxes back too: 2371 + 20 % of 2370.97 (474.19)
    // = 2845.16 -> 2845.
    const taxed = change(starter(true), pro(true), { taxes: { billing_entity: [tax('vat', 20)] } });
    expect(taxed.termination_credit_note?.total_amount_cents).toBe(2845);
    // Nothing to give back: a plan in arrears, a downgrade, or a subscription that says skip.
    expect(change(starter(), pro(true)).termination_credit_note).toBeNull();
    expect(change(pro(true), starter(true)).termination_credit_note).toBeNull();
    const skipping = ok(
      previewPlanChange({
        customer: customer(),
        subscription: {
          ...subscription({ plan_code: 'starter' }),
          on_termination_credit_note: 'skip',
        },
        plan: starter(true),
        newPlan: pro(true),
        at: AT,
        billableMetrics: [calls],
        events: usage,
      }),
    );
    expect(skipping.termination_credit_note).toBeNull();
  });

  it('a subscription started in the period has its fee credited from its start invoice', () => {
    // Started on 10 March on Starter in advance: its start invoice billed 10-31 March,
    // 22/31 x 4900 = 3477.42 -> 3477. Upgraded on 15 March: 15 unused days as above, at the
    // day price of that fee's own 22 days (terminationCreditNote): 4900 / 22 x 15 = 3340.91
    // -> 3341 (at most the fee, 3477). See docs/semantics.md, "An upgrade from a plan paid in
    // advance", on the day price of a first, partial period.
    const preview = ok(
      previewPlanChange({
        customer: customer(),
        subscription: subscription({ plan_code: 'starter', started_at: '2025-03-10T00:00:00Z' }),
        plan: starter(true),
        newPlan: pro(true),
        at: AT,
        billableMetrics: [calls],
        events: usage,
      }),
    );
    expect(preview.termination_credit_note?.total_amount_cents).toBe(3341);
  });

  it('a downgrade takes effect at the period end: the old plan bills its whole period', () => {
    // Pro (99.00) to Starter (49.00): a downgrade, effective 1 April. Pro's last invoice on
    // 1 April: March in full (9900, no day less) and all 15 March calls (1.50 -> 150): 10050.
    // Starter's first period is April: 4900 and the 3 April calls (30) on 1 May: 4930.
    const preview = change(pro(), starter());
    expect(preview.kind).toBe('downgrade');
    expect(preview.effective_at).toBe('2025-04-01T00:00:00Z');
    expect(summary(preview)).toEqual([
      {
        kind: 'termination',
        plan: 'pro',
        at: '2025-04-01T00:00:00Z',
        fees: [
          ['subscription', 9900],
          ['charge', 150],
        ],
        total: 10050,
      },
      {
        kind: 'first_period',
        plan: 'starter',
        at: '2025-05-01T00:00:00Z',
        fees: [
          ['subscription', 4900],
          ['charge', 30],
        ],
        total: 4930,
      },
    ]);
  });

  it('a downgrade from a plan paid in advance does not bill its next period', () => {
    // Pro in advance to Starter in advance: Pro's last invoice on 1 April bills March's calls
    // only (150: the plan's fee for April is not billed, it ends); Starter's start invoice bills
    // April in full (4900: the period starts at its start).
    const rows = summary(change(pro(true), starter(true)));
    expect(rows.map((row) => [row.kind, row.at, row.fees])).toEqual([
      ['termination', '2025-04-01T00:00:00Z', [['charge', 150]]],
      ['start', '2025-04-01T00:00:00Z', [['subscription', 4900]]],
      [
        'first_period',
        '2025-05-01T00:00:00Z',
        [
          ['subscription', 4900],
          ['charge', 30],
        ],
      ],
    ]);
  });

  it('coupons carry from one invoice to the next', () => {
    // A 30.00 fixed coupon used once: the termination invoice (2313) takes 23.13 of it, the
    // start invoice the remaining 6.87: 5429 - 687 = 4742.
    const preview = change(starter(), pro(true), {
      appliedCoupons: [coupon({ code: 'welcome', amountCents: 3000, frequency: 'once' })],
    });
    expect(preview.invoices.map((entry) => entry.preview.invoice.coupons_amount_cents)).toEqual([
      2313, 687, 0,
    ]);
    expect(preview.invoices[1]?.preview.invoice.total_amount_cents).toBe(4742);
  });

  it('tells an upgrade from a downgrade by yearly amounts; an equal price is an upgrade', () => {
    const kind = (a: object, b: object) => ok(planChangeKind(a, b));
    // 10.00 a month is 120.00 a year: 110.00 a year is less.
    expect(
      kind(
        { interval: 'monthly', amount_cents: 1000 },
        { interval: 'yearly', amount_cents: 11000 },
      ),
    ).toBe('downgrade');
    expect(
      kind(
        { interval: 'monthly', amount_cents: 1000 },
        { interval: 'yearly', amount_cents: 12000 },
      ),
    ).toBe('upgrade');
    // 52 weeks x 2.00 = 104.00 > 4 quarters x 25.00 = 100.00.
    expect(
      kind(
        { interval: 'quarterly', amount_cents: 2500 },
        { interval: 'weekly', amount_cents: 200 },
      ),
    ).toBe('upgrade');
  });

  it('bad input is a Left with the field, never a throw', () => {
    const base = {
      customer: customer(),
      subscription: subscription({ plan_code: 'starter' }),
      plan: starter(),
      newPlan: pro(),
      at: AT,
      billableMetrics: [calls],
      events: usage,
    };
    expect(leftOf(previewPlanChange({ ...base, at: 'tomorrow' }))).toMatchObject({ path: ['at'] });
    expect(
      leftOf(previewPlanChange({ ...base, newPlan: plan({ code: 'usd', currency: 'USD' }) })),
    ).toMatchObject({ code: 'currency_mismatch', path: ['newPlan', 'amount_currency'] });
    expect(
      leftOf(previewPlanChange({ ...base, newPlan: { ...pro(), interval: 'daily' } })),
    ).toMatchObject({ code: 'invalid_input', path: ['newPlan', 'interval'] });
    expect(
      leftOf(
        previewPlanChange({
          ...base,
          subscription: subscription({ ending_at: '2025-03-20T00:00:00Z' }),
        }),
      ),
    ).toMatchObject({ code: 'invalid_input', path: ['subscription', 'ending_at'] });
    expect(leftOf(previewPlanChange({ ...base, at: '2024-12-01T00:00:00Z' })).path).toEqual(['at']);
    expect(() => previewPlanChangeUnsafe({ ...base, at: 'tomorrow' })).toThrow();
  });

  it('reads events given asynchronously, with the same invoices', async () => {
    async function* arriving() {
      for (const e of usage) yield e;
    }
    const input = {
      customer: customer(),
      subscription: subscription({ plan_code: 'starter' }),
      plan: starter(),
      newPlan: pro(true),
      at: AT,
      billableMetrics: [calls],
    };
    expect(await previewPlanChange({ ...input, events: arriving() })).toEqual(
      previewPlanChange({ ...input, events: usage }),
    );
    // A generator is read once too (into a batch), not exhausted by the first invoice.
    function* once() {
      for (const e of usage) yield e;
    }
    expect(previewPlanChange({ ...input, events: once() })).toEqual(
      previewPlanChange({ ...input, events: usage }),
    );
    expect(event).toBeDefined();
  });
});
