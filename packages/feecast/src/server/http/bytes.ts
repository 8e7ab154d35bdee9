/**
 * Bytes without Node's `Buffer`, for the parts of the server that also run in a browser (the
 * fetch handler, the webhook signature check): base64 and base64url (RFC 4648 §4 and §5, the
 * latter without padding) and a comparison in constant time.
 */

/**
 * `bytes` in base64 (RFC 4648 §4, padded).
 *
 * @example
 * toBase64(new TextEncoder().encode('{"a":1}')); // 'eyJhIjoxfQ=='
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * `bytes` in base64url, without padding.
 *
 * @example
 * toBase64Url(new TextEncoder().encode('{"a":1}')); // 'eyJhIjoxfQ'
 */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The bytes of base64url `text` (padding optional); throws on a character outside the
 * alphabet (callers check the text first, or catch).
 *
 * @example
 * new TextDecoder().decode(fromBase64Url('eyJhIjoxfQ')); // '{"a":1}'
 */
export function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Whether `a` and `b` hold the same bytes, in a time that depends on their lengths only (every
 * byte is compared, no early exit), so a signature's comparison does not tell how much of it
 * was right.
 *
 * @example
 * sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2])); // true
 * sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3])); // false
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}
