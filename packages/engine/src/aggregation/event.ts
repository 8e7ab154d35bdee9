import { timestampInstant } from '../core/index';

/**
 * A usage event, as `POST /events` carries it (API.md, "Events"). Any `Iterable` of these is
 * accepted; the engine never mutates one.
 */
export interface UsageEvent {
  readonly transaction_id: string;
  readonly external_subscription_id?: string;
  readonly code: string;
  /** ISO 8601 (`2025-03-01T10:00:00Z`, `...00.123Z`, `...00+01:00`) or Unix seconds (number or digits). */
  readonly timestamp: string | number;
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly precise_total_amount_cents?: string | number | null;
}

/**
 * An event's timestamp to epoch milliseconds, or `undefined` when it is not a valid ISO 8601
 * date-time with an offset, nor non-negative Unix seconds (a number, or a string of digits).
 *
 * @example
 * eventTimeMs('2025-03-01T10:00:00Z')   // 1740823200000
 * eventTimeMs(1740823200.25)            // 1740823200250
 * eventTimeMs('yesterday')              // undefined
 */
export const eventTimeMs: (timestamp: unknown) => number | undefined = timestampInstant;

/**
 * A place in an event stream that holds no event for its reader (an event of another
 * subscription, split off): it keeps the positions of the caller's events, which rejections
 * name (`Rejection.index`), and nothing counts it.
 * @internal
 */
export const NO_EVENT = null as unknown as UsageEvent;
