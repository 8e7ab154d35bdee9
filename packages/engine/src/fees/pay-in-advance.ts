import { type Either, right } from 'fp-ts/lib/Either.js';
import {
  type ChargeAmountDetails,
  type ChargeModelContext,
  type ChargeModelInput,
  type ChargeModelResult,
  type CompiledChargeModel,
  compileChargeModel,
} from '../charge-models/index';
import { readBack } from '../charge-models/internal/read-back';
import {
  add,
  currencyExponent,
  divide,
  formatDecimal,
  halfAwayFromZero,
  parseDecimal,
  sign,
  subtract,
  ZERO,
} from '../decimal/internal';
import type { FeecastError } from '../error';

/** One pay-in-advance event and the period before it (charge-models.md §5). */
export interface PayInAdvanceInput {
  /**
   * The period's aggregation before the event: `units` is what the period has billed so far
   * (the sum of the earlier events' increments), `events_count` the earlier events, and, for
   * percentage charges, `event_values` their values in time order.
   */
  readonly before: ChargeModelContext;
  /** What the event adds to the billed quantity (its in-advance increment, >= 0). */
  readonly increment: string;
  /** The event's own value (percentage free units and min/max); default: the increment. */
  readonly event_value?: string;
  /** Dynamic charges: the event's `precise_total_amount_cents`. */
  readonly precise_total_amount_cents?: string;
  /** Custom charges: the custom aggregator's amount with the event (`before.custom_amount` without). */
  readonly custom_amount?: string;
  /** The fee's units, when not the increment (§5); the unit amount divides by them. */
  readonly units?: string;
  /** The plan's currency: the unit amount divides the amount rounded to its minor unit. */
  readonly currency: string;
}

/** The price of one pay-in-advance event. */
export interface PayInAdvanceAmount {
  /** `model(with the event) − model(before it)`, exact and unrounded. */
  readonly amount: string;
  /** The amount rounded to the currency's minor unit ÷ the fee's units (0 when either is 0). */
  readonly unit_amount: string;
  /** The fee's per-event details: differences for percentage and graduated_percentage, else `{}`. */
  readonly amount_details: ChargeAmountDetails;
  /** The model's result with the event, and before it. */
  readonly with_event: ChargeModelResult;
  readonly without_event: ChargeModelResult;
}

/** The context without what only in-arrears pricing reads (projection, proration). */
function withoutProjection(context: ChargeModelContext): ChargeModelContext {
  const {
    period_ratio: _ratio,
    full_units_number: _full,
    prorated_event_values: _prorated,
    ...rest
  } = context;
  return rest;
}

/**
 * The amount of one pay-in-advance event (charge-models.md §5): the charge model run on the
 * period with the event minus the same model run on the period before it. Before a period's
 * first event nothing is billed yet, so graduated and graduated_percentage charge their first
 * flat amount with the first event; each later event pays exactly what it adds, and the events
 * of a period add up to the model's amount for the whole period. The same rule serves billing
 * and estimates, so an estimate equals what billing charges.
 *
 * @example
 * payInAdvanceAmount(graduatedCharge, { before: { units: '4', events_count: 2 },
 *   increment: '2', currency: 'EUR' }) // right({ amount: '0.04', unit_amount: '0.02', ... })
 */
export function payInAdvanceAmount(
  charge: ChargeModelInput,
  input: PayInAdvanceInput,
): Either<FeecastError, PayInAdvanceAmount> {
  const model = compileChargeModel(charge);
  return model._tag === 'Left' ? model : compiledPayInAdvanceAmount(model.right, input);
}

/**
 * {@link payInAdvanceAmount} for a charge model compiled once (`compileChargeModel`), for
 * callers that price many events of the same charge.
 *
 * @example
 * compiledPayInAdvanceAmount(compiledGraduated, { before: { units: '4', events_count: 2 },
 *   increment: '2', currency: 'EUR' }) // right({ amount: '0.04', unit_amount: '0.02', ... })
 * @internal
 */
export function compiledPayInAdvanceAmount(
  model: CompiledChargeModel,
  input: PayInAdvanceInput,
): Either<FeecastError, PayInAdvanceAmount> {
  const exponent = currencyExponent(input.currency, ['currency']);
  if (exponent._tag === 'Left') return exponent;
  const before = withoutProjection(input.before);
  const unitsBefore = parseDecimal(before.units, ['before', 'units']);
  if (unitsBefore._tag === 'Left') return unitsBefore;
  const increment = parseDecimal(input.increment, ['increment']);
  if (increment._tag === 'Left') return increment;
  const feeUnits = parseDecimal(input.units ?? input.increment, ['units']);
  if (feeUnits._tag === 'Left') return feeUnits;
  let cents = before.precise_total_amount_cents;
  if (input.precise_total_amount_cents !== undefined) {
    const own = parseDecimal(input.precise_total_amount_cents, ['precise_total_amount_cents']);
    if (own._tag === 'Left') return own;
    const earlier = parseDecimal(cents ?? '0', ['before', 'precise_total_amount_cents']);
    if (earlier._tag === 'Left') return earlier;
    cents = formatDecimal(add(earlier.right, own.right));
  }
  const withEvent = model.apply({
    ...before,
    units: formatDecimal(add(unitsBefore.right, increment.right)),
    events_count: before.events_count + 1,
    event_values: [...(before.event_values ?? []), input.event_value ?? input.increment],
    ...(cents === undefined ? {} : { precise_total_amount_cents: cents }),
    ...(input.custom_amount === undefined ? {} : { custom_amount: input.custom_amount }),
  });
  if (withEvent._tag === 'Left') return withEvent;
  const withoutEvent = model.apply({ ...before, exclude_event: before.events_count === 0 });
  if (withoutEvent._tag === 'Left') return withoutEvent;
  const amount = subtract(readBack(withEvent.right.amount), readBack(withoutEvent.right.amount));
  const rounded = halfAwayFromZero(amount, exponent.right);
  const unitAmount = sign(rounded) === 0 ? right(ZERO) : divide(rounded, feeUnits.right);
  return right({
    amount: formatDecimal(amount),
    unit_amount: formatDecimal(unitAmount._tag === 'Right' ? unitAmount.right : ZERO),
    amount_details: model.eventDetails(
      withEvent.right.amount_details,
      withoutEvent.right.amount_details,
    ),
    with_event: withEvent.right,
    without_event: withoutEvent.right,
  });
}
