import * as t from 'io-ts';
import { oneOf } from '../internal/one-of';
import { type EventTimestampBrand, isEventTimestamp } from './predicates';

/**
 * When a usage event happened: an ISO 8601 UTC timestamp (see {@link Timestamp}) or unix
 * seconds, as a JSON number (`1741996800`, `1741996800.5`) or a string of digits
 * (`"1741996800.123"`). Negative or non-finite seconds are refused.
 *
 * @example
 * decode(EventTimestamp, 1741996800) // right
 * decode(EventTimestamp, '2025-03-15T00:00:00Z') // right
 */
export const EventTimestamp = t.brand(
  oneOf([t.string, t.number]),
  (v): v is t.Branded<string | number, EventTimestampBrand> => isEventTimestamp(v),
  'EventTimestamp',
);
/** An ISO timestamp or unix seconds, see {@link EventTimestamp}. */
export type EventTimestamp = t.TypeOf<typeof EventTimestamp>;
