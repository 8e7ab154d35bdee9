/**
 * A currency's minor unit as the fee fields need it (charge-models.md §2).
 * @internal
 */
import { type Either, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  decimalFromCount,
  down,
  type FeecastError,
  fromCents,
  ONE,
  toCents,
} from '../core/index';

/** A currency and its minor unit. */
export interface MinorUnit {
  readonly currency: string;
  /** Minor units per unit: 100 for EUR, 1 for JPY, 1000 for KWD. */
  readonly subunit: Decimal;
  /** One minor unit in currency units: 0.01 for EUR. */
  readonly unit: Decimal;
}

/**
 * Pricing units always have two decimals (§3): their cents are those of a two-digit currency.
 *
 * @example
 * minorUnit(PRICING_UNIT_CURRENCY) // right({ subunit: 100, unit: 0.01, ... })
 */
export const PRICING_UNIT_CURRENCY = 'EUR';

/** The minor units of the currencies asked so far (ISO 4217 codes only: a bounded set). */
const KNOWN = new Map<string, MinorUnit>();

/**
 * The minor unit of an ISO 4217 currency; an unknown code is a `Left` (`unknown_currency`).
 * Each currency's is computed once.
 *
 * @example
 * minorUnit('KWD') // right({ currency: 'KWD', subunit: 1000, unit: 0.001 })
 */
export function minorUnit(
  currency: string,
  path: readonly string[] = ['currency'],
): Either<FeecastError, MinorUnit> {
  const known = KNOWN.get(currency);
  if (known !== undefined) return right(known);
  const unit = fromCents(1, currency, path);
  if (unit._tag === 'Left') return unit;
  const subunit = toCents(ONE, currency, down, path);
  if (subunit._tag === 'Left') return subunit;
  const minor = { currency, subunit: decimalFromCount(subunit.right), unit: unit.right };
  KNOWN.set(currency, minor);
  return right(minor);
}
