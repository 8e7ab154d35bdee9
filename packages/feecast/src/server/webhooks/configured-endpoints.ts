/**
 * The endpoints of `feecast serve --webhook-url URL` (repeatable): added to the state at start
 * as webhook endpoints (`signature_algo: "hmac"`), unless the state already has an endpoint
 * at that URL (a restart with the same options adds nothing).
 */
import type { Timestamp, WebhookEndpoint } from '@feecast/models';
import { idFor } from '../state/ids';
import type { ServerState } from '../state/state';

/**
 * `state` with an endpoint for each of `urls` it does not have yet, created at `now`;
 * `state` itself when it has them all.
 *
 * @example
 * withWebhookUrls(state, ['http://127.0.0.1:4000/hooks'], now).webhook_endpoints.at(-1);
 * // { svc_id: 'fc00...', svc_organization_id, webhook_url: 'http://127.0.0.1:4000/hooks', signature_algo: 'hmac', name: null, event_types: null, created_at: now }
 */
export function withWebhookUrls(
  state: ServerState,
  urls: readonly string[],
  now: Timestamp,
): ServerState {
  const known = new Set(state.webhook_endpoints.map((endpoint) => endpoint.webhook_url));
  const endpoints: WebhookEndpoint[] = state.webhook_endpoints.slice();
  let sequence = state.id_sequence;
  for (const url of urls) {
    if (known.has(url)) continue;
    known.add(url);
    sequence += 1;
    endpoints.push({
      svc_id: idFor(sequence),
      svc_organization_id: state.organization_id,
      webhook_url: url,
      signature_algo: 'hmac',
      name: null,
      event_types: null,
      created_at: now,
    });
  }
  if (sequence === state.id_sequence) return state;
  return { ...state, id_sequence: sequence, webhook_endpoints: endpoints };
}
