/**
 * The signature of a webhook: base64 (padded) of the HMAC-SHA256 of the raw body (its exact
 * bytes, UTF-8) with the endpoint's signing key (its UTF-8 bytes). The server sends it in the
 * `X-Svc-Signature` header (`X-Lago-Signature` with `--id-prefix lago`, see headers.ts); a
 * receiver checks it with {@link verifyWebhookSignature} before it trusts the body.
 *
 * Browser-safe (`feecast/fetch` exports the check): the HMAC is `@noble/hashes`'s, the
 * comparison runs in constant time (`sameBytes`).
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { sameBytes, toBase64 } from '../http/bytes';

const UTF8 = new TextEncoder();

function bytesOf(value: string | Uint8Array): Uint8Array {
  return typeof value === 'string' ? UTF8.encode(value) : value;
}

/**
 * The signature of `rawBody` with `key`: base64 of HMAC-SHA256(key, rawBody).
 *
 * @example
 * webhookSignature('{"a":1}', 'whsec_test'); // 44 base64 characters, ending in '='
 */
export function webhookSignature(rawBody: string | Uint8Array, key: string | Uint8Array): string {
  return toBase64(hmac(sha256, bytesOf(key), bytesOf(rawBody)));
}

/**
 * Whether `signatureHeader` (the `X-Svc-Signature` header of a delivery, or `X-Lago-Signature`
 * with `--id-prefix lago`) is the signature of `rawBody` (the request's body exactly as
 * received, before any JSON parsing) with `key` (the endpoint's signing key, printed by
 * `feecast serve` at start and listed by `GET /__feecast/webhooks`). Never throws: anything
 * that is not a string or bytes (a missing header, an array of headers) is `false`. The
 * signatures are compared in constant time.
 *
 * @example
 * import { createHmac } from 'node:crypto';
 *
 * const body = '{"webhook_type":"invoice.created","object_type":"invoice"}';
 * const signature = createHmac('sha256', 'whsec_test').update(body).digest('base64');
 * verifyWebhookSignature(body, signature, 'whsec_test') // => true
 * verifyWebhookSignature(body.replace('created', 'voided'), signature, 'whsec_test') // => false
 * verifyWebhookSignature(body, undefined, 'whsec_test') // => false
 */
export function verifyWebhookSignature(
  rawBody: unknown,
  signatureHeader: unknown,
  key: unknown,
): boolean {
  const isBytes = (value: unknown): value is string | Uint8Array =>
    typeof value === 'string' || value instanceof Uint8Array;
  if (!isBytes(rawBody) || typeof signatureHeader !== 'string' || !isBytes(key)) return false;
  try {
    const expected = UTF8.encode(webhookSignature(rawBody, key));
    return sameBytes(expected, UTF8.encode(signatureHeader.trim()));
  } catch {
    return false;
  }
}
