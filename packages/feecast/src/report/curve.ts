/**
 * Price curves for the comparison page: a charge's amount on a plan sampled over a range of
 * units with the engine's own charge models, bucket by bucket as the plan billed it, including
 * the points where the price changes slope or jumps.
 */

import {
  add,
  type ChargeModelInput,
  compare,
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
import {
  type CompiledChargeModel,
  chargeAmounts,
  compileChargeModel,
  type PricingContext,
} from '@feecast/engine/internal';
import { type Either, isLeft, isRight, right } from 'fp-ts/lib/Either.js';
import { isRecord } from '../guards';
import { sumCents } from '../render/money';
import type { CurveBucket } from './charge-buckets';
import type { CurvePoint } from './data';
import { niceTicks } from './scale';

/** Breaks of package pricing drawn one by one at most: beyond, the even samples do. */
const MAX_PACKAGE_BREAKS = 200;
const DEFAULT_STEPS = 40;

function decimalOf(value: unknown): Decimal | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const parsed = parseDecimal(value);
  return isRight(parsed) ? parsed.right : undefined;
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

/** A plan's charge to draw: its own prices, the buckets it billed, and its currency. */
export interface CurveCharge {
  /** The charge's own model and properties: drawn alone when no bucket has units. */
  readonly charge: ChargeModelInput;
  /** The charge's pricing unit, when it is priced in one (`{ code, conversion_rate }`). */
  readonly applied_pricing_unit?: {
    readonly code: string;
    readonly conversion_rate: string;
  } | null;
  /** The buckets the plan billed (`chargeBuckets`); none: no usage. */
  readonly buckets: readonly CurveBucket[];
  /** The currency fees are rounded in (the plan's). */
  readonly currency: string;
}

/** Settings of {@link sampleChargeCurve}. */
export interface CurveOptions {
  /** The last units of the curve; default: a nice number above twice the usage and the breaks. */
  readonly max_units?: string;
  /** Evenly spaced samples besides the breaks and the usage (default 40). */
  readonly steps?: number;
}

/** A sampled curve: the total units billed (where the curve meets the bill) and the points. */
export interface ChargeCurve {
  readonly actual_units: string;
  readonly points: CurvePoint[];
}

/** A bucket ready to price: its model, its share of the usage, its events. */
interface Part {
  readonly model: CompiledChargeModel;
  readonly pricing: ChargeModelInput;
  /** The bucket's units, or undefined when the part takes all the units drawn (no usage). */
  readonly units: Decimal | undefined;
  readonly events_count: number;
}

function positive(value: Decimal): boolean {
  return compare(value, ZERO) > 0;
}

/** The buckets with their models; the charge's own prices on all units when none has units. */
function partsOf(input: CurveCharge): Either<FeecastError, Part[]> {
  const parts: Part[] = [];
  for (const [i, bucket] of input.buckets.entries()) {
    const path = ['buckets', String(i)];
    const units = parseDecimal(bucket.units, [...path, 'units']);
    if (isLeft(units)) return units;
    const model = compileChargeModel(bucket.pricing, { path: [...path, 'pricing'] });
    if (isLeft(model)) return model;
    parts.push({
      model: model.right,
      pricing: bucket.pricing,
      units: units.right,
      events_count: bucket.events_count,
    });
  }
  if (parts.some((part) => part.units !== undefined && positive(part.units))) return right(parts);
  const model = compileChargeModel(input.charge, { path: ['charge'] });
  if (isLeft(model)) return model;
  return right([{ model: model.right, pricing: input.charge, units: undefined, events_count: 0 }]);
}

/** The units a part prices when the whole charge has `x` units of which `total` were billed. */
function partUnits(part: Part, x: Decimal, total: Decimal): Either<FeecastError, Decimal> {
  if (part.units === undefined) return right(x);
  if (compare(x, total) === 0) return right(part.units);
  return divide(multiply(part.units, x), total);
}

/**
 * Where the curve bends: each part's price breaks in total units (a break `b` of a bucket
 * holding `u` of the `total` units is at `b × total ÷ u`), up to `last`.
 */
function scaledBreaks(
  parts: readonly Part[],
  total: Decimal,
  last: Decimal,
): Either<FeecastError, Decimal[]> {
  const breaks: Decimal[] = [];
  for (const part of parts) {
    if (part.units === undefined) {
      for (const at of priceBreaks(part.pricing, last)) breaks.push(at);
      continue;
    }
    if (!positive(part.units)) continue;
    const limit = divide(multiply(last, part.units), total);
    if (isLeft(limit)) return limit;
    for (const b of priceBreaks(part.pricing, limit.right)) {
      const at = divide(multiply(b, total), part.units);
      if (isLeft(at)) return at;
      breaks.push(at.right);
    }
  }
  return right(breaks);
}

/**
 * The curve's last units: a nice number above twice the usage, 10, and the price breaks of the
 * largest bucket (in total units; a small bucket's breaks would stretch the axis far away).
 */
function lastUnits(parts: readonly Part[], total: Decimal): Either<FeecastError, Decimal> {
  const largest = parts.reduce<Part | undefined>(
    (top, part) =>
      top === undefined || compare(part.units ?? ZERO, top.units ?? ZERO) > 0 ? part : top,
    undefined,
  );
  const breaks = scaledBreaks(largest === undefined ? [] : [largest], total, ZERO);
  if (isLeft(breaks)) return breaks;
  const highest = breaks.right.reduce((top, b) => max(top, b), ZERO);
  const wanted = max(max(multiply(total, decimalFromCount(2)), highest), decimalFromCount(10));
  const ticks = niceTicks(wanted, 5);
  return right(ticks[ticks.length - 1] ?? wanted);
}

/** The context of a price from the units and events count alone (no per-event values). */
function unitsOnly(eventsCount: number): PricingContext {
  return {
    eventsCount,
    eventValues: undefined,
    proratedEventValues: undefined,
    fullUnitsNumber: undefined,
    preciseTotalAmountCents: undefined,
    currency: undefined,
    customAmount: undefined,
    excludeEvent: false,
  };
}

/** What one part is billed (in minor units) for `units`, rounded as its fee is. */
function partCents(part: Part, units: Decimal, input: CurveCharge): Either<FeecastError, number> {
  const priced = part.model.price(units, unitsOnly(part.events_count));
  if (isLeft(priced)) return priced;
  const { amount, per } = priced.right;
  // The unit amount is 0 when the divisor is (charge-models.md §1.5).
  const unitAmount = divide(amount, per);
  const unit = input.applied_pricing_unit;
  const amounts = chargeAmounts(
    { amount, unitAmount: isRight(unitAmount) ? unitAmount.right : ZERO },
    unit === undefined || unit === null
      ? undefined
      : {
          svc_pricing_unit_id: '',
          pricing_unit_code: unit.code,
          short_name: unit.code,
          conversion_rate: unit.conversion_rate,
        },
    input.currency,
  );
  return isLeft(amounts) ? amounts : right(amounts.right.fee.amount_cents);
}

/** Distinct units in increasing order. */
function sortedUnique(values: readonly Decimal[]): Decimal[] {
  const sorted = [...values].sort(compare);
  return sorted.filter((value, i) => i === 0 || compare(value, sorted[i - 1] ?? value) !== 0);
}

/**
 * A charge's price curve on a plan, as the plan bills it: `{ units, amount }` points from 0 to
 * `max_units` in increasing total units of the billable metric. The usage keeps the split
 * across the plan's buckets (filter buckets and pricing groups) that it had in the period:
 * at `x` units a bucket that billed `u` of the `actual_units` holds `u × x ÷ actual_units`,
 * is priced with its own properties and its events, and is rounded to the minor unit as its
 * fee is (through the pricing unit when there is one); the amount is the sum. So the point at
 * `actual_units` is exactly what the buckets billed. With no usage, the charge's own
 * properties price all the units. Points: `steps` even samples (to three decimal places),
 * every price break in range (in total units), and the usage. Amounts are decimal strings in
 * currency units. Bad properties or units are a `Left` (`invalid_charge_properties`...).
 *
 * @example
 * sampleChargeCurve({ charge: standard, currency: 'EUR', buckets: [
 *   { label: 'eu', units: '600', events_count: 3, pricing: { charge_model: 'standard', properties: { amount: '0.003' } } },
 *   { label: 'us', units: '400', events_count: 2, pricing: { charge_model: 'standard', properties: { amount: '0.002' } } }] },
 *   { steps: 4 })
 * // right({ actual_units: '1000', points: [{ units: '0', amount: '0' }, { units: '1000', amount: '2.6' }, ...] })
 */
export function sampleChargeCurve(
  input: CurveCharge,
  options: CurveOptions = {},
): Either<FeecastError, ChargeCurve> {
  const parts = partsOf(input);
  if (isLeft(parts)) return parts;
  const total = parts.right.reduce((acc, part) => add(acc, part.units ?? ZERO), ZERO);
  let last: Decimal;
  if (options.max_units === undefined) {
    const nice = lastUnits(parts.right, total);
    if (isLeft(nice)) return nice;
    last = nice.right;
  } else {
    const given = parseDecimal(options.max_units, ['max_units']);
    if (isLeft(given)) return given;
    last = given.right;
  }
  const steps = Math.max(1, Math.floor(options.steps ?? DEFAULT_STEPS));
  const places: number = 3;
  const units: Decimal[] = [total];
  for (let k = 0; k <= steps; k++) {
    const share = divide(multiply(last, decimalFromCount(k)), decimalFromCount(steps));
    if (isLeft(share)) return share;
    units.push(share.right);
  }
  const breaks = scaledBreaks(parts.right, total, last);
  if (isLeft(breaks)) return breaks;
  for (const b of breaks.right) if (compare(b, last) <= 0) units.push(b);
  const points: CurvePoint[] = [];
  // Samples and breaks to three decimal places (they only place the points); the usage exact.
  const placed = units.map((u) =>
    compare(u, total) === 0 || !isScale(places) ? u : halfAwayFromZero(u, places),
  );
  for (const x of sortedUnique(placed)) {
    if (compare(x, ZERO) < 0) continue;
    const cents: number[] = [];
    for (const part of parts.right) {
      const at = partUnits(part, x, total);
      if (isLeft(at)) return at;
      const billed = partCents(part, at.right, input);
      if (isLeft(billed)) return billed;
      cents.push(billed.right);
    }
    const amount = sumCents(cents, input.currency);
    if (isLeft(amount)) return amount;
    points.push({ units: formatDecimal(x), amount: formatDecimal(amount.right) });
  }
  return right({ actual_units: formatDecimal(total), points });
}
