// A webhook endpoint of the tests' organization, created at the tests' instant.
import type { WebhookEndpoint } from '@feecast/models';
import { asTimestamp, asUuid } from '../../../src/server/state/brands';
import { emptyState } from '../../../src/server/state/state';

/** The instant the webhook tests run at, and their endpoints were created. */
export const NOW = asTimestamp('2025-03-20T12:00:00Z');

/** An HMAC-signed endpoint for every event type at `url`, its id from the url's length. */
export function endpoint(url: string, fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    svc_id: asUuid(`00000000-0000-4000-8000-${String(url.length).padStart(12, '0')}`),
    svc_organization_id: emptyState().organization_id,
    webhook_url: url,
    created_at: NOW,
    signature_algo: 'hmac',
    name: null,
    event_types: null,
    ...fields,
  };
}
