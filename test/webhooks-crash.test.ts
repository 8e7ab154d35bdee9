// Issue 24 §3: webhook delivery survives `feecast serve --data-dir` killed with SIGKILL. A
// receiver on 127.0.0.1 counts deliveries by unique key while writers top up a wallet (each
// top-up logs two activities of webhook types: two webhooks). After each kill, the outcomes
// on disk (the snapshot and the journal) are read: a delivery whose `delivered` outcome is on
// disk is never received again after the restart; after the last restart every webhook of
// every acknowledged top-up arrives (nothing lost), and a key arrives twice only when the
// kill fell between the receiver's 2xx and the flush of its outcome.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, uniqueKey } from '../packages/feecast/test/server/webhooks/receiver';
import { type Served, serveDataDir } from './serve';

const KEY = 'crash_key';
const WRITERS = 4;
const ROUNDS = 6;
const WALLET_ID = '66a81770-c736-48e0-9785-c276e2366448';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

function serve(data: string, url: string): Promise<Served> {
  return serveDataDir(data, KEY, ['--webhook-url', url], { FEECAST_WEBHOOK_KEY: 'k'.repeat(32) });
}

/** Tops up the example wallet: the new transaction's id, `undefined` when not acknowledged. */
async function topUp(base: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${base}/wallet_transactions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ wallet_transaction: { wallet_id: WALLET_ID, granted_credits: '1' } }),
    });
    if (response.status !== 200) return undefined;
    const body = (await response.json()) as { wallet_transactions: { svc_id: string }[] };
    return body.wallet_transactions[0]?.svc_id;
  } catch {
    return undefined;
  }
}

/** The deliveries whose `delivered` outcome is on disk: in the snapshot or a whole journal record. */
function deliveredOnDisk(data: string): Set<string> {
  const ids = new Set<string>();
  const add = (attempts: unknown) => {
    if (!Array.isArray(attempts)) return;
    for (const attempt of attempts as { outcome: string; svc_webhook_delivery_id: string }[]) {
      if (attempt.outcome === 'delivered') ids.add(attempt.svc_webhook_delivery_id);
    }
  };
  const read = (file: string) => {
    try {
      return readFileSync(join(data, file), 'utf8');
    } catch {
      return '';
    }
  };
  const snapshot = read('state.json');
  if (snapshot !== '')
    add((JSON.parse(snapshot) as { webhook_attempts?: unknown }).webhook_attempts);
  for (const line of read('journal.log').split('\n')) {
    try {
      const record = JSON.parse(line.slice(17)) as {
        changes: { webhook_attempts?: { append?: unknown; set?: unknown } };
      };
      const change = record.changes.webhook_attempts;
      add(change?.append ?? change?.set);
    } catch {
      // A record cut short by the kill: not on disk.
    }
  }
  return ids;
}

interface Log {
  readonly webhook_deliveries: { svc_id: string; status: string; webhook_type: string }[];
}

async function settled(origin: string): Promise<Log> {
  for (let i = 0; i < 1500; i++) {
    const answer = await fetch(`${origin}/__feecast/webhooks`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    const log = (await answer.json()) as Log;
    if (log.webhook_deliveries.every((d) => d.status !== 'pending')) return log;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error('deliveries still pending after 30 s');
}

describe('webhooks across kill -9', () => {
  it(`nothing lost, nothing delivered again once its outcome is on disk, ${ROUNDS} kills`, {
    timeout: 300_000,
  }, async () => {
    const data = mkdtempSync(join(tmpdir(), 'feecast-hooks-'));
    dir = data;
    const receiver = await startReceiver();
    try {
      // Each round writes for 100 to 600 ms, and the kill comes 0 to 400 ms after the writes
      // stop (so under writes or while the dispatcher catches up), chosen from the run's seed.
      const delays = fc.sample(
        fc.tuple(fc.integer({ min: 100, max: 600 }), fc.integer({ min: 0, max: 400 })),
        ROUNDS,
      );
      const acknowledged: string[] = [];
      /** Deliveries whose outcome was on disk at a kill, and how many requests had arrived then. */
      const durable: { ids: Set<string>; received: number }[] = [];
      for (const [writeMs, afterMs] of delays) {
        const server = await serve(data, receiver.url);
        let stop = false;
        const writer = async () => {
          while (!stop) {
            const id = await topUp(server.base);
            if (id !== undefined && !stop) acknowledged.push(id);
          }
        };
        const writing = Promise.all(Array.from({ length: WRITERS }, () => writer()));
        await new Promise((done) => setTimeout(done, writeMs));
        stop = true;
        await new Promise((done) => setTimeout(done, afterMs));
        await server.crash();
        await writing;
        durable.push({ ids: deliveredOnDisk(data), received: receiver.received.length });
      }
      const server = await serve(data, receiver.url);
      const log = await settled(server.origin);
      await server.stop();

      // Every acknowledged top-up's two webhooks were delivered, and the receiver has them.
      expect(acknowledged.length).toBeGreaterThan(ROUNDS);
      const deliveredTransactions = new Set(
        receiver.received
          .map((r) => JSON.parse(r.body) as { wallet_transaction?: { svc_id: string } })
          .map((body) => body.wallet_transaction?.svc_id),
      );
      expect(acknowledged.filter((id) => !deliveredTransactions.has(id))).toEqual([]);
      expect(log.webhook_deliveries.filter((d) => d.status !== 'delivered')).toEqual([]);
      const counts = receiver.acknowledged();
      expect(log.webhook_deliveries.filter((d) => (counts.get(d.svc_id) ?? 0) < 1)).toEqual([]);
      // No delivery whose outcome was on disk at a kill arrived after that kill.
      for (const { ids, received } of durable) {
        const again = receiver.received.slice(received).map((r) => uniqueKey(r.headers));
        expect(again.filter((key) => ids.has(key))).toEqual([]);
      }
      // A key received twice was sent again after a kill that found no outcome on disk for it.
      const twice = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
      for (const key of twice) expect(durable.some(({ ids }) => !ids.has(key))).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
