/**
 * Minimum commitments (invoicing.md §7.1, open question 15): every figure of the section, the
 * fee it creates, and its laws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentTrueUp } from '../../../src/fees/commitment/index';
import { commitment, fee, leftOf, rightOf, subscriptionRef } from '../../invoice/wallets/builders';

const JANUARY = { from_datetime: '2025-01-01T00:00:00Z', to_datetime: '2025-01-31T23:59:59Z' };

describe('commitmentTrueUp (invoicing.md §7.1)', () => {
  it('§7.1: monthly 200.00 on an anniversary period, active 30 of its 31 days -> 193.55 committed', () => {
    const result = rightOf(
      commitmentTrueUp({
        commitment: commitment(20_000),
        fees: [],
        currency: 'EUR',
        period: { from_datetime: '2024-03-02T00:00:00Z', to_datetime: '2024-04-01T23:59:59Z' },
        active: { from_datetime: '2024-03-03T00:00:00Z', to_datetime: '2024-04-01T23:59:59Z' },
      }),
    );
    expect(result).toMatchObject({
      days_total: 31,
      days_active: 30,
      commitment_amount_cents: 19_355,
      amount_cents: 19_355,
    });
  });

  it('§7.1: yearly calendar period, started on 15 January 2024 -> 352/366 of 2000.00 = 1923.50', () => {
    const result = rightOf(
      commitmentTrueUp({
        commitment: commitment(200_000),
        fees: [],
        currency: 'EUR',
        period: { from_datetime: '2024-01-01T00:00:00Z', to_datetime: '2024-12-31T23:59:59Z' },
        active: { from_datetime: '2024-01-15T00:00:00Z', to_datetime: '2024-12-31T23:59:59Z' },
      }),
    );
    expect(result).toMatchObject({
      days_total: 366,
      days_active: 352,
      commitment_amount_cents: 192_350,
    });
  });

  it('§7.1: true-up 10000 - (200 + 300 + 150) = 9350, charged as one commitment fee with taxes 0 (open question 15)', () => {
    const fees = [
      fee({ name: 'sub', type: 'subscription', amount_cents: 200 }),
      fee({ name: 'cpu', code: 'cpu', amount_cents: 300 }),
      fee({ name: 'seats', type: 'fixed_charge', amount_cents: 150 }),
      fee({ name: 'addon', type: 'add_on', amount_cents: 5000 }),
    ];
    const result = rightOf(
      commitmentTrueUp({
        commitment: commitment(10_000),
        fees,
        currency: 'EUR',
        period: JANUARY,
        subscription: subscriptionRef(),
      }),
    );
    expect(result).toMatchObject({
      commitment_amount_cents: 10_000,
      fees_amount_cents: 650,
      amount_cents: 9350,
      precise_amount_cents: '9350',
    });
    expect(result.fee).toMatchObject({
      amount_cents: 9350,
      precise_amount: '93.5',
      units: '1',
      events_count: 0,
      taxes_amount_cents: 0,
      applied_taxes: [],
      external_subscription_id: 'main',
      item: {
        type: 'commitment',
        code: 'startup',
        item_type: 'Subscription',
        name: 'Minimum commitment',
      },
    });
  });

  it('§7.1: no fee when the fees reach the commitment; fees in another currency are an error', () => {
    const enough = [fee({ name: 'cpu', code: 'cpu', amount_cents: 12_000 })];
    expect(
      rightOf(
        commitmentTrueUp({
          commitment: commitment(10_000),
          fees: enough,
          currency: 'EUR',
          period: JANUARY,
        }),
      ),
    ).toMatchObject({ amount_cents: 0, fee: null });
    const usd = [fee({ name: 'cpu', code: 'cpu', amount_cents: 100, currency: 'USD' })];
    expect(
      leftOf(
        commitmentTrueUp({
          commitment: commitment(10_000),
          fees: usd,
          currency: 'EUR',
          period: JANUARY,
        }),
      ),
    ).toMatchObject({ code: 'currency_mismatch', path: ['fees', '0', 'amount_currency'] });
  });

  it("§7.1: the precise true-up uses the fees' precise amounts", () => {
    const fees = [
      fee({ name: 'cpu', code: 'cpu', amount_cents: 333, precise_amount_cents: '333.333' }),
    ];
    expect(
      rightOf(
        commitmentTrueUp({ commitment: commitment(1000), fees, currency: 'EUR', period: JANUARY }),
      ),
    ).toMatchObject({ amount_cents: 667, precise_amount_cents: '666.667' });
  });

  it('the true-up tops the counted fees up to the prorated commitment, never below 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 31 }),
        (amount, amounts, day) => {
          const fees = amounts.map((a, i) =>
            fee({ name: `f${i}`, code: `m${i}`, amount_cents: a }),
          );
          const active = {
            from_datetime: `2025-01-${String(day).padStart(2, '0')}T00:00:00Z`,
            to_datetime: JANUARY.to_datetime,
          };
          const result = rightOf(
            commitmentTrueUp({
              commitment: commitment(amount),
              fees,
              currency: 'EUR',
              period: JANUARY,
              active,
            }),
          );
          expect(result.days_active).toBe(32 - day);
          expect(result.amount_cents).toBe(
            Math.max(0, result.commitment_amount_cents - result.fees_amount_cents),
          );
          expect(result.fee === null).toBe(result.amount_cents === 0);
          expect(result.commitment_amount_cents).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});

describe('charge minimums in a commitment (invoicing.md §7.1, §7.2)', () => {
  // The §7.2 true-up itself (min 1000, used 700 -> 300; 15 of 31 days, used 200 -> 284) is
  // computed by the fee assembler: packages/engine/test/fees/true-up.test.ts.
  it('§7.2 in §7.1: a charge true-up fee counts toward the minimum commitment', () => {
    const fees = [
      fee({ name: 'default', code: 'api', amount_cents: 700 }),
      fee({ name: 'true-up', code: 'api', amount_cents: 300 }),
    ];
    expect(
      rightOf(
        commitmentTrueUp({
          commitment: commitment(1500),
          fees,
          currency: 'EUR',
          period: JANUARY,
        }),
      ).amount_cents,
    ).toBe(500);
  });
});
