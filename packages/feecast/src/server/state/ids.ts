/**
 * Identifiers the server creates. They are derived from a counter kept in the state, so a
 * run is reproducible (same state, same requests: same ids) and the reducer stays pure. They
 * are valid version-4-shaped UUIDs whose first group starts with `fc` (feecast), followed by
 * the counter: `fc000000-0000-4000-8000-00000000002a` is the 42nd.
 */
import type { Uuid } from '@feecast/models';
import { asUuid } from './brands';

/** The largest counter an id can carry (12 hex digits). */
export const MAX_ID_SEQUENCE = 0xffff_ffff_ffff;

/**
 * The id number `sequence` (1 for the first id of a new state).
 *
 * @example
 * idFor(42); // 'fc000000-0000-4000-8000-00000000002a'
 */
export function idFor(sequence: number): Uuid {
  // Not money: an integer counter printed in hexadecimal.
  const counter = (sequence % (MAX_ID_SEQUENCE + 1)).toString(16).padStart(12, '0');
  return asUuid(`fc000000-0000-4000-8000-${counter}`);
}
