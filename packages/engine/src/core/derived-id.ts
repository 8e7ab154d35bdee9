import type { Uuid } from '@feecast/models';

/** The two hexadecimal digits of each byte. */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) =>
  b.toString(16).padStart(2, '0'),
);
/** The hexadecimal digit of each value 0-15. */
const HEX_DIGIT = '0123456789abcdef';
const COLON = 0x3a;
const BAR = 0x7c;
const ZERO_DIGIT = 0x30;

/**
 * A UUID derived from the given parts, for the identifiers of objects the engine creates
 * (invoice credits and applied taxes, wallet transactions, credit notes and their items...). The engine has no randomness, so
 * the same inputs always give the same identifier: a result can be compared, cached and
 * replayed. The digits are a 128-bit hash (four 32-bit multiply-xorshift lanes over the
 * UTF-16 code units of the parts written `length:part` and joined by `|`), stamped as a
 * version-8 (custom) RFC 9562 UUID. The joined text is hashed as it is read, never built.
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
  const mix = (k: number) => {
    h1 = h2 ^ Math.imul(h1 ^ k, 597_399_067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2_869_860_233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951_274_213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2_716_044_179);
  };
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p] as string;
    if (p > 0) mix(BAR);
    // The length's decimal digits, most significant first.
    const length = part.length;
    let unit = 1;
    while (unit * 10 <= length) unit *= 10;
    for (; unit >= 1; unit /= 10) mix(ZERO_DIGIT + (Math.floor(length / unit) % 10));
    mix(COLON);
    for (let i = 0; i < length; i++) mix(part.charCodeAt(i));
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597_399_067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2_869_860_233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951_274_213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2_716_044_179);
  const a = h1 ^ h2 ^ h3 ^ h4;
  const b = h2 ^ h1;
  const c = h3 ^ h1;
  const d = h4 ^ h1;
  // The 32 digits of a, b, c, d in the 8-4-4-4-12 form that `Uuid` checks: digit 12 is the
  // version (8), digit 16 keeps its two low bits under the variant's `10`.
  const id =
    `${byte(a, 24)}${byte(a, 16)}${byte(a, 8)}${byte(a, 0)}-${byte(b, 24)}${byte(b, 16)}` +
    `-8${HEX_DIGIT.charAt((b >>> 8) & 0xf)}${byte(b, 0)}` +
    `-${HEX_DIGIT.charAt(((c >>> 28) & 0x3) | 0x8)}${HEX_DIGIT.charAt((c >>> 24) & 0xf)}${byte(c, 16)}` +
    `-${byte(c, 8)}${byte(c, 0)}${byte(d, 24)}${byte(d, 16)}${byte(d, 8)}${byte(d, 0)}`;
  return id as Uuid;
}

/** The two hexadecimal digits of the byte of `word` at bit `shift`. */
function byte(word: number, shift: number): string {
  return HEX_BYTE[(word >>> shift) & 0xff] as string;
}
