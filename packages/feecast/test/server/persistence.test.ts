// --data-dir: every answered change is saved atomically and survives a restart.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSnapshot, SNAPSHOT_FILE, writeSnapshot } from '../../src/server/state/snapshot';
import { emptyState } from '../../src/server/state/state';
import { example, startServer } from './builders';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feecast-server-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const WALLET = '/api/v1/wallets/66a81770-c736-48e0-9785-c276e2366448';

describe('persistence with a data directory', () => {
  it('a change answered before a restart is there after it; a failed request writes nothing', async () => {
    const first = await startServer({ dataDir: dir });
    expect((await first.call('GET', '/api/v1/plans')).status).toBe(200);
    expect(readdirSync(dir)).toEqual([]);
    expectStatus(await first.call('PUT', WALLET, { wallet: { priority: 99 } }), 422);
    expect(readdirSync(dir)).toEqual([]);
    expectStatus(await first.call('PUT', WALLET, { wallet: { name: 'Persisted' } }), 200);
    expectStatus(
      await first.call('POST', '/api/v1/add_ons', {
        add_on: { name: 'A', code: 'a', amount_cents: 1, amount_currency: 'USD' },
      }),
      200,
    );
    await first.close();
    expect(readdirSync(dir)).toEqual([SNAPSHOT_FILE]);

    const second = await startServer({ dataDir: dir, state: emptyState() });
    const again = await second.call('PUT', WALLET, { wallet: { priority: 50 } });
    expect((again.body as { wallet: { name: string } }).wallet.name).toBe('Persisted');
    const logs = await second.call('GET', '/api/v1/activity_logs?activity_types[]=add_on.created');
    expect((logs.body as { meta: { total_count: number } }).meta.total_count).toBe(1);
    // New ids continue the sequence: nothing is reused after a restart.
    const created = await second.call('POST', '/api/v1/add_ons', {
      add_on: { name: 'B', code: 'b', amount_cents: 1, amount_currency: 'USD' },
    });
    expect((created.body as { add_on: { svc_id: string } }).add_on.svc_id).toBe(
      'fc000000-0000-4000-8000-000000000005',
    );
    await second.close();
  });

  it('concurrent changes are all saved, in order', async () => {
    const server = await startServer({ dataDir: dir });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.call('POST', '/api/v1/events', {
          event: {
            transaction_id: `c_${i}`,
            code: 'cpu',
            external_subscription_id: 'sub_1234567890',
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    await server.close();
    const saved = await readSnapshot(dir);
    expect(saved._tag === 'Right' && saved.right?.events.length).toBe(example().events.length + 10);
  });

  it('writeSnapshot replaces the file whole and leaves no temporary file', async () => {
    await writeSnapshot(dir, example());
    await writeSnapshot(dir, emptyState());
    expect(readdirSync(dir)).toEqual([SNAPSHOT_FILE]);
    expect(JSON.parse(readFileSync(join(dir, SNAPSHOT_FILE), 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(emptyState())),
    );
  });

  it('a snapshot that does not decode is reported with its file name, and createServer refuses it', async () => {
    writeFileSync(join(dir, SNAPSHOT_FILE), '{"version": 1, "plans": 3}');
    const read = await readSnapshot(dir);
    expect(read._tag === 'Left' && read.left.message).toContain(
      `${join(dir, SNAPSHOT_FILE)}: plans must be an array`,
    );
    await expect(startServer({ dataDir: dir })).rejects.toThrow(/plans must be an array/);
    writeFileSync(join(dir, SNAPSHOT_FILE), '{not json');
    const broken = await readSnapshot(dir);
    expect(broken._tag === 'Left' && broken.left.message).toContain('is not valid JSON');
  });
});

function expectStatus(answer: { status: number }, status: number): void {
  expect(answer.status).toBe(status);
}
