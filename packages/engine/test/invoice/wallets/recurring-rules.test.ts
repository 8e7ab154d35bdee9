/**
 * Recurring transaction rules (invoicing.md §6.4, open questions 9 and 11): the credits a
 * rule adds, when interval and threshold rules fire, and the anniversary law.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth } from '../../../src/core/time/calendar';
import {
  createWalletTransactions,
  isIntervalAnniversary,
  recurringTopUp,
  ruleTopUpCredits,
} from '../../../src/invoice/wallets/index';
import { leftOf, rightOf, rule, transaction, wallet } from './builders';

describe('ruleTopUpCredits (invoicing.md §6.4)', () => {
  const thresholdRule = rule({
    trigger: 'threshold',
    method: 'fixed',
    threshold_credits: '10',
    paid_credits: '50',
    granted_credits: '10',
  });
  const w = wallet({ name: 'w', balance_cents: 0 });

  it('§6.4: threshold 10, paid 50, granted 10, ongoing -429.8 -> 450 paid (9 top-ups of 50)', () => {
    expect(
      rightOf(ruleTopUpCredits({ wallet: w, rule: thresholdRule, ongoing_credits: '-429.8' })),
    ).toEqual({ paid_credits: '450', granted_credits: '10' });
  });

  it('§6.4 / open question 11: ongoing -50 -> 100 (a gap of exactly one top-up gives two: it tops past the threshold)', () => {
    expect(
      rightOf(ruleTopUpCredits({ wallet: w, rule: thresholdRule, ongoing_credits: '-50' })),
    ).toEqual({ paid_credits: '100', granted_credits: '10' });
  });

  it('§6.4: with a paid maximum of 100.00 the multiple is capped at 100', () => {
    const capped = wallet({
      name: 'capped',
      balance_cents: 0,
      paid_top_up_max_amount_cents: 10_000,
    });
    expect(
      rightOf(ruleTopUpCredits({ wallet: capped, rule: thresholdRule, ongoing_credits: '-429.8' }))
        .paid_credits,
    ).toBe('100');
    const ignoring = rule({
      trigger: 'threshold',
      method: 'fixed',
      threshold_credits: '10',
      paid_credits: '50',
      ignore_paid_top_up_limits: true,
    });
    expect(
      rightOf(ruleTopUpCredits({ wallet: capped, rule: ignoring, ongoing_credits: '-429.8' }))
        .paid_credits,
    ).toBe('450');
  });

  it('§6.4: a gap below one top-up gives one top-up; pending paid credits count toward the gap', () => {
    expect(
      rightOf(ruleTopUpCredits({ wallet: w, rule: thresholdRule, ongoing_credits: '5' }))
        .paid_credits,
    ).toBe('50');
    expect(
      rightOf(
        ruleTopUpCredits({
          wallet: w,
          rule: thresholdRule,
          ongoing_credits: '-50',
          pending_paid_credits: '50',
        }),
      ).paid_credits,
    ).toBe('50');
  });

  it('§6.4: target 200 from ongoing 5.5 with a paid minimum of 205.50 -> 205.5 (the maximum never applies to target)', () => {
    const bounded = wallet({
      name: 'b',
      balance_cents: 0,
      paid_top_up_min_amount_cents: 20_550,
      paid_top_up_max_amount_cents: 20_600,
    });
    const target = rule({
      trigger: 'threshold',
      method: 'target',
      threshold_credits: '10',
      target_ongoing_balance: '200',
    });
    expect(
      rightOf(ruleTopUpCredits({ wallet: bounded, rule: target, ongoing_credits: '5.5' })),
    ).toEqual({ paid_credits: '205.5', granted_credits: '0' });
  });

  it('§6.4: a target reached adds nothing; grants_target_top_up grants the gap instead of selling it, without the minimum', () => {
    const bounded = wallet({ name: 'b', balance_cents: 0, paid_top_up_min_amount_cents: 20_550 });
    const target = rule({ trigger: 'interval', method: 'target', target_ongoing_balance: '200' });
    expect(
      rightOf(ruleTopUpCredits({ wallet: bounded, rule: target, ongoing_credits: '200' })),
    ).toEqual({ paid_credits: '0', granted_credits: '0' });
    const grants = rule({
      trigger: 'interval',
      method: 'target',
      target_ongoing_balance: '200',
      grants_target_top_up: true,
    });
    expect(
      rightOf(ruleTopUpCredits({ wallet: bounded, rule: grants, ongoing_credits: '5.5' })),
    ).toEqual({ paid_credits: '0', granted_credits: '194.5' });
  });

  it('§6.4: interval + fixed adds paid and granted credits as they are, without bounds', () => {
    const bounded = wallet({ name: 'b', balance_cents: 0, paid_top_up_min_amount_cents: 500 });
    const fixed = rule({
      trigger: 'interval',
      method: 'fixed',
      paid_credits: '1',
      granted_credits: '2',
    });
    expect(rightOf(ruleTopUpCredits({ wallet: bounded, rule: fixed }))).toEqual({
      paid_credits: '1',
      granted_credits: '2',
    });
  });

  it('a target rule without a target balance is an error', () => {
    const broken = rule({ trigger: 'interval', method: 'target', target_ongoing_balance: null });
    expect(leftOf(ruleTopUpCredits({ wallet: w, rule: broken }))).toMatchObject({
      code: 'invalid_input',
      path: ['rule', 'target_ongoing_balance'],
    });
  });
});

describe('recurringTopUp: when interval rules fire (invoicing.md §6.4)', () => {
  const monthlyTarget = rule({
    trigger: 'interval',
    method: 'target',
    interval: 'monthly',
    target_ongoing_balance: '200',
    started_at: '2025-02-01T00:00:00Z',
  });
  const w = wallet({
    name: 'w',
    balance_cents: 1000,
    ongoing_usage_balance_cents: 200,
    rules: [monthlyTarget],
    created_at: '2025-01-20T10:15:00Z',
  });

  it('§6.4: on the anniversary of started_at a target rule tops up to the target, ignoring the paid bounds', () => {
    const topUp = rightOf(
      recurringTopUp({ wallet: w, rule: monthlyTarget, now: '2025-04-01T06:00:00Z' }),
    );
    expect(topUp).toMatchObject({
      source: 'interval',
      paid_credits: '192',
      granted_credits: '0',
      ignore_paid_top_up_limits: true,
    });
    expect(topUp?.wallet_transaction).toMatchObject({
      wallet_id: w.svc_id,
      paid_credits: '192',
      name: 'Top-up',
    });
    expect(
      rightOf(recurringTopUp({ wallet: w, rule: monthlyTarget, now: '2025-04-02T06:00:00Z' })),
    ).toBeNull();
  });

  it('§6.4: the request of a rule that only grants carries no paid credits, so it creates the grant', () => {
    const grants = rule({ ...monthlyTarget, grants_target_top_up: true });
    const topUp = rightOf(recurringTopUp({ wallet: w, rule: grants, now: '2025-04-01T06:00:00Z' }));
    // Ongoing balance 10.00 - 2.00 of usage = 8 credits; the target 200 grants 192.
    expect(topUp).toMatchObject({ paid_credits: '0', granted_credits: '192' });
    if (topUp === null) throw new Error('the rule should fire');
    expect(topUp.wallet_transaction).not.toHaveProperty('paid_credits');
    const created = rightOf(
      createWalletTransactions({
        wallet: w,
        wallet_transaction: topUp.wallet_transaction,
        now: '2025-04-01T06:00:00Z',
        source: topUp.source,
      }),
    );
    expect(created.wallet_transactions.map((t) => [t.transaction_status, t.credit_amount])).toEqual(
      [['granted', '192']],
    );
  });

  it('§6.4: at most once a day: an inbound interval transaction today stops it', () => {
    const today = transaction({
      name: 'today',
      wallet: w,
      kind: 'purchased',
      status: 'pending',
      credits: '192',
      source: 'interval',
      created_at: '2025-04-01T00:00:05Z',
    });
    expect(
      rightOf(
        recurringTopUp({
          wallet: w,
          rule: monthlyTarget,
          now: '2025-04-01T06:00:00Z',
          transactions: [today],
        }),
      ),
    ).toBeNull();
  });

  it('§6.4: anchored on the wallet creation without started_at, never on the creation day itself', () => {
    const fixed = rule({
      trigger: 'interval',
      method: 'fixed',
      interval: 'monthly',
      paid_credits: '10',
    });
    const fresh = wallet({
      name: 'fresh',
      balance_cents: 0,
      created_at: '2025-04-01T10:00:00Z',
      rules: [fixed],
    });
    expect(
      rightOf(recurringTopUp({ wallet: fresh, rule: fixed, now: '2025-04-01T18:00:00Z' })),
    ).toBeNull();
    expect(
      rightOf(recurringTopUp({ wallet: fresh, rule: fixed, now: '2025-05-01T00:00:00Z' }))
        ?.paid_credits,
    ).toBe('10');
  });

  it('§6.4: a day missing from a short month moves to its last day (31st -> 28 February, 30 April)', () => {
    const fixed = rule({
      trigger: 'interval',
      method: 'fixed',
      interval: 'monthly',
      granted_credits: '5',
      started_at: '2025-01-31T00:00:00Z',
    });
    const at = (now: string) =>
      rightOf(recurringTopUp({ wallet: w, rule: fixed, now }))?.granted_credits ?? null;
    expect(at('2025-02-28T12:00:00Z')).toBe('5');
    expect(at('2025-04-30T12:00:00Z')).toBe('5');
    expect(at('2025-04-29T12:00:00Z')).toBeNull();
  });

  it("§6.4: days are the customer's local days", () => {
    const firstOfMonth = rule({
      trigger: 'interval',
      method: 'fixed',
      interval: 'monthly',
      granted_credits: '5',
      started_at: '2025-02-01T12:00:00Z',
    });
    // 02:00 UTC on 1 April is still 31 March in New York (the anchor is 1 February there too).
    expect(
      rightOf(
        recurringTopUp({
          wallet: w,
          rule: firstOfMonth,
          now: '2025-04-01T02:00:00Z',
          timezone: 'America/New_York',
        }),
      ),
    ).toBeNull();
    expect(
      rightOf(recurringTopUp({ wallet: w, rule: firstOfMonth, now: '2025-04-01T02:00:00Z' }))
        ?.granted_credits,
    ).toBe('5');
  });

  it('never before the anchor, never once expired or terminated', () => {
    const later = rule({
      trigger: 'interval',
      method: 'fixed',
      interval: 'monthly',
      granted_credits: '5',
      started_at: '2025-06-15T00:00:00Z',
    });
    expect(
      rightOf(recurringTopUp({ wallet: w, rule: later, now: '2025-05-15T12:00:00Z' })),
    ).toBeNull();
    const expired = rule({
      trigger: 'interval',
      method: 'fixed',
      interval: 'monthly',
      granted_credits: '5',
      started_at: '2025-02-01T00:00:00Z',
      expiration_at: '2025-03-31T00:00:00Z',
    });
    expect(
      rightOf(recurringTopUp({ wallet: w, rule: expired, now: '2025-04-01T12:00:00Z' })),
    ).toBeNull();
    const terminated = rule({
      trigger: 'interval',
      method: 'fixed',
      interval: 'monthly',
      granted_credits: '5',
      started_at: '2025-02-01T00:00:00Z',
      status: 'terminated',
    });
    expect(
      rightOf(recurringTopUp({ wallet: w, rule: terminated, now: '2025-04-01T12:00:00Z' })),
    ).toBeNull();
  });

  it('open question 9: an interval fixed rule below the paid minimum is computed, then refused as a transaction (granted part included)', () => {
    const fixed = rule({
      trigger: 'interval',
      method: 'fixed',
      interval: 'monthly',
      paid_credits: '1',
      granted_credits: '2',
      started_at: '2025-02-01T00:00:00Z',
    });
    const bounded = wallet({
      name: 'bounded',
      balance_cents: 0,
      paid_top_up_min_amount_cents: 500,
      rules: [fixed],
      created_at: '2025-01-20T10:15:00Z',
    });
    const topUp = rightOf(
      recurringTopUp({ wallet: bounded, rule: fixed, now: '2025-04-01T06:00:00Z' }),
    );
    expect(topUp).toMatchObject({
      paid_credits: '1',
      granted_credits: '2',
      ignore_paid_top_up_limits: false,
    });
    if (topUp === null) throw new Error('the rule should fire');
    const created = createWalletTransactions({
      wallet: bounded,
      wallet_transaction: topUp.wallet_transaction,
      now: '2025-04-01T06:00:00Z',
      source: topUp.source,
    });
    expect(leftOf(created).code).toBe('amount_below_minimum');
  });
});

describe('recurringTopUp: when threshold rules fire (invoicing.md §6.4)', () => {
  const threshold = rule({
    trigger: 'threshold',
    method: 'fixed',
    threshold_credits: '10',
    paid_credits: '50',
    granted_credits: '10',
  });
  const at = (credits_ongoing_balance: string, extra = {}) =>
    rightOf(
      recurringTopUp({
        wallet: wallet({
          name: 'w',
          balance_cents: 0,
          credits_ongoing_balance,
          rules: [threshold],
        }),
        rule: threshold,
        now: '2025-04-01T00:00:00Z',
        ...extra,
      }),
    );

  it('§6.4: fires when the ongoing balance is at or below the threshold', () => {
    expect(at('10')).toMatchObject({
      source: 'threshold',
      paid_credits: '50',
      granted_credits: '10',
    });
    expect(at('10.00001')).toBeNull();
  });

  it('§6.4: not when the pending paid credits already lift it above the threshold', () => {
    const w = wallet({
      name: 'w',
      balance_cents: 0,
      credits_ongoing_balance: '5',
      rules: [threshold],
    });
    const pending = transaction({
      name: 'pending',
      wallet: w,
      kind: 'purchased',
      status: 'pending',
      credits: '6',
    });
    expect(
      rightOf(
        recurringTopUp({
          wallet: w,
          rule: threshold,
          now: '2025-04-01T00:00:00Z',
          transactions: [pending],
        }),
      ),
    ).toBeNull();
    expect(at('5', { pending_paid_credits: '5' })).toMatchObject({ paid_credits: '50' });
  });
});

describe('isIntervalAnniversary: laws', () => {
  const dateArb = fc
    .record({
      year: fc.integer({ min: 2000, max: 2040 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .map((d) => ({ ...d, day: Math.min(d.day, daysInMonth(d.year, d.month)) }));

  it('a monthly rule fires exactly once in every calendar month; quarterly in every third month', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 2000, max: 2040 }), (anchor, year) => {
        let day = { year, month: 1, day: 1 };
        const monthly = new Map<number, number>();
        const quarterly = new Map<number, number>();
        while (day.year === year) {
          if (isIntervalAnniversary('monthly', anchor, day))
            monthly.set(day.month, (monthly.get(day.month) ?? 0) + 1);
          if (isIntervalAnniversary('quarterly', anchor, day))
            quarterly.set(day.month, (quarterly.get(day.month) ?? 0) + 1);
          day = addDays(day, 1);
        }
        expect([...monthly.values()]).toEqual(Array(12).fill(1));
        expect([...quarterly.keys()].every((m) => (m - anchor.month) % 3 === 0)).toBe(true);
        expect([...quarterly.values()]).toEqual(Array(4).fill(1));
      }),
    );
  });

  it('a weekly rule fires every seventh day', () => {
    fc.assert(
      fc.property(dateArb, dateArb, (anchor, day) => {
        expect(isIntervalAnniversary('weekly', anchor, day)).toBe(
          isIntervalAnniversary('weekly', anchor, addDays(day, 7)),
        );
        expect(isIntervalAnniversary('weekly', anchor, addDays(anchor, 7))).toBe(true);
        expect(isIntervalAnniversary('weekly', anchor, addDays(anchor, 3))).toBe(false);
      }),
    );
  });

  it('yearly: 29 February fires on 28 February in other years; semiannual every sixth month', () => {
    const leap = { year: 2024, month: 2, day: 29 };
    expect(isIntervalAnniversary('yearly', leap, { year: 2025, month: 2, day: 28 })).toBe(true);
    expect(isIntervalAnniversary('yearly', leap, { year: 2028, month: 2, day: 28 })).toBe(false);
    expect(
      isIntervalAnniversary(
        'semiannual',
        { year: 2025, month: 3, day: 10 },
        { year: 2025, month: 9, day: 10 },
      ),
    ).toBe(true);
    expect(
      isIntervalAnniversary(
        'semiannual',
        { year: 2025, month: 3, day: 10 },
        { year: 2025, month: 6, day: 10 },
      ),
    ).toBe(false);
  });
});
