import type { ChargeAmountDetails } from '../types';

/**
 * The per-event details of a pay-in-advance fee for models that have none: `{}` (§2.1, §5).
 *
 * @example
 * noEventDetails() // {}
 * @internal
 */
export function noEventDetails(): ChargeAmountDetails {
  return {};
}
