/**
 * A model's amount as fee fields (charge-models.md §2): rounding to the minor unit, precise
 * cents, truncated unit cents; and the negative guard of §2.1.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChargeModel } from '../../src/charge-models/index';
import { type Decimal, formatDecimal, parseDecimal } from '../../src/core/index';
import { feeAmounts, guardNegative } from '../../src/fees/index';
import { amount } from '../charge-models/arbitraries';
import { graduated, leftOf, percentage, rightOf, units, volume } from '../charge-models/support';

const feeOf = (
  charge: Parameters<typeof applyChargeModel>[0],
  context: Parameters<typeof applyChargeModel>[1],
  currency = 'EUR',
) => rightOf(feeAmounts(rightOf(applyChargeModel(charge, context)), currency));

describe('charge-models.md §2 worked examples', () => {
  it('§2: graduated 0..∞ (0.01, flat 0.01), 4 units: 0.05 -> 5 cents; unit 0.0125 -> 1 cent', () => {
    expect(feeOf(graduated([[0, null, '0.01', '0.01']]), units('4'))).toEqual({
      amount_cents: 5,
      precise_amount_cents: '5',
      unit_amount_cents: 1,
      precise_unit_amount: '0.0125',
      precise_amount: '0.05',
    });
  });
  it('§2: percentage rate 2, fixed 1, 2 units from 2 events: 2.04 -> 204 cents; unit 1.02 -> 102', () => {
    const fee = feeOf(
      percentage({ rate: '2', fixed_amount: '1' }),
      units('2', { events_count: 2 }),
    );
    expect([fee.amount_cents, fee.unit_amount_cents]).toEqual([204, 102]);
  });
  it('§2: volume 0..∞ (2, flat 10), 2 units: 14.00 -> 1400; unit 7 -> 700', () => {
    const fee = feeOf(volume([[0, null, '2', '10']]), units('2'));
    expect([fee.amount_cents, fee.unit_amount_cents]).toEqual([1400, 700]);
  });
  it('§2: dynamic 9.12 EUR -> 912; per group 9.019 -> 902 and 0.101 -> 10', () => {
    const dynamic = { charge_model: 'dynamic', properties: {} };
    const cents = (precise: string) =>
      feeOf(dynamic, units('1', { precise_total_amount_cents: precise, currency: 'EUR' }))
        .amount_cents;
    expect([cents('912'), cents('901.9'), cents('10.1')]).toEqual([912, 902, 10]);
  });
  it('§2.2-2.5: 10.12345 -> 1012, precise 1012.345; unit 10.12345 -> 1012 cents, precise unit 10.12345', () => {
    expect(rightOf(feeAmounts({ amount: '10.12345', unit_amount: '10.12345' }, 'EUR'))).toEqual({
      amount_cents: 1012,
      precise_amount_cents: '1012.345',
      unit_amount_cents: 1012,
      precise_unit_amount: '10.12345',
      precise_amount: '10.12345',
    });
  });
  it('§2.2: 50.61725 -> 50.62 -> 5062, precise 5061.725', () => {
    const fee = rightOf(feeAmounts({ amount: '50.61725', unit_amount: '10.12345' }, 'EUR'));
    expect([fee.amount_cents, fee.precise_amount_cents]).toEqual([5062, '5061.725']);
  });
  it.each([
    ['§2.4: 0.0125 -> 1 (1.25 cents truncated)', '0.0125', 1],
    ['§2.4: 0.015 -> 1 (1.5 cents truncated)', '0.015', 1],
    ['§2.4: 0.025 -> 2 (2.5 cents truncated)', '0.025', 2],
    ['§2.4: -0.015 -> -1 (toward zero)', '-0.015', -1],
  ])('%s', (_name, unitAmount, cents) => {
    expect(
      rightOf(feeAmounts({ amount: '0', unit_amount: unitAmount }, 'EUR')).unit_amount_cents,
    ).toBe(cents);
  });
  it.each([
    ['§2.2: JPY has exponent 0: 12.5 -> 13', 'JPY', '12.5', 13],
    ['§2.2: KWD has exponent 3: 1.2345 -> 1235', 'KWD', '1.2345', 1235],
    ['§2.2 / 18.18: ties round away from zero: 0.125 EUR -> 13', 'EUR', '0.125', 13],
    ['§2.2 / 18.18: ties round away from zero: -0.125 EUR -> -13', 'EUR', '-0.125', -13],
    ['18.2: 0.015 EUR rounds to 2 cents while its unit cents truncate to 1', 'EUR', '0.015', 2],
  ])('%s', (_name, currency, value, cents) => {
    expect(rightOf(feeAmounts({ amount: value, unit_amount: '0' }, currency)).amount_cents).toBe(
      cents,
    );
  });
  it("§2.3 / §2.5: precise fields keep the reference's 15 decimals (1300 / 121)", () => {
    const fee = rightOf(
      feeAmounts(
        { amount: '1300', unit_amount: '10.7438016528925619834710743801652892561983' },
        'EUR',
      ),
    );
    expect(fee.precise_unit_amount).toBe('10.743801652892562');
  });
  it('an unknown currency or a non-decimal amount is a Left naming it', () => {
    expect(leftOf(feeAmounts({ amount: '1', unit_amount: '1' }, 'EURO')).code).toBe(
      'unknown_currency',
    );
    expect(leftOf(feeAmounts({ amount: '1e', unit_amount: '1' }, 'EUR')).path).toEqual(['amount']);
  });
  it('amount_cents is the precise cents rounded half away from zero', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const fee = rightOf(feeAmounts({ amount: value, unit_amount: value }, 'EUR'));
        expect(Number.isSafeInteger(fee.amount_cents)).toBe(true);
        expect(fee.unit_amount_cents).toBeLessThanOrEqual(fee.amount_cents);
        const rounded = rightOf(
          feeAmounts({ amount: fee.precise_amount_cents, unit_amount: '0' }, 'JPY'),
        ).amount_cents;
        expect(rounded).toBe(fee.amount_cents);
      }),
    );
  });
});

describe('charge-models.md §2.1 negative guard', () => {
  /** The guard's decimals as text, to compare with the figures of the rule. */
  const text = (figures: Readonly<Record<string, Decimal | undefined>>) =>
    Object.fromEntries(
      Object.entries(figures).map(([k, v]) => [k, v === undefined ? v : formatDecimal(v)]),
    );
  const read = (value: string) => rightOf(parseDecimal(value));
  it('§2.1: negative units zero the amount, unit amount, units and full units', () => {
    expect(
      text(
        guardNegative({
          units: read('-3'),
          amount: read('-28'),
          unitAmount: read('9.3'),
          fullUnitsNumber: read('-3'),
        }),
      ),
    ).toEqual({ units: '0', amount: '0', unitAmount: '0', fullUnitsNumber: '0' });
  });
  it('§2.1: a negative amount with positive units is zeroed too; the details are left to the caller', () => {
    const result = rightOf(applyChargeModel(graduated([[0, null, '2', '1']]), units('-3')));
    const guarded = guardNegative({
      units: read('-3'),
      amount: read(result.amount),
      unitAmount: read(result.unit_amount),
    });
    expect([formatDecimal(guarded.amount), formatDecimal(guarded.units)]).toEqual(['0', '0']);
    expect(result.amount_details.graduated_ranges?.[0]?.total_with_flat_amount).toBe('-5');
  });
  it('§2.1: non-negative figures pass unchanged', () => {
    const figures = { units: read('2'), amount: read('4'), unitAmount: read('2') };
    expect(guardNegative(figures)).toBe(figures);
  });
});
