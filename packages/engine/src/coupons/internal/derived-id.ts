/**
 * Identifiers for the records the engine creates on an invoice (its applied taxes, its
 * credits): the engine has no randomness, so an id is derived from what the record belongs
 * to. The same inputs always give the same id, and different inputs practically never meet.
 * @internal
 */
import { Uuid } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../error';

/** Four 32-bit lanes mixed with odd multipliers: a 128-bit, non-cryptographic string hash. */
function hash128(text: string): readonly [number, number, number, number] {
  let a = 0x6a09e667;
  let b = 0xbb67ae85;
  let c = 0x3c6ef372;
  let d = 0xa54ff53a;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    a = b ^ Math.imul(a ^ k, 0x239b961b);
    b = c ^ Math.imul(b ^ k, 0xab0e9789);
    c = d ^ Math.imul(c ^ k, 0x38b34ae5);
    d = a ^ Math.imul(d ^ k, 0xa1e38b93);
  }
  a = Math.imul(c ^ (a >>> 18), 0x239b961b);
  b = Math.imul(d ^ (b >>> 22), 0xab0e9789);
  c = Math.imul(a ^ (c >>> 17), 0x38b34ae5);
  d = Math.imul(b ^ (d >>> 19), 0xa1e38b93);
  a ^= b ^ c ^ d;
  b ^= a;
  c ^= a;
  d ^= a;
  return [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
}

/**
 * A UUID (version 8, "custom") derived from `parts`, e.g. the invoice's id, a record kind and
 * the key of the record within the invoice.
 *
 * @example
 * derivedUuid(['ff4b95d5-27d2-49c1-a56f-ebcafd48cd83', 'applied_tax', 'vat_fr'], ['applied_taxes'])
 * // right('…-8…-…'): the same UUID on every run
 */
export function derivedUuid(
  parts: readonly string[],
  path: readonly string[],
): Either<FeecastError, Uuid> {
  const hex = hash128(parts.join('\u0000'))
    .map((lane) => lane.toString(16).padStart(8, '0'))
    .join('');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  const text = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return Uuid.is(text)
    ? right(text)
    : left(feecastError('invalid_input', `Cannot derive an id from ${parts.join(', ')}.`, path));
}
