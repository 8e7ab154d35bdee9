import type { Either } from 'fp-ts/lib/Either.js';
import type { AggregationType } from '../aggregation/index';
import type { Decimal, FeecastError } from '../core/index';
import type { ChargeAmountDetails, ChargeModelName } from './types';

/** The aggregation result, read and checked once (see `ChargeModelContext`). */
export interface PricingContext {
  readonly eventsCount: number;
  readonly eventValues: readonly Decimal[] | undefined;
  readonly proratedEventValues: readonly Decimal[] | undefined;
  readonly fullUnitsNumber: Decimal | undefined;
  readonly preciseTotalAmountCents: Decimal | undefined;
  /** A checked ISO 4217 code. */
  readonly currency: string | undefined;
  readonly customAmount: Decimal | undefined;
  readonly excludeEvent: boolean;
}

/** A model's price for some units. */
export interface Priced {
  readonly amount: Decimal;
  readonly amount_details: ChargeAmountDetails;
  /** What `unit_amount` divides the amount by (§1.5); a zero divisor gives a unit amount of 0. */
  readonly per: Decimal;
}

/**
 * A charge model whose properties are checked: the one interface every model implements
 * (DESIGN.md), so that shared code never asks which model it holds. @internal
 */
export interface PricedModel {
  /**
   * The model prices from each event's value (`eventValues`), so its aggregation must keep
   * per-event views: a percentage charge with free units or a per-transaction minimum or
   * maximum, a prorated graduated charge. It depends on the properties, so each model
   * declares it on what its `compile` returns.
   */
  readonly needsEventValues: boolean;
  /** The amount and its details for `units` (§7-§16). */
  price(units: Decimal, context: PricingContext): Either<FeecastError, Priced>;
  /** The amount over the whole period from the projected units, or by scaling `priced` (§6). */
  project(
    projectedUnits: Decimal,
    priced: Priced,
    ratio: Decimal,
    context: PricingContext,
  ): Decimal;
}

/** The details of a pay-in-advance fee from the details with and without its event (§5). @internal */
export type EventDetails = (
  withEvent: ChargeAmountDetails,
  withoutEvent: ChargeAmountDetails,
) => ChargeAmountDetails;

/**
 * What a model's amount is computed from, besides its properties: the units (and the events'
 * values), the events' `precise_total_amount_cents` (dynamic, §13), or the amount of the
 * metric's custom aggregator (custom, §14). @internal
 */
export type PricingSource = 'units' | 'precise_cents' | 'custom_amount';

/**
 * What a charge model needs of the shared stages and what it allows, whatever its properties
 * (DESIGN.md): the charge checks, the aggregation pass and the pay-in-advance fees ask these,
 * never the model's name. Every member is required, so a model that leaves one out does not
 * type-check. (What depends on the properties, per-event values, is `PricedModel`'s
 * `needsEventValues`.) @internal
 */
export interface ChargeModelCapabilities {
  /**
   * The aggregation types whose results the model can price, or `'any'`: a charge whose
   * metric is of another type is refused (dynamic needs a sum, §1.4).
   */
  readonly aggregations: 'any' | readonly AggregationType[];
  /** The model's charges may be paid in advance (§1.4: volume may not). */
  readonly payInAdvance: boolean;
  /**
   * What the amount is computed from. Only a model priced from the units can price a period's
   * first event without the aggregation pass; `precise_cents` makes the pass sum the events'
   * precise cents.
   */
  readonly pricesFrom: PricingSource;
  /**
   * The details of the model's pay-in-advance fees: differences of the details with and
   * without the event (percentage, graduated_percentage), or `null` for the models whose
   * pay-in-advance fees' details are `{}` (§5), whose prices' details are then never read.
   */
  readonly eventDetails: EventDetails | null;
}

/** The charge-level settings a model may read when it checks its properties. @internal */
export interface CompileOptions {
  readonly prorated: boolean;
  /** Where the properties sit in the caller's document (`['charges', '0', 'properties']`). */
  readonly path: readonly string[];
}

/** One entry of the model table: a name, its capabilities and how to check its properties. @internal */
export interface ChargeModel {
  readonly name: ChargeModelName;
  readonly capabilities: ChargeModelCapabilities;
  readonly compile: (
    properties: Readonly<Record<string, unknown>>,
    options: CompileOptions,
  ) => Either<FeecastError, PricedModel>;
}
