/**
 * The headers of a webhook delivery, named like the reference's and after the server's id
 * prefix: `X-Svc-Signature` (base64 HMAC-SHA256 of the body, see signature.ts),
 * `X-Svc-Signature-Algorithm: hmac` and `X-Svc-Unique-Key` (the delivery's id: the same on
 * every attempt of one delivery, different for every other, so a receiver that remembers the
 * keys it has handled handles each webhook once); `X-Lago-...` with `--id-prefix lago`.
 */
import type { IdPrefix } from '../http/answers';

/** The names of the three webhook headers under `prefix`, lower case (as Node reads them). */
export interface WebhookHeaderNames {
  readonly signature: string;
  readonly algorithm: string;
  readonly uniqueKey: string;
}

/**
 * The header names of the deliveries of a server whose ids are named `prefix`.
 *
 * @example
 * webhookHeaderNames('svc').signature; // 'x-svc-signature'
 * webhookHeaderNames('lago').uniqueKey; // 'x-lago-unique-key'
 */
export function webhookHeaderNames(prefix: IdPrefix): WebhookHeaderNames {
  return {
    signature: `x-${prefix}-signature`,
    algorithm: `x-${prefix}-signature-algorithm`,
    uniqueKey: `x-${prefix}-unique-key`,
  };
}

/**
 * Every header of one delivery: the JSON content type and the three webhook headers.
 *
 * @example
 * webhookHeaders('svc', 'q1w2...=', 'fc000000-0000-4000-8000-00000000002a');
 * // { 'content-type': 'application/json', 'x-svc-signature': 'q1w2...=', 'x-svc-signature-algorithm': 'hmac', 'x-svc-unique-key': 'fc00...2a' }
 */
export function webhookHeaders(
  prefix: IdPrefix,
  signature: string,
  uniqueKey: string,
): Record<string, string> {
  const names = webhookHeaderNames(prefix);
  return {
    'content-type': 'application/json',
    [names.signature]: signature,
    [names.algorithm]: 'hmac',
    [names.uniqueKey]: uniqueKey,
  };
}
