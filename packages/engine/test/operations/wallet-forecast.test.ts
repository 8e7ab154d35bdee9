import { isLeft } from 'fp-ts/lib/Either.js';
/**
 * `forecastWallets`: when each wallet's credits run out at the current usage rate (the
 * projection of `projectedUsage`, the ongoing balance of invoicing.md §6.6), hand-checked.
 */
import { describe, expect, it } from 'vitest';
import { forecastWallets } from '../../src/operations/index';
import { charge, customer, event, leftOf, metric, plan, subscription } from './builders';

const calls = metric('api_calls', 'sum_agg');
const storage = metric('storage', 'sum_agg');

/**
 * November 2026 (30 days, UTC), now the 10th at noon: 10 days elapsed, today included.
 * 1,000 calls so far at 0.01 EUR: 10.00 EUR; projected 1,000 ÷ (10/30) = 3,000 calls: 30.00 EUR.
 */
function input(wallets: readonly unknown[], calls1000 = true, timezone = 'UTC') {
  return {
    customer: customer(timezone),
    subscription: subscription('2026-01-01T00:00:00Z'),
    plan: plan([
      charge(calls, 'standard', { amount: '0.01' }),
      charge(storage, 'standard', { amount: '1' }),
    ]),
    billableMetrics: [calls, storage],
    events: calls1000 ? [event('api_calls', '2026-11-05T10:00:00Z', { value: '1000' })] : [],
    now: '2026-11-10T12:00:00Z',
    wallets: wallets as never,
  };
}

function wallet(credits: string, extra: Record<string, unknown> = {}) {
  return { currency: 'EUR', credits_balance: credits, rate_amount: '1', ...extra };
}

function forecast(given: ReturnType<typeof input>) {
  const result = forecastWallets(given);
  if (isLeft(result)) throw new Error(result.left.message);
  return result.right.map((w) => [w.ongoing_balance_cents, w.runs_out_on]);
}

describe('forecastWallets', () => {
  it('one wallet of 100.00: 90.00 left now, run out on 2027-02-08', () => {
    // Usage at the end of the k-th day after today: 10.00 + 1.00 × k up to the 30th (k = 20,
    // 30.00), then 30.00 ÷ 30 days = 1.00 a day: 100.00 is reached at 30 + 70 days × 1.00,
    // k = 90: 20 days to 30 Nov, 31 to 31 Dec, 31 to 31 Jan, 8 in February.
    expect(forecast(input([wallet('100')]))).toEqual([[9000, '2027-02-08']]);
  });

  it('two wallets by priority: the first runs out when 50.00 is used, the last takes the rest', () => {
    // 50.00 (priority 1) then 150.00 (priority 2): the first takes the usage up to 50.00:
    // 30.00 + 1.00 × (k − 20) ≥ 50.00 at k = 40, 20 December; the second the rest, until the
    // usage reaches 200.00: k − 20 = 170, k = 190: 19 May 2027 (20 + 31 + 31 + 28 + 31 + 30 + 19).
    expect(
      forecast(input([wallet('50', { priority: 1 }), wallet('150', { priority: 2 })])),
    ).toEqual([
      [4000, '2026-12-20'],
      [15000, '2027-05-19'],
    ]);
  });

  it('a wallet already used up runs out today; without usage, never', () => {
    // 5.00 − 10.00 used so far: −5.00 now.
    expect(forecast(input([wallet('5')]))).toEqual([[-500, '2026-11-10']]);
    expect(forecast(input([wallet('100')], false))).toEqual([[10000, null]]);
  });

  it('a wallet that applies only to a metric without usage never runs out', () => {
    const limited = wallet('20', {
      applies_to: { fee_types: [], billable_metric_codes: ['storage'] },
    });
    expect(forecast(input([limited, wallet('100')]))).toEqual([
      [2000, null],
      [9000, '2027-02-08'],
    ]);
  });

  it('counts the days in the customer time zone', () => {
    // In Pacific/Kiritimati (UTC+14) noon UTC on the 10th is 2 a.m. on the 11th: 11 days of
    // 30 elapsed, 1,000 ÷ (11/30) = 2,727.27 calls projected: 27.27 EUR, so 10.00 + 17.27 ×
    // k/19 until the 30th, then 27.27 ÷ 30 a day: 100.00 − 27.27 = 72.73 ÷ 0.909 = 80.01 days,
    // day 81 after the period: k = 19 + 81 = 100, 11 Nov + 100 days = 19 Feb 2027.
    expect(forecast(input([wallet('100')], true, 'Pacific/Kiritimati'))).toEqual([
      [9000, '2027-02-19'],
    ]);
  });

  it('refuses a bad wallet with its path', () => {
    const error = leftOf(forecastWallets(input([{ currency: 'EUR', credits_balance: 'ten' }])));
    expect(error.path?.slice(0, 2)).toEqual(['wallets', '0']);
  });
});
