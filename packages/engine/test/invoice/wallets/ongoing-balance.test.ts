/**
 * Ongoing balances (invoicing.md §6.6): one wallet, and the allocation of usage over a
 * customer's wallets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateOngoingUsage, ongoingBalance } from '../../../src/invoice/wallets/index';
import { leftOf, rightOf, rule, wallet } from './builders';

const usage = (amount_cents: number) => [
  { fee_type: 'charge', billable_metric_code: 'api', currency: 'EUR', amount_cents },
];

describe('ongoingBalance (invoicing.md §6.6)', () => {
  it('§6.6: balance 10.00 with 2.00 of usage -> ongoing 800 cents, 8 credits; usage 200 cents, 2 credits', () => {
    const w = wallet({ name: 'w', balance_cents: 1000 });
    expect(rightOf(ongoingBalance({ wallet: w, usage_amount_cents: 200 }))).toMatchObject({
      ongoing_balance_cents: 800,
      ongoing_usage_balance_cents: 200,
      credits_ongoing_balance: '8',
      credits_ongoing_usage_balance: '2',
    });
  });

  it('§6.6: credits at another rate, and a usage beyond the balance (negative ongoing balance)', () => {
    const w = wallet({ name: 'w', balance_cents: 1000, rate_amount: '0.5' });
    expect(rightOf(ongoingBalance({ wallet: w, usage_amount_cents: '1250.4' }))).toMatchObject({
      ongoing_balance_cents: -250,
      ongoing_usage_balance_cents: 1250,
      credits_ongoing_balance: '-5',
      credits_ongoing_usage_balance: '25',
    });
    expect(leftOf(ongoingBalance({ wallet: w, usage_amount_cents: 'lots' }))).toMatchObject({
      path: ['usage_amount_cents'],
    });
  });
});

describe('allocateOngoingUsage (invoicing.md §6.6)', () => {
  const first = wallet({ name: 'first', balance_cents: 5000, priority: 1 });
  const second = wallet({ name: 'second', balance_cents: 15_000, priority: 2 });
  const usages = (ws: readonly ReturnType<typeof wallet>[]) =>
    ws.map((w) => w.ongoing_usage_balance_cents);

  it('§6.6: wallets 50 (priority 1) and 150 (priority 2), usage 80 -> 50 / 30', () => {
    expect(
      usages(rightOf(allocateOngoingUsage({ wallets: [second, first], usage: usage(8000) }))),
    ).toEqual([3000, 5000]);
  });

  it('§6.6: usage 250 -> 50 / 200: the last applicable wallet absorbs the overflow', () => {
    const result = rightOf(
      allocateOngoingUsage({ wallets: [first, second], usage: usage(25_000) }),
    );
    expect(usages(result)).toEqual([5000, 20_000]);
    expect(result[1]?.ongoing_balance_cents).toBe(-5000);
  });

  it('§6.6: with a threshold rule on the first wallet -> 80 / 0: it absorbs everything', () => {
    const watched = wallet({
      name: 'first',
      balance_cents: 5000,
      priority: 1,
      rules: [
        rule({
          trigger: 'threshold',
          method: 'fixed',
          threshold_credits: '10',
          paid_credits: '50',
        }),
      ],
    });
    expect(
      usages(rightOf(allocateOngoingUsage({ wallets: [watched, second], usage: usage(8000) }))),
    ).toEqual([8000, 0]);
  });

  it('§6.6: negative nets lower the usage to allocate; wallets that do not apply get none', () => {
    const subscriptions = wallet({
      name: 'subs',
      balance_cents: 5000,
      priority: 1,
      fee_types: ['subscription'],
    });
    const lines = [
      ...usage(8000),
      { fee_type: 'charge', billable_metric_code: 'paid', currency: 'EUR', amount_cents: -3000 },
    ];
    expect(
      usages(rightOf(allocateOngoingUsage({ wallets: [subscriptions, second], usage: lines }))),
    ).toEqual([0, 5000]);
  });

  it('allocated ongoing usage adds up to the usage to allocate when a wallet applies', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            balance: fc.integer({ min: 0, max: 20_000 }),
            priority: fc.integer({ min: 1, max: 50 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(fc.integer({ min: -10_000, max: 30_000 }), { minLength: 1, maxLength: 4 }),
        (specs, nets) => {
          const wallets = specs.map((s, i) =>
            wallet({ name: `w${i}`, balance_cents: s.balance, priority: s.priority }),
          );
          const lines = nets.map((n, i) => ({
            fee_type: 'charge',
            billable_metric_code: `m${i}`,
            currency: 'EUR',
            amount_cents: n,
          }));
          const result = rightOf(allocateOngoingUsage({ wallets, usage: lines }));
          const allocated = result.reduce((s, w) => s + w.ongoing_usage_balance_cents, 0);
          expect(allocated).toBe(
            Math.max(
              0,
              nets.reduce((s, n) => s + n, 0),
            ),
          );
          for (const w of result)
            expect(w.ongoing_balance_cents).toBe(w.balance_cents - w.ongoing_usage_balance_cents);
        },
      ),
    );
  });
});
