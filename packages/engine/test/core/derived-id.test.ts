/**
 * `derivedId`: a version-8 UUID hashed from its parts, each written `length:part`, joined by
 * `|` (the joined text is hashed as it is read).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedId } from '../../src/core/derived-id';

const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('derivedId', () => {
  it('is an RFC 9562 version-8 UUID, the same on every call', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 5 }), (parts) => {
        const id = derivedId(...parts);
        expect(id).toMatch(UUID_V8);
        expect(derivedId(...parts)).toBe(id);
      }),
    );
  });

  it('tells the parts apart, not only their text joined', () => {
    // The same characters cut differently, and lengths of one, two and three digits.
    const ids = [
      derivedId('ab', 'c'),
      derivedId('a', 'bc'),
      derivedId('abc'),
      derivedId('a|b', 'c'),
      derivedId('a', 'b', 'c'),
      derivedId('1:a'),
      derivedId('x'.repeat(9)),
      derivedId('x'.repeat(10)),
      derivedId('x'.repeat(100)),
      derivedId(''),
      derivedId('', ''),
      derivedId(),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
