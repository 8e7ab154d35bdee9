/**
 * `GET /__feecast/webhooks` (outside `/api/v1`, with the API's key): the webhook endpoints
 * with their signing keys and whether they receive deliveries, and the delivery log (every
 * delivery, oldest first, with its status, attempts and next retry). `?status=pending`
 * (or `delivered`, `failed`) keeps the deliveries in that status.
 */
import { methodNotAllowed } from '../http/api-error';
import type { ApiResponse } from '../http/request';
import type { ServerState } from '../state/state';
import { deliveryLog } from './delivery-log';
import { isDeliverable } from './reachable';

/** The path of the delivery log. */
export const WEBHOOKS_PATH = '/__feecast/webhooks';

/**
 * The answer to `method` on {@link WEBHOOKS_PATH} with `query` (the text after `?`), from
 * `state`, each endpoint's key given by `signingKey`.
 *
 * @example
 * webhooksResponse('GET', '', state, signingKey);
 * // { status: 200, body: { webhook_endpoints: [{ ..., signing_key: 'whsec_...', receives_webhooks: true }], webhook_deliveries: [...] } }
 */
export function webhooksResponse(
  method: string,
  query: string,
  state: ServerState,
  signingKey: (endpointId: string) => string,
): ApiResponse {
  if (method !== 'GET' && method !== 'HEAD') {
    return {
      status: 405,
      headers: { allow: 'GET, HEAD' },
      body: methodNotAllowed('method_not_allowed'),
    };
  }
  const status = new URLSearchParams(query).get('status');
  const deliveries = deliveryLog(state).filter(
    (entry) => status === null || entry.status === status,
  );
  return {
    status: 200,
    body: {
      webhook_endpoints: state.webhook_endpoints.map((endpoint) => ({
        ...endpoint,
        signing_key: signingKey(endpoint.svc_id),
        receives_webhooks: isDeliverable(endpoint),
      })),
      webhook_deliveries: deliveries,
    },
  };
}
