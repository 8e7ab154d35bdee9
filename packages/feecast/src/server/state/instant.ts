/**
 * Instants of wire timestamps. Timestamps come in several forms (`...00Z`, `...00.000Z`,
 * `...00+00:00`), so they are compared as instants, never as strings.
 */

/**
 * Milliseconds since the epoch of an ISO 8601 timestamp (`NaN` for text that is not one;
 * decoded timestamps always are).
 *
 * @example
 * epochMs('2025-03-15T12:00:00Z') === epochMs('2025-03-15T12:00:00.000Z'); // true
 */
export function epochMs(timestamp: string): number {
  // Not money: a point in time, in integer milliseconds.
  return Date.parse(timestamp);
}

/**
 * Whether `a` is at or before `b`, as instants.
 *
 * @example
 * notAfter('2025-03-15T12:00:00+00:00', '2025-03-15T12:00:00.000Z'); // true
 */
export function notAfter(a: string, b: string): boolean {
  return epochMs(a) <= epochMs(b);
}
