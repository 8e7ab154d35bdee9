/**
 * Minimum commitments and charge minimums (invoicing.md §7.1, §7.2, open question 15): every
 * figure of the sections, the fees they create, and their laws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargeMinimumTrueUp, commitmentTrueUp } from '../../src/commitments/index';
import { commitment, fee, leftOf, rightOf, subscriptionRef } from '../wallets/builders';

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

describe('chargeMinimumTrueUp (invoicing.md §7.2)', () => {
  it('§7.2: min 10.00, used 7.00 over a full month -> 3.00', () => {
    const fees = [
      fee({ name: 'eu', code: 'api', amount_cents: 400, filter: 'eu' }),
      fee({ name: 'default', code: 'api', amount_cents: 300 }),
    ];
    const result = rightOf(
      chargeMinimumTrueUp({
        min_amount_cents: 1000,
        fees,
        currency: 'EUR',
        charges_duration: 31,
        charges_from_datetime: JANUARY.from_datetime,
        charges_to_datetime: JANUARY.to_datetime,
      }),
    );
    expect(result).toMatchObject({
      used_amount_cents: 700,
      amount_cents: 300,
      precise_amount_cents: '300',
    });
    expect(result.fee).toMatchObject({
      amount_cents: 300,
      units: '1',
      events_count: 0,
      svc_charge_filter_id: null,
      svc_true_up_parent_fee_id: fees[1]?.svc_id,
      item: { type: 'charge', code: 'api', filters: null },
    });
  });

  it('§7.2: 15 of 31 days with 2.00 used -> 483.87… - 200 = 283.87… -> 284', () => {
    const fees = [fee({ name: 'default', code: 'api', amount_cents: 200 })];
    const result = rightOf(
      chargeMinimumTrueUp({
        min_amount_cents: 1000,
        fees,
        currency: 'EUR',
        charges_duration: 31,
        charges_from_datetime: '2025-01-17T00:00:00Z',
        charges_to_datetime: JANUARY.to_datetime,
      }),
    );
    expect(result.amount_cents).toBe(284);
    expect(
      result.prorated_min_amount_cents.startsWith('483.870967741935483870967741935483870967'),
    ).toBe(true);
  });

  it('§7.2: nothing when the fees reach the prorated minimum; a bad duration is an error', () => {
    const fees = [fee({ name: 'default', code: 'api', amount_cents: 1000 })];
    const input = {
      min_amount_cents: 1000,
      fees,
      currency: 'EUR',
      charges_duration: 31,
      charges_from_datetime: JANUARY.from_datetime,
      charges_to_datetime: JANUARY.to_datetime,
    };
    expect(rightOf(chargeMinimumTrueUp(input))).toMatchObject({ amount_cents: 0, fee: null });
    expect(leftOf(chargeMinimumTrueUp({ ...input, charges_duration: 0 }))).toMatchObject({
      code: 'invalid_input',
      path: ['charges_duration'],
    });
  });

  it('§7.2 in §7.1: a charge true-up fee counts toward the minimum commitment', () => {
    const fees = [fee({ name: 'default', code: 'api', amount_cents: 700 })];
    const trueUp = rightOf(
      chargeMinimumTrueUp({
        min_amount_cents: 1000,
        fees,
        currency: 'EUR',
        charges_duration: 31,
        charges_from_datetime: JANUARY.from_datetime,
        charges_to_datetime: JANUARY.to_datetime,
      }),
    ).fee;
    if (trueUp === null) throw new Error('a true-up fee was expected');
    expect(
      rightOf(
        commitmentTrueUp({
          commitment: commitment(1500),
          fees: [...fees, trueUp],
          currency: 'EUR',
          period: JANUARY,
        }),
      ).amount_cents,
    ).toBe(500);
  });
});
