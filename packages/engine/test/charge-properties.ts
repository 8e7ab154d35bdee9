/**
 * Shared test data of charge models: graduated/volume range rows and fast-check arbitraries
 * of the properties of every model that can be paid in advance, given the price and value
 * arbitraries of the suite that uses them (charge-fee laws, operation laws).
 */
import fc from 'fast-check';

/** Ranges under `key` from rows [from, to, per unit, flat]. */
export function rangeRows(
  rows: readonly (readonly [number, number | null, string, string])[],
  key = 'graduated_ranges',
): Record<string, object[]> {
  return {
    [key]: rows.map(([from_value, to_value, per_unit_amount, flat_amount]) => ({
      from_value,
      to_value,
      per_unit_amount,
      flat_amount,
    })),
  };
}

/**
 * Random properties of each charge model that can be paid in advance: standard, package,
 * graduated, percentage (with optional free units) and graduated_percentage.
 */
export function inAdvanceModelProperties(
  price: fc.Arbitrary<string>,
  value: fc.Arbitrary<string>,
): Record<string, fc.Arbitrary<object>> {
  return {
    standard: price.map((amount) => ({ amount })),
    package: fc
      .tuple(price, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 5 }))
      .map(([amount, package_size, free_units]) => ({ amount, package_size, free_units })),
    graduated: fc
      .tuple(price, price, price, fc.integer({ min: 1, max: 20 }))
      .map(([a, b, flat, to]) =>
        rangeRows([
          [0, to, a, flat],
          [to + 1, null, b, flat],
        ]),
      ),
    percentage: fc
      .tuple(price, fc.option(fc.integer({ min: 1, max: 4 })), fc.option(value))
      .map(([rate, freeEvents, freeTotal]) => ({
        rate,
        fixed_amount: '0.5',
        ...(freeEvents === null ? {} : { free_units_per_events: freeEvents }),
        ...(freeTotal === null ? {} : { free_units_per_total_aggregation: freeTotal }),
      })),
    graduated_percentage: fc
      .tuple(price, price, fc.integer({ min: 1, max: 50 }))
      .map(([a, b, to]) => ({
        graduated_percentage_ranges: [
          { from_value: 0, to_value: to, rate: a, flat_amount: '1' },
          { from_value: to + 1, to_value: null, rate: b, flat_amount: '2' },
        ],
      })),
  };
}
