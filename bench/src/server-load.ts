import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Customer, Subscription, UsageEventRecord } from '@feecast/models';
import { createServer, exampleState, type ServerState } from 'feecast';

/** One kind of request the load test sends. */
interface RequestKind {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: (i: number) => string;
  readonly body?: (i: number) => unknown;
  /** Sent to a server with a data directory (each answer waits for its journal record). */
  readonly durable?: boolean;
}

const CUSTOMER = 'hooli_1234';
const SUBSCRIPTION = 'sub_1234567890';
const KEY = 'bench-key';
/** The instant of every request: in the example subscription's current period (from 03-15). */
const NOW = '2025-03-20T12:00:00Z';

/** The subscription of request `i`: the 100 subscriptions in turn. */
function subscriptionOf(i: number, subscriptions: number): { customer: string; sub: string } {
  const n = i % subscriptions;
  return n === 0
    ? { customer: CUSTOMER, sub: SUBSCRIPTION }
    : { customer: `${CUSTOMER}_${n}`, sub: `${SUBSCRIPTION}_${n}` };
}

/** `POST /events` of a new `requests` event, for a server in memory or with a data directory. */
function postEvents(
  name: string,
  prefix: string,
  subscriptions: number,
  durable: boolean,
): RequestKind {
  return {
    name,
    method: 'POST',
    path: () => '/api/v1/events',
    body: (i) => ({
      event: {
        code: 'requests',
        external_subscription_id: subscriptionOf(i, subscriptions).sub,
        transaction_id: `${prefix}-${i}`,
        timestamp: '2025-03-20T11:00:00Z',
        properties: {},
      },
    }),
    durable,
  };
}

/** The kinds, each measured on its own (one after the other, on the same server). */
function kinds(subscriptions: number, run: string): readonly RequestKind[] {
  return [
    // The baseline: a read that prices nothing (the catalog), so the figures below can be read
    // against what HTTP and the bench's own clients cost on this machine at this load.
    { name: 'GET /plans (baseline)', method: 'GET', path: () => '/api/v1/plans' },
    {
      name: 'estimate fees',
      method: 'POST',
      path: () => '/api/v1/events/estimate_fees',
      body: (i) => ({
        event: {
          code: 'seats',
          external_subscription_id: subscriptionOf(i, subscriptions).sub,
          transaction_id: `load-${i}`,
          // `seats` is the plan's pay-in-advance charge (a unique count of `seat_id`, priced
          // by its region filter): every request estimates a new seat in Europe.
          properties: { seat_id: `seat-${i}`, region: 'Europe' },
        },
      }),
    },
    {
      name: 'current usage',
      method: 'GET',
      path: (i) => {
        const { customer, sub } = subscriptionOf(i, subscriptions);
        return `/api/v1/customers/${customer}/current_usage?external_subscription_id=${sub}`;
      },
    },
    {
      name: 'projected usage',
      method: 'GET',
      path: (i) => {
        const { customer, sub } = subscriptionOf(i, subscriptions);
        return `/api/v1/customers/${customer}/projected_usage?external_subscription_id=${sub}`;
      },
    },
    postEvents('POST /events', `${run}-post`, subscriptions, false),
    postEvents('POST /events, --data-dir', `${run}-durable`, subscriptions, true),
  ];
}

/** The metrics the stored events are spread over, with their properties. */
const EVENT_SHAPES: readonly { code: string; properties: (k: number) => Record<string, string> }[] =
  [
    { code: 'requests', properties: () => ({}) },
    { code: 'cpu', properties: (k) => ({ cpu_seconds: String((k % 97) / 4) }) },
    { code: 'seats', properties: (k) => ({ seat_id: `s${k % 40}`, region: 'Europe' }) },
    { code: 'storage', properties: (k) => ({ gb: String(k % 13) }) },
    { code: 'api_calls', properties: () => ({}) },
  ];

function hex12(n: number): string {
  return n.toString(16).padStart(12, '0');
}

/**
 * The bundled example state with `subscriptions` copies of its active subscription (each with
 * its own customer) and `events` stored events spread evenly over them, over the five weeks
 * before the clock (so about a sixth fall in the current period, from 2025-03-15).
 */
export function loadState(subscriptions: number, events: number): ServerState {
  const base = exampleState(new Date(NOW));
  const subscription = base.subscriptions.find((s) => s.external_id === SUBSCRIPTION);
  const customer = base.customers.find((c) => c.external_id === CUSTOMER);
  if (subscription === undefined || customer === undefined) {
    throw new Error('the example state has no hooli_1234 / sub_1234567890');
  }
  const customers: Customer[] = [...base.customers];
  const subs: Subscription[] = [...base.subscriptions];
  for (let n = 1; n < subscriptions; n++) {
    const { customer: customerId, sub } = subscriptionOf(n, subscriptions);
    const customerSvc = `ba000000-0000-4000-8000-${hex12(n)}` as Customer['svc_id'];
    customers.push({ ...customer, external_id: customerId, svc_id: customerSvc });
    subs.push({
      ...subscription,
      external_id: sub,
      external_customer_id: customerId,
      svc_customer_id: customerSvc,
      svc_id: `bb000000-0000-4000-8000-${hex12(n)}` as Subscription['svc_id'],
    });
  }
  const end = Date.parse(NOW) - 60_000;
  const span = 35 * 86_400_000;
  const stored: UsageEventRecord[] = [...base.events];
  for (let k = 0; k < events; k++) {
    const n = k % subscriptions;
    const target = n === 0 ? subscription : (subs[subs.length - subscriptions + n] as Subscription);
    const shape = EVENT_SHAPES[Math.floor(k / subscriptions) % EVENT_SHAPES.length];
    if (shape === undefined) throw new Error('no shape');
    const time = new Date(end - span + Math.floor((k / events) * span)).toISOString();
    stored.push({
      svc_id: `bc000000-0000-4000-8000-${hex12(k)}` as UsageEventRecord['svc_id'],
      transaction_id: `stored-${k}`,
      code: shape.code,
      timestamp: time as UsageEventRecord['timestamp'],
      created_at: time as UsageEventRecord['created_at'],
      external_subscription_id: target.external_id,
      external_customer_id: target.external_customer_id,
      svc_customer_id: target.svc_customer_id,
      svc_subscription_id: target.svc_id,
      properties: shape.properties(k),
    });
  }
  return { ...base, customers, subscriptions: subs, events: stored };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** One kind's figures. */
interface KindResult {
  readonly name: string;
  readonly count: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: readonly string[];
}

async function hammer(
  base: string,
  kind: RequestKind,
  total: number,
  concurrency: number,
  /** The first request's number (a warm-up and the run it precedes use distinct ids). */
  first = 0,
): Promise<KindResult> {
  const latencies: number[] = [];
  const errors: string[] = [];
  let next = 0;
  const client = async () => {
    for (let n = next++; n < total; n = next++) {
      const i = first + n;
      const start = performance.now();
      try {
        const response = await fetch(base + kind.path(i), {
          method: kind.method,
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          ...(kind.body ? { body: JSON.stringify(kind.body(i)) } : {}),
        });
        const text = await response.text();
        if (!response.ok) errors.push(`${kind.name}: ${response.status} ${text.slice(0, 200)}`);
      } catch (error) {
        errors.push(`${kind.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: kind.name,
    count: total,
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(0)} MB`;
}

/**
 * Issue 23 §3: a state of `subscriptions` subscriptions and `events` stored events (the
 * bundled example's subscription, copied), served by `createServer` on 127.0.0.1 with the
 * clock pinned at 2025-03-20T12:00Z; each kind of request (estimate, current usage, projected
 * usage, `POST /events` in memory and with a data directory) sent `total` times by
 * `concurrency` concurrent clients, the requests going round the subscriptions. Reports
 * throughput, p50/p99 latency per kind, memory, and every non-2xx answer as an error (exit 1).
 */
export async function serverLoad(
  total = 3_000,
  concurrency = 50,
  subscriptions = 100,
  events = 100_000,
): Promise<string> {
  const built = performance.now();
  const state = loadState(subscriptions, events);
  const buildSeconds = (performance.now() - built) / 1000;
  const clock = () => new Date(NOW);
  const run = String(Date.now());
  const results: KindResult[] = [];
  const memory: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'feecast-load-'));
  try {
    const memoryServer = createServer({ apiKeys: [KEY], clock, state });
    const durableServer = createServer({ apiKeys: [KEY], clock, state, dataDir });
    const memoryBase = await listen(memoryServer);
    const durableBase = await listen(durableServer);
    for (const kind of kinds(subscriptions, run)) {
      const base = kind.durable === true ? durableBase : memoryBase;
      // A warm-up of a tenth, then the measured run.
      const warmUp = Math.ceil(total / 10);
      await hammer(base, kind, warmUp, concurrency);
      results.push(await hammer(base, kind, total, concurrency, warmUp));
    }
    const usage = process.memoryUsage();
    memory.push(
      `memory after the runs (both servers in this process): rss ${megabytes(usage.rss)}, heap used ${megabytes(usage.heapUsed)}`,
    );
    await close(memoryServer);
    await close(durableServer);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const errors = results.flatMap((r) => r.errors);
  if (errors.length > 0) process.exitCode = 1;
  return [
    `### server load (${subscriptions} subscriptions, ${events.toLocaleString('en-US')} stored events; ${total.toLocaleString('en-US')} requests per kind, concurrency ${concurrency}, 127.0.0.1)`,
    '',
    `state built in ${buildSeconds.toFixed(1)} s; errors: ${errors.length}; ${memory.join('')}`,
    '',
    '| request | count | requests/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.count} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors.length} |`,
    ),
    ...(errors.length > 0 ? ['', 'first errors:', ...errors.slice(0, 5)] : []),
  ].join('\n');
}
