// The clock endpoint of `createServer` (issue 24 §1): keyed like the API, pinned by `now`,
// its position kept in the data directory across a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

describe('the real clock', () => {
  it('runs what fell due before the next request, and nothing twice', async () => {
    let now = new Date('2025-01-31T23:00:00Z');
    const server = await startServer({ state, clock: () => now });
    try {
      // The first request starts the clock at 23:00; nothing is due yet.
      const read = await server.call('GET', '/__feecast/clock');
      expect(read.body).toEqual({ clock: { now: '2025-01-31T23:00:00.000Z', pinned: false } });
      now = new Date('2025-02-01T01:00:00Z');
      const logs = await server.call('GET', '/api/v1/activity_logs');
      const types = (logs.body as { activity_logs: ActivityLog[] }).activity_logs.map((log) => [
        log.activity_type,
        log.activity_source,
        log.logged_at,
      ]);
      // January's invoice, at its run (newest first): 100.00 + 20 × 0.50 = 110.00.
      expect(types).toEqual([
        ['invoice.created', 'system', '2025-02-01T00:00:00.000Z'],
        ['invoice.drafted', 'system', '2025-02-01T00:00:00.000Z'],
      ]);
      now = new Date('2025-02-01T02:00:00Z');
      const again = await server.call('GET', '/api/v1/activity_logs');
      expect((again.body as { activity_logs: unknown[] }).activity_logs).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('runs what fell due between requests on its timer, journaled in the data directory', async () => {
    let now = new Date('2025-01-31T23:00:00Z');
    const server = await startServer({ state, clock: () => now, dataDir: dir, dueEveryMs: 20 });
    try {
      await server.call('GET', '/__feecast/clock');
      now = new Date('2025-02-01T01:00:00Z');
      // No request: the timer runs the period end, and its record reaches the journal.
      let journal = '';
      for (let i = 0; i < 200 && !journal.includes('invoice.created'); i++) {
        await new Promise((done) => setTimeout(done, 25));
        try {
          journal = readFileSync(join(dir, 'journal.log'), 'utf8');
        } catch {
          journal = '';
        }
      }
      expect(journal).toContain('"activity_type":"invoice.drafted"');
      expect(journal).toContain('"clock":{"now":"2025-02-01T01:00:00.000Z","pinned":false}');
    } finally {
      await server.close();
    }
  });
});
