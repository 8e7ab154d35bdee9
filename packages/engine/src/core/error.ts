import { type Either, isRight } from 'fp-ts/lib/Either.js';

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
  invalid_charge_properties:
    'Charge properties do not fit their charge model (missing or negative amount, unordered, overlapping or gapped ranges...); `path` names the property.',
  unsupported_charge_model:
    'A charge model the engine cannot price: an unknown name, or `custom` without the amount its aggregator computed.',
  currency_mismatch:
    'Amounts in different currencies meet (fees of one invoice, a credit or a coupon in another currency); keep one currency per invoice.',
  unknown_tax_code:
    'A tax code given with a fee is not among the taxes the inputs carry (organization, billing entity, customer, plans, add-ons).',
  unknown_fee_item:
    'A fee refers to a subscription, charge, fixed charge, commitment or add-on that the inputs do not contain; `path` names the fee field.',
  invalid_amount:
    'A credit or money amount is not a valid non-negative decimal (granted or voided credits, a credit-note item), or paid credits are not a positive decimal (0 included).',
  amount_below_minimum:
    "A paid top-up is below the wallet's `paid_top_up_min_amount_cents` (set `ignore_paid_top_up_limits` to bypass).",
  amount_above_maximum:
    "A paid top-up is above the wallet's `paid_top_up_max_amount_cents` (set `ignore_paid_top_up_limits` to bypass).",
  amount_rounds_to_zero:
    "Paid or granted credits are worth less than one minor unit at the wallet's `rate_amount`: a purchase could not be invoiced, a grant would add nothing.",
  insufficient_credits: "Credits to void exceed the wallet's `credits_balance`.",
  wallet_is_terminated: 'A wallet transaction names a wallet whose status is `terminated`.',
  wallets_already_applied:
    'Prepaid credits were already applied to the invoice (`prepaid_credit_amount_cents` is not 0).',
  inconsistent_wallet_transactions:
    "A wallet's inbound transactions (`remaining_amount_cents`) do not cover what the wallet consumes.",
  invalid_usage_thresholds:
    'Usage thresholds cannot be evaluated: an amount that is not positive, or more than one recurring threshold.',
  invoice_not_creditable:
    'No credit note can be issued on the invoice: a draft, a version below 2, or a wallet top-up invoice that is unpaid or has no active wallet.',
  unknown_fee: 'A credit-note item names a `fee_id` that is not a fee of the invoice.',
  higher_than_remaining_fee_amount:
    "Credit-note items ask more than their fee's creditable amount (its amount minus earlier credit-note items).",
  higher_than_wallet_balance:
    'A credit-note item on a wallet top-up invoice is above the balance of the wallet it funded.',
  higher_than_remaining_invoice_amount:
    'A credit, refund, offset or total of a credit note is above what remains creditable, refundable or payable on the invoice.',
  does_not_match_item_amounts:
    "A credit note's credit + refund + offset differs by more than one cent from its items with coupons and taxes.",
  cannot_credit_invoice:
    'A credit amount on a wallet top-up invoice: only refunds (and offsets of an unpaid one) are possible there.',
  cannot_refund_unpaid_invoice: 'A refund on an invoice that has not been paid.',
  creditable_amount_is_less_than_requested:
    'A progressive-billing invoice cannot cover, with credit notes on its fees, the excess credit asked of it.',
  invalid_usage:
    'A command-line argument is unknown, repeated, missing its value or malformed (the `feecast` command exits with 2).',
  invalid_json:
    'A file, a line of an NDJSON file or an element of a JSON array is not valid JSON; the message names the file and line.',
  unreadable_file:
    'A file cannot be opened or read (missing, a directory, no permission); the message names it.',
  unknown_billable_metric:
    'A charge names a billable metric (by code or id) that the inputs do not contain; `path` names the charge.',
  subscription_not_found:
    "No started, unterminated subscription matches the estimated event's `external_subscription_id` at `now`.",
  no_active_subscription:
    "Usage is asked for a subscription that is not the customer's or not active at `now` (pending, terminated, canceled).",
  does_not_match_an_instant_charge:
    "No pay-in-advance charge of the subscription's plan is priced on the estimated event's billable metric.",
  unexpected_error:
    'A function stopped on a throw: most often a usage event (read one at a time) whose getter or proxy throws; otherwise a defect of the engine. The message says what was thrown; the function returns this `Left` instead of throwing.',
  value_is_not_valid_number:
    "An estimated event's value for the metric's `field_name` is missing or not a decimal number; `path` names the property.",
  events_out_of_order:
    'The new events of a set of estimates (`estimateFeesOf`) are not in time order; `path` names the first one earlier than the one before it.',
} as const;

/** A code from {@link FEECAST_ERROR_CODES}. */
export type FeecastErrorCode = keyof typeof FEECAST_ERROR_CODES;

/**
 * Builds a {@link FeecastError}; `path` and `details` are left out when not given.
 *
 * @example
 * feecastError('unknown_currency', 'Unknown currency "EURO"; use an ISO 4217 code such as "EUR".', ['currency'])
 * // => { code: 'unknown_currency', message: 'Unknown currency "EURO"; use an ISO 4217 code such as "EUR".', path: ['currency'] }
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

/**
 * The value of a `Right`, or a thrown `Error` for a `Left`: the throwing twins (`...Unsafe`)
 * of the operations. The error's message is the `FeecastError`'s code and message, and its
 * `cause` the `FeecastError` itself (code, path, details).
 *
 * @example
 * orThrow(estimateFees(input)) // { fees: [...] }, or throws Error('does_not_match_an_instant_charge: ...')
 */
export function orThrow<A>(result: Either<FeecastError, A>): A {
  if (isRight(result)) return result.right;
  throw new Error(`${result.left.code}: ${result.left.message}`, { cause: result.left });
}
