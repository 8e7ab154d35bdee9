// Issue 23 §3: an answer's JSON text is written once per body object and prefix when the body is
// answered again as the same object (the usage answers kept between changes, marked with
// `answeredAgain`); other bodies (an estimate, a list: new objects on each request) are written
// each time and not kept. The text of a body given again is the text of its first answer, and
// each prefix has its own.
import { describe, expect, it } from 'vitest';
import { answeredAgain } from '../../src/server/http/answered-again';
import { jsonAnswer, keylessAnswer } from '../../src/server/http/answers';
import { portalLinks, randomPortalKey } from '../../src/server/http/portal-token';
import { defaultOperations } from '../../src/server/routes/operations';
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
