import * as t from 'io-ts';
import { ErrorDetailCode } from '../enums';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Uuid } from '../primitives/uuid';

const ErrorDetailCodec = struct(
  'ErrorDetail',
  {
    svc_id: nullable(Uuid),
    error_code: ErrorDetailCode,
    details: struct(
      'ErrorDetailDetails',
      {},
      { tax_error: nullable(t.string), tax_error_message: nullable(t.string) },
    ),
  },
  {},
);
/** See {@link ErrorDetail}. */
export interface ErrorDetail extends t.TypeOf<typeof ErrorDetailCodec> {}
/**
 * A problem recorded on an invoice, credit note or customer (`error_details[]`), e.g.
 * `{error_code: "tax_error", details: {tax_error: "...", tax_error_message: "..."}}`.
 */
export const ErrorDetail = named<ErrorDetail>(ErrorDetailCodec);
