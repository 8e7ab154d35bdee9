/**
 * The engine's errors as the reference's HTTP answers (estimate-and-usage §1 and §2.2): the
 * pricing operations return a `FeecastError`; the client gets the status, code and
 * `error_details` the hosted service would send for the same mistake.
 */
import type { FeecastError } from '@feecast/engine';
import {
  type ApiErrorResponse,
  methodNotAllowed,
  notFound,
  validationErrors,
} from '../http/api-error';

/**
 * 422 with the field the engine's path names (inside the request's root object, else the
 * operation's input: `plan.charges.2.properties.amount`) mapped to `"<code>: <message>"`.
 */
function invalidInput(error: FeecastError): ApiErrorResponse {
  const path = error.path ?? [];
  const inner = path[0] === 'event' ? path.slice(1) : path;
  const field = inner.length > 0 ? inner.join('.') : 'base';
  return validationErrors({ [field]: [`${error.code}: ${error.message}`] });
}

/**
 * The HTTP answer of an engine error:
 *
 * - `subscription_not_found` → 404 `subscription_not_found`;
 * - `unknown_billable_metric` → 404 `billable_metric_not_found`;
 * - `no_active_subscription`, `subscription_not_started`, `subscription_terminated` (usage
 *   asked at an instant outside the subscription's life, e.g. after its `ending_at`) → 405
 *   `no_active_subscription` (§3.2);
 * - `value_is_not_valid_number` → 422 `{"properties": ["value_is_not_valid_number"]}`;
 * - `invalid_timestamp` → 422 `{"timestamp": ["invalid_format"]}`;
 * - `does_not_match_an_instant_charge` → 422 `{"code": ["does_not_match_an_instant_charge"]}`;
 * - `expression_evaluation_failed` → 422 `{"properties": ["expression_evaluation_failed: <message>"]}`
 *   (the reference sends the string alone as `error_details`; see docs/semantics.md);
 * - any other error → 422 with the offending field (the engine's path) mapped to
 *   `"<code>: <message>"`, so that the answer says what to fix.
 *
 * @example
 * apiErrorOf({ code: 'does_not_match_an_instant_charge', message: 'No pay-in-advance charge.', path: ['event', 'code'] })
 * // ~> { status: 422, error: 'Unprocessable Entity', code: 'validation_errors',
 * //   error_details: { code: ['does_not_match_an_instant_charge'] } }
 */
export function apiErrorOf(error: FeecastError): ApiErrorResponse {
  switch (error.code) {
    case 'subscription_not_found':
      return notFound('subscription');
    case 'unknown_billable_metric':
      return notFound('billable_metric');
    case 'no_active_subscription':
    case 'subscription_not_started':
    case 'subscription_terminated':
      return methodNotAllowed('no_active_subscription');
    case 'value_is_not_valid_number':
      return validationErrors({ properties: ['value_is_not_valid_number'] });
    case 'invalid_timestamp':
      return error.path?.[0] === 'event'
        ? validationErrors({ timestamp: ['invalid_format'] })
        : invalidInput(error);
    case 'does_not_match_an_instant_charge':
      return validationErrors({ code: ['does_not_match_an_instant_charge'] });
    case 'expression_evaluation_failed':
      return validationErrors({ properties: [`expression_evaluation_failed: ${error.message}`] });
    default:
      return invalidInput(error);
  }
}
