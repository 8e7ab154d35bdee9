/**
 * The customer portal's token: the credential in `<origin>/customer_portal/<token>`. A token
 * names one customer and an expiry, signed with the server's key (HMAC-SHA256), so only the
 * server that issued it can make one, and no one can change it or use it past its expiry.
 * Format: `<payload>.<signature>`, both base64url; the payload is the JSON
 * `{"sub": <customer svc_id>, "exp": <unix seconds>}`.
 *
 * Browser-safe (the fetch handler signs with it too): the HMAC is `@noble/hashes`'s, because
 * the reducer that issues tokens is synchronous and Web Crypto only signs asynchronously; the
 * random key comes from Web Crypto (`globalThis.crypto`, in Node 20 as in browsers).
 */
import type { Timestamp } from '@feecast/models';
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { epochMs } from '../state/instant';
import { fromBase64Url, sameBytes, toBase64Url } from './bytes';

/** Where portal pages are served: `<origin>/customer_portal/<token>`. */
export const PORTAL_PREFIX = '/customer_portal/';

/** How long a portal link stays valid after it is issued: 12 hours, in seconds. */
export const PORTAL_LINK_SECONDS = 12 * 60 * 60;

/** The fewest bytes a portal key may have. */
export const PORTAL_KEY_MIN_BYTES = 32;

/** What a token says, once checked. */
export type PortalTokenCheck =
  | { readonly kind: 'valid'; readonly customerId: string }
  /** Not a token of this server: malformed, signed with another key, or changed. */
  | { readonly kind: 'invalid' }
  /** A token of this server whose expiry has passed. */
  | { readonly kind: 'expired' };

/** Issues and checks the portal tokens of one key. */
export interface PortalLinks {
  /** The token of the portal of the customer `customerId`, valid until `now` + 12 hours. */
  readonly token: (customerId: string, now: Timestamp) => string;
  /** Checks `token` at `now` (in constant time for the signature). */
  readonly check: (token: string, now: Timestamp) => PortalTokenCheck;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const TO_UTF8 = new TextEncoder();

function seconds(now: Timestamp): number {
  return Math.floor(epochMs(now) / 1000);
}

function claimsOf(payload: string): { sub: string; exp: number } | undefined {
  try {
    const value = JSON.parse(UTF8.decode(fromBase64Url(payload))) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { sub, exp } = value as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof exp !== 'number' || !Number.isSafeInteger(exp)) {
      return undefined;
    }
    return { sub, exp };
  } catch {
    return undefined;
  }
}

/**
 * The portal tokens signed with `key` (at least `PORTAL_KEY_MIN_BYTES` bytes; throws on
 * a shorter key, a programming error).
 *
 * @example
 * import type { Timestamp } from '@feecast/models';
 *
 * const at = (instant: string) => instant as Timestamp; // instants as the API sends them
 * const links = portalLinks(randomPortalKey());
 * const token = links.token('ea0405e2-c552-49f8-b8b7-572e437a6e8d', at('2026-11-26T12:00:00Z'));
 * links.check(token, at('2026-11-26T13:00:00Z')) // => { kind: 'valid', customerId: 'ea0405e2-c552-49f8-b8b7-572e437a6e8d' }
 * links.check(token, at('2026-11-27T00:00:00Z')) // => { kind: 'expired' }
 * links.check(`${token}x`, at('2026-11-26T13:00:00Z')) // => { kind: 'invalid' }
 */
export function portalLinks(key: Uint8Array): PortalLinks {
  if (key.byteLength < PORTAL_KEY_MIN_BYTES) {
    throw new Error(`A portal key needs at least ${PORTAL_KEY_MIN_BYTES} bytes.`);
  }
  const secret = Uint8Array.from(key);
  const sign = (payload: string): Uint8Array => hmac(sha256, secret, TO_UTF8.encode(payload));
  // The payload is signed as sent, so changing any character of it breaks the signature.
  return {
    token: (customerId, now) => {
      const claims = { sub: customerId, exp: seconds(now) + PORTAL_LINK_SECONDS };
      const payload = toBase64Url(TO_UTF8.encode(JSON.stringify(claims)));
      return `${payload}.${toBase64Url(sign(payload))}`;
    },
    check: (token, now) => {
      const [payload, signature, ...rest] = token.split('.');
      if (payload === undefined || signature === undefined || rest.length > 0) {
        return { kind: 'invalid' };
      }
      if (!BASE64URL.test(payload)) return { kind: 'invalid' };
      // The signature as sent against its one encoding: no other text of the same bytes passes.
      const given = TO_UTF8.encode(signature);
      const expected = TO_UTF8.encode(toBase64Url(sign(payload)));
      if (!sameBytes(given, expected)) {
        return { kind: 'invalid' };
      }
      const claims = claimsOf(payload);
      if (claims === undefined) return { kind: 'invalid' };
      if (claims.exp <= seconds(now)) return { kind: 'expired' };
      return { kind: 'valid', customerId: claims.sub };
    },
  };
}

/**
 * A new random portal key (32 bytes from Web Crypto's `getRandomValues`).
 *
 * @example
 * import type { Timestamp } from '@feecast/models';
 *
 * const key = randomPortalKey();
 * key.length // => 32
 * portalLinks(key).check('not-a-token', '2026-11-26T12:00:00Z' as Timestamp) // => { kind: 'invalid' }
 */
export function randomPortalKey(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(PORTAL_KEY_MIN_BYTES));
}

let processLinks: PortalLinks | undefined;

/**
 * The portal tokens of a key made once per process: what `reduce` signs with when it is not
 * given a signer.
 *
 * @example
 * reduce(state, request, now, defaultOperations, processPortalLinks());
 */
export function processPortalLinks(): PortalLinks {
  processLinks ??= portalLinks(randomPortalKey());
  return processLinks;
}
