import type { Uuid } from '@feecast/models';

/**
 * A UUID derived from the given parts, for the identifiers of objects the engine creates
 * (invoice credits and applied taxes, wallet transactions, credit notes and their items...). The engine has no randomness, so
 * the same inputs always give the same identifier: a result can be compared, cached and
 * replayed. The digits are a 128-bit hash (four 32-bit multiply-xorshift lanes over the
 * parts' UTF-16 code units), stamped as a version-8 (custom) RFC 9562 UUID.
 *
 * Distinct parts give distinct identifiers with overwhelming probability; they are not
 * secret and not meant to be unguessable.
 *
 * @example
 * derivedId('credit_note', invoice.svc_id, '1') // the same 8-4-4-4-12 id on every call
 * @internal
 */
export function derivedId(...parts: readonly string[]): Uuid {
  // Integer hashing with Math.imul and 32-bit shifts: no floating point, no randomness.
  let h1 = 0x6a09e667;
  let h2 = 0xbb67ae85;
  let h3 = 0x3c6ef372;
  let h4 = 0xa54ff53a;
  const text = parts.map((part) => `${part.length}:${part}`).join('|');
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597_399_067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2_869_860_233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951_274_213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2_716_044_179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597_399_067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2_869_860_233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951_274_213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2_716_044_179);
  const hex = [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1]
    .map((h) => (h >>> 0).toString(16).padStart(8, '0'))
    .join('');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  // Built in the 8-4-4-4-12 hexadecimal form that `Uuid` checks.
  return id as Uuid;
}
