import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Customer, Subscription, UsageEventRecord } from '@feecast/models';
import { createServer, exampleState, type ServerState } from 'feecast';
import { CUSTOMER, KEY, type KindResult, kinds, SUBSCRIPTION, subscriptionOf } from './load-client';
import type { LoadOrder } from './load-client-main';

/** The instant of every request: in the example subscription's current period (from 03-15). */
const NOW = '2025-03-20T12:00:00Z';

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

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The server process's pauses over a run: garbage collections and event loop delay. */
interface Pauses {
  /** Collections: how many, their summed and longest pause (ms), the longest major one. */
  readonly gcCount: number;
  readonly gcMs: number;
  readonly gcMaxMs: number;
  readonly majorMaxMs: number;
  /** The event loop's delay (a 1 ms timer's lateness): p99 and max, in ms. */
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
}

/**
 * Starts watching the server process's pauses (what makes a p99: every request in flight
 * waits out a pause); `stop` gives the figures since.
 */
function watchPauses(): { stop: () => Pauses } {
  let gcCount = 0;
  let gcMs = 0;
  let gcMaxMs = 0;
  let majorMaxMs = 0;
  const count = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      gcCount++;
      gcMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      // detail.kind 4: NODE_PERFORMANCE_GC_MAJOR (a mark-compact's final pause).
      const kind = (entry as { readonly detail?: { readonly kind?: number } }).detail?.kind;
      if (kind === 4) majorMaxMs = Math.max(majorMaxMs, entry.duration);
    }
  };
  const observer = new PerformanceObserver((list) => count(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  return {
    stop: () => {
      loop.disable();
      // Entries still buffered belong to the run.
      count(observer.takeRecords());
      observer.disconnect();
      return {
        gcCount,
        gcMs,
        gcMaxMs,
        majorMaxMs,
        loopP99Ms: loop.percentile(99) / 1e6,
        loopMaxMs: loop.max / 1e6,
      };
    },
  };
}

/**
 * A load client in a process of its own: `order` sends a kind and resolves its figures. The
 * child's listeners are added once (an order at a time: the runs are sequential), not per
 * order.
 */
function loadClient(): { order: (order: LoadOrder) => Promise<KindResult>; stop: () => void } {
  const child = fork(fileURLToPath(new URL('./load-client-main.ts', import.meta.url)));
  let waiting: { resolve: (r: KindResult) => void; reject: (e: unknown) => void } | undefined;
  const fail = (error: unknown) => {
    waiting?.reject(error);
    waiting = undefined;
  };
  child.on('message', (result) => {
    waiting?.resolve(result as KindResult);
    waiting = undefined;
  });
  child.on('error', fail);
  child.on('exit', (code) => fail(new Error(`the load client exited (code ${code})`)));
  return {
    order: (order) =>
      new Promise((resolve, reject) => {
        if (waiting !== undefined) throw new Error('one order at a time');
        waiting = { resolve, reject };
        child.send(order);
      }),
    stop: () => child.disconnect(),
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
 * `concurrency` concurrent clients of a process of their own (load-client.ts), the requests
 * going round the subscriptions. Reports
 * throughput, p50/p99 latency and the server's CPU time per request of each kind, memory, and
 * every non-2xx answer as an error (exit 1).
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
  // The pinned instant read once: the server reads its clock on every request.
  const pinned = Date.parse(NOW);
  const clock = () => new Date(pinned);
  const run = String(Date.now());
  // FEECAST_LOAD_KINDS=estimate,current: only the kinds whose names start so (to profile one).
  const only = process.env.FEECAST_LOAD_KINDS?.split(',');
  const results: (KindResult & { readonly cpuMicros: number; readonly pauses: Pauses })[] = [];
  const memory: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'feecast-load-'));
  try {
    const memoryServer = createServer({ apiKeys: [KEY], clock, state });
    const durableServer = createServer({ apiKeys: [KEY], clock, state, dataDir });
    const memoryBase = await listen(memoryServer);
    const durableBase = await listen(durableServer);
    const client = loadClient();
    try {
      for (const [index, kind] of kinds(subscriptions, run).entries()) {
        if (only !== undefined && !only.some((name) => kind.name.startsWith(name))) continue;
        const base = kind.durable === true ? durableBase : memoryBase;
        const order = { base, kind: index, subscriptions, run, concurrency };
        // A warm-up of a tenth, then the measured run.
        const warmUp = Math.ceil(total / 10);
        await client.order({ ...order, total: warmUp, first: 0 });
        // The server's CPU time per request (its process's, user and system): what the
        // server costs whatever else the machine runs, unlike the figures per second.
        const cpu = process.cpuUsage();
        const watch = watchPauses();
        const result = await client.order({ ...order, total, first: warmUp });
        const pauses = watch.stop();
        const spent = process.cpuUsage(cpu);
        results.push({ ...result, cpuMicros: (spent.user + spent.system) / total, pauses });
      }
    } finally {
      client.stop();
    }
    const usage = process.memoryUsage();
    memory.push(
      `memory of the server process after the runs (both servers; the clients run in another process): rss ${megabytes(usage.rss)}, heap used ${megabytes(usage.heapUsed)}`,
    );
    await close(memoryServer);
    await close(durableServer);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const errors = results.flatMap((r) => r.errors);
  if (errors.length > 0) process.exitCode = 1;
  return [
    `### server load (${subscriptions} subscriptions, ${events.toLocaleString('en-US')} stored events; ${total.toLocaleString('en-US')} requests per kind, concurrency ${concurrency}, 127.0.0.1, ${process.env.FEECAST_LOAD_CLIENT === 'node-http' ? 'node:http' : 'raw socket'} clients)`,
    '',
    `state built in ${buildSeconds.toFixed(1)} s; errors: ${errors.length}; ${memory.join('')}`,
    '',
    '| request | count | requests/s | p50 ms | p99 ms | server CPU µs/request | client CPU µs/request | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.count} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuMicros.toFixed(0)} | ${r.clientCpuMicros.toFixed(0)} | ${r.errors.length} |`,
    ),
    '',
    "The server process's pauses during each measured run: garbage collections (count, summed and longest pause, longest major one) and the event loop's delay (p99, max).",
    '',
    '| request | GCs | GC ms | longest GC ms | longest major GC ms | loop delay p99 ms | loop delay max ms |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      ({ name, pauses: p }) =>
        `| ${name} | ${p.gcCount} | ${p.gcMs.toFixed(1)} | ${p.gcMaxMs.toFixed(2)} | ${p.majorMaxMs.toFixed(2)} | ${p.loopP99Ms.toFixed(2)} | ${p.loopMaxMs.toFixed(2)} |`,
    ),
    ...(errors.length > 0 ? ['', 'first errors:', ...errors.slice(0, 5)] : []),
  ].join('\n');
}
