import type * as t from 'io-ts';
import { named } from '../internal/named';
import { struct } from '../internal/struct';

const FinalizeInvoiceRequestCodec = struct('FinalizeInvoiceRequest', {}, {});
/** See {@link FinalizeInvoiceRequest}. */
export interface FinalizeInvoiceRequest extends t.TypeOf<typeof FinalizeInvoiceRequestCodec> {}
/** The body of `PUT /invoices/{svc_id}/finalize`: an empty object `{}`. */
export const FinalizeInvoiceRequest = named<FinalizeInvoiceRequest>(FinalizeInvoiceRequestCodec);
