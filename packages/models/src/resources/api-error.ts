import * as t from 'io-ts';
import { named } from '../internal/named';
import { struct } from '../internal/struct';
import { Integer } from '../primitives/numbers';

const ApiErrorCodec = struct(
  'ApiError',
  { status: Integer, error: t.string },
  { code: t.string, error_details: t.UnknownRecord, provider: t.UnknownRecord },
);
/** An error response body, see {@link ApiError}. */
export interface ApiError extends t.TypeOf<typeof ApiErrorCodec> {}
/**
 * An error response body: `{status, error}` plus, depending on the status, a `code`
 * (`wallet_not_found`, `validation_errors`...), `error_details` (for 422: a field name mapped
 * to error codes) and `provider` (`{code}`, provider errors).
 */
export const ApiError = named<ApiError>(ApiErrorCodec);
