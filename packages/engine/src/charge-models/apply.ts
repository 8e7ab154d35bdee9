import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  extended,
  type FeecastError,
  feecastError,
  formatDecimal,
  isRecord,
} from '../core/index';
import { readContext } from './context';
import { divideOrZero, projectedUnits } from './internal/arithmetic';
import { checkGrouping } from './internal/grouping';
import { invalidProperty } from './internal/properties';
import type { Priced, PricedModel, PricingContext } from './model';
import { CHARGE_MODEL_PART_NAMES, CHARGE_MODELS, type ChargeModelTable } from './registry';
import {
  CHARGE_MODEL_NAMES,
  type ChargeAmountDetails,
  type ChargeModelContext,
  type ChargeModelInput,
  type ChargeModelName,
  type ChargeModelResult,
  isChargeModelName,
} from './types';

/**
 * A charge whose properties are checked, ready to price any number of buckets. Its one face
 * is decimal: the engine's stages hand it checked `Decimal`s and read `Decimal`s back (no text
 * between the stages); {@link applyChargeModel} is the text wrapper for the wire.
 */
export interface CompiledChargeModel {
  readonly charge_model: ChargeModelName;
  /**
   * Pricing reads each event's value (`eventValues`): the aggregation must be run with
   * `per_event: true`. Only some settings of some models do (a percentage charge with free
   * units or per-transaction limits, a prorated graduated charge); the others price from the
   * units and the events count alone.
   */
  readonly needsEventValues: boolean;
  /**
   * The amount, details and unit-amount divisor of `units` (the unit amount is
   * `divideOrZero(amount, per)`, charge-models.md §1.5); with the elapsed share of the period
   * `ratio` (checked: from 0 to 1), the projected units and amount too (§6).
   */
  price(units: Decimal, context: PricingContext, ratio?: Decimal): Either<FeecastError, ModelPrice>;
  /**
   * Whether the model's pay-in-advance fees have details of their own (percentage and
   * graduated_percentage): without, {@link eventDetails} is `{}` and its arguments need not be
   * read. @internal
   */
  readonly hasEventDetails: boolean;
  /**
   * The `amount_details` of a pay-in-advance fee from the details with and without its event
   * (§5): differences for percentage and graduated_percentage, `{}` for the other models.
   */
  eventDetails(
    withEvent: ChargeAmountDetails,
    withoutEvent: ChargeAmountDetails,
  ): ChargeAmountDetails;
}

/** A model's price: {@link Priced}, and the projection when a period ratio was given. */
export interface ModelPrice extends Priced {
  readonly projected?: { readonly units: Decimal; readonly amount: Decimal };
}

/** Options of `compileChargeModel` and {@link applyChargeModel}. */
export interface ChargeModelOptions {
  /** Where the charge sits in the caller's document, prefixed to error paths (`['charges', '0']`). */
  readonly path?: readonly string[];
}

/** What {@link applyChargeModel} does once the model is compiled: read, price, write as text. */
function run(
  model: CompiledChargeModel,
  input: ChargeModelContext,
): Either<FeecastError, ChargeModelResult> {
  const read = readContext(input);
  if (isLeft(read)) return read;
  const { units, context, ratio } = read.right;
  const priced = model.price(units, context, ratio);
  if (isLeft(priced)) return priced;
  const { amount, amount_details, per, projected } = priced.right;
  const result = {
    amount: formatDecimal(amount),
    unit_amount: formatDecimal(divideOrZero(amount, per)),
    amount_details,
  };
  if (projected === undefined) return right(result);
  return right(
    extended(result, {
      projected_units: formatDecimal(projected.units),
      projected_amount: formatDecimal(projected.amount),
    }),
  );
}

/** The price of `units`, projected over the period when `ratio` is given (§6). */
function priceWith(
  model: PricedModel,
  units: Decimal,
  context: PricingContext,
  ratio: Decimal | undefined,
): Either<FeecastError, ModelPrice> {
  const priced = model.price(units, context);
  if (ratio === undefined || isLeft(priced)) return priced;
  const projectedUnitsOf = projectedUnits(units, ratio);
  return right(
    extended(priced.right, {
      projected: {
        units: projectedUnitsOf,
        amount: model.project(projectedUnitsOf, priced.right, ratio, context),
      },
    }),
  );
}

/**
 * Checks a charge's model and properties once (charge-models.md §1.3-§1.4, §7-§14) and returns
 * a model that prices any aggregation result of that charge. Unknown models are a `Left`
 * (`unsupported_charge_model`); invalid properties a `Left` (`invalid_charge_properties`) whose
 * path names the property and whose `details.reference_code` is the reference's error code.
 *
 * @example
 * const model = compileChargeModel({ charge_model: 'standard', properties: { amount: '5' } });
 * model.right.price(parse('3'), pricingContext(3)) // right({ amount: 15, per: 3, amount_details: {} })
 */
export function compileChargeModel(
  charge: ChargeModelInput,
  options: ChargeModelOptions = {},
): Either<FeecastError, CompiledChargeModel> {
  return compileChargeModelIn(CHARGE_MODELS, charge, options);
}

/**
 * {@link compileChargeModel} with the charge models of `models` only: a charge of another
 * model is a `Left` (`unsupported_charge_model`) that says which part to pass.
 *
 * @example
 * compileChargeModelIn({ standard }, { charge_model: 'volume', properties: {} }, { path: ['plan', 'charges', '0'] })
 * // left({ code: 'unsupported_charge_model', message: 'charge_model "volume" is not among the charge models given (standard): ...' })
 * @internal
 */
export function compileChargeModelIn(
  models: ChargeModelTable,
  charge: ChargeModelInput,
  options: ChargeModelOptions,
): Either<FeecastError, CompiledChargeModel> {
  const path = options.path ?? [];
  if (!isRecord(charge)) {
    return left(
      feecastError('invalid_input', 'A charge with charge_model and properties is required.', path),
    );
  }
  const name = charge.charge_model;
  if (!isChargeModelName(name)) {
    return left(
      feecastError(
        'unsupported_charge_model',
        `Unknown charge_model ${JSON.stringify(name) ?? 'nothing'}: use one of ${CHARGE_MODEL_NAMES.join(', ')}.`,
        [...path, 'charge_model'],
        { value: name },
      ),
    );
  }
  const entry = models[name];
  if (entry === undefined) {
    return left(
      feecastError(
        'unsupported_charge_model',
        `charge_model ${JSON.stringify(name)} is not among the charge models given (${Object.keys(models).join(', ') || 'none'}): pass ${CHARGE_MODEL_PART_NAMES[name]} to createPreviewEstimator, or use createEstimator.`,
        [...path, 'charge_model'],
        { value: name },
      ),
    );
  }
  const propertiesPath = [...path, 'properties'];
  const properties = charge.properties ?? {};
  if (!isRecord(properties)) {
    return left(
      invalidProperty(
        propertiesPath,
        'properties must be an object.',
        'invalid_properties',
        properties,
      ),
    );
  }
  const grouping = checkGrouping(properties, propertiesPath);
  if (isLeft(grouping)) return grouping;
  const model = entry.compile(properties, {
    prorated: charge.prorated === true,
    path: propertiesPath,
  });
  if (isLeft(model)) return model;
  const priced = model.right;
  const ownEventDetails = entry.capabilities.eventDetails;
  return right({
    charge_model: name,
    needsEventValues: priced.needsEventValues,
    price: (units, context, ratio) => priceWith(priced, units, context, ratio),
    hasEventDetails: ownEventDetails !== null,
    eventDetails: (withEvent, withoutEvent) =>
      ownEventDetails === null ? {} : ownEventDetails(withEvent, withoutEvent),
  });
}

/**
 * Prices one aggregation result with a charge's model (API.md; charge-models.md §1-§16):
 * the exact, unrounded `amount` in the properties' units, `unit_amount` by the model's
 * convention (§1.5), `amount_details` as the fee object carries them (§2.1) and, when
 * `period_ratio` is given, `projected_units` and `projected_amount` (§6).
 *
 * @example
 * // 12 units: 10 × 10 + 2 in the first range, 2 × 5 + 3 in the second: 102 + 13 = 115.
 * applyChargeModel(
 *   { charge_model: 'graduated', properties: { graduated_ranges: [
 *     { from_value: 0, to_value: 10, per_unit_amount: '10', flat_amount: '2' },
 *     { from_value: 11, to_value: null, per_unit_amount: '5', flat_amount: '3' } ] } },
 *   { units: '12', events_count: 12 },
 * ) // ~> right({ amount: '115' })
 */
export function applyChargeModel(
  charge: ChargeModelInput,
  context: ChargeModelContext,
  options: ChargeModelOptions = {},
): Either<FeecastError, ChargeModelResult> {
  const model = compileChargeModel(charge, options);
  return isLeft(model) ? model : run(model.right, context);
}
