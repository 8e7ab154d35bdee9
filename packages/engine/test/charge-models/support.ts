/**
 * Builders of charges and contexts for the charge-model tests, and an unwrapping helper.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import {
  applyChargeModel,
  type ChargeModelContext,
  type ChargeModelInput,
  type ChargeModelResult,
} from '../../src/charge-models/index';
import {
  add,
  formatDecimal,
  halfAwayFromZero,
  parseDecimalUnsafe,
  type Scale,
  scaleOf,
  ZERO,
} from '../../src/core/decimal/index';
import type { FeecastError } from '../../src/core/error';

/** A range as a tuple: [from_value, to_value, per_unit_amount (or rate), flat_amount]. */
export type RangeRow = readonly [number, number | null, string, string];

/** The value of a `Right`; fails the test with the error's message on a `Left`. */
export function rightOf<A>(either: Either<FeecastError, A>): A {
  if (either._tag === 'Left') {
    throw new Error(`expected a Right, got ${JSON.stringify(either.left)}`);
  }
  return either.right;
}

/** The error of a `Left`; fails the test on a `Right`. */
export function leftOf<A>(either: Either<FeecastError, A>): FeecastError {
  if (either._tag === 'Right')
    throw new Error(`expected a Left, got ${JSON.stringify(either.right)}`);
  return either.left;
}

export const standard = (amount: string, prorated = false): ChargeModelInput => ({
  charge_model: 'standard',
  properties: { amount },
  prorated,
});

export const packageCharge = (amount: string, package_size: number, free_units: number) => ({
  charge_model: 'package',
  properties: { amount, package_size, free_units },
});

const priceRanges = (rows: readonly RangeRow[]) =>
  rows.map(([from_value, to_value, per_unit_amount, flat_amount]) => ({
    from_value,
    to_value,
    per_unit_amount,
    flat_amount,
  }));

export const graduated = (rows: readonly RangeRow[], prorated = false): ChargeModelInput => ({
  charge_model: 'graduated',
  properties: { graduated_ranges: priceRanges(rows) },
  prorated,
});

export const volume = (rows: readonly RangeRow[], prorated = false): ChargeModelInput => ({
  charge_model: 'volume',
  properties: { volume_ranges: priceRanges(rows) },
  prorated,
});

/** Graduated-percentage ranges: the third column is the rate. */
export const graduatedPercentage = (rows: readonly RangeRow[]): ChargeModelInput => ({
  charge_model: 'graduated_percentage',
  properties: {
    graduated_percentage_ranges: rows.map(([from_value, to_value, rate, flat_amount]) => ({
      from_value,
      to_value,
      rate,
      flat_amount,
    })),
  },
});

export const percentage = (properties: Record<string, unknown>): ChargeModelInput => ({
  charge_model: 'percentage',
  properties,
});

/** A context of `units` from `events_count` events (default: one event per unit, at least 1). */
export function units(value: string, more: Partial<ChargeModelContext> = {}): ChargeModelContext {
  return { units: value, events_count: 1, ...more };
}

/** Applies a charge model and unwraps the result. */
export function priced(charge: ChargeModelInput, context: ChargeModelContext): ChargeModelResult {
  return rightOf(applyChargeModel(charge, context));
}

/** The amount of a charge model for a context. */
export function amountOf(charge: ChargeModelInput, context: ChargeModelContext): string {
  return priced(charge, context).amount;
}

/** Sums of per-event values, for contexts built from event values. */
export function eventsContext(
  values: readonly string[],
  more: Partial<ChargeModelContext> = {},
): ChargeModelContext {
  return { units: sumText(values), events_count: values.length, event_values: values, ...more };
}

/** The exact sum of decimal texts, through the engine's decimal core. */
export function sumText(values: readonly string[]): string {
  return formatDecimal(values.reduce((total, v) => add(total, parseDecimalUnsafe(v)), ZERO));
}

/** A decimal text rounded half away from zero to `places` (for figures the notes round). */
export function rounded(text: string, places: number): string {
  const scale: Scale = rightOf(scaleOf(places));
  return formatDecimal(halfAwayFromZero(parseDecimalUnsafe(text), scale));
}
