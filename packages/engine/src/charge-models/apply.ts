import { type Either, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
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
import { CHARGE_MODELS } from './registry';
import {
  CHARGE_MODEL_NAMES,
  type ChargeAmountDetails,
  type ChargeModelContext,
  type ChargeModelInput,
  type ChargeModelName,
  type ChargeModelResult,
  isChargeModelName,
} from './types';

/** A charge whose properties are checked, ready to price any number of buckets. */
export interface CompiledChargeModel {
  readonly charge_model: ChargeModelName;
  /**
   * Pricing reads each event's value (`event_values`): the aggregation must be run with
   * `per_event: true`. Only some settings of some models do (a percentage charge with free
   * units or per-transaction limits, a prorated graduated charge); the others price from the
   * units and the events count alone.
   */
  readonly needsEventValues: boolean;
  /** Prices one aggregation result (see {@link applyChargeModel}). */
  apply(context: ChargeModelContext): Either<FeecastError, ChargeModelResult>;
  /**
   * What `apply` does once its input is read: the amount, details and unit-amount divisor of
   * decimal units, for engine callers that already hold checked decimals (no text between
   * the stages). @internal
   */
  price(units: Decimal, context: PricingContext): Either<FeecastError, Priced>;
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

/** Options of {@link compileChargeModel} and {@link applyChargeModel}. */
export interface ChargeModelOptions {
  /** Where the charge sits in the caller's document, prefixed to error paths (`['charges', '0']`). */
  readonly path?: readonly string[];
}

function run(
  model: PricedModel,
  input: ChargeModelContext,
): Either<FeecastError, ChargeModelResult> {
  const read = readContext(input);
  if (read._tag === 'Left') return read;
  const { units, context, ratio } = read.right;
  const priced = model.price(units, context);
  if (priced._tag === 'Left') return priced;
  const { amount, amount_details, per } = priced.right;
  const result = {
    amount: formatDecimal(amount),
    unit_amount: formatDecimal(divideOrZero(amount, per)),
    amount_details,
  };
  if (ratio === undefined) return right(result);
  const projected = projectedUnits(units, ratio);
  return right({
    ...result,
    projected_units: formatDecimal(projected),
    projected_amount: formatDecimal(model.project(projected, priced.right, ratio, context)),
  });
}

/**
 * Checks a charge's model and properties once (charge-models.md §1.3-§1.4, §7-§14) and returns
 * a model that prices any aggregation result of that charge. Unknown models are a `Left`
 * (`unsupported_charge_model`); invalid properties a `Left` (`invalid_charge_properties`) whose
 * path names the property and whose `details.reference_code` is the reference's error code.
 *
 * @example
 * const model = compileChargeModel({ charge_model: 'standard', properties: { amount: '5' } });
 * model.right.apply({ units: '3', events_count: 3 }) // right({ amount: '15', unit_amount: '5', ... })
 */
export function compileChargeModel(
  charge: ChargeModelInput,
  options: ChargeModelOptions = {},
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
  if (grouping._tag === 'Left') return grouping;
  const model = CHARGE_MODELS[name].compile(properties, {
    prorated: charge.prorated === true,
    path: propertiesPath,
  });
  if (model._tag === 'Left') return model;
  const priced = model.right;
  const ownEventDetails = CHARGE_MODELS[name].capabilities.eventDetails;
  return right({
    charge_model: name,
    needsEventValues: priced.needsEventValues,
    apply: (context) => run(priced, context),
    price: (units, context) => priced.price(units, context),
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
  return model._tag === 'Left' ? model : model.right.apply(context);
}
