// The pure reducer: the same requests give the same results (ids included); a handler that
// throws is a 500 that changes nothing. Junk requests (a failed request changes nothing,
// every answer well-formed): junk-requests.test.ts.
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/server/http/request';
import { reduce } from '../../src/server/routes/reducer';
import { asTimestamp } from '../../src/server/state/brands';
import { example, NOW } from './builders';

const now = asTimestamp(NOW);
const origin = 'http://127.0.0.1:1';

function request(method: string, path: string, body?: unknown, query = ''): ApiRequest {
  return {
    method,
    path: `/api/v1${path}`,
    query,
    origin,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

describe('reduce', () => {
  // A failed request changes nothing, on generated junk: junk-requests.test.ts.

  it('is deterministic: the same requests on the same state give the same state and answers', () => {
    const run = () => {
      let state = example();
      const answers: unknown[] = [];
      for (const r of [
        request('POST', '/add_ons', {
          add_on: { name: 'A', code: 'a', amount_cents: 1, amount_currency: 'USD' },
        }),
        request('POST', '/wallet_transactions', {
          wallet_transaction: {
            wallet_id: '66a81770-c736-48e0-9785-c276e2366448',
            granted_credits: '2',
          },
        }),
        request('DELETE', '/coupons/spring_10'),
      ]) {
        const result = reduce(state, r, now);
        state = result.state;
        answers.push(result.response);
      }
      return { state, answers };
    };
    expect(run()).toEqual(run());
  });

  it('answers a 500 with nothing internal when a handler throws, and changes nothing', () => {
    const state = example();
    const result = reduce(
      state,
      request('PUT', '/invoices/2d2c0d0e-7b1a-4f3e-8c5d-6a9b0e1f2a3b/finalize', {}),
      now,
      {
        estimateFees: () => {
          throw new Error('secret');
        },
        currentUsage: () => {
          throw new Error('secret');
        },
        projectedUsage: () => {
          throw new Error('secret');
        },
        finalizeInvoice: () => {
          throw new Error('secret detail');
        },
        previewInvoice: () => {
          throw new Error('secret');
        },
      },
    );
    expect(result.response).toEqual({
      status: 500,
      body: { status: 500, error: 'Internal Server Error' },
    });
    expect(result.state).toBe(state);
  });
});
