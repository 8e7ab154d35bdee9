/**
 * Which endpoints get deliveries: those whose `signature_algo` is `hmac` (or unset) and whose
 * host can exist. A host under the names reserved for documentation (RFC 2606 and 6761:
 * `example.com`, `example.net`, `example.org` and the `.example`, `.invalid`, `.test`
 * top-level domains) never answers, so its endpoint (such as the bundled example state's
 * `https://hooks.example.com/billing`) is left out rather than retried ten times per webhook.
 * `jwt` signatures are not made: such an endpoint gets nothing (docs/semantics.md).
 */
import type { WebhookEndpoint } from '@feecast/models';

const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];
const RESERVED_TLDS = ['example', 'invalid', 'test'];

function reservedHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return true;
  }
  const tld = host.slice(host.lastIndexOf('.') + 1);
  return (
    RESERVED_TLDS.includes(tld) ||
    RESERVED_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))
  );
}

/**
 * Whether `endpoint` gets deliveries at all: an `hmac` endpoint (or one that names no
 * algorithm) at an `http:` or `https:` URL whose host can exist.
 *
 * @example
 * isDeliverable({ ...endpoint, webhook_url: 'http://127.0.0.1:4000/hooks' }); // true
 * isDeliverable({ ...endpoint, signature_algo: 'jwt' }); // false
 */
export function isDeliverable(endpoint: WebhookEndpoint): boolean {
  if (endpoint.signature_algo !== undefined && endpoint.signature_algo !== 'hmac') return false;
  return /^https?:\/\//i.test(endpoint.webhook_url) && !reservedHost(endpoint.webhook_url);
}

/**
 * Whether `endpoint` gets the webhook `webhookType`: a deliverable endpoint
 * ({@link isDeliverable}) subscribed to that type (`event_types` null or naming it).
 *
 * @example
 * receivesWebhook({ ...endpoint, webhook_url: 'http://127.0.0.1:4000/hooks', event_types: null }, 'invoice.created'); // true
 * receivesWebhook({ ...endpoint, webhook_url: 'https://hooks.example.com/billing' }, 'invoice.created'); // false
 */
export function receivesWebhook(endpoint: WebhookEndpoint, webhookType: string): boolean {
  if (!isDeliverable(endpoint)) return false;
  const types = endpoint.event_types;
  return types === undefined || types === null || types.includes(webhookType);
}
