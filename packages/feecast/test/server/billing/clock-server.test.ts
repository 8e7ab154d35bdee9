// The clock endpoint of `createServer` (issue 24 §1): keyed like the API, pinned by `now`,
// its position kept in the data directory across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActivityLog, Invoice } from '@feecast/models';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../builders';
import { clockState, cpuEvent } from './clock-state';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feecast-clock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const state = { ...clockState(), events: [cpuEvent('1', '2025-01-20T10:00:00Z', 20)] };

interface Moved {
  readonly clock: { readonly now: string; readonly pinned: boolean };
  readonly activity_logs: readonly ActivityLog[];
}

describe('POST /__feecast/clock', () => {
  it('needs the API key, is pinned by now, and answers GET with where it stands', async () => {
    const server = await startServer({ state, now: '2025-01-15T00:00:00Z' });
    try {
      const refused = await server.call('GET', '/__feecast/clock', undefined, {});
      expect(refused.status).toBe(401);
      const read = await server.call('GET', '/__feecast/clock');
      expect(read.body).toEqual({ clock: { now: '2025-01-15T00:00:00.000Z', pinned: true } });
      const put = await server.call('PUT', '/__feecast/clock', { now: '2025-02-01T00:00:00Z' });
      expect(put.status).toBe(405);
    } finally {
      await server.close();
    }
  });

  it('keeps its position across a restart with --data-dir; the next move bills February only', async () => {
    const first = await startServer({ state, now: '2025-01-15T00:00:00Z', dataDir: dir });
    const moved = await first.call('POST', '/__feecast/clock', { advance: 'P1M' });
    expect(moved.status).toBe(200);
    expect((moved.body as Moved).activity_logs.map((log) => log.activity_type)).toEqual([
      'invoice.drafted',
      'invoice.created',
    ]);
    await first.close();

    // The same command line again: the data directory's later clock wins over --now.
    const second = await startServer({ state, now: '2025-01-15T00:00:00Z', dataDir: dir });
    try {
      const read = await second.call('GET', '/__feecast/clock');
      expect(read.body).toEqual({ clock: { now: '2025-02-15T00:00:00.000Z', pinned: true } });
      const again = await second.call('POST', '/__feecast/clock', { now: '2025-03-01T00:00:00Z' });
      expect((again.body as Moved).activity_logs.map((log) => log.logged_at)).toEqual([
        '2025-03-01T00:00:00.000Z',
        '2025-03-01T00:00:00.000Z',
      ]);
      const preview = await second.call('POST', '/api/v1/invoices/preview', {
        customer: { external_id: 'acme' },
        subscriptions: { external_ids: ['sub_acme'] },
      });
      // The API answers at the clock: March, in progress, previewed for its end.
      expect((preview.body as { invoice: Invoice }).invoice.created_at).toBe(
        '2025-04-01T00:00:00Z',
      );
      const logs = await second.call('GET', '/api/v1/activity_logs?per_page=10');
      const invoices = (logs.body as { activity_logs: ActivityLog[] }).activity_logs
        .filter((log) => log.activity_type === 'invoice.created')
        .map((log) => [
          (log.activity_object as Invoice).created_at,
          (log.activity_object as Invoice).total_amount_cents,
        ]);
      // January 100.00 + 20 × 0.50 = 110.00; February 100.00 (no usage).
      expect(invoices.sort()).toEqual([
        ['2025-02-01T00:00:00Z', 11000],
        ['2025-03-01T00:00:00Z', 10000],
      ]);
    } finally {
      await second.close();
    }
  });
});
