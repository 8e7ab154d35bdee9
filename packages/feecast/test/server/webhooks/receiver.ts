// A webhook receiver on 127.0.0.1 for the tests: it keeps every request it gets (headers and
// raw body) and answers each with the next status of its script (200 once the script is spent).
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  readonly body: string;
  /** The status the receiver answered. */
  readonly status: number;
}

/** A running receiver. */
export interface Receiver {
  /** `http://127.0.0.1:<port>/hooks`. */
  readonly url: string;
  readonly received: Received[];
  /** How many times each unique key (`x-svc-unique-key`, or `x-lago-unique-key`) was answered 2xx. */
  readonly acknowledged: () => Map<string, number>;
  /** Resolves once `count` requests have arrived (rejects after `ms`). */
  readonly waitFor: (count: number, ms?: number) => Promise<void>;
  readonly close: () => Promise<void>;
}

/** The unique key of a delivery, whatever the server's id prefix. */
export function uniqueKey(headers: IncomingHttpHeaders): string {
  const key = headers['x-svc-unique-key'] ?? headers['x-lago-unique-key'];
  return typeof key === 'string' ? key : '';
}

/**
 * Starts a receiver that answers its requests with `script` in turn (then 200), on `port`
 * (default: any free one).
 */
export async function startReceiver(script: readonly number[] = [], port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const statuses = script.slice();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'try again');
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    received,
    acknowledged() {
      const counts = new Map<string, number>();
      for (const request of received) {
        if (request.status >= 300) continue;
        const key = uniqueKey(request.headers);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    },
    async waitFor(count, ms = 20_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) {
          throw new Error(`the receiver got ${received.length} requests in ${ms} ms, not ${count}`);
        }
        await new Promise((done) => setTimeout(done, 20));
      }
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
