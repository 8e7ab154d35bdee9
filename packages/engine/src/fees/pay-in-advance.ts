import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type ChargeAmountDetails,
  type ChargeModelContext,
  type ChargeModelInput,
  type CompiledChargeModel,
  compileChargeModel,
  divideOrZero,
  type PricingContext,
  readContext,
} from '../charge-models/index';
import {
  add,
  currencyExponent,
  type Decimal,
  type FeecastError,
  formatDecimal,
  halfAwayFromZero,
  parseDecimal,
  type Scale,
  sign,
  subtract,
  ZERO,
} from '../core/index';

/** One pay-in-advance event and the period before it (charge-models.md §5). */
export interface PayInAdvanceInput {
  /**
   * The period's aggregation before the event: `units` is what the period has billed so far
   * (the units a recurring metric carried into it, plus the earlier events' increments),
   * `events_count` the earlier events, and, for percentage charges, `event_values` their
   * values in time order.
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
}

/** One pay-in-advance event as checked decimals ({@link PayInAdvanceInput}, read). @internal */
export interface InAdvanceFigures {
  /** The period before the event, as the charge models read it. */
  readonly before: PricingContext;
  /** What the period has billed before the event. */
  readonly unitsBefore: Decimal;
  /** What the event adds to the billed quantity. */
  readonly increment: Decimal;
  /** The event's own value (appended to the period's event values). */
  readonly eventValue: Decimal;
  /** The fee's units: the unit amount divides the rounded amount by them. */
  readonly feeUnits: Decimal;
  /** Dynamic charges: the event's `precise_total_amount_cents`. */
  readonly cents: Decimal | undefined;
  /** Custom charges: the custom aggregator's amount with the event. */
  readonly customAmount: Decimal | undefined;
  /** The exponent of the fee currency's minor unit. */
  readonly exponent: Scale;
}

/** The price of one pay-in-advance event, in decimals. @internal */
export interface InAdvancePrice {
  readonly amount: Decimal;
  readonly unitAmount: Decimal;
  readonly amount_details: ChargeAmountDetails;
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

function optional(
  text: string | undefined,
  path: readonly string[],
): Either<FeecastError, Decimal | undefined> {
  return text === undefined ? right(undefined) : parseDecimal(text, path);
}

/** Checks a {@link PayInAdvanceInput} and reads its decimals; paths name the input's fields. */
function readInput(input: PayInAdvanceInput): Either<FeecastError, InAdvanceFigures> {
  const exponent = currencyExponent(input.currency, ['currency']);
  if (isLeft(exponent)) return exponent;
  const before = readContext(withoutProjection(input.before));
  if (isLeft(before)) {
    return left({ ...before.left, path: ['before', ...(before.left.path ?? [])] });
  }
  const increment = parseDecimal(input.increment, ['increment']);
  if (isLeft(increment)) return increment;
  const eventValue = optional(input.event_value, ['event_value']);
  if (isLeft(eventValue)) return eventValue;
  const feeUnits = optional(input.units, ['units']);
  if (isLeft(feeUnits)) return feeUnits;
  const cents = optional(input.precise_total_amount_cents, ['precise_total_amount_cents']);
  if (isLeft(cents)) return cents;
  const customAmount = optional(input.custom_amount, ['custom_amount']);
  if (isLeft(customAmount)) return customAmount;
  return right({
    before: before.right.context,
    unitsBefore: before.right.units,
    increment: increment.right,
    eventValue: eventValue.right ?? increment.right,
    feeUnits: feeUnits.right ?? increment.right,
    cents: cents.right,
    customAmount: customAmount.right,
    exponent: exponent.right,
  });
}

/**
 * The amount of one pay-in-advance event (charge-models.md §5): the charge model run on the
 * period with the event minus the same model run on the period before it. Before a period's
 * first event, when nothing is billed yet (no units carried in either), graduated and
 * graduated_percentage charge their first flat amount with the first event; each later event
 * pays exactly what it adds, and the events of a period add up to the model's amount for the
 * whole period. The same rule serves billing and estimates, so an estimate equals what billing
 * charges.
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
  return isLeft(model) ? model : compiledPayInAdvanceAmount(model.right, input);
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
  const figures = readInput(input);
  if (isLeft(figures)) return figures;
  const price = priceInAdvance(model, figures.right);
  if (isLeft(price)) return price;
  return right({
    amount: formatDecimal(price.right.amount),
    unit_amount: formatDecimal(price.right.unitAmount),
    amount_details: price.right.amount_details,
  });
}

/**
 * {@link compiledPayInAdvanceAmount} on figures already read: what per-event pricing calls for
 * every event, with no decimal text between the stages.
 *
 * @example
 * priceInAdvance(compiledStandard, { before, unitsBefore: ZERO, increment: ONE, ... })
 * // right({ amount: 0.05, unitAmount: 0.05, amount_details: {} })
 * @internal
 */
export function priceInAdvance(
  model: CompiledChargeModel,
  figures: InAdvanceFigures,
): Either<FeecastError, InAdvancePrice> {
  const { before } = figures;
  const cents =
    figures.cents === undefined
      ? before.preciseTotalAmountCents
      : add(before.preciseTotalAmountCents ?? ZERO, figures.cents);
  const withEvent = model.price(add(figures.unitsBefore, figures.increment), {
    ...before,
    eventsCount: before.eventsCount + 1,
    eventValues: [...(before.eventValues ?? []), figures.eventValue],
    preciseTotalAmountCents: cents,
    customAmount: figures.customAmount ?? before.customAmount,
  });
  if (isLeft(withEvent)) return withEvent;
  const withoutEvent = model.price(figures.unitsBefore, {
    ...before,
    excludeEvent: before.eventsCount === 0,
  });
  if (isLeft(withoutEvent)) return withoutEvent;
  const amount = subtract(withEvent.right.amount, withoutEvent.right.amount);
  const rounded = halfAwayFromZero(amount, figures.exponent);
  return right({
    amount,
    unitAmount: sign(rounded) === 0 ? ZERO : divideOrZero(rounded, figures.feeUnits),
    // Read only for models with per-event details: the others' details are never written.
    amount_details: model.hasEventDetails
      ? model.eventDetails(withEvent.right.amount_details, withoutEvent.right.amount_details)
      : {},
  });
}
