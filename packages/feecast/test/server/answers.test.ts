// Issue 23 §3: an answer's JSON text is written once per body object and prefix (the usage
// answers kept between changes are given again as the same object). The text of a body given
// again is the text of its first answer, and each prefix has its own.
import { describe, expect, it } from 'vitest';
import { jsonAnswer } from '../../src/server/http/answers';

describe('jsonAnswer', () => {
  it('gives a body object the same text each time, per id prefix', () => {
    const body = { wallet: { svc_id: 'w1', svc_customer_id: 'c1', name: 'Prepaid' } };
    const svc = '{"wallet":{"svc_id":"w1","svc_customer_id":"c1","name":"Prepaid"}}';
    const lago = '{"wallet":{"lago_id":"w1","lago_customer_id":"c1","name":"Prepaid"}}';
    expect(jsonAnswer({ status: 200, body }, 'svc').text).toBe(svc);
    expect(jsonAnswer({ status: 200, body }, 'lago').text).toBe(lago);
    expect(jsonAnswer({ status: 200, body }, 'svc').text).toBe(svc);
    expect(jsonAnswer({ status: 200, body }, 'lago').text).toBe(lago);
    expect(jsonAnswer({ status: 200, body: 'plain' }, 'svc').text).toBe('"plain"');
    expect(jsonAnswer({ status: 200, body: null }, 'lago').text).toBe('null');
  });
});
