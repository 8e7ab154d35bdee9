// A wallet that runs out, on a server with a webhook receiver and a data directory (issue 24):
// `acme`'s 100 credits at 1.00 USD and cpu seconds at 0.50 USD. The 200th event depletes the
// wallet: one signed `wallet.depleted_ongoing_balance` webhook; a restart keeps the state and
// sends no second one; a top-up and 30 more events deplete it again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Timestamp } from '@feecast/models';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerState } from '../../../src/server/state/state';
import { verifyWebhookSignature } from '../../../src/server/webhooks/signature';
import { startServer, type TestServer } from '../builders';
import { type Receiver, startReceiver } from '../webhooks/receiver';
import { acmeWallet, clockState, withFundedWallet } from './clock-state';

const NOW = '2025-01-15T00:00:00.000Z' as Timestamp;
const SECRET = new TextEncoder().encode('a webhook secret of at least 32 bytes, for tests');
const FAST = { firstDelayMs: 50, maxDelayMs: 200, maxAttempts: 3 };
const DEPLETED = 'wallet.depleted_ongoing_balance';

let dir: string;
let hooks: Receiver;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'feecast-depletion-'));
  hooks = await startReceiver();
});
afterEach(async () => {
  await hooks.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(state: ServerState): Promise<TestServer> {
  return startServer({
    state,
    now: NOW,
    dataDir: dir,
    webhooks: { urls: [hooks.url], secret: SECRET, retry: FAST },
  });
}

/** Sends events `from`..`to` - 1 of 1 cpu second each (0.50 USD). */
async function send(server: TestServer, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const answer = await server.call('POST', '/api/v1/events', {
      event: {
        transaction_id: `tx_${i}`,
        code: 'cpu',
        external_subscription_id: 'sub_acme',
        properties: { cpu_seconds: '1' },
      },
    });
    expect(answer.status).toBe(200);
  }
}

interface Log {
  readonly webhook_endpoints: { webhook_url: string; signing_key: string }[];
  readonly webhook_deliveries: { webhook_type: string; status: string }[];
}

/** The delivery log once nothing is pending. */
async function settled(server: TestServer): Promise<Log> {
  for (let i = 0; i < 500; i++) {
    const answer = await server.call('GET', '/__feecast/webhooks');
    const log = answer.body as Log;
    if (log.webhook_deliveries.every((d) => d.status !== 'pending')) return log;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error('deliveries still pending after 10 s');
}

/** The bodies of the depletion webhooks the receiver got. */
function depletions(): Record<string, unknown>[] {
  return hooks.received
    .map((r) => JSON.parse(r.body) as Record<string, unknown>)
    .filter((body) => body.webhook_type === DEPLETED);
}

describe('wallet.depleted_ongoing_balance', () => {
  it('one signed webhook at the 200th event, none more after a restart, again after a top-up', async () => {
    const first = await start(withFundedWallet(clockState(), '100', NOW));
    await send(first, 0, 199);
    // 199 × 0.50 = 99.50 of 100.00: not depleted.
    expect((await settled(first)).webhook_deliveries).toEqual([]);
    await send(first, 199, 205);
    const log = await settled(first);
    // The 200th event: 100.00 - 200 × 0.50 = 0. Five more (-2.50) send nothing more.
    expect(log.webhook_deliveries.map((d) => [d.webhook_type, d.status])).toEqual([
      [DEPLETED, 'delivered'],
    ]);
    const key = log.webhook_endpoints.find((e) => e.webhook_url === hooks.url)?.signing_key ?? '';
    const [request] = hooks.received;
    expect(request).toBeDefined();
    expect(
      verifyWebhookSignature(request?.body ?? '', request?.headers['x-svc-signature'], key),
    ).toBe(true);
    const [depletion] = depletions();
    expect(Object.keys(depletion ?? {})).toEqual([
      'webhook_type',
      'object_type',
      'svc_organization_id',
      'wallet',
    ]);
    expect(depletion?.object_type).toBe('wallet');
    expect(depletion?.wallet).toMatchObject({
      external_customer_id: 'acme',
      balance_cents: 10000,
      ongoing_balance_cents: 0,
      ongoing_usage_balance_cents: 10000,
      credits_ongoing_balance: '0.0',
      credits_ongoing_usage_balance: '100.0',
    });
    await first.close();

    // The same data directory: the state is kept (205 events, -2.50 ongoing), the delivered
    // webhook is not sent again, and 5 more events (-5.00) deplete nothing new.
    const second = await start(withFundedWallet(clockState(), '100', NOW));
    try {
      await send(second, 205, 210);
      await settled(second);
      expect(depletions()).toHaveLength(1);
      const topUp = await second.call('POST', '/api/v1/wallet_transactions', {
        wallet_transaction: { wallet_id: acmeWallet(0).svc_id, granted_credits: '20' },
      });
      expect(topUp.status).toBe(200);
      // -5.00 + 20.00 = 15.00: 30 events of 0.50 deplete it again.
      await send(second, 210, 239);
      await settled(second);
      expect(depletions()).toHaveLength(1);
      await send(second, 239, 240);
      await settled(second);
      const all = depletions();
      expect(all).toHaveLength(2);
      expect(all[1]?.wallet).toMatchObject({
        balance_cents: 12000,
        ongoing_balance_cents: 0,
        ongoing_usage_balance_cents: 12000,
      });
    } finally {
      await second.close();
    }
  }, 60_000);
});
