// `feecast serve`: arguments, API keys, state sources, listening and stopping.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVE_HELP, serveCommand } from '../../src/server/http/serve-command';
import { emptyState } from '../../src/server/state/state';
import { verifyWebhookSignature } from '../../src/server/webhooks/signature';
import { startReceiver } from './webhooks/receiver';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feecast-serve-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) },
    out,
    err,
  };
}

/** Runs the command until it prints its address, calls `use`, then stops it. */
async function serving(
  argv: string[],
  env: Record<string, string>,
  use: (base: string, out: string[]) => Promise<void>,
): Promise<number> {
  const { io, out } = capture();
  const controller = new AbortController();
  const done = serveCommand(argv, io, { env, signal: controller.signal });
  for (let i = 0; i < 200 && !out.some((l) => l.includes('listening on')); i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  const line = out.find((l) => l.includes('listening on')) ?? '';
  const base = /listening on (\S+)/.exec(line)?.[1] ?? '';
  try {
    await use(base, out);
  } finally {
    controller.abort();
  }
  return done;
}

describe('feecast serve', () => {
  it('prints its help', async () => {
    const { io, out } = capture();
    expect(await serveCommand(['--help'], io)).toBe(0);
    expect(out.join('')).toBe(SERVE_HELP);
  });

  it.each([
    [['--port', 'x']],
    [['--id-prefix', 'svc_']],
    [['--port', '70000']],
    [['--port']],
    [['--verbose', 'yes']],
    [['--webhook-url', 'ftp://127.0.0.1/hooks']],
    [['--webhook-url', 'not a url']],
  ])('refuses %j with exit code 2', async (argv) => {
    const { io, err } = capture();
    expect(await serveCommand(argv, io, { env: {} })).toBe(2);
    expect(err.join('')).toContain('feecast serve:');
  });

  it('exits 1 for a state file that cannot be read or decoded, naming it', async () => {
    const { io, err } = capture();
    expect(await serveCommand(['--state', join(dir, 'missing.json')], io, { env: {} })).toBe(1);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"version": 3}');
    expect(await serveCommand(['--state', bad], io, { env: {} })).toBe(1);
    expect(err.join('')).toContain(`${bad}: The state has version 3`);
  });

  it('serves the state file with the keys of FEECAST_API_KEYS, and stops with exit code 0', async () => {
    const file = join(dir, 'state.json');
    writeFileSync(file, JSON.stringify(emptyState()));
    const code = await serving(
      ['--port', '0', '--state', file],
      { FEECAST_API_KEYS: 'k1, k2' },
      async (base, out) => {
        expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
        expect(out.join('')).toContain(`state from ${file}`);
        const ok = await fetch(`${base}/plans`, { headers: { authorization: 'Bearer k2' } });
        expect(await ok.json()).toEqual({
          plans: [],
          meta: {
            current_page: 0,
            next_page: null,
            prev_page: null,
            total_pages: 0,
            total_count: 0,
          },
        });
        expect(
          (await fetch(`${base}/plans`, { headers: { authorization: 'Bearer k3' } })).status,
        ).toBe(401);
      },
    );
    expect(code).toBe(0);
  });

  it('generates and prints a key when FEECAST_API_KEYS is not set, and saves to --data-dir', async () => {
    const data = join(dir, 'data');
    await serving(['--port', '0', '--data-dir', data], {}, async (base, out) => {
      const key = /Bearer (\S+)/.exec(out.join(''))?.[1] ?? '';
      expect(key).toMatch(/^fc_/);
      const answer = await fetch(`${base}/add_ons`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: JSON.stringify({
          add_on: { name: 'A', code: 'a', amount_cents: 1, amount_currency: 'USD' },
        }),
      });
      expect(answer.status).toBe(200);
    });
    await serving(
      ['--port', '0', '--data-dir', data],
      { FEECAST_API_KEYS: 'k' },
      async (base, out) => {
        expect(out.join('')).toContain(`state from the snapshot and journal in ${data}`);
        const addOns = await fetch(`${base}/activity_logs?activity_types[]=add_on.created`, {
          headers: { authorization: 'Bearer k' },
        });
        expect(((await addOns.json()) as { meta: { total_count: number } }).meta.total_count).toBe(
          1,
        );
      },
    );
  });

  it('keeps portal links valid across a restart with FEECAST_PORTAL_KEY, and not without it', async () => {
    const data = join(dir, 'data');
    const env = { FEECAST_API_KEYS: 'k', FEECAST_PORTAL_KEY: 'p'.repeat(32) };
    let link = '';
    await serving(['--port', '0', '--data-dir', data], env, async (base) => {
      const answer = await fetch(`${base}/customers/hooli_1234/portal_url`, {
        headers: { authorization: 'Bearer k' },
      });
      link = new URL(
        ((await answer.json()) as { customer: { portal_url: string } }).customer.portal_url,
      ).pathname;
      expect((await fetch(`${new URL(base).origin}${link}`)).status).toBe(200);
    });
    await serving(['--port', '0', '--data-dir', data], env, async (base) => {
      expect((await fetch(`${new URL(base).origin}${link}`)).status).toBe(200);
    });
    await serving(['--port', '0', '--data-dir', data], { FEECAST_API_KEYS: 'k' }, async (base) => {
      expect((await fetch(`${new URL(base).origin}${link}`)).status).toBe(403);
    });
  });

  it('--help shows --now', async () => {
    const { io, out } = capture();
    await serveCommand(['--help'], io);
    expect(out.join('')).toMatch(/--now TIMESTAMP +Pin the server's clock at this instant/);
  });

  it('refuses a --now that is not a timestamp with exit code 2, saying what to give', async () => {
    const { io, err } = capture();
    expect(await serveCommand(['--now', '2025-03-20T12:00'], io, { env: {} })).toBe(2);
    expect(err.join('')).toContain('--now: "2025-03-20T12:00" has no time zone (add Z for UTC)');
  });

  it('--now pins the clock: the example state as written for March 2025, and every request answered at that instant', async () => {
    const headers = { authorization: 'Bearer k', 'content-type': 'application/json' };
    await serving(
      ['--port', '0', '--now', '2025-03-20T12:00:00+01:00'],
      { FEECAST_API_KEYS: 'k' },
      async (base, out) => {
        expect(out.join('')).toContain('clock pinned at 2025-03-20T11:00:00Z');
        expect(out.join('')).toContain(
          'state from the bundled example state (dated for 2025-03-20)',
        );
        const list = await fetch(`${base}/subscriptions?external_customer_id=hooli_1234`, {
          headers,
        });
        const { subscriptions } = (await list.json()) as {
          subscriptions: { status: string; started_at: string | null }[];
        };
        expect(subscriptions.find((s) => s.status === 'active')?.started_at).toBe(
          '2025-01-15T10:00:00.000Z',
        );
        // An event without a timestamp is stamped with the pinned clock, not the machine's.
        const stored = await fetch(`${base}/events`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            event: {
              transaction_id: 'tx_pinned',
              code: 'cpu',
              external_subscription_id: 'sub_1234567890',
            },
          }),
        });
        const { event } = (await stored.json()) as { event: { timestamp: string } };
        expect(Date.parse(event.timestamp)).toBe(Date.parse('2025-03-20T11:00:00Z'));
      },
    );
  });

  it('without --now, the bundled example answers usage on the real clock', async () => {
    await serving(['--port', '0'], { FEECAST_API_KEYS: 'k' }, async (base, out) => {
      const today = new Date().toISOString().slice(0, 10);
      expect(out.join('')).toMatch(/dated for \d{4}-\d{2}-\d{2}\)/);
      expect(out.join('')).not.toContain('clock pinned');
      for (const what of ['current_usage', 'projected_usage']) {
        const answer = await fetch(
          `${base}/customers/hooli_1234/${what}?external_subscription_id=sub_1234567890`,
          { headers: { authorization: 'Bearer k' } },
        );
        expect([what, today, answer.status]).toEqual([what, today, 200]);
      }
    });
  });

  it('refuses a FEECAST_PORTAL_KEY shorter than 32 characters with exit code 2', async () => {
    const { io, err } = capture();
    expect(await serveCommand(['--port', '0'], io, { env: { FEECAST_PORTAL_KEY: 'short' } })).toBe(
      2,
    );
    expect(err.join('')).toContain(
      'FEECAST_PORTAL_KEY must be at least 32 characters long (got 5)',
    );
  });

  it('refuses a FEECAST_WEBHOOK_KEY shorter than 32 characters with exit code 2', async () => {
    const { io, err } = capture();
    expect(await serveCommand(['--port', '0'], io, { env: { FEECAST_WEBHOOK_KEY: 'short' } })).toBe(
      2,
    );
    expect(err.join('')).toContain(
      'FEECAST_WEBHOOK_KEY must be at least 32 characters long (got 5)',
    );
  });

  it('--webhook-url adds an endpoint once, prints its key (the same after a restart with FEECAST_WEBHOOK_KEY), and --verbose prints each attempt', async () => {
    const hooks = await startReceiver();
    const env = { FEECAST_API_KEYS: 'k', FEECAST_WEBHOOK_KEY: 'w'.repeat(32) };
    const argv = ['--port', '0', '--data-dir', dir, '--webhook-url', hooks.url, '--verbose'];
    const keys: string[] = [];
    const announced = (out: string[]) => {
      const line = out.find((l) => l.includes(`webhooks to ${hooks.url}`)) ?? '';
      return /signed with the key (whsec_\S+)/.exec(line)?.[1] ?? '';
    };
    try {
      for (const round of [1, 2]) {
        await serving(argv, env, async (base, out) => {
          keys.push(announced(out));
          const answer = await fetch(`${base}/wallet_transactions`, {
            method: 'POST',
            headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
            body: JSON.stringify({
              wallet_transaction: {
                wallet_id: '66a81770-c736-48e0-9785-c276e2366448',
                granted_credits: '1',
              },
            }),
          });
          expect(answer.status).toBe(200);
          await hooks.waitFor(2 * round);
          for (let i = 0; i < 100 && !out.join('').includes('wallet.updated'); i++) {
            await new Promise((r) => setTimeout(r, 20));
          }
          expect(out.join('')).toMatch(
            /webhook wallet\.updated \S+ to \S+: attempt 1, 200, delivered/,
          );
          const log = await fetch(`${new URL(base).origin}/__feecast/webhooks`, {
            headers: { authorization: 'Bearer k' },
          });
          const body = (await log.json()) as { webhook_endpoints: { webhook_url: string }[] };
          // The example's own endpoint and the one of --webhook-url, not added again.
          expect(body.webhook_endpoints.map((e) => e.webhook_url)).toEqual([
            'https://hooks.example.com/billing',
            hooks.url,
          ]);
        });
      }
      expect(keys[0]).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(keys[1]).toBe(keys[0]);
      for (const request of hooks.received) {
        expect(
          verifyWebhookSignature(request.body, request.headers['x-svc-signature'], keys[0]),
        ).toBe(true);
      }
    } finally {
      await hooks.close();
    }
  });
});
