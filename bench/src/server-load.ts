import type { AddressInfo } from 'node:net';
import { createServer } from 'feecast';

/** One kind of request the load test sends. */
interface RequestKind {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: (i: number) => unknown;
}

const CUSTOMER = 'hooli_1234';
const SUBSCRIPTION = 'sub_1234567890';
const KEY = 'bench-key';
/** The instant of every request: in the example subscription's life. */
const NOW = '2025-03-20T12:00:00Z';

/** The requests of the mix, sent in turn: an estimate, current usage, projected usage. */
const KINDS: readonly RequestKind[] = [
  {
    name: 'estimate fees',
    method: 'POST',
    path: '/api/v1/events/estimate_fees',
    body: (i) => ({
      event: {
        code: 'seats',
        external_subscription_id: SUBSCRIPTION,
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
    path: `/api/v1/customers/${CUSTOMER}/current_usage?external_subscription_id=${SUBSCRIPTION}`,
  },
  {
    name: 'projected usage',
    method: 'GET',
    path: `/api/v1/customers/${CUSTOMER}/projected_usage?external_subscription_id=${SUBSCRIPTION}`,
  },
];

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * Issue 9: `total` requests from `concurrency` concurrent clients to a local `feecast serve`
 * on 127.0.0.1 (the bundled example state), an even mix of estimate, current-usage and
 * projected-usage requests. Reports throughput, p50/p99 latency per kind and every non-2xx
 * answer as an error; exits 1 when there is any error.
 */
export async function serverLoad(total = 20_000, concurrency = 50): Promise<string> {
  // The example state's subscription runs from 2025-01-15 to 2026-01-15: the clock stays
  // inside it (mid-period, with stored events in the period's history).
  const server = createServer({ apiKeys: [KEY], clock: () => new Date(NOW) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const latencies = KINDS.map(() => [] as number[]);
  const errors: string[] = [];
  let next = 0;
  const client = async () => {
    for (let i = next++; i < total; i = next++) {
      const k = i % KINDS.length;
      const kind = KINDS[k] as RequestKind;
      const start = performance.now();
      const response = await fetch(base + kind.path, {
        method: kind.method,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        ...(kind.body ? { body: JSON.stringify(kind.body(i)) } : {}),
      });
      const text = await response.text();
      latencies[k]?.push(performance.now() - start);
      if (!response.ok && errors.length < 5)
        errors.push(`${kind.name}: ${response.status} ${text.slice(0, 200)}`);
      else if (!response.ok) errors.push('');
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (errors.length > 0) process.exitCode = 1;
  const rows = KINDS.map((kind, k) => {
    const sorted = [...(latencies[k] ?? [])].sort((a, b) => a - b);
    return `| ${kind.name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} |`;
  });
  return [
    `### server load (${total.toLocaleString('en-US')} requests, concurrency ${concurrency}, 127.0.0.1)`,
    '',
    `throughput: ${(total / seconds).toFixed(0)} requests/s over ${seconds.toFixed(1)} s; errors: ${errors.length}`,
    '',
    '| request | count | p50 ms | p99 ms |',
    '|---|---|---|---|',
    ...rows,
    ...(errors.length > 0 ? ['', 'first errors:', ...errors.filter((e) => e !== '')] : []),
  ].join('\n');
}
