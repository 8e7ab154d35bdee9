/**
 * The one error shape of every fallible function of the engine: a `Left` carries it.
 *
 * - `code` comes from the closed set {@link FEECAST_ERROR_CODES};
 * - `message` says what was wrong and where, in words a user can act on;
 * - `path` locates the offending input (`['events', '3', 'properties', 'value']`);
 * - `details` carries machine-readable context (the value found, the allowed values...).
 */
export interface FeecastError {
  readonly code: FeecastErrorCode;
  readonly message: string;
  readonly path?: readonly string[];
  readonly details?: unknown;
}

/**
 * Every error code the engine can return, with its meaning. The set is closed: a code not
 * listed here is never produced.
 */
export const FEECAST_ERROR_CODES = {
  invalid_input: 'An input does not have the documented shape; `path` says where.',
  invalid_decimal: 'A value that must be a decimal number is not one (empty, NaN, hex, padded...).',
  out_of_range:
    'A number is outside the range the engine supports (exponent, scale, safe integer).',
  unknown_currency: 'A currency code is not an active ISO 4217 code with a minor unit.',
  division_by_zero: 'A division had a zero divisor.',
  invalid_expression:
    'A billable-metric expression is malformed; the message gives the column and what was expected.',
  expression_evaluation_failed:
    'A billable-metric expression cannot be evaluated for an event (missing property, string operand, division by zero...); the message names the transaction.',
  unknown_timezone:
    'A time zone is not an IANA zone name this runtime knows (e.g. "Europe/Paris", "UTC").',
  invalid_timestamp:
    'A timestamp is not an ISO 8601 date-time with seconds and a zone (e.g. "2025-01-15T10:00:00Z").',
  subscription_not_started:
    'The subscription has no `started_at` (pending) or the instant asked for is before it started.',
  subscription_terminated:
    'The instant asked for falls after the period in which the subscription was terminated.',
} as const;

/** A code from {@link FEECAST_ERROR_CODES}. */
export type FeecastErrorCode = keyof typeof FEECAST_ERROR_CODES;

/**
 * Builds a {@link FeecastError}; `path` and `details` are left out when not given.
 *
 * @example
 * feecastError('unknown_currency', 'Unknown currency "EURO"; use an ISO 4217 code such as "EUR".')
 */
export function feecastError(
  code: FeecastErrorCode,
  message: string,
  path?: readonly string[],
  details?: unknown,
): FeecastError {
  return {
    code,
    message,
    ...(path === undefined ? {} : { path }),
    ...(details === undefined ? {} : { details }),
  };
}
