/**
 * The engine's private big.js constructor. This directory is the only place that imports
 * big.js, and this file is the only place that configures it: `strict` mode (no JavaScript
 * numbers in, no lossy numbers out) on a constructor of our own, never the global one.
 * @internal
 */
import BigJs from 'big.js';

export type BigValue = BigJs.Big;

/** A constructor with settings of its own: changing them cannot affect another library. */
export const Big: BigJs.BigConstructor = BigJs();
Big.strict = true;
/** The decimal places of a division's result, before any explicit rounding by the caller. */
export const DIVISION_PLACES = 40;
Big.DP = DIVISION_PLACES;
// Half away from zero wherever big.js rounds implicitly (division only); explicit roundings
// always name their mode.
Big.RM = Big.roundHalfUp;
// Never let toString() switch to exponent notation.
Big.NE = -1e6;
Big.PE = 1e6;
