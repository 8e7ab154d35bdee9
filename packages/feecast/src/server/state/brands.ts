/**
 * Branded wire values built by the server itself. The models' codecs brand a value once it
 * has been checked; values the server computes (a fresh id, the clock's instant, an integer
 * amount) are correct by construction, so these helpers only state that to the compiler.
 * Every response body is decoded with its codec in the tests, which keeps them honest.
 */
import type {
  Cents,
  DecimalString,
  EventTimestamp,
  Integer,
  IsoDate,
  Timestamp,
  Uuid,
} from '@feecast/models';

/**
 * A UUID built by the server (see `ids.ts`).
 *
 * @example
 * const id = asUuid('fc000000-0000-4000-8000-000000000001');
 */
export function asUuid(text: string): Uuid {
  return text as Uuid;
}

/**
 * An instant from `Date#toISOString` (`2025-03-01T08:00:12.000Z`), a form `Timestamp` accepts.
 *
 * @example
 * const now = asTimestamp(new Date(0).toISOString()); // '1970-01-01T00:00:00.000Z'
 */
export function asTimestamp(text: string): Timestamp {
  return text as Timestamp;
}

/**
 * A `YYYY-MM-DD` date computed by the server.
 *
 * @example
 * const day = asIsoDate('2025-03-01');
 */
export function asIsoDate(text: string): IsoDate {
  return text as IsoDate;
}

/**
 * A safe integer number of minor units computed by the server.
 *
 * @example
 * const amount = asCents(1000);
 */
export function asCents(n: number): Cents {
  return n as Cents;
}

/**
 * A decimal string in plain notation, as `formatDecimal` prints it.
 *
 * @example
 * const credits = asDecimalString('10.5');
 */
export function asDecimalString(text: string): DecimalString {
  return text as DecimalString;
}

/**
 * An instant as an event timestamp (an ISO 8601 string is one of the forms it takes).
 *
 * @example
 * const at = asEventTimestamp(now);
 */
export function asEventTimestamp(instant: Timestamp): EventTimestamp {
  return instant as string as EventTimestamp;
}

/**
 * An integer the server chose (a default priority...).
 *
 * @example
 * const priority = asInteger(50);
 */
export function asInteger(n: number): Integer {
  return n as Integer;
}
