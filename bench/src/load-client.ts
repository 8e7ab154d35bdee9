/**
 * The client side of the server load test (server-load.ts): the kinds of request it sends and
 * `hammer`, which sends one kind `total` times from `concurrency` concurrent clients over
 * keep-alive connections (`node:http`, one socket per client) and measures each answer.
 * It runs in a process of its own (load-client-main.ts), so the server gets its own core, as a
 * server under a real loopback test does.
 */
import { Agent, request } from 'node:http';

/** One kind of request the load test sends. */
export interface RequestKind {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: (i: number) => string;
  readonly body?: (i: number) => unknown;
  /** Sent to a server with a data directory (each answer waits for its journal record). */
  readonly durable?: boolean;
}

export const CUSTOMER = 'hooli_1234';
export const SUBSCRIPTION = 'sub_1234567890';
export const KEY = 'bench-key';

/** The subscription of request `i`: the subscriptions in turn. */
export function subscriptionOf(
  i: number,
  subscriptions: number,
): { customer: string; sub: string } {
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
export function kinds(subscriptions: number, run: string): readonly RequestKind[] {
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

/** One kind's figures. */
export interface KindResult {
  readonly name: string;
  readonly count: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: readonly string[];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** One request: its status and text, or the error of its connection. */
function send(
  agent: Agent,
  url: URL,
  method: string,
  body: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method,
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': 'application/json',
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends `kind` `total` times from `concurrency` clients to the server at `base` (requests
 * numbered from `first`: a warm-up and the run it precedes use distinct ids); every answer
 * that is not a 2xx is an error.
 *
 * @example
 * await hammer('http://127.0.0.1:3000', kinds(100, 'r')[0], 1000, 50);
 */
export async function hammer(
  base: string,
  kind: RequestKind,
  total: number,
  concurrency: number,
  first = 0,
): Promise<KindResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const errors: string[] = [];
  let next = 0;
  const client = async () => {
    for (let n = next++; n < total; n = next++) {
      const i = first + n;
      const start = performance.now();
      try {
        const body = kind.body === undefined ? undefined : JSON.stringify(kind.body(i));
        const answer = await send(agent, new URL(base + kind.path(i)), kind.method, body);
        if (answer.status < 200 || answer.status > 299) {
          errors.push(`${kind.name}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      } catch (error) {
        errors.push(`${kind.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
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
