/**
 * The `min_amount_cents` true-up fee (charge-models.md §4).
 */
import { describe, expect, it } from 'vitest';
import { parseDecimalUnsafe } from '../../src/core/index';
import { minAmountTrueUp, type TrueUpInput } from '../../src/fees/index';
import { leftOf, rightOf } from '../charge-models/support';

const input = (more: Partial<TrueUpInput>): TrueUpInput => ({
  min_amount_cents: 1000,
  used_amount_cents: 700,
  used_precise_amount_cents: parseDecimalUnsafe('700'),
  charges_duration_days: 31,
  days_billed: 31,
  currency: 'EUR',
  ...more,
});

describe('charge-models.md §4 min_amount_cents', () => {
  it('§4: min 1000, used 700, 31 of 31 days -> 300 cents, precise 300, unit 300 cents / 3', () => {
    expect(rightOf(minAmountTrueUp(input({})))).toEqual({
      units: '1',
      total_aggregated_units: '1',
      events_count: 0,
      amount_cents: 300,
      precise_amount_cents: '300',
      unit_amount_cents: 300,
      precise_unit_amount: '3',
      precise_amount: '3',
    });
  });
  it('§4: 15 of 31 days, used 200 -> 1000/31×15 − 200 = 283.87096774193548... -> 284', () => {
    const fee = rightOf(
      minAmountTrueUp(
        input({
          days_billed: 15,
          used_amount_cents: 200,
          used_precise_amount_cents: parseDecimalUnsafe('200'),
        }),
      ),
    );
    expect(fee?.amount_cents).toBe(284);
    // Exact decimals: the reference's Float gives 283.8709677419355.
    expect(fee?.precise_amount_cents).toBe('283.870967741935484');
  });
  it('§4: with a pricing unit at 0.25 -> 300 PU cents -> 75 EUR cents, precise unit 0.75', () => {
    const fee = rightOf(
      minAmountTrueUp(
        input({
          pricing_unit: {
            svc_pricing_unit_id: '6f8a2bd5-3c5f-4a73-9a52-0a3a1c0d0e11',
            pricing_unit_code: 'credits',
            short_name: 'CR',
            conversion_rate: '0.25',
          },
        }),
      ),
    );
    expect(fee?.pricing_unit_details?.amount_cents).toBe(300);
    expect([fee?.amount_cents, fee?.precise_unit_amount]).toEqual([75, '0.75']);
  });
  it('§4: no usage, 17 of 31 days -> 548 (precise 548.387096774193548, unit 5.483870967741935)', () => {
    const fee = rightOf(
      minAmountTrueUp(
        input({
          days_billed: 17,
          used_amount_cents: 0,
          used_precise_amount_cents: parseDecimalUnsafe('0'),
        }),
      ),
    );
    expect([fee?.amount_cents, fee?.precise_amount_cents, fee?.precise_unit_amount]).toEqual([
      548,
      '548.387096774193548',
      '5.483870967741935',
    ]);
  });
  it('§4: no true-up when the fees used at least the prorated minimum', () => {
    expect(rightOf(minAmountTrueUp(input({ used_amount_cents: 1000 })))).toBeNull();
    expect(rightOf(minAmountTrueUp(input({ days_billed: 15, used_amount_cents: 484 })))).toBeNull();
  });
  it('§4: a precise sum different from the rounded one gives the precise shortfall', () => {
    const fee = rightOf(
      minAmountTrueUp(input({ used_precise_amount_cents: parseDecimalUnsafe('699.6') })),
    );
    expect([fee?.amount_cents, fee?.precise_amount_cents]).toEqual([300, '300.4']);
  });
  it('bad inputs are Lefts naming the field', () => {
    expect(leftOf(minAmountTrueUp(input({ charges_duration_days: 0 }))).path).toEqual([
      'charges_duration_days',
    ]);
    expect(leftOf(minAmountTrueUp(input({ min_amount_cents: -1 }))).path).toEqual([
      'min_amount_cents',
    ]);
  });
});
