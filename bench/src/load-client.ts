/**
 * The client side of the server load test (server-load.ts): the kinds of request it sends and
 * `hammer`, which sends one kind `total` times from `concurrency` concurrent clients over
 * keep-alive connections (one socket per client) and measures each answer. It runs in a
 * process of its own (load-client-main.ts), so the server gets its own core, as a server under a
 * real loopback test does.
 *
 * Two transports: `raw` (the default), each request's bytes written on a `node:net` socket and
 * the answer read by its status line and `content-length`, as load generators such as wrk do,
 * so that the client's own work adds little to what is measured; and `node-http` (`node:http`'s
 * client with a keep-alive `Agent`), the client of the earlier steps, kept to measure what the
 * client itself adds (bench/README.md, eighth step).
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

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
  /** The client process's CPU time per request (user and system, µs) over the run. */
  readonly clientCpuMicros: number;
  readonly errors: readonly string[];
}

/** How the clients talk to the server (see the module's comment). */
export type Transport = 'raw' | 'node-http';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** An answer: its status and text. */
interface Answer {
  readonly status: number;
  readonly text: string;
}

/** One client's connection: sends a request and resolves its answer, one at a time. */
interface Connection {
  readonly send: (method: string, path: string, body: string | undefined) => Promise<Answer>;
  readonly close: () => void;
}

/** A client of `node:http` over `agent` (keep-alive: it reuses its sockets). */
function nodeHttpConnection(base: string, agent: Agent): Connection {
  const send: Connection['send'] = (method, path, body) =>
    new Promise((resolve, reject) => {
      const req = request(
        new URL(base + path),
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
  // The agent's sockets are closed with it (`hammer`).
  return { send, close: () => undefined };
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

/**
 * A keep-alive HTTP/1.1 connection on a socket of its own: each request written as one buffer,
 * its answer read by the status line and `content-length` (the server gives one with every
 * answer; an answer without it is an error, the connection then closed).
 */
function rawConnection(base: string): Connection {
  const url = new URL(base);
  const host = `Host: ${url.host}\r\nAuthorization: Bearer ${KEY}\r\n`;
  const socket: Socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
  let pending: Buffer | undefined;
  let waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | undefined;
  const fail = (error: Error) => {
    waiting?.reject(error);
    waiting = undefined;
  };
  socket.on('data', (chunk: Buffer) => {
    pending = pending === undefined ? chunk : Buffer.concat([pending, chunk]);
    const end = pending.indexOf(HEAD_END);
    if (end === -1) return;
    const head = pending.toString('latin1', 0, end);
    const length = CONTENT_LENGTH.exec(head)?.[1];
    if (length === undefined) {
      socket.destroy();
      return fail(new Error(`an answer without content-length: ${head.slice(0, 200)}`));
    }
    const total = end + HEAD_END.length + Number(length);
    if (pending.length < total) return;
    const text = pending.toString('utf8', end + HEAD_END.length, total);
    pending = pending.length > total ? pending.subarray(total) : undefined;
    const done = waiting;
    waiting = undefined;
    done?.resolve({ status: Number(head.slice(9, 12)), text });
  });
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('the connection closed')));
  const send: Connection['send'] = (method, path, body) =>
    new Promise((resolve, reject) => {
      if (waiting !== undefined) throw new Error('one request at a time on a connection');
      waiting = { resolve, reject };
      const length =
        body === undefined
          ? ''
          : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
      socket.write(`${method} ${path} HTTP/1.1\r\n${host}${length}\r\n${body ?? ''}`);
    });
  return { send, close: () => socket.destroy() };
}

/**
 * Sends `kind` `total` times from `concurrency` clients to the server at `base` (requests
 * numbered from `first`: a warm-up and the run it precedes use distinct ids) over `transport`;
 * every answer that is not a 2xx is an error.
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
  transport: Transport = 'raw',
): Promise<KindResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const connections: Connection[] = [];
  const latencies: number[] = [];
  const errors: string[] = [];
  let next = 0;
  const client = async () => {
    const connection = transport === 'raw' ? rawConnection(base) : nodeHttpConnection(base, agent);
    connections.push(connection);
    for (let n = next++; n < total; n = next++) {
      const i = first + n;
      const start = performance.now();
      try {
        const body = kind.body === undefined ? undefined : JSON.stringify(kind.body(i));
        const answer = await connection.send(kind.method, kind.path(i), body);
        if (answer.status < 200 || answer.status > 299) {
          errors.push(`${kind.name}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      } catch (error) {
        errors.push(`${kind.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      latencies.push(performance.now() - start);
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  const spent = process.cpuUsage(cpu);
  for (const connection of connections) connection.close();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name: kind.name,
    count: total,
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    clientCpuMicros: (spent.user + spent.system) / total,
    errors,
  };
}
