// Issue 23 §3: an answer's JSON text is written once per body object and prefix when the body is
// answered again as the same object (the usage answers kept between changes, marked with
// `answeredAgain`); other bodies (an estimate, a list: new objects on each request) are written
// each time and not kept. The text of a body given again is the text of its first answer, and
// each prefix has its own.
import { describe, expect, it } from 'vitest';
import { answeredAgain, isAnsweredAgain } from '../../src/server/http/answered-again';
import { jsonAnswer, keylessAnswer } from '../../src/server/http/answers';
import { portalLinks, randomPortalKey } from '../../src/server/http/portal-token';
import { defaultOperations } from '../../src/server/routes/operations';
import { reduce } from '../../src/server/routes/reducer';
import { asTimestamp } from '../../src/server/state/brands';
import { exampleState } from '../../src/server/state/example-state';

describe('jsonAnswer', () => {
  it('gives a body answered again the same text each time, per id prefix', () => {
    const body = answeredAgain({
      wallet: { svc_id: 'w1', svc_customer_id: 'c1', name: 'Prepaid' },
    });
    const svc = '{"wallet":{"svc_id":"w1","svc_customer_id":"c1","name":"Prepaid"}}';
    const lago = '{"wallet":{"lago_id":"w1","lago_customer_id":"c1","name":"Prepaid"}}';
    expect(jsonAnswer({ status: 200, body }, 'svc').text).toBe(svc);
    expect(jsonAnswer({ status: 200, body }, 'lago').text).toBe(lago);
    // Kept: a body is never changed once answered, so the text written first is the text.
    body.wallet.name = 'changed';
    expect(jsonAnswer({ status: 200, body }, 'svc').text).toBe(svc);
    expect(jsonAnswer({ status: 200, body }, 'lago').text).toBe(lago);
    expect(jsonAnswer({ status: 200, body: 'plain' }, 'svc').text).toBe('"plain"');
    expect(jsonAnswer({ status: 200, body: null }, 'lago').text).toBe('null');
  });

  it('keeps no text for a body not answered again', () => {
    // An estimate's answer is a new object on each request: its text is written and dropped
    // (keeping it would cost a WeakMap entry per request that no one reads).
    const body = { fees: [{ amount_cents: 1000 }] };
    expect(jsonAnswer({ status: 200, body }, 'svc').text).toBe('{"fees":[{"amount_cents":1000}]}');
    body.fees[0] = { amount_cents: 1200 };
    expect(jsonAnswer({ status: 200, body }, 'svc').text).toBe('{"fees":[{"amount_cents":1200}]}');
  });
});

describe('answeredAgain', () => {
  const now = asTimestamp('2025-03-20T12:00:00.000Z');
  const state = exampleState(new Date(now));
  const get = (path: string, query: string) =>
    reduce(state, { method: 'GET', path, query, origin: 'http://127.0.0.1:3000' }, now).response;

  it('marks the usage answers, kept between changes, and not an estimate', () => {
    const query = 'external_subscription_id=sub_1234567890';
    const current = get('/api/v1/customers/hooli_1234/current_usage', query);
    const projected = get('/api/v1/customers/hooli_1234/projected_usage', query);
    expect([current.status, projected.status]).toStrictEqual([200, 200]);
    expect(isAnsweredAgain(current.body)).toBe(true);
    expect(isAnsweredAgain(projected.body)).toBe(true);
    // The same object the second time (the kept answer), so its text is the kept one.
    expect(get('/api/v1/customers/hooli_1234/current_usage', query).body).toBe(current.body);
    const estimate = reduce(
      state,
      {
        method: 'POST',
        path: '/api/v1/events/estimate_fees',
        query: '',
        origin: 'http://127.0.0.1:3000',
        body: JSON.stringify({
          event: {
            code: 'seats',
            external_subscription_id: 'sub_1234567890',
            properties: { seat_id: 'new-seat', region: 'Europe' },
          },
        }),
      },
      now,
    ).response;
    expect(estimate.status).toBe(200);
    expect(isAnsweredAgain(estimate.body)).toBe(false);
  });
});

describe('keylessAnswer', () => {
  const state = exampleState(new Date('2025-03-15T12:00:00Z'));
  const links = portalLinks(randomPortalKey());
  const noClock = () => {
    throw new Error('the clock was read');
  };

  it('reads no clock for a request that needs a key, nor for the OpenAPI document', () => {
    // Only a portal page prices anything at `now`: every other request costs no clock read.
    const plans = { method: 'GET', path: '/api/v1/plans' };
    expect(keylessAnswer(plans, state, noClock, defaultOperations, links)).toBeUndefined();
    const openApi = { method: 'GET', path: '/api/v1/openapi.json' };
    expect(keylessAnswer(openApi, state, noClock, defaultOperations, links)?.status).toBe(200);
  });

  it('reads the clock for a portal page', () => {
    const page = { method: 'GET', path: '/customer_portal/not-a-token' };
    expect(() => keylessAnswer(page, state, noClock, defaultOperations, links)).toThrow(
      'the clock was read',
    );
  });

  it('answers a JSON body without headers of its own with the same headers as before', () => {
    // The shared headers object holds what the spread gave: security headers, then the type.
    expect(jsonAnswer({ status: 200, body: {} }, 'svc').headers).toStrictEqual({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(
      Object.keys(jsonAnswer({ status: 404, body: {}, headers: { allow: 'GET' } }, 'svc').headers),
    ).toStrictEqual(['cache-control', 'x-content-type-options', 'allow', 'content-type']);
  });
});
