// Issue 24 §3: the server's webhooks, delivered to a receiver on 127.0.0.1: signed (the
// receiver's check accepts the delivery and refuses a tampered body), in order per customer,
// retried after a 500, logged at GET /__feecast/webhooks.
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../../src/server/webhooks/signature';
import { type Answer, serverPerTest, type TestServer } from '../builders';
import { type Receiver, startReceiver, uniqueKey } from './receiver';

const WALLET_ID = '66a81770-c736-48e0-9785-c276e2366448';
const SECRET = new TextEncoder().encode('a webhook secret of at least 32 bytes, for tests');
const FAST = { firstDelayMs: 50, maxDelayMs: 200, maxAttempts: 3 };

const start = serverPerTest();
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(script: readonly number[] = []): Promise<Receiver> {
  const r = await startReceiver(script);
  receivers.push(r);
  return r;
}

function topUp(server: TestServer, credits: string): Promise<Answer> {
  return server.call('POST', '/api/v1/wallet_transactions', {
    wallet_transaction: { wallet_id: WALLET_ID, granted_credits: credits },
  });
}

interface Log {
  readonly webhook_endpoints: {
    svc_id: string;
    webhook_url: string;
    signing_key: string;
    receives_webhooks: boolean;
  }[];
  readonly webhook_deliveries: {
    svc_id: string;
    webhook_type: string;
    status: string;
    next_retry_at: string | null;
    attempts: {
      attempt: number;
      status_code: number | null;
      outcome: string;
      next_retry_at: string | null;
    }[];
  }[];
}

async function log(server: TestServer, query = ''): Promise<Log> {
  const answer = await server.call('GET', `/__feecast/webhooks${query}`);
  expect(answer.status).toBe(200);
  return answer.body as Log;
}

/** Polls the delivery log until no delivery is pending. */
async function settled(server: TestServer): Promise<Log> {
  for (let i = 0; i < 500; i++) {
    const current = await log(server);
    if (current.webhook_deliveries.every((d) => d.status !== 'pending')) return current;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error('deliveries still pending after 10 s');
}

function keyOf(current: Log, url: string): string {
  const endpoint = current.webhook_endpoints.find((e) => e.webhook_url === url);
  if (endpoint === undefined) throw new Error(`no endpoint at ${url}`);
  return endpoint.signing_key;
}

describe('webhooks', () => {
  it('a wallet top-up is delivered as signed webhooks, in the order of its activities', async () => {
    const hooks = await receiver();
    const t = await start({ webhooks: { urls: [hooks.url], secret: SECRET, retry: FAST } });
    expect((await topUp(t, '10')).status).toBe(200);
    // The top-up logs wallet_transaction.created then wallet.updated: two webhooks.
    await hooks.waitFor(2);
    const current = await settled(t);
    const key = keyOf(current, hooks.url);
    const bodies = hooks.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies.map((b) => b.webhook_type)).toEqual([
      'wallet_transaction.created',
      'wallet.updated',
    ]);
    expect(Object.keys(bodies[0] ?? {})).toEqual([
      'webhook_type',
      'object_type',
      'svc_organization_id',
      'wallet_transaction',
    ]);
    expect(bodies[0]?.object_type).toBe('wallet_transaction');
    expect(bodies[0]?.wallet_transaction).toMatchObject({
      transaction_status: 'granted',
      credit_amount: '10.0',
    });
    expect(bodies[1]?.object_type).toBe('wallet');
    for (const request of hooks.received) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-svc-signature-algorithm']).toBe('hmac');
      expect(verifyWebhookSignature(request.body, request.headers['x-svc-signature'], key)).toBe(
        true,
      );
      // A body changed by one character is refused; so is another endpoint's key.
      const tampered = request.body.replace('wallet', 'wallel');
      expect(tampered).not.toBe(request.body);
      expect(verifyWebhookSignature(tampered, request.headers['x-svc-signature'], key)).toBe(false);
      expect(
        verifyWebhookSignature(request.body, request.headers['x-svc-signature'], `${key}x`),
      ).toBe(false);
    }
    const keys = hooks.received.map((r) => uniqueKey(r.headers));
    expect(new Set(keys).size).toBe(2);
    expect(current.webhook_deliveries.map((d) => [d.svc_id, d.status, d.attempts.length])).toEqual(
      keys.map((k) => [k, 'delivered', 1]),
    );
  });

  it('retries after a 500, with the same unique key and body, and holds the later webhook back', async () => {
    const hooks = await receiver([500]);
    const t = await start({ webhooks: { urls: [hooks.url], secret: SECRET, retry: FAST } });
    expect((await topUp(t, '10')).status).toBe(200);
    await hooks.waitFor(3);
    const current = await settled(t);
    // 500 on the first attempt of the first webhook, 200 on its retry, then the second one.
    expect(hooks.received.map((r) => r.status)).toEqual([500, 200, 200]);
    const [first, retry, second] = hooks.received;
    expect(uniqueKey(retry?.headers ?? {})).toBe(uniqueKey(first?.headers ?? {}));
    expect(retry?.body).toBe(first?.body);
    expect(JSON.parse(second?.body ?? '{}').webhook_type).toBe('wallet.updated');
    const [created] = current.webhook_deliveries;
    expect(created?.attempts.map((a) => [a.attempt, a.status_code, a.outcome])).toEqual([
      [1, 500, 'retrying'],
      [2, 200, 'delivered'],
    ]);
    expect(created?.attempts[0]?.next_retry_at).not.toBeNull();
  });

  it('gives up after the last attempt and moves on; the log filters by status', async () => {
    const hooks = await receiver([500, 503, 502]);
    const t = await start({ webhooks: { urls: [hooks.url], secret: SECRET, retry: FAST } });
    expect((await topUp(t, '10')).status).toBe(200);
    await hooks.waitFor(4);
    const current = await settled(t);
    expect(current.webhook_deliveries.map((d) => d.status)).toEqual(['failed', 'delivered']);
    expect(current.webhook_deliveries[0]?.attempts.map((a) => a.outcome)).toEqual([
      'retrying',
      'retrying',
      'failed',
    ]);
    expect((await log(t, '?status=failed')).webhook_deliveries).toHaveLength(1);
  });

  it('an endpoint that refuses connections is retried; the example endpoint (example.com) gets nothing', async () => {
    const gone = await receiver();
    await gone.close();
    receivers.splice(receivers.indexOf(gone), 1);
    const t = await start({ webhooks: { urls: [gone.url], secret: SECRET, retry: FAST } });
    expect((await topUp(t, '10')).status).toBe(200);
    const current = await settled(t);
    const example = current.webhook_endpoints.find((e) => e.webhook_url.includes('example.com'));
    expect(example?.receives_webhooks).toBe(false);
    // Two webhooks for the one endpoint that can answer, none for the example's.
    expect(current.webhook_deliveries.map((d) => d.status)).toEqual(['failed', 'failed']);
    const attempt = current.webhook_deliveries[0]?.attempts[0];
    expect(attempt?.status_code).toBeNull();
  });

  it('with --id-prefix lago, the reference names: X-Lago-Signature and lago_ keys', async () => {
    const hooks = await receiver();
    const t = await start({
      idPrefix: 'lago',
      webhooks: { urls: [hooks.url], secret: SECRET, retry: FAST },
    });
    expect((await topUp(t, '10')).status).toBe(200);
    await hooks.waitFor(2);
    const request = hooks.received[0];
    const body = JSON.parse(request?.body ?? '{}') as Record<string, { lago_id?: string }>;
    expect(Object.keys(body)).toContain('lago_organization_id');
    expect(body.wallet_transaction?.lago_id).toMatch(/^fc000000-/);
    const key = keyOf(await settled(t), hooks.url);
    expect(verifyWebhookSignature(request?.body, request?.headers['x-lago-signature'], key)).toBe(
      true,
    );
    expect(uniqueKey(request?.headers ?? {})).toMatch(/^fc000000-/);
  });

  it('without the webhooks option, nothing is queued and the log is not served', async () => {
    const t = await start();
    expect((await topUp(t, '10')).status).toBe(200);
    expect((await t.call('GET', '/__feecast/webhooks')).status).toBe(404);
  });
});
