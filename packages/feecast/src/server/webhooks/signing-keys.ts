/**
 * The signing key of each webhook endpoint: derived from the server's webhook secret and the
 * endpoint's id, `whsec_` + base64url(HMAC-SHA256(secret, "feecast webhook endpoint " + svc_id)),
 * so one secret gives every endpoint its own key and no key is stored in the state (a
 * snapshot holds no secret). The secret is random at each start unless `FEECAST_WEBHOOK_KEY`
 * pins it (at least 32 characters); `feecast serve` prints each endpoint's key at start and
 * `GET /__feecast/webhooks` lists them.
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { toBase64Url } from '../http/bytes';

/** The fewest bytes a webhook secret may have. */
export const WEBHOOK_SECRET_MIN_BYTES = 32;

const UTF8 = new TextEncoder();

/**
 * The signing key of the endpoint `endpointId` under `secret`.
 *
 * @example
 * endpointSigningKey(new Uint8Array(32), 'fc000000-0000-4000-8000-000000000001'); // 'whsec_...' (49 characters)
 */
export function endpointSigningKey(secret: Uint8Array, endpointId: string): string {
  const mac = hmac(sha256, secret, UTF8.encode(`feecast webhook endpoint ${endpointId}`));
  return `whsec_${toBase64Url(mac)}`;
}

/**
 * A random webhook secret (32 bytes from Web Crypto), for a server started without
 * `FEECAST_WEBHOOK_KEY`.
 *
 * @example
 * randomWebhookSecret().length; // 32
 */
export function randomWebhookSecret(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(WEBHOOK_SECRET_MIN_BYTES));
}
