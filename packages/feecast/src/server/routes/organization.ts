/**
 * The organization's own resources: `GET /customers/{id}/portal_url`,
 * `GET /billing_entities` and `GET /webhook_endpoints/{svc_id}`.
 */
import { isLeft, right } from 'fp-ts/lib/Either.js';
import { getOne } from '../http/path-resource';
import { PORTAL_PREFIX } from '../http/portal-token';
import { findCustomer } from '../state/lookup';
import { type Handler, pathParam, unchanged } from './handler';

/**
 * `GET /customers/{external_customer_id}/portal_url`: 404 `customer_not_found`; a link on
 * this server (`<origin>/customer_portal/<token>`, the token naming the customer, signed with
 * the server's key, valid 12 hours from `now`), where the server answers the customer's
 * portal page (portal.ts).
 *
 * @example
 * getPortalUrl({ ..., origin: 'http://127.0.0.1:3000', params: new Map([['external_customer_id', 'hooli_1234']]) });
 * // right({ body: { customer: { portal_url: 'http://127.0.0.1:3000/customer_portal/eyJzdWIi....Xy3k...' } } })
 */
export const getPortalUrl: Handler<undefined> = (input) => {
  const customer = findCustomer(input.state, pathParam(input, 'external_customer_id'));
  if (isLeft(customer)) return customer;
  return right(
    unchanged(input.state, {
      customer: {
        portal_url: `${input.origin}${PORTAL_PREFIX}${input.portal.token(customer.right.svc_id, input.now)}`,
      },
    }),
  );
};

/**
 * `GET /billing_entities`: every billing entity, no `meta` (as the reference).
 *
 * @example
 * listBillingEntities({ ... }); // right({ body: { billing_entities: [...] } })
 */
export const listBillingEntities: Handler<undefined> = (input) =>
  right(unchanged(input.state, { billing_entities: input.state.billing_entities }));

/**
 * `GET /webhook_endpoints/{svc_id}`: 404 `webhook_endpoint_not_found`.
 *
 * @example
 * getWebhookEndpoint({ ..., params: new Map([['svc_id', id]]) }); // right({ body: { webhook_endpoint } })
 */
export const getWebhookEndpoint = getOne('webhook_endpoints', 'svc_id', 'webhook_endpoint');
