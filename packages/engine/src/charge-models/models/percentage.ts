import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { runningTotals } from '../../aggregation/index';
import {
  add,
  compare,
  type Decimal,
  decimalFromCount,
  type FeecastError,
  feecastError,
  formatDecimal,
  max,
  min,
  multiply,
  sign,
  subtract,
  sum,
  ZERO,
} from '../../core/index';
import { percentOf, scaleByRatio } from '../internal/arithmetic';
import { detailDifference } from '../internal/detail-difference';
import {
  describePath,
  invalidProperty,
  readAmount,
  readOptionalAmount,
  readOptionalInteger,
} from '../internal/properties';
import { unitsDivisor } from '../internal/units-divisor';
import type { ChargeModel, PricingContext } from '../model';
import type { ChargeAmountDetails } from '../types';

/** Checked percentage properties. */
interface Percentage {
  readonly rate: Decimal;
  readonly fixed: Decimal | undefined;
  /** `free_units_per_events` (E). */
  readonly freeEvents: number | undefined;
  /** `free_units_per_total_aggregation` (T). */
  readonly freeTotal: Decimal | undefined;
  readonly minimum: Decimal | undefined;
  readonly maximum: Decimal | undefined;
}

/** What the running total of the period leaves free (§12): units F and events FE. */
interface Free {
  readonly units: Decimal;
  readonly events: number;
}

/**
 * Free units F and free events FE from the running total of the events' values (§12): the
 * cumulative sums of the first E events, or those up to the first exceeding T.
 */
function freeOf(p: Percentage, values: readonly Decimal[]): Free {
  const { freeEvents: e = 0, freeTotal: t = ZERO } = p;
  const totals =
    p.freeEvents === undefined && p.freeTotal === undefined
      ? []
      : runningTotals(values, {
          ...(p.freeEvents === undefined ? {} : { perEvents: p.freeEvents }),
          ...(p.freeTotal === undefined ? {} : { perTotal: p.freeTotal }),
        });
  const last = totals.at(-1) ?? ZERO;
  let units = ZERO;
  if (sign(last) !== 0) {
    const nth = e > 0 && e < totals.length ? totals[e - 1] : undefined;
    units = nth ?? (sign(t) === 0 ? last : min(last, t));
  }
  const below = totals.filter((total) => compare(total, t) < 0).length;
  // The smaller of the two counts that apply (a count of 0 does not apply).
  const events = e > 0 && below > 0 ? Math.min(e, below) : Math.max(e, below, 0);
  return { units, events };
}

/**
 * The amount event by event with per-transaction min/max (§12): leading events consume the
 * free events and the free amount T, then each costs `value × rate / 100 + fixed_amount`,
 * raised to the minimum or lowered to the maximum.
 */
function perTransaction(p: Percentage, values: readonly Decimal[]): Decimal {
  let freeEvents = p.freeEvents ?? 0;
  let freeAmount = p.freeTotal ?? ZERO;
  return sum(
    values.map((eventValue) => {
      let value = eventValue;
      if (freeEvents > 0 || sign(freeAmount) > 0) {
        freeEvents -= 1;
        if (sign(freeAmount) <= 0) return ZERO;
        if (compare(freeAmount, value) > 0) {
          freeAmount = subtract(freeAmount, value);
          return ZERO;
        }
        value = subtract(value, freeAmount);
        freeAmount = ZERO;
        freeEvents = 0;
      }
      const amount = add(percentOf(value, p.rate), p.fixed ?? ZERO);
      if (p.minimum !== undefined && compare(amount, p.minimum) < 0) return p.minimum;
      if (p.maximum !== undefined && compare(amount, p.maximum) > 0) return p.maximum;
      return amount;
    }),
  );
}

function needsEventValues(): FeecastError {
  return feecastError(
    'invalid_input',
    "A percentage charge with free units or a per-transaction minimum or maximum needs event_values: each event's value in time order (aggregate with per_event: true).",
    ['event_values'],
  );
}

function price(
  p: Percentage,
  units: Decimal,
  context: PricingContext,
): Either<FeecastError, { amount: Decimal; amount_details: ChargeAmountDetails; per: Decimal }> {
  const perEvent =
    p.freeEvents !== undefined ||
    p.freeTotal !== undefined ||
    p.minimum !== undefined ||
    p.maximum !== undefined;
  const values = context.eventValues ?? [];
  if (perEvent && context.eventValues === undefined && context.eventsCount > 0) {
    return left(needsEventValues());
  }
  const count = context.eventsCount;
  const free = freeOf(p, values);
  const percentPart =
    compare(free.units, units) > 0 ? ZERO : percentOf(subtract(units, free.units), p.rate);
  const fixedPart =
    sign(units) === 0 || p.fixed === undefined || free.events >= count
      ? ZERO
      : multiply(decimalFromCount(count - free.events), p.fixed);
  const minMax = p.minimum !== undefined || p.maximum !== undefined;
  const amount = minMax ? perTransaction(p, values) : add(percentPart, fixedPart);
  const freeEvents = Math.min(free.events, count);
  const paidEvents = count - freeEvents;
  return right({
    amount,
    amount_details: {
      units: formatDecimal(units),
      free_units: formatDecimal(free.units),
      paid_units: formatDecimal(max(subtract(units, free.units), ZERO)),
      free_events: freeEvents,
      paid_events: paidEvents,
      rate: formatDecimal(p.rate),
      per_unit_total_amount: formatDecimal(percentPart),
      fixed_fee_unit_amount: formatDecimal(paidEvents > 0 ? (p.fixed ?? ZERO) : ZERO),
      fixed_fee_total_amount: formatDecimal(fixedPart),
      min_max_adjustment_total_amount: formatDecimal(
        minMax ? subtract(subtract(amount, percentPart), fixedPart) : ZERO,
      ),
    },
    per: unitsDivisor(units, context),
  });
}

/**
 * The details of a pay-in-advance fee (§5): the differences with and without the event, the
 * rate and fixed fee per event copied, and free units = units − paid units of the differences.
 */
function eventDetails(
  withEvent: ChargeAmountDetails,
  withoutEvent: ChargeAmountDetails,
): ChargeAmountDetails {
  const units = detailDifference(withEvent.units, withoutEvent.units);
  const paidUnits = detailDifference(withEvent.paid_units, withoutEvent.paid_units);
  const count = (key: 'free_events' | 'paid_events') =>
    (withEvent[key] ?? 0) - (withoutEvent[key] ?? 0);
  const diff = (
    key: 'per_unit_total_amount' | 'fixed_fee_total_amount' | 'min_max_adjustment_total_amount',
  ) => detailDifference(withEvent[key], withoutEvent[key]);
  return {
    units,
    free_units: detailDifference(units, paidUnits),
    paid_units: paidUnits,
    free_events: count('free_events'),
    paid_events: count('paid_events'),
    rate: withEvent.rate ?? '0',
    per_unit_total_amount: diff('per_unit_total_amount'),
    fixed_fee_unit_amount: withEvent.fixed_fee_unit_amount ?? '0',
    fixed_fee_total_amount: diff('fixed_fee_total_amount'),
    min_max_adjustment_total_amount: diff('min_max_adjustment_total_amount'),
  };
}

/**
 * `percentage` (charge-models.md §12): `rate` percent of the units beyond the free units, plus
 * `fixed_amount` per paid event; with a per-transaction minimum or maximum, priced event by event.
 * feecast always applies the minimum and maximum (the reference only with a premium licence).
 *
 * @example
 * // rate 1.3, fixed 2, 800 units from 4 events, nothing free -> 10.4 + 8 = 18.4
 */
export const percentage: ChargeModel = {
  name: 'percentage',
  capabilities: {
    aggregations: 'any',
    payInAdvance: true,
    pricesFrom: 'units',
    eventDetails: eventDetails,
  },
  compile(properties, { path }) {
    const rate = readAmount(properties, 'rate', path, 'invalid_rate');
    if (isLeft(rate)) return rate;
    const fixed = readOptionalAmount(properties, 'fixed_amount', path, 'invalid_fixed_amount');
    if (isLeft(fixed)) return fixed;
    const freeEvents = readOptionalInteger(
      properties,
      'free_units_per_events',
      path,
      'invalid_free_units_per_events',
      1,
    );
    if (isLeft(freeEvents)) return freeEvents;
    const freeTotal = readOptionalAmount(
      properties,
      'free_units_per_total_aggregation',
      path,
      'invalid_free_units_per_total_aggregation',
    );
    if (isLeft(freeTotal)) return freeTotal;
    const minimum = readOptionalAmount(
      properties,
      'per_transaction_min_amount',
      path,
      'invalid_amount',
    );
    if (isLeft(minimum)) return minimum;
    const maximum = readOptionalAmount(
      properties,
      'per_transaction_max_amount',
      path,
      'invalid_amount',
    );
    if (isLeft(maximum)) return maximum;
    if (
      minimum.right !== undefined &&
      maximum.right !== undefined &&
      compare(maximum.right, minimum.right) < 0
    ) {
      const at = [...path, 'per_transaction_max_amount'];
      return left(
        invalidProperty(
          at,
          `${describePath(at)} (${formatDecimal(maximum.right)}) must not be lower than per_transaction_min_amount (${formatDecimal(minimum.right)}).`,
          'per_transaction_max_lower_than_per_transaction_min',
          properties.per_transaction_max_amount,
        ),
      );
    }
    const p: Percentage = {
      rate: rate.right,
      fixed: fixed.right,
      freeEvents: freeEvents.right,
      freeTotal: freeTotal.right,
      minimum: minimum.right,
      maximum: maximum.right,
    };
    return right({
      // Free units and per-transaction limits walk the events; otherwise units and count do.
      needsEventValues:
        p.freeEvents !== undefined ||
        p.freeTotal !== undefined ||
        p.minimum !== undefined ||
        p.maximum !== undefined,
      price: (units, context) => price(p, units, context),
      project: (_projected, priced, ratio) => scaleByRatio(priced.amount, ratio),
    });
  },
};
