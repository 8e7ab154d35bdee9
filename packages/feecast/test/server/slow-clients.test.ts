// Clients that leave, trickle or stall (issue 18): one client must never stop the server for
// the others. Bodies are read and limited before a request waits its turn; a request whose
// client has left is dropped; slow headers and bodies are answered 408 and cut.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readDataDirectory } from '../../src/server/state/journal';
import { API_KEY, example, expectError, serverPerTest, type TestServer } from './builders';

const start = serverPerTest();
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'feecast-slow-'));
  dirs.push(dir);
  return dir;
}

/** A raw TCP connection to the test server, and everything it has received. */
interface RawClient {
  readonly socket: Socket;
  /** Resolves with all the bytes received once the server has closed the connection. */
  readonly closed: Promise<string>;
}

async function rawClient(t: TestServer): Promise<RawClient> {
  const { port } = new URL(t.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((done) => socket.once('connect', done));
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
  return { socket, closed };
}

/**
 * The head of a request with the test key, a `content-length` when `bodyBytes` is given, and
 * `connection: close` when `close` is set.
 */
function head(method: string, path: string, bodyBytes?: number, close = false): string {
  const length = bodyBytes === undefined ? '' : `Content-Length: ${bodyBytes}\r\n`;
  const connection = close ? 'Connection: close\r\n' : '';
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\n${length}${connection}\r\n`;
}

function addOnRequest(code: string, close = false): string {
  const body = JSON.stringify({
    add_on: { name: code, code, amount_cents: 100, amount_currency: 'USD' },
  });
  return `${head('POST', '/api/v1/add_ons', Buffer.byteLength(body), close)}${body}`;
}

/** `count` requests received by `t` (the `request` events of its HTTP server). */
function requestsReceived(t: TestServer, count: number): Promise<void> {
  return new Promise((done) => {
    let seen = 0;
    const onRequest = () => {
      seen++;
      if (seen === count) {
        t.server.off('request', onRequest);
        done();
      }
    };
    t.server.on('request', onRequest);
  });
}

/** A normal request, and how long it took in milliseconds. */
async function timedCall(t: TestServer): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const answer = await Promise.race([
    t.call('GET', '/api/v1/billing_entities'),
    new Promise<{ status: number }>((done) => setTimeout(() => done({ status: 0 }), 5000)),
  ]);
  return { status: answer.status, ms: performance.now() - started };
}

/** Writes `text` one byte every `everyMs` until stopped or the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number): () => void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) clearInterval(timer);
    else socket.write(text.charAt(i++));
  }, everyMs);
  return () => clearInterval(timer);
}

describe('clients that leave', () => {
  it('two pipelined POSTs whose client closes the socket while they wait do not stop the server', {
    timeout: 15_000,
  }, async () => {
    const t = await start({ state: example(), dataDir: await dataDir() });
    const client = await rawClient(t);
    const received = requestsReceived(t, 2);
    client.socket.write(addOnRequest('pipelined_1') + addOnRequest('pipelined_2'));
    await received;
    client.socket.destroy();
    await client.closed;
    // The server goes on: a normal request answers within a second, and again after it.
    for (let i = 0; i < 2; i++) {
      const answer = await timedCall(t);
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(1000);
    }
  });

  it('a request whose client leaves before its body is whole is dropped, not applied', async () => {
    const dir = await dataDir();
    const t = await start({ state: example(), dataDir: dir });
    const first = await rawClient(t);
    const second = await rawClient(t);
    first.socket.write(addOnRequest('stays', true));
    const secondReceived = requestsReceived(t, 1);
    // The second request's head and half its body: it is never read whole.
    const cut = addOnRequest('dropped');
    second.socket.write(cut.slice(0, cut.length - 10));
    await secondReceived;
    second.socket.destroy();
    await second.closed;
    expect(await first.closed).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // A request after both: what is on disk (snapshot and journal) has the first add-on only.
    expect((await timedCall(t)).status).toBe(200);
    const codes = readDataDirectory(dir)?.state.add_ons.map((a) => a.code) ?? [];
    expect([codes.includes('stays'), codes.includes('dropped')]).toEqual([true, false]);
  });
});

/** A server with a data directory that waits 1 s for headers and 2 s for a whole request. */
async function impatientServer(): Promise<TestServer> {
  return start({
    state: example(),
    dataDir: await dataDir(),
    timeouts: { headersMs: 1000, requestMs: 2000, checkEveryMs: 100 },
  });
}

/** Asserts that `reply` is the JSON 408 `request_timeout` answer. */
function expectTimedOut(reply: string): void {
  expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  const json = reply.slice(reply.indexOf('\r\n\r\n') + 4);
  expectError(
    { status: 408, body: JSON.parse(json) as unknown, headers: new Headers() },
    408,
    'request_timeout',
  );
}

/**
 * While `slow` still trickles, a normal request answers within a second; then `slow` gets the
 * JSON 408 and its connection is closed (and its trickling stopped).
 */
async function expectServedMeanwhile(
  t: TestServer,
  slow: RawClient,
  stopTrickling: () => void,
): Promise<void> {
  const answer = await timedCall(t);
  expect(answer.status).toBe(200);
  expect(answer.ms).toBeLessThan(1000);
  expect(slow.socket.destroyed, 'the slow client is still sending').toBe(false);
  const reply = await slow.closed;
  stopTrickling();
  expectTimedOut(reply);
}

describe('slow clients', () => {
  it('a client trickling a body does not block the others, and gets 408 when the request times out', async () => {
    const t = await impatientServer();
    const slow = await rawClient(t);
    const received = requestsReceived(t, 1);
    const body = JSON.stringify({ add_on: { name: 'S', code: 's', amount_cents: 1 } });
    slow.socket.write(head('POST', '/api/v1/add_ons', Buffer.byteLength(body)));
    const stop = trickle(slow.socket, body, 50);
    await received;
    await expectServedMeanwhile(t, slow, stop);
    expect((await timedCall(t)).status).toBe(200);
  });

  it('a client trickling its headers does not block the others, and gets 408 after the headers time-out', async () => {
    const t = await impatientServer();
    const slow = await rawClient(t);
    slow.socket.write('GET /api/v1/plans HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const stop = trickle(slow.socket, `X-Slow: ${'a'.repeat(100)}\r\n`, 50);
    await expectServedMeanwhile(t, slow, stop);
  });

  it('bytes that are not HTTP get a JSON 400 and the connection is closed', async () => {
    const t = await impatientServer();
    const client = await rawClient(t);
    client.socket.write('NOT HTTP AT ALL\r\n\r\n');
    const reply = await client.closed;
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const json = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(json).toEqual({ status: 400, error: 'BadRequest: the request is not valid HTTP/1.1' });
    expect((await timedCall(t)).status).toBe(200);
  });
});
