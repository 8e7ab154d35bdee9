/**
 * The amount of one pay-in-advance event (charge-models.md §5 and estimate-and-usage.md §2.9):
 * every worked sequence, the per-event details, and the law that a period's events add up to
 * the period's amount.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChargeModel, type ChargeModelInput } from '../../src/charge-models/index';
import { equals, parseDecimalUnsafe, sum } from '../../src/core/decimal/index';
import { feeAmounts, payInAdvanceAmount } from '../../src/fees/index';
import {
  graduatedCharge,
  graduatedPercentageCharge,
  packageCharge,
  percentageCharge,
  quantity,
  standardCharge,
} from '../charge-models/arbitraries';
import {
  graduated,
  graduatedPercentage,
  leftOf,
  percentage,
  rightOf,
  standard,
  sumText,
} from '../charge-models/support';
import { amountsOf, payEach } from './support';

describe('charge-models.md §5 worked sequences', () => {
  it('§5: graduated 0..5 (0.02, flat 0.01), 6..∞ (0.01, flat 0.01), events 3, 1, 2 -> 0.07, 0.02, 0.04', () => {
    const charge = graduated([
      [0, 5, '0.02', '0.01'],
      [6, null, '0.01', '0.01'],
    ]);
    expect(amountsOf(charge, ['3', '1', '2'])).toEqual(['0.07', '0.02', '0.04']);
  });
  it('§5 / §8: package amount 100, free 3, size 2, events 3, 1, 2 -> 0, 100, 100', () => {
    const charge = {
      charge_model: 'package',
      properties: { amount: '100', free_units: 3, package_size: 2 },
    };
    expect(amountsOf(charge, ['3', '1', '2'])).toEqual(['0', '100', '100']);
  });
  it('§5: graduated count_agg 0..2 free, 3..∞ 2.00, three events -> 0, 0, 2.00', () => {
    const charge = graduated([
      [0, 2, '0', '0'],
      [3, null, '2', '0'],
    ]);
    expect(amountsOf(charge, ['1', '1', '1'])).toEqual(['0', '0', '2']);
  });
  it('§5: percentage rate 5, fixed 1, free_units_per_events 2, events 8, 5, 3 -> 0, 0, 1.15 with details', () => {
    const charge = percentage({ rate: '5', fixed_amount: '1', free_units_per_events: 2 });
    const fees = payEach(charge, ['8', '5', '3']);
    expect(fees.map((fee) => fee.amount)).toEqual(['0', '0', '1.15']);
    expect(fees[2]?.amount_details).toEqual({
      units: '3',
      free_units: '0',
      paid_units: '3',
      free_events: 0,
      paid_events: 1,
      rate: '5',
      per_unit_total_amount: '0.15',
      fixed_fee_unit_amount: '1',
      fixed_fee_total_amount: '1',
      min_max_adjustment_total_amount: '0',
    });
  });
  it('§5: percentage rate 5, fixed 1, free total 120, events 100, 10, 20, 20 -> 0, 0, 1.50, 2.00', () => {
    const charge = percentage({
      rate: '5',
      fixed_amount: '1',
      free_units_per_total_aggregation: '120',
    });
    expect(amountsOf(charge, ['100', '10', '20', '20'])).toEqual(['0', '0', '1.5', '2']);
  });
  it('§5: percentage rate 5, fixed 1, free total 3, events 5, 1 -> 1.10, 1.05', () => {
    const charge = percentage({
      rate: '5',
      fixed_amount: '1',
      free_units_per_total_aggregation: '3',
    });
    expect(amountsOf(charge, ['5', '1'])).toEqual(['1.1', '1.05']);
  });
  it('§5 / §10: graduated_percentage 0..100 20 % flat 10, 101..200 30 % flat 7, 201..∞ 40 % flat 5, events 50, 100, 300 -> 20, 32, 120', () => {
    const charge = graduatedPercentage([
      [0, 100, '20', '10'],
      [101, 200, '30', '7'],
      [201, null, '40', '5'],
    ]);
    const fees = payEach(charge, ['50', '100', '300']);
    expect(fees.map((fee) => fee.amount)).toEqual(['20', '32', '120']);
    // The second event: 50 units at 20 % in the first range, 50 at 30 % + 7 in the second.
    expect(fees[1]?.amount_details.graduated_percentage_ranges).toEqual([
      {
        from_value: 0,
        to_value: 100,
        units: '50',
        flat_unit_amount: '0',
        rate: '20',
        per_unit_total_amount: '10',
        total_with_flat_amount: '10',
      },
      {
        from_value: 101,
        to_value: 200,
        units: '50',
        flat_unit_amount: '7',
        rate: '30',
        per_unit_total_amount: '15',
        total_with_flat_amount: '22',
      },
    ]);
  });
  it('§5: min/max rate 1, fixed 0.5, min 1.75, max 2, events 100, 1000, 10000 -> 1.75, 2, 2', () => {
    const charge = percentage({
      rate: '1',
      fixed_amount: '0.5',
      per_transaction_min_amount: '1.75',
      per_transaction_max_amount: '2',
    });
    expect(amountsOf(charge, ['100', '1000', '10000'])).toEqual(['1.75', '2', '2']);
  });
  it('§5 / §13: dynamic events with 1234.56 and 2.1 precise cents -> 1235 and 2 cents', () => {
    const charge = { charge_model: 'dynamic', properties: {} };
    const fees = payEach(charge, [
      { increment: '1', cents: '1234.56' },
      { increment: '1', cents: '2.1' },
    ]);
    expect(fees.map((fee) => rightOf(feeAmounts(fee, 'EUR')).amount_cents)).toEqual([1235, 2]);
  });
  it('§7: standard count metric at 10 -> 10.00 per event', () => {
    expect(amountsOf(standard('10'), ['1', '1', '1'])).toEqual(['10', '10', '10']);
  });
});

describe('estimate-and-usage.md §2.9 estimates (feecast prices estimates as billing does)', () => {
  it('§2.9: standard difference: A = 10, P = 1 at 2 -> 2 (200 cents), unit amount 2', () => {
    const fee = rightOf(
      payInAdvanceAmount(standard('2'), {
        before: { units: '10', events_count: 5 },
        increment: '1',
        currency: 'EUR',
      }),
    );
    expect([fee.amount, fee.unit_amount, fee.amount_details]).toEqual(['2', '2', {}]);
    expect(rightOf(feeAmounts(fee, 'EUR'))).toMatchObject({
      amount_cents: 200,
      precise_amount_cents: '200',
    });
  });
  it('§2.9: rate 0.5 %, min 12: first event 4 -> 1200 cents; after 4, an event of 20000 -> 10000 cents', () => {
    const charge = percentage({ rate: '0.5', per_transaction_min_amount: '12' });
    expect(amountsOf(charge, ['4', '20000'])).toEqual(['12', '100']);
  });
  it('§2.9: rate 50 with 1 free event: first event 4 -> 0; second event 4 -> 200 cents', () => {
    const charge = percentage({ rate: '50', free_units_per_events: 1 });
    expect(amountsOf(charge, ['4', '4'])).toEqual(['0', '2']);
  });
  it("§2.9 / §13: a dynamic estimate equals the event's precise_total_amount_cents (200 -> 200 cents)", () => {
    const fees = payEach({ charge_model: 'dynamic', properties: {} }, [
      { increment: '4', cents: '12000' },
      { increment: '4', cents: '200' },
    ]);
    expect(fees.map((fee) => rightOf(feeAmounts(fee, 'EUR')).amount_cents)).toEqual([12000, 200]);
  });
  it('§18.9 deviation: the first event of a graduated period pays the first flat amount in an estimate too', () => {
    const charge = graduated([
      [0, 5, '0.02', '0.01'],
      [6, null, '0.01', '0.01'],
    ]);
    // The reference's estimate path gives 0.06 (model(3) − model(0) with the flat fee on both sides).
    expect(amountsOf(charge, ['3'])).toEqual(['0.07']);
  });
  it('§5 deviation: an event that adds no units before the first paid one does not make the flat amount count twice', () => {
    const charge = graduated([[0, null, '1', '5']]);
    // The reference (exclude flag on every "without" side) bills 5 then 7: the flat fee twice.
    expect(amountsOf(charge, ['0', '2'])).toEqual(['5', '2']);
  });
  it('§5: unit amount = the amount rounded to the minor unit ÷ the units (0.07 / 3)', () => {
    const charge = graduated([
      [0, 5, '0.02', '0.01'],
      [6, null, '0.01', '0.01'],
    ]);
    const [first] = payEach(charge, ['3']);
    expect(first?.unit_amount.slice(0, 8)).toBe('0.023333');
    const fee = rightOf(
      payInAdvanceAmount(standard('0.004'), {
        before: { units: '0', events_count: 0 },
        increment: '1',
        currency: 'EUR',
      }),
    );
    expect([fee.amount, fee.unit_amount]).toEqual(['0.004', '0']);
  });
  it('§18.8 deviation: a percentage event that adds no units pays no fixed fee, as billing does', () => {
    expect(amountsOf(percentage({ rate: '1', fixed_amount: '2' }), ['0'])).toEqual(['0']);
  });
  it("§18.20 deviation: a custom event pays the difference of the aggregator's amounts", () => {
    const fee = rightOf(
      payInAdvanceAmount(
        { charge_model: 'custom', properties: {} },
        {
          before: { units: '2', events_count: 2, custom_amount: '30' },
          increment: '1',
          custom_amount: '42',
          currency: 'EUR',
        },
      ),
    );
    // The reference bills the with-event amount (42) whole.
    expect(fee.amount).toBe('12');
  });
  it('a pay-in-advance event with a bad increment is a Left naming it', () => {
    const error = leftOf(
      payInAdvanceAmount(standard('1'), {
        before: { units: '0', events_count: 0 },
        increment: 'one',
        currency: 'EUR',
      }),
    );
    expect([error.code, error.path]).toEqual(['invalid_decimal', ['increment']]);
  });
});

describe('pay-in-advance laws', () => {
  const charge: fc.Arbitrary<ChargeModelInput> = fc.oneof(
    standardCharge,
    packageCharge,
    graduatedCharge,
    graduatedPercentageCharge,
    percentageCharge,
  );
  it("per-event pay-in-advance amounts of a period sum to the period's amount", () => {
    fc.assert(
      fc.property(charge, fc.array(quantity, { minLength: 1, maxLength: 8 }), (c, increments) => {
        const amounts = amountsOf(c, increments).map((a) => parseDecimalUnsafe(a));
        const period = rightOf(
          applyChargeModel(c, {
            units: sumText(increments),
            events_count: increments.length,
            event_values: increments,
          }),
        );
        expect(equals(sum(amounts), parseDecimalUnsafe(period.amount))).toBe(true);
      }),
    );
  });
  it("per-event dynamic amounts of a period sum to the period's amount", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(quantity, quantity), { minLength: 1, maxLength: 8 }),
        (events) => {
          const list = events.map(([increment, cents]) => ({ increment: `1${increment}`, cents }));
          const amounts = amountsOf({ charge_model: 'dynamic', properties: {} }, list);
          const period = rightOf(
            applyChargeModel(
              { charge_model: 'dynamic', properties: {} },
              {
                units: sumText(list.map((e) => e.increment)),
                events_count: list.length,
                precise_total_amount_cents: sumText(list.map((e) => e.cents)),
                currency: 'EUR',
              },
            ),
          );
          expect(
            equals(
              sum(amounts.map((a) => parseDecimalUnsafe(a))),
              parseDecimalUnsafe(period.amount),
            ),
          ).toBe(true);
        },
      ),
    );
  });
});
