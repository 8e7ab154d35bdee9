import * as t from 'io-ts';
import { named } from '../internal/named';
import { struct } from '../internal/struct';

const CustomerPortalUrlCodec = struct('CustomerPortalUrl', { portal_url: t.string }, {});
/** See {@link CustomerPortalUrl}. */
export interface CustomerPortalUrl extends t.TypeOf<typeof CustomerPortalUrlCodec> {}
/** A customer portal link (`{"customer": {"portal_url": ...}}`). */
export const CustomerPortalUrl = named<CustomerPortalUrl>(CustomerPortalUrlCodec);
