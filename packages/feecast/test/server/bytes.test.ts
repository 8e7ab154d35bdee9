// The browser-safe bytes, hashes and signatures of the server (issue 23 §4: the fetch handler
// needs no node:crypto) against Node's own: base64url as Buffer writes it, the portal token's
// HMAC-SHA256 as createHmac makes it (so tokens issued before the change still check), API keys
// compared through SHA-256 digests.
import { createHmac } from 'node:crypto';
import type { Timestamp } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiKeyChecker } from '../../src/server/http/auth';
import { fromBase64Url, sameBytes, toBase64Url } from '../../src/server/http/bytes';
import { portalLinks } from '../../src/server/http/portal-token';

const NOW = '2026-11-26T12:00:00.000Z' as Timestamp;

describe('bytes without Buffer', () => {
  it('base64url is Buffer’s, and reads back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
    );
  });

  it('sameBytes is equality of the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ maxLength: 8 }), (a, b) => {
        expect(sameBytes(a, b)).toBe(Buffer.from(a).equals(Buffer.from(b)));
        expect(sameBytes(a, Uint8Array.from(a))).toBe(true);
      }),
    );
  });
});

describe('portal tokens', () => {
  it('are signed with HMAC-SHA256 of the payload, as Node’s createHmac signs it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 64 }), fc.uuid(), (key, customer) => {
        const token = portalLinks(key).token(customer, NOW);
        const [payload = '', signature] = token.split('.');
        const expected = createHmac('sha256', key).update(payload, 'utf8').digest('base64url');
        expect(signature).toBe(expected);
        // 12 hours after 2026-11-26T12:00:00Z: 1,795,694,400 + 43,200 = 1,795,737,600 s.
        expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toEqual({
          sub: customer,
          exp: 1_795_737_600,
        });
        expect(Date.UTC(2026, 10, 26, 12) / 1000 + 12 * 60 * 60).toBe(1_795_737_600);
      }),
    );
  });
});

describe('API keys', () => {
  it('a key passes only when it is one of the keys, whatever their lengths', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1, maxLength: 40 }).filter((k) => /^\S+$/.test(k)),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.string({ minLength: 1, maxLength: 40 }).filter((k) => /^\S+$/.test(k)),
        (keys, other) => {
          const allowed = apiKeyChecker(keys);
          for (const key of keys) expect(allowed(`Bearer ${key}`)).toBe(true);
          expect(allowed(`Bearer ${other}`)).toBe(keys.includes(other));
        },
      ),
    );
  });
});
