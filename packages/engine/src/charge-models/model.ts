import type { Either } from 'fp-ts/lib/Either.js';
import type { Decimal, FeecastError } from '../core/index';
import type { ChargeAmountDetails, ChargeModelName } from './types';

/** The aggregation result, read and checked once (see `ChargeModelContext`). @internal */
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

/** A model's price for some units. @internal */
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
   * maximum, a prorated graduated charge. Absent: it does not.
   */
  readonly needsEventValues?: boolean;
  /** The amount and its details for `units` (§7-§16). */
  price(units: Decimal, context: PricingContext): Either<FeecastError, Priced>;
  /** The amount over the whole period from the projected units, or by scaling `priced` (§6). */
  project(
    projectedUnits: Decimal,
    priced: Priced,
    ratio: Decimal,
    context: PricingContext,
  ): Decimal;
  /**
   * The details of a pay-in-advance fee: the difference of the details with and without the
   * event, for the models that have per-event details (percentage, graduated_percentage). The
   * others leave it out: their pay-in-advance fees' details are `{}` (§5), and the details of
   * their prices are then never read.
   */
  readonly eventDetails?: (
    withEvent: ChargeAmountDetails,
    withoutEvent: ChargeAmountDetails,
  ) => ChargeAmountDetails;
}

/** The charge-level settings a model may read when it checks its properties. @internal */
export interface CompileOptions {
  readonly prorated: boolean;
  /** Where the properties sit in the caller's document (`['charges', '0', 'properties']`). */
  readonly path: readonly string[];
}

/** One entry of the model table: a name and how to check its properties. @internal */
export interface ChargeModel {
  readonly name: ChargeModelName;
  readonly compile: (
    properties: Readonly<Record<string, unknown>>,
    options: CompileOptions,
  ) => Either<FeecastError, PricedModel>;
}
