// The pure parts of the webhooks: the signature and its check, the retry waits, the queue
// (which activities, which endpoints, in which order), the endpoints of --webhook-url and
// the body.
import { createHmac } from 'node:crypto';
import type { ActivityLog, Timestamp } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asUuid } from '../../../src/server/state/brands';
import { emptyState, type ServerState } from '../../../src/server/state/state';
import { withWebhookUrls } from '../../../src/server/webhooks/configured-endpoints';
import { deliveryLog } from '../../../src/server/webhooks/delivery-log';
import { webhookBody } from '../../../src/server/webhooks/payload';
import { queueWebhooks } from '../../../src/server/webhooks/queue';
import { DEFAULT_RETRY, retryDelayMs } from '../../../src/server/webhooks/retry';
import { verifyWebhookSignature, webhookSignature } from '../../../src/server/webhooks/signature';
import { endpointSigningKey } from '../../../src/server/webhooks/signing-keys';
import { endpoint, NOW } from './endpoint';

function activity(id: number, type: string, customer: string | null): ActivityLog {
  return {
    activity_id: asUuid(`aa000000-0000-4000-8000-${String(id).padStart(12, '0')}`),
    activity_type: type,
    activity_source: 'api',
    activity_object: { svc_id: `object-${id}` },
    activity_object_changes: {},
    user_email: null,
    external_customer_id: customer,
    external_subscription_id: null,
    resource_id: asUuid(`bb000000-0000-4000-8000-${String(id).padStart(12, '0')}`),
    resource_type: 'Wallet',
    organization_id: emptyState().organization_id,
    logged_at: NOW,
    created_at: NOW,
  } as ActivityLog;
}

function withLogs(state: ServerState, logs: readonly ActivityLog[]): ServerState {
  return { ...state, activity_logs: [...state.activity_logs, ...logs] };
}

describe('the signature', () => {
  it('is base64 HMAC-SHA256 of the raw body, as node:crypto computes it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (body, key) => {
        const expected = createHmac('sha256', key).update(body, 'utf8').digest('base64');
        expect(webhookSignature(body, key)).toBe(expected);
        expect(verifyWebhookSignature(body, expected, key)).toBe(true);
        expect(verifyWebhookSignature(new TextEncoder().encode(body), expected, key)).toBe(true);
      }),
    );
  });

  it('refuses any other body, and never throws on any input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (body, other) => {
        const signature = webhookSignature(body, 'whsec_k');
        expect(verifyWebhookSignature(other, signature, 'whsec_k')).toBe(other === body);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, b, c) => {
        expect(typeof verifyWebhookSignature(a, b, c)).toBe('boolean');
      }),
    );
    expect(verifyWebhookSignature('{}', ['a', 'b'], 'k')).toBe(false);
  });

  it('each endpoint has its own key under one secret; the key depends on the secret', () => {
    const secret = new Uint8Array(32).fill(7);
    const a = endpointSigningKey(secret, 'fc000000-0000-4000-8000-000000000001');
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpointSigningKey(secret, 'fc000000-0000-4000-8000-000000000002')).not.toBe(a);
    expect(endpointSigningKey(new Uint8Array(32), 'fc000000-0000-4000-8000-000000000001')).not.toBe(
      a,
    );
    expect(endpointSigningKey(secret, 'fc000000-0000-4000-8000-000000000001')).toBe(a);
  });
});

describe('retries', () => {
  it('wait 1, 2, 4... 256 s after attempts 1 to 9, and stop after the 10th', () => {
    const waits = Array.from({ length: 10 }, (_, i) => retryDelayMs(DEFAULT_RETRY, i + 1));
    expect(waits).toEqual([1e3, 2e3, 4e3, 8e3, 16e3, 32e3, 64e3, 128e3, 256e3, undefined]);
  });

  it('never wait longer than maxDelayMs', () => {
    const policy = { firstDelayMs: 100, maxDelayMs: 350, maxAttempts: 6 };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(policy, n))).toEqual([
      100,
      200,
      350,
      350,
      350,
      undefined,
    ]);
  });
});

describe('the queue', () => {
  const local = endpoint('http://127.0.0.1:4000/hooks');
  const invoicesOnly = endpoint('http://127.0.0.1:4001/invoices', {
    event_types: ['invoice.created'],
  });
  const jwt = endpoint('http://127.0.0.1:4002/jwt-signed', { signature_algo: 'jwt' });
  const reserved = endpoint('https://hooks.example.com/billing');
  const base: ServerState = {
    ...emptyState(),
    webhook_endpoints: [local, invoicesOnly, jwt, reserved],
  };

  it('queues one delivery per new activity of a webhook type and endpoint that receives it', () => {
    const next = withLogs(base, [
      activity(1, 'wallet_transaction.created', 'acme'),
      activity(2, 'coupon.deleted', 'acme'),
      activity(3, 'invoice.created', null),
    ]);
    const queued = queueWebhooks(base, next);
    expect(
      queued.webhook_deliveries.map((d) => [
        d.webhook_type,
        d.svc_webhook_endpoint_id,
        d.ordering_key,
      ]),
    ).toEqual([
      ['wallet_transaction.created', local.svc_id, 'acme'],
      ['invoice.created', local.svc_id, ''],
      ['invoice.created', invoicesOnly.svc_id, ''],
    ]);
    // New ids of the state: the unique keys.
    expect(queued.webhook_deliveries.map((d) => d.svc_id)).toEqual([
      'fc000000-0000-4000-8000-000000000001',
      'fc000000-0000-4000-8000-000000000002',
      'fc000000-0000-4000-8000-000000000003',
    ]);
    expect(queued.id_sequence).toBe(3);
    // Nothing new: the same state; the logs of `before` are not queued again.
    expect(queueWebhooks(queued, queued)).toBe(queued);
    const later = withLogs(queued, [activity(4, 'subscription.terminated', 'acme')]);
    expect(
      queueWebhooks(queued, later)
        .webhook_deliveries.slice(3)
        .map((d) => d.webhook_type),
    ).toEqual(['subscription.terminated']);
  });

  it('a queued delivery is pending until an attempt delivers it or the last one fails', () => {
    const queued = queueWebhooks(base, withLogs(base, [activity(1, 'invoice.created', null)]));
    const id = queued.webhook_deliveries.at(0)?.svc_id ?? asUuid('');
    const attempt = (n: number, outcome: 'delivered' | 'retrying' | 'failed') => ({
      svc_webhook_delivery_id: id,
      attempt: n,
      attempted_at: '2026-11-27T00:00:00.000Z',
      status_code: outcome === 'delivered' ? 200 : 500,
      error: null,
      outcome,
      next_retry_at: outcome === 'retrying' ? '2026-11-27T00:00:01.000Z' : null,
    });
    const statusAfter = (attempts: ReturnType<typeof attempt>[]) =>
      deliveryLog({ ...queued, webhook_attempts: attempts }).map((d) => [
        d.status,
        d.next_retry_at,
      ]);
    expect(statusAfter([])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);
    expect(statusAfter([attempt(1, 'retrying')])[0]).toEqual([
      'pending',
      '2026-11-27T00:00:01.000Z',
    ]);
    expect(statusAfter([attempt(1, 'retrying'), attempt(2, 'delivered')])[0]).toEqual([
      'delivered',
      null,
    ]);
    expect(statusAfter([attempt(1, 'failed')])[0]).toEqual(['failed', null]);
  });
});

describe('--webhook-url endpoints', () => {
  it('are added once, as hmac endpoints of the organization', () => {
    const url = 'http://127.0.0.1:4000/hooks';
    const once = withWebhookUrls(emptyState(), [url, url], NOW as Timestamp);
    expect(once.webhook_endpoints).toEqual([
      {
        svc_id: 'fc000000-0000-4000-8000-000000000001',
        svc_organization_id: emptyState().organization_id,
        webhook_url: url,
        signature_algo: 'hmac',
        name: null,
        event_types: null,
        created_at: NOW,
      },
    ]);
    expect(withWebhookUrls(once, [url], NOW)).toBe(once);
  });
});

describe('the body', () => {
  it('is the envelope around the activity object, with svc_ or lago_ keys', () => {
    const log = activity(1, 'wallet.depleted_ongoing_balance', 'acme');
    const org = emptyState().organization_id;
    expect(JSON.parse(webhookBody(log, org, 'svc'))).toEqual({
      webhook_type: 'wallet.depleted_ongoing_balance',
      object_type: 'wallet',
      svc_organization_id: org,
      wallet: { svc_id: 'object-1' },
    });
    expect(JSON.parse(webhookBody(log, org, 'lago'))).toEqual({
      webhook_type: 'wallet.depleted_ongoing_balance',
      object_type: 'wallet',
      lago_organization_id: org,
      wallet: { lago_id: 'object-1' },
    });
  });
});
