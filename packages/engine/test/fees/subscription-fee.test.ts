import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../src/core/decimal/index';
import { subscriptionFeeAmount } from '../../src/fees/subscription-fee';

const MARCH = {
  from_datetime: '2022-03-01T00:00:00Z',
  to_datetime: '2022-03-31T23:59:59Z',
  period_duration: 31,
};
const plan = { amount_cents: 100, amount_currency: 'EUR' };

function cents(input: Parameters<typeof subscriptionFeeAmount>[0]) {
  const result = subscriptionFeeAmount(input);
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

describe('subscription fee (invoicing.md §8, plan of 100)', () => {
  it('a full period bills the plan amount', () => {
    expect(cents({ ...plan, period: MARCH }).amount_cents).toBe(100);
  });

  it('March with a 3-day trial: 28/31 -> 90.32 -> 90', () => {
    const fee = cents({
      ...plan,
      trial_period: 3,
      trial_started_at: '2022-03-01T00:00:00Z',
      period: MARCH,
    });
    expect([fee.days, fee.amount_cents]).toEqual([28, 90]);
  });

  it('started on March 15: 17/31 -> 54.84 -> 55', () => {
    const fee = cents({ ...plan, period: { ...MARCH, from_datetime: '2022-03-15T00:00:00Z' } });
    expect([fee.days, fee.amount_cents]).toEqual([17, 55]);
    // 100 × 17 / 31 = 54.838709677...
    expect(formatDecimal(fee.precise_amount).startsWith('0.54838709677')).toBe(true);
  });

  it('weekly, started on a Wednesday: 5/7 -> 71.43 -> 71', () => {
    const fee = cents({
      ...plan,
      period: {
        from_datetime: '2022-03-16T00:00:00Z',
        to_datetime: '2022-03-20T23:59:59Z',
        period_duration: 7,
      },
    });
    expect([fee.days, fee.amount_cents]).toEqual([5, 71]);
  });

  it('terminated on March 20: 20/31 -> 64.52 -> 65', () => {
    const fee = cents({ ...plan, period: MARCH, terminated_at: '2022-03-20T12:00:00Z' });
    expect([fee.days, fee.amount_cents]).toEqual([20, 65]);
  });

  it('terminated on March 20 by an upgrade: 19/31 -> 61.29 -> 61', () => {
    const fee = cents({
      ...plan,
      period: MARCH,
      terminated_at: '2022-03-20T12:00:00Z',
      terminated_by_upgrade: true,
    });
    expect([fee.days, fee.amount_cents]).toEqual([19, 61]);
  });

  it('a trial that outlasts the period bills nothing', () => {
    const fee = cents({
      ...plan,
      trial_period: 45,
      trial_started_at: '2022-03-01T00:00:00Z',
      period: MARCH,
    });
    expect([fee.days, fee.amount_cents]).toEqual([0, 0]);
  });

  it('counts days in the customer zone: Paris March from the 15th local is 17 days', () => {
    const fee = cents({
      ...plan,
      timezone: 'Europe/Paris',
      period: {
        from_datetime: '2022-03-14T23:00:00Z',
        to_datetime: '2022-03-31T21:59:59Z',
        period_duration: 31,
      },
    });
    expect(fee.days).toBe(17);
  });

  it('rejects an unknown currency with its path', () => {
    const result = subscriptionFeeAmount({
      amount_cents: 100,
      amount_currency: 'EURO',
      period: MARCH,
    });
    expect(result._tag === 'Left' && result.left.code).toBe('unknown_currency');
  });
});
