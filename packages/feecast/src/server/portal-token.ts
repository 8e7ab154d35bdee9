/**
 * The customer portal's token: the credential in `<origin>/customer_portal/<token>`, naming
 * one customer.
 */
import type { Customer } from '@feecast/models';

/** Where portal pages are served: `<origin>/customer_portal/<token>`. */
export const PORTAL_PREFIX = '/customer_portal/';

/**
 * The portal token of a customer: its `svc_id`, base64url-encoded.
 *
 * @example
 * portalToken({ svc_id: 'ea0405e2-c552-49f8-b8b7-572e437a6e8d', ... }); // 'ZWEwNDA1ZTIt...'
 */
export function portalToken(customer: Pick<Customer, 'svc_id'>): string {
  return Buffer.from(customer.svc_id, 'utf8').toString('base64url');
}
