/**
 * Error responses of the API, exactly in the shapes of the reference (wire-models §5,
 * estimate-and-usage §1): a JSON object with `status` and `error`, plus `code` from 403 on,
 * plus `error_details` (a field mapped to error codes) for 422. No stack traces, no internal
 * messages: what a client needs to act is in `code` and `error_details`.
 */
import type { ApiError, DecodeFailure, Integer } from '@feecast/models';

/** An error response: its body carries its HTTP status. */
export type ApiErrorResponse = ApiError;

/** A field (a dotted path inside the request's root object) mapped to its error codes. */
export type ErrorDetails = Readonly<Record<string, readonly string[]>>;

function body(status: number, error: string, extra: Partial<ApiError> = {}): ApiErrorResponse {
  return { status: status as Integer, error, ...extra };
}

/**
 * 400 for a missing or empty root object, with the reference's Rails message.
 *
 * @example
 * missingParam('wallet');
 * // { status: 400, error: 'BadRequest: param is missing or the value is empty or invalid: wallet' }
 */
export function missingParam(name: string): ApiErrorResponse {
  return body(400, `BadRequest: param is missing or the value is empty or invalid: ${name}`);
}

/**
 * 400 for a body that is not JSON (or not a JSON object).
 *
 * @example
 * malformedJson(); // { status: 400, error: 'BadRequest: the request body is not valid JSON' }
 */
export function malformedJson(): ApiErrorResponse {
  return body(400, 'BadRequest: the request body is not valid JSON');
}

/**
 * 401: no `Authorization: Bearer <key>` header, or an unknown key.
 *
 * @example
 * unauthorized(); // { status: 401, error: 'Unauthorized' }
 */
export function unauthorized(): ApiErrorResponse {
  return body(401, 'Unauthorized');
}

/**
 * 404 for a resource that does not exist: code `<resource>_not_found`.
 *
 * @example
 * notFound('wallet'); // { status: 404, error: 'Not Found', code: 'wallet_not_found' }
 */
export function notFound(resource: string): ApiErrorResponse {
  return body(404, 'Not Found', { code: `${resource}_not_found` });
}

/**
 * 405 for an operation not allowed in the current state, or a method a path does not take.
 *
 * @example
 * methodNotAllowed('no_active_subscription');
 * // { status: 405, error: 'Method Not Allowed', code: 'no_active_subscription' }
 */
export function methodNotAllowed(code: string): ApiErrorResponse {
  return body(405, 'Method Not Allowed', { code });
}

/**
 * 422 `validation_errors` with `error_details`.
 *
 * @example
 * validationErrors({ paid_credits: ['amount_below_minimum'] })
 * // ~> { status: 422, error: 'Unprocessable Entity', code: 'validation_errors',
 * //   error_details: { paid_credits: ['amount_below_minimum'] } }
 */
export function validationErrors(details: ErrorDetails): ApiErrorResponse {
  const error_details: Record<string, unknown> = {};
  for (const [field, codes] of Object.entries(details)) {
    Object.defineProperty(error_details, field, {
      value: [...codes],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return body(422, 'Unprocessable Entity', { code: 'validation_errors', error_details });
}

/**
 * 422 for one field with one error code.
 *
 * @example
 * invalidField('code', 'value_already_exist');
 */
export function invalidField(field: string, code: string): ApiErrorResponse {
  return validationErrors({ [field]: [code] });
}

/**
 * 422 for a request body (or query) that does not decode: each problem becomes a field (its
 * path inside the root object, e.g. `recurring_transaction_rules[0].trigger`) mapped to
 * `value_is_mandatory` (missing) or `value_is_invalid` (present, wrong type or value).
 *
 * @example
 * const failure = decode(UpdateWalletRequest, { wallet: { priority: 'high' } });
 * if (failure._tag === 'Left') decodeFailure(failure.left, 'wallet');
 * // error_details: { priority: ['value_is_invalid'] }
 */
export function decodeFailure(failure: DecodeFailure, root?: string): ApiErrorResponse {
  const details = new Map<string, Set<string>>();
  const prefix = root === undefined ? undefined : `${root}.`;
  for (const problem of failure.problems) {
    let field = problem.path;
    if (prefix !== undefined && field.startsWith(prefix)) field = field.slice(prefix.length);
    else if (root !== undefined && field === root) field = root;
    const code = problem.actual === undefined ? 'value_is_mandatory' : 'value_is_invalid';
    const codes = details.get(field) ?? new Set<string>();
    codes.add(code);
    details.set(field, codes);
  }
  return validationErrors(Object.fromEntries([...details].map(([k, v]) => [k, [...v]])));
}

/**
 * 413: the request body is larger than the server accepts.
 *
 * @example
 * payloadTooLarge(); // { status: 413, error: 'Payload Too Large', code: 'payload_too_large' }
 */
export function payloadTooLarge(): ApiErrorResponse {
  return body(413, 'Payload Too Large', { code: 'payload_too_large' });
}

/**
 * 408: the client took too long to send its request's headers or body; the connection is
 * closed after this answer.
 *
 * @example
 * requestTimeout(); // { status: 408, error: 'Request Timeout', code: 'request_timeout' }
 */
export function requestTimeout(): ApiErrorResponse {
  return body(408, 'Request Timeout', { code: 'request_timeout' });
}

/**
 * 400 for bytes that are not an HTTP request (the connection is closed after this answer).
 *
 * @example
 * malformedRequest(); // { status: 400, error: 'BadRequest: the request is not valid HTTP/1.1' }
 */
export function malformedRequest(): ApiErrorResponse {
  return body(400, 'BadRequest: the request is not valid HTTP/1.1');
}

/**
 * 431: the request's headers are larger than the server reads.
 *
 * @example
 * headersTooLarge();
 * // { status: 431, error: 'Request Header Fields Too Large', code: 'request_header_fields_too_large' }
 */
export function headersTooLarge(): ApiErrorResponse {
  return body(431, 'Request Header Fields Too Large', { code: 'request_header_fields_too_large' });
}

/**
 * 501: the operation is part of the API but this server does not compute it yet.
 *
 * @example
 * notImplemented() // ~> { status: 501, error: 'Not Implemented', code: 'not_implemented' }
 */
export function notImplemented(): ApiErrorResponse {
  return body(501, 'Not Implemented', { code: 'not_implemented' });
}

/**
 * 500 with nothing internal in it: the server failed, the request changed nothing.
 *
 * @example
 * internalError(); // { status: 500, error: 'Internal Server Error' }
 */
export function internalError(): ApiErrorResponse {
  return body(500, 'Internal Server Error');
}
