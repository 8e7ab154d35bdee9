/**
 * Price curves for the comparison page: a charge's amount sampled over a range of units with
 * the engine's own charge model, including the points where the price changes slope or jumps.
 */
import {
  add,
  type ChargeModelInput,
  compare,
  compileChargeModel,
  type Decimal,
  decimalFromCount,
  divide,
  type FeecastError,
  formatDecimal,
  halfAwayFromZero,
  isScale,
  max,
  multiply,
  ONE,
  parseDecimal,
  ZERO,
} from '@feecast/engine';
import { type Either, right } from 'fp-ts/lib/Either.js';
import type { CurvePoint } from './data';
import { niceTicks } from './scale';

/** Settings of {@link sampleChargeCurve}. */
export interface CurveOptions {
  /** The customer's units (a decimal string): always a point of the curve. */
  readonly actual_units: string;
  /** The number of events priced with every point (per-transaction fees); default 1. */
  readonly events_count?: number;
  /** The last units of the curve; default: from the actual units and the price breaks. */
  readonly max_units?: string;
  /** Evenly spaced samples besides the breaks (default 40). */
  readonly steps?: number;
}

/** Breaks of package pricing drawn one by one at most: beyond, the even samples do. */
const MAX_PACKAGE_BREAKS = 200;
const DEFAULT_STEPS = 40;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decimalOf(value: unknown): Decimal | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const parsed = parseDecimal(value);
  return parsed._tag === 'Right' ? parsed.right : undefined;
}

/**
 * The units where a charge's price changes slope or jumps: range bounds of graduated, volume
 * and graduated-percentage ranges, package edges (and the unit after each), percentage free
 * units. Unknown or malformed properties have none (the model's own check reports them).
 *
 * @example
 * priceBreaks({ charge_model: 'graduated', properties: { graduated_ranges: [
 *   { from_value: 0, to_value: 100 }, { from_value: 101, to_value: null }] } }, d('1000'))
 * // [0, 100, 101]
 */
export function priceBreaks(charge: ChargeModelInput, limit: Decimal): Decimal[] {
  const properties = isRecord(charge.properties) ? charge.properties : {};
  const breaks: Decimal[] = [];
  for (const key of ['graduated_ranges', 'volume_ranges', 'graduated_percentage_ranges']) {
    const ranges = properties[key];
    if (!Array.isArray(ranges)) continue;
    for (const range of ranges) {
      if (!isRecord(range)) continue;
      for (const bound of [range.from_value, range.to_value]) {
        const value = decimalOf(bound);
        if (value !== undefined) breaks.push(value);
      }
    }
  }
  const size = decimalOf(properties.package_size);
  if (charge.charge_model === 'package' && size !== undefined && compare(size, ZERO) > 0) {
    const free = decimalOf(properties.free_units) ?? ZERO;
    for (let k = 0, edge = free; k <= MAX_PACKAGE_BREAKS && compare(edge, limit) <= 0; k++) {
      breaks.push(edge, add(edge, ONE));
      edge = add(edge, size);
    }
  }
  const freeUnits = decimalOf(properties.free_units_per_total_aggregation);
  if (freeUnits !== undefined) breaks.push(freeUnits);
  return breaks;
}

/** The units of the curve's last point: a nice number above the actual units and the breaks. */
function lastUnits(charge: ChargeModelInput, actual: Decimal): Decimal {
  const breaks = priceBreaks(charge, ZERO);
  const highest = breaks.reduce((top, b) => max(top, b), ZERO);
  const wanted = max(max(multiply(actual, decimalFromCount(2)), highest), decimalFromCount(10));
  const ticks = niceTicks(wanted, 5);
  return ticks[ticks.length - 1] ?? wanted;
}

/** Distinct units in increasing order. */
function sortedUnique(values: readonly Decimal[]): Decimal[] {
  const sorted = [...values].sort(compare);
  return sorted.filter((value, i) => i === 0 || compare(value, sorted[i - 1] ?? value) !== 0);
}

/**
 * The price curve of a charge: `{ units, amount }` points from 0 to `max_units` in increasing
 * units, priced by the engine (`compileChargeModel`), with `steps` even samples (to three
 * decimal places), every price break in range, and the actual units. Amounts are exact
 * decimal strings in currency units, as `applyChargeModel` returns them. Bad properties or
 * options are a `Left` (the engine's `invalid_charge_properties`, `invalid_decimal`...).
 *
 * @example
 * sampleChargeCurve({ charge_model: 'standard', properties: { amount: '0.002' } }, { actual_units: '1200', steps: 4 })
 * // right([{ units: '0', amount: '0' }, { units: '625', amount: '1.25' }, { units: '1200', amount: '2.4' }, ...])
 */
export function sampleChargeCurve(
  charge: ChargeModelInput,
  options: CurveOptions,
): Either<FeecastError, CurvePoint[]> {
  const actual = parseDecimal(options.actual_units, ['actual_units']);
  if (actual._tag === 'Left') return actual;
  let last = lastUnits(charge, actual.right);
  if (options.max_units !== undefined) {
    const given = parseDecimal(options.max_units, ['max_units']);
    if (given._tag === 'Left') return given;
    last = given.right;
  }
  const model = compileChargeModel(charge);
  if (model._tag === 'Left') return model;
  const steps = Math.max(1, Math.floor(options.steps ?? DEFAULT_STEPS));
  const places: number = 3;
  const units: Decimal[] = [actual.right];
  for (let k = 0; k <= steps; k++) {
    const share = divide(multiply(last, decimalFromCount(k)), decimalFromCount(steps));
    if (share._tag === 'Left') return share;
    units.push(isScale(places) ? halfAwayFromZero(share.right, places) : share.right);
  }
  for (const b of priceBreaks(charge, last)) if (compare(b, last) <= 0) units.push(b);
  const points: CurvePoint[] = [];
  for (const value of sortedUnique(units)) {
    if (compare(value, ZERO) < 0) continue;
    const text = formatDecimal(value);
    const priced = model.right.apply({ units: text, events_count: options.events_count ?? 1 });
    if (priced._tag === 'Left') return priced;
    points.push({ units: text, amount: priced.right.amount });
  }
  return right(points);
}
