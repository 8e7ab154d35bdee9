/**
 * The laws of the charge models, as fast-check properties named after them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChargeModel,
  type ChargeModelContext,
  type ChargeModelInput,
} from '../../src/charge-models/index';
import {
  add,
  ceil,
  compare,
  equals,
  multiply,
  parseDecimalUnsafe,
  scaleOf,
  sum,
  ZERO,
} from '../../src/core/decimal/index';
import {
  amount,
  anyDecimal,
  graduatedCharge,
  graduatedPercentageCharge,
  packageCharge,
  percentageCharge,
  quantity,
  standardCharge,
  volumeCharge,
} from './arbitraries';
import { graduated, rightOf, sumText } from './support';

const d = parseDecimalUnsafe;
const amountOf = (charge: ChargeModelInput, units: string) =>
  d(rightOf(applyChargeModel(charge, { units, events_count: 1 })).amount);

describe('charge-model laws', () => {
  it('standard, package and graduated amounts never decrease as units grow', () => {
    fc.assert(
      fc.property(
        fc.oneof(standardCharge, packageCharge, graduatedCharge),
        quantity,
        quantity,
        (charge, a, b) => {
          const [low, high] = compare(d(a), d(b)) <= 0 ? [a, b] : [b, a];
          expect(compare(amountOf(charge, low), amountOf(charge, high))).toBeLessThanOrEqual(0);
        },
      ),
    );
  });

  it("graduated amount equals the sum of its ranges' details", () => {
    fc.assert(
      fc.property(graduatedCharge, quantity, (charge, units) => {
        const result = rightOf(applyChargeModel(charge, { units, events_count: 1 }));
        const ranges = result.amount_details.graduated_ranges ?? [];
        expect(equals(d(result.amount), sum(ranges.map((r) => d(r.total_with_flat_amount))))).toBe(
          true,
        );
        for (const r of ranges) {
          expect(
            equals(
              d(r.total_with_flat_amount),
              add(d(r.per_unit_total_amount), d(r.flat_unit_amount)),
            ),
          ).toBe(true);
        }
        // ...and the ranges hold exactly the units.
        expect(equals(sum(ranges.map((r) => d(r.units))), d(units))).toBe(true);
      }),
    );
  });

  it("volume equals units times the reached range's unit price plus its flat amount", () => {
    fc.assert(
      fc.property(volumeCharge, quantity, ({ rows, charge }, units) => {
        const n = d(units);
        // The reference's rule (§11): from_value <= ceil(units) and units <= to_value.
        const ceiling = ceil(n, rightOf(scaleOf(0)));
        const reached = rows.find(
          ([from, to]) =>
            compare(d(String(from)), ceiling) <= 0 &&
            (to === null || compare(n, d(String(to))) <= 0),
        );
        if (reached === undefined) throw new Error('no range holds the units');
        const [, , perUnit, flat] = reached;
        expect(equals(amountOf(charge, units), add(multiply(n, d(perUnit)), d(flat)))).toBe(true);
      }),
    );
  });

  const plain = /^-?\d+(\.\d+)?$/;
  /** Every decimal string anywhere in a value. */
  const strings = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap(strings);
    if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
    return [];
  };
  const numbers = (value: unknown): unknown[] => {
    if (typeof value === 'number') return [value];
    if (Array.isArray(value)) return value.flatMap(numbers);
    if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(numbers);
    return [];
  };

  const anyCharge: fc.Arbitrary<ChargeModelInput> = fc.oneof(
    standardCharge,
    packageCharge,
    graduatedCharge,
    graduatedPercentageCharge,
    volumeCharge.map(({ charge }) => charge),
    percentageCharge,
    fc.constant({ charge_model: 'dynamic', properties: {} }),
    graduatedCharge.map((charge) => ({ ...charge, prorated: true })),
  );
  const context: fc.Arbitrary<ChargeModelContext> = fc
    .record({
      values: fc.array(anyDecimal, { maxLength: 6 }),
      shares: fc.array(anyDecimal, { maxLength: 6 }),
      ratio: fc.option(fc.constantFrom('0', '0.3', '0.5', '1', '0.0001'), { nil: undefined }),
      cents: anyDecimal,
      full: fc.option(anyDecimal, { nil: undefined }),
    })
    .map(({ values, shares, ratio, cents, full }) => ({
      units: sumText(values),
      events_count: values.length,
      event_values: values,
      prorated_event_values: values.map((_, i) => shares[i] ?? '0'),
      precise_total_amount_cents: cents,
      currency: 'EUR',
      ...(ratio === undefined ? {} : { period_ratio: ratio }),
      ...(full === undefined ? {} : { full_units_number: full }),
    }));

  it('no model ever yields NaN, a float string or exponent notation', () => {
    fc.assert(
      fc.property(anyCharge, context, (charge, ctx) => {
        const result = rightOf(applyChargeModel(charge, ctx));
        for (const text of strings(result)) expect(text).toMatch(plain);
        for (const n of numbers(result))
          expect(Number.isSafeInteger(n) || Number.isFinite(n)).toBe(true);
      }),
    );
  });

  it('zero units cost the first flat amount, and nothing once the period has no event yet', () => {
    fc.assert(
      fc.property(amount, (flat) => {
        const charge = graduated([
          [0, 10, '1', flat],
          [11, null, '2', '5'],
        ]);
        expect(equals(amountOf(charge, '0'), d(flat))).toBe(true);
        const before = rightOf(
          applyChargeModel(charge, { units: '0', events_count: 0, exclude_event: true }),
        );
        expect(equals(d(before.amount), ZERO)).toBe(true);
      }),
    );
  });
});
