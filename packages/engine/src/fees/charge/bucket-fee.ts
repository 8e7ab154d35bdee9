import { isCents, isDecimalString } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type ChargeAmountDetails,
  divideOrZero,
  type PricingContext,
  pricingContext,
} from '../../charge-models/index';
import {
  add,
  createDecimalSum,
  type Decimal,
  extended,
  type FeecastError,
  feecastError,
  formatDecimal,
  max,
  sign,
  ZERO,
} from '../../core/index';
import { feeDecimal, keepDecimal, spreadDecimals } from '../fee-decimals';
import { buildFee, type FeeLine } from '../fee-object';
import { guardNegative } from '../negative-guard';
import { carriedIn, carriedOut } from './carried-units';
import { type ChargeAmounts, chargeAmounts } from './charge-amounts';
import type { ChargeFee } from './charge-fee';
import type { ChargeLines } from './charge-lines';
import type { BucketSetup, ChargeSetup } from './charge-setup';
import type { FeeContext } from './fee-context';
import type { GroupFigures } from './fees-pass';

/** A priced bucket (or group): its fee, and what the true-up and the zero-fee rule read. */
export interface PricedFee {
  /** The fee's line (a true-up fee is built on its parent's). */
  readonly line: FeeLine;
  readonly fee: ChargeFee;
  /** The fee of the default bucket (no filter): a true-up's parent. */
  readonly isDefault: boolean;
  /** Units, amount and events are all 0 (dropped from invoices, charge-models.md §2.8). */
  readonly zero: boolean;
  /** Minor units the true-up counts as used: the pricing-unit cents with a pricing unit (§4). */
  readonly usedCents: number;
  /** Its exact `precise_amount_cents` (the decimal the amount was written from). */
  readonly usedPreciseCents: Decimal;
}

/** The exact sum of per-event increments (each read as a scaled integer when it fits). */
function sumOf(values: readonly Decimal[]): Decimal {
  const total = createDecimalSum();
  for (const value of values) total.add(value);
  return total.result();
}

/**
 * What the charge model prices for a bucket (charge-models.md §2, §16; aggregations.md §6.2):
 * in arrears, the aggregation with its full units and per-event values; for a pay-in-advance
 * charge, what the period billed: the units a recurring metric carried into it (billed, in
 * full, by the invoice that closed the previous period) plus what its events billed (the sum
 * of their in-advance increments, prorated for a prorated charge); nothing, not even a first
 * flat amount, before its first event when nothing was carried in. So the period's fee equals
 * the carried units' fee plus the sum of its per-event fees (estimate-and-usage.md §3.5: the
 * high-water mark over the whole total). Each event's value goes to the model only when it
 * prices from it (`needsEventValues`): the others would read it for nothing.
 */
/** What a bucket's model prices: the units and the context, as decimals. */
interface ModelInput {
  readonly units: Decimal;
  readonly context: PricingContext;
}

function modelContext(
  setup: ChargeSetup,
  bucket: BucketSetup,
  group: GroupFigures,
  currency: string,
): ModelInput {
  const f = group.figures;
  const values = bucket.model.needsEventValues ? f.event_values : undefined;
  const cents = group.cents;
  if (setup.payInAdvance) {
    const increments = f.in_advance_increments ?? [];
    const billed = setup.prorated ? (f.in_advance_prorated_increments ?? increments) : increments;
    const carried = carriedIn(f);
    return {
      units: add(carried, sumOf(billed)),
      // The period's events, as their per-event fees count them (a recurring metric's count
      // also holds earlier periods' events).
      context: pricingContext(increments.length, {
        currency,
        preciseTotalAmountCents: cents,
        // No event billed anything yet: with no units carried in either, graduated models
        // charge no first flat amount (the flag only matters at 0 units).
        excludeEvent: increments.length === 0,
        ...(setup.prorated
          ? { fullUnitsNumber: add(carried, sumOf(increments)) }
          : { eventValues: values }),
      }),
    };
  }
  const full = f.full_units_number;
  const eventValues = values;
  return {
    units: f.aggregation,
    context: pricingContext(f.count, {
      currency,
      preciseTotalAmountCents: cents,
      fullUnitsNumber: full,
      eventValues,
      proratedEventValues:
        setup.prorated && eventValues !== undefined ? f.event_prorated_values : undefined,
    }),
  };
}

/**
 * The units a fee shows (charge-models.md §2.6; estimate-and-usage.md §3.5): current usage of a
 * pay-in-advance or prorated charge shows the current, unprorated units (a pay-in-advance
 * charge's total net of removals, never below 0); an invoice shows a prorated charge's full
 * units; otherwise the units priced (0 once the negative guard applied).
 */
function shownUnits(
  setup: ChargeSetup,
  group: GroupFigures,
  guarded: { readonly units: Decimal; readonly fullUnitsNumber?: Decimal | undefined },
  purpose: FeeContext['purpose'],
): Decimal {
  const f = group.figures;
  const full = guarded.fullUnitsNumber ?? guarded.units;
  if (purpose === 'usage' && setup.prorated) {
    return f.current_usage_units ?? full;
  }
  if (purpose === 'usage' && setup.payInAdvance) return max(f.aggregation, ZERO);
  return setup.prorated ? full : guarded.units;
}

/** The projected figures of a fee (estimate-and-usage.md §4.3). */
interface Projection {
  readonly units: string;
  /** `units`' decimal. */
  readonly unitsValue: Decimal;
  readonly amount_cents: number;
  readonly pricing_unit_cents: number | undefined;
}

/**
 * Projected units and amount (charge-models.md §6): a recurring metric projects its current
 * values; otherwise the model's projection, never below 0, rounded to minor units as the fee's
 * amount is (through the pricing unit when the charge has one).
 */
function projection(
  context: FeeContext,
  setup: ChargeSetup,
  recurring: boolean,
  price: ModelPrice,
  units: { readonly text: string; readonly value: Decimal },
): Either<FeecastError, Projection | undefined> {
  const { amounts, projected } = price;
  if (projected === undefined) return right(undefined);
  if (recurring) {
    return right({
      units: units.text,
      unitsValue: units.value,
      amount_cents: amounts.fee.amount_cents,
      pricing_unit_cents: amounts.pricing_unit_details?.amount_cents,
    });
  }
  const projectedAmounts = chargeAmounts(
    { amount: max(projected.amount, ZERO), unitAmount: ZERO },
    setup.pricingUnit,
    context.currency,
  );
  if (isLeft(projectedAmounts)) return projectedAmounts;
  const projectedUnits = max(projected.units, ZERO);
  return right({
    units: formatDecimal(projectedUnits),
    unitsValue: projectedUnits,
    amount_cents: projectedAmounts.right.fee.amount_cents,
    pricing_unit_cents: projectedAmounts.right.pricing_unit_details?.amount_cents,
  });
}

function withProjection(
  fee: ChargeFee,
  projected: Projection | undefined,
): Either<FeecastError, ChargeFee> {
  if (projected === undefined) return right(fee);
  const puCents = projected.pricing_unit_cents;
  if (
    !isDecimalString(projected.units) ||
    !isCents(projected.amount_cents) ||
    (puCents !== undefined && !isCents(puCents))
  ) {
    return left(
      feecastError('out_of_range', 'A projected amount is beyond the safe integer range.', [
        'projected_amount_cents',
      ]),
    );
  }
  const details = fee.pricing_unit_details;
  const projectedFee: ChargeFee = extended(fee, {
    projected_units: projected.units,
    projected_amount_cents: projected.amount_cents,
    pricing_unit_details:
      details === null || puCents === undefined || !isCents(puCents)
        ? details
        : extended(details, { projected_amount_cents: puCents }),
  });
  // The projected units' decimal goes with their text (`fee-decimals.ts`), for the usage rows.
  return right(
    keepDecimal(
      spreadDecimals(projectedFee, fee),
      'projected_units',
      projected.units,
      projected.unitsValue,
    ),
  );
}

/** A bucket's model run on its figures: the details, the guarded figures and the fee amounts. */
interface ModelPrice {
  readonly amount_details: ChargeAmountDetails;
  readonly guarded: { readonly units: Decimal; readonly fullUnitsNumber?: Decimal | undefined };
  readonly amounts: ChargeAmounts;
  /** The projected units and amount (§6), when the context has a period ratio. */
  readonly projected: { readonly units: Decimal; readonly amount: Decimal } | undefined;
}

/**
 * Runs a bucket's model on `input`, applies the negative guard and rounds the cents half away
 * from zero in the currency's minor unit (through the pricing unit when the charge has one);
 * with a period `ratio`, projects the units and amount (§6). A model error is relocated under
 * the bucket's path `at`.
 */
function priceModel(
  context: FeeContext,
  setup: ChargeSetup,
  bucket: BucketSetup,
  input: ModelInput,
  ratio: Decimal | undefined,
  at: readonly string[],
): Either<FeecastError, ModelPrice> {
  const priced = bucket.model.price(input.units, input.context, ratio);
  if (isLeft(priced)) {
    return left({ ...priced.left, path: [...at, ...(priced.left.path ?? [])] });
  }
  const { amount, amount_details, per, projected } = priced.right;
  const guarded = guardNegative({
    units: input.units,
    amount,
    unitAmount: divideOrZero(amount, per),
    fullUnitsNumber: input.context.fullUnitsNumber,
  });
  const amounts = chargeAmounts(guarded, setup.pricingUnit, context.currency);
  if (isLeft(amounts)) return amounts;
  return right({ amount_details, guarded, amounts: amounts.right, projected });
}

/** Where a bucket's properties sit in the caller's input. */
function bucketPath(setup: ChargeSetup, bucket: BucketSetup): readonly string[] {
  return bucket.filter === undefined
    ? setup.path
    : [...setup.path, 'filters', String(bucket.index)];
}

/**
 * Prices one bucket (a filter, or the default bucket) or one of its pricing groups as a charge
 * fee (charge-models.md §2-§3, §6, §15): the bucket's model on its figures, the negative guard,
 * cents rounded half away from zero in the currency's minor unit (through the pricing unit
 * when the charge has one), the units shown per §2.6, and the projection when asked for: with
 * the period's elapsed `ratio`, a decimal read once per call (`priceMetrics`).
 *
 * @example
 * const lines = chargeLines(context, metric, setup, { period: context.period, payInAdvance: false });
 * priceBucket(context, lines, false, setup, setup.buckets[0], group, undefined)
 * // right({ fee: { amount_cents: 800, units: '100', item: { filters: { cloud: ['aws'] } } }, ... })
 * @internal
 */
export function priceBucket(
  context: FeeContext,
  lines: ChargeLines,
  recurring: boolean,
  setup: ChargeSetup,
  bucket: BucketSetup,
  group: GroupFigures,
  ratio: Decimal | undefined,
): Either<FeecastError, PricedFee> {
  const at = bucketPath(setup, bucket);
  const modelInput = modelContext(setup, bucket, group, context.currency);
  const priced = priceModel(context, setup, bucket, modelInput, ratio, at);
  if (isLeft(priced)) return priced;
  const { amount_details, guarded, amounts } = priced.right;
  const units = shownUnits(setup, group, guarded, context.purpose);
  const line = lines.of(bucket.index, group.grouped_by);
  if (isLeft(line)) return left({ ...line.left, path: [...at, ...(line.left.path ?? [])] });
  const given = group.figures.total_aggregated_units;
  const fee = buildFee(line.right, {
    amounts: amounts.fee,
    units,
    total_aggregated_units: given ?? units,
    events_count: group.figures.count,
    amount_details,
    pricing_unit_details: amounts.pricing_unit_details ?? null,
  });
  const projected = projection(context, setup, recurring, priced.right, {
    text: fee.units,
    value: units,
  });
  if (isLeft(projected)) return projected;
  const charged = withProjection(fee, projected.right);
  if (isLeft(charged)) return charged;
  const used = amounts.pricing_unit_details ?? amounts.fee;
  const usedPrecise = feeDecimal(used, 'precise_amount_cents', [...at, 'precise_amount_cents']);
  if (isLeft(usedPrecise)) return usedPrecise;
  return right({
    line: line.right,
    fee: charged.right,
    isDefault: bucket.filter === undefined,
    zero: sign(units) === 0 && amounts.fee.amount_cents === 0 && group.figures.count === 0,
    usedCents: used.amount_cents,
    usedPreciseCents: usedPrecise.right,
  });
}

/**
 * The fee a recurring metric's pay-in-advance charge bills, on the invoice that closes a
 * period, for the units it carries into the next period (aggregations.md §1.8, §4;
 * invoicing.md §7.1 "recurring-in-advance"): the units active at the end of the period
 * ({@link carriedOut}), in full (unprorated, before the metric's rounding, as pay-in-advance
 * charges bill), priced by the bucket's model as the start of the next period (no event of it
 * yet), on the `lines` of the next period: on the invoice (`pay_in_advance: false`) when the
 * charge is invoiceable, else a pay-in-advance fee of its own. `undefined` when nothing is
 * carried.
 *
 * @example
 * const lines = chargeLines(context, metric, setup, { period: december, payInAdvance: false });
 * carriedFee(context, lines, setup, setup.buckets[0], group) // 3 seats carried
 * // right({ units: '3', amount_cents: 3000, from_date: '2025-12-01T00:00:00Z', pay_in_advance: false, ... })
 * @internal
 */
export function carriedFee(
  context: FeeContext,
  lines: ChargeLines,
  setup: ChargeSetup,
  bucket: BucketSetup,
  group: GroupFigures,
): Either<FeecastError, ChargeFee | undefined> {
  const carried = carriedOut(group.figures);
  if (sign(carried) === 0) return right(undefined);
  const at = bucketPath(setup, bucket);
  const priced = priceModel(
    context,
    setup,
    bucket,
    {
      units: carried,
      context: pricingContext(0, {
        currency: context.currency,
        ...(setup.prorated ? { fullUnitsNumber: carried } : {}),
      }),
    },
    undefined,
    at,
  );
  if (isLeft(priced)) return priced;
  const { amount_details, amounts } = priced.right;
  const line = lines.of(bucket.index, group.grouped_by);
  if (isLeft(line)) return left({ ...line.left, path: [...at, ...(line.left.path ?? [])] });
  return right(
    buildFee(line.right, {
      amounts: amounts.fee,
      units: carried,
      total_aggregated_units: carried,
      events_count: group.figures.count,
      amount_details,
      pricing_unit_details: amounts.pricing_unit_details ?? null,
    }),
  );
}
