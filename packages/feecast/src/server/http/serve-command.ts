/**
 * `feecast serve [--port N] [--host 127.0.0.1] [--state file.json] [--data-dir DIR]
 * [--now TIMESTAMP] [--webhook-url URL]... [--verbose]`: the local API server, until
 * interrupted.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fromLagoKeys } from '@feecast/models';
import { isLeft } from 'fp-ts/lib/Either.js';
import { isRecord } from '../../guards';
import { parseNow } from '../../inputs/index';
import { EXIT, type Io } from '../../io';
import { exampleState } from '../state/example-state';
import { readSnapshot, stateFromText } from '../state/snapshot';
import type { ServerState } from '../state/state';
import { WEBHOOK_SECRET_MIN_BYTES } from '../webhooks/signing-keys';
import type { IdPrefix } from './answers';
import { parseJson } from './body';
import { createServer } from './create-server';
import { PORTAL_KEY_MIN_BYTES } from './portal-token';

/** The help of `feecast serve`. */
export const SERVE_HELP = `Usage: feecast serve [--port N] [--host 127.0.0.1] [--state file.json] [--data-dir DIR] [--now TIMESTAMP] [--id-prefix svc|lago] [--webhook-url URL]... [--verbose]

Serves the billing API (every endpoint under /api/v1) from a local state.

Options:
  --port N          Port to listen on (default 3000; 0 picks a free one)
  --host HOST       Address to listen on (default 127.0.0.1)
  --state FILE      Start from this state document (default: the bundled example state,
                    its dates moved by whole months so that today falls in its
                    subscription's current billing period); its records may name their
                    ids with the reference's lago_ keys (lago_id, lago_customer_id...)
  --data-dir DIR    Keep the state there: each change is journaled (DIR/journal.log) and
                    on disk before it is answered, compacted now and then into
                    DIR/state.json; the next start resumes from it (it wins over --state)
  --now TIMESTAMP   Pin the server's clock at this instant (ISO 8601 with a zone, e.g.
                    2025-03-20T12:00:00Z, or a date for midnight UTC): every request is
                    answered as at that instant, and the example state is moved to it;
                    the clock then moves only through POST /__feecast/clock (a data
                    directory whose clock stands later keeps its position)
  --id-prefix P     Name the generated ids of every answer svc_ (the default) or lago_
                    (lago_id, lago_customer_id...), as the reference does, so that code
                    written against the reference reads the answers unchanged
  --webhook-url URL Deliver webhooks to this URL (repeatable): added to the state's webhook
                    endpoints (signature_algo hmac) unless it has one at that URL. Every
                    endpoint of the state gets a signed POST for each activity of a webhook
                    type (invoice.created, wallet_transaction.created...), retried with
                    backoff; the delivery log is at GET /__feecast/webhooks
  --verbose         Print each webhook delivery attempt

The clock (outside /api/v1, with the same API key):
  GET  /__feecast/clock                        where it stands: {"clock": {"now", "pinned"}}
  POST /__feecast/clock {"now": "2025-02-01T00:00:00Z"}   or   {"advance": "P1M"}
                    moves it forward (ISO 8601 durations: years, months, weeks, days,
                    hours, minutes, seconds: P1Y, P1M, P2W, P1DT12H, PT30M) and pins it
                    there; everything that became due on the way runs in time order
                    (subscriptions that start or end, period-end invoices drafted and
                    finalized after the grace period), logged with activity_source
                    "system"; the answer lists those activity logs in order. A move
                    backwards is a 422 clock_cannot_move_backwards. With --data-dir the
                    clock's position is kept across restarts. On the real clock (no --now)
                    what falls due runs before each request and every second.

API keys: FEECAST_API_KEYS (comma-separated). Without it a key is generated and printed.
Every request needs the header "Authorization: Bearer <key>".

Customer portal links (GET /customers/{id}/portal_url) are signed and valid 12 hours. The
signing key is random for each start, so a restart ends the links it gave; set
FEECAST_PORTAL_KEY (at least 32 characters) to keep them valid across restarts.

Webhooks carry X-Svc-Signature (X-Lago-Signature with --id-prefix lago): base64 of the
HMAC-SHA256 of the body with the endpoint's signing key, which is printed at start and
listed by GET /__feecast/webhooks; check it with verifyWebhookSignature (feecast). The keys
derive from a secret that is random for each start: set FEECAST_WEBHOOK_KEY (at least 32
characters) to keep them across restarts.

Examples:
  # The bundled example state on port 3000, then the projected usage of its subscription
  FEECAST_API_KEYS=dev_key feecast serve --port 3000
  curl -H 'Authorization: Bearer dev_key' 'http://127.0.0.1:3000/api/v1/customers/hooli_1234/projected_usage?external_subscription_id=sub_1234567890'
  # Keep every change across restarts
  feecast serve --data-dir ./feecast-state
  # Answer as on 20 March 2025 (the example state as written), for figures that never change
  feecast serve --now 2025-03-20T12:00:00Z
  # Then let a month pass: the period ends, its invoice is issued
  curl -X POST -H 'Authorization: Bearer dev_key' -d '{"advance": "P1M"}' http://127.0.0.1:3000/__feecast/clock
  # Send the webhooks to a local receiver, and print each attempt
  feecast serve --webhook-url http://127.0.0.1:4000/hooks --verbose
`;

/** What `serveCommand` reads besides its arguments; injected by tests. */
export interface ServeContext {
  /** The environment (`FEECAST_API_KEYS`, `FEECAST_PORTAL_KEY`); default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Stops the server when aborted (default: SIGINT and SIGTERM). */
  readonly signal?: AbortSignal;
}

interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly stateFile?: string;
  readonly dataDir?: string;
  /** The pinned clock (`--now`), UTC. */
  readonly now?: string;
  readonly idPrefix: IdPrefix;
  /** `--webhook-url`, in the order given. */
  readonly webhookUrls: readonly string[];
  readonly verbose: boolean;
}

const VALUE_OPTIONS = [
  '--port',
  '--host',
  '--state',
  '--data-dir',
  '--now',
  '--id-prefix',
  '--webhook-url',
];

function parseArgs(argv: readonly string[]): ServeOptions | string {
  let port = 3000;
  let host = '127.0.0.1';
  let stateFile: string | undefined;
  let dataDir: string | undefined;
  let now: string | undefined;
  let idPrefix: IdPrefix = 'svc';
  const webhookUrls: string[] = [];
  let verbose = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value = argv[i + 1];
    if (VALUE_OPTIONS.includes(arg)) {
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value`;
      i++;
      if (arg === '--port') {
        if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
          return `--port must be an integer from 0 to 65535, got ${JSON.stringify(value)}`;
        }
        port = Number(value);
      } else if (arg === '--host') host = value;
      else if (arg === '--state') stateFile = value;
      else if (arg === '--data-dir') dataDir = value;
      else if (arg === '--webhook-url') {
        if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
          return `--webhook-url must be an http or https URL, got ${JSON.stringify(value)}`;
        }
        webhookUrls.push(value);
      } else if (arg === '--id-prefix') {
        if (value !== 'svc' && value !== 'lago') {
          return `--id-prefix must be svc or lago, got ${JSON.stringify(value)}`;
        }
        idPrefix = value;
      } else {
        const parsed = parseNow(value);
        if (isLeft(parsed)) return `--now: ${parsed.left.message}`;
        now = parsed.right;
      }
    } else if (arg === '--verbose') {
      verbose = true;
    } else {
      return `unexpected argument ${JSON.stringify(arg)}`;
    }
  }
  return {
    port,
    host,
    idPrefix,
    webhookUrls,
    verbose,
    ...(stateFile === undefined ? {} : { stateFile }),
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(now === undefined ? {} : { now }),
  };
}

/**
 * The text of a state file whose records name their ids with the reference's `lago_` keys
 * (a record of any collection has `lago_id`), with those keys renamed `svc_`; any other text
 * as it is (a text that is not JSON is reported by the state's reader).
 */
function withServiceIds(text: string): string {
  const parsed = parseJson(text);
  if (parsed === undefined || !isRecord(parsed.value)) return text;
  const lago = Object.values(parsed.value).some(
    (collection) =>
      Array.isArray(collection) &&
      collection.some((item) => isRecord(item) && Object.hasOwn(item, 'lago_id')),
  );
  return lago ? JSON.stringify(fromLagoKeys(parsed.value)) : text;
}

async function startState(
  options: ServeOptions,
  now: Date,
): Promise<{ readonly state: ServerState; readonly source: string } | string> {
  if (options.dataDir !== undefined) {
    const snapshot = await readSnapshot(options.dataDir);
    if (isLeft(snapshot)) return snapshot.left.message;
    if (snapshot.right !== undefined) {
      return { state: snapshot.right, source: `the snapshot and journal in ${options.dataDir}` };
    }
  }
  if (options.stateFile !== undefined) {
    let text: string;
    try {
      text = await readFile(options.stateFile, 'utf8');
    } catch {
      return `cannot read ${options.stateFile}; check the path.`;
    }
    const state = stateFromText(withServiceIds(text), options.stateFile);
    if (isLeft(state)) return state.left.message;
    return { state: state.right, source: options.stateFile };
  }
  return {
    state: exampleState(now),
    source: `the bundled example state (dated for ${now.toISOString().slice(0, 10)})`,
  };
}

function apiKeys(env: Readonly<Record<string, string | undefined>>): {
  readonly keys: readonly string[];
  readonly generated: boolean;
} {
  const keys = (env.FEECAST_API_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (keys.length > 0) return { keys, generated: false };
  return { keys: [`fc_${randomBytes(24).toString('base64url')}`], generated: true };
}

/**
 * The key in the environment variable `name` (its UTF-8 bytes), `undefined` when unset, or why
 * it is refused (fewer than `minBytes` bytes): `FEECAST_PORTAL_KEY`, `FEECAST_WEBHOOK_KEY`.
 */
function keyFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  minBytes: number,
): { readonly key: Uint8Array | undefined } | string {
  const text = env[name];
  if (text === undefined || text === '') return { key: undefined };
  const key = Buffer.from(text, 'utf8');
  if (key.byteLength < minBytes) {
    return `${name} must be at least ${minBytes} characters long (got ${key.byteLength}); make one with: node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"`;
  }
  return { key };
}

function stopSignal(context: ServeContext): AbortSignal {
  if (context.signal !== undefined) return context.signal;
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return controller.signal;
}

/**
 * Runs `feecast serve` with `argv` (the arguments after `serve`): resolves to the exit code
 * when the server stops (0), or at once on bad usage (2) or a state that cannot be read (1).
 *
 * @example
 * // main.ts: if (command === 'serve') return serveCommand(rest, io);
 * const printed: string[] = [];
 * await serveCommand(['--help'], { stdout: (text) => printed.push(text), stderr: () => undefined }) // => 0
 * printed.join('') === SERVE_HELP // => true
 */
export async function serveCommand(
  argv: readonly string[],
  io: Io,
  context: ServeContext = {},
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(SERVE_HELP);
    return EXIT.ok;
  }
  const options = parseArgs(argv);
  if (typeof options === 'string') {
    io.stderr(`feecast serve: ${options}\n\n${SERVE_HELP}`);
    return EXIT.usage;
  }
  const pinned = options.now;
  const start = await startState(options, pinned === undefined ? new Date() : new Date(pinned));
  if (typeof start === 'string') {
    io.stderr(`feecast serve: ${start}\n`);
    return EXIT.badInput;
  }
  const env = context.env ?? process.env;
  const portal = keyFromEnv(env, 'FEECAST_PORTAL_KEY', PORTAL_KEY_MIN_BYTES);
  if (typeof portal === 'string') {
    io.stderr(`feecast serve: ${portal}\n`);
    return EXIT.usage;
  }
  const webhook = keyFromEnv(env, 'FEECAST_WEBHOOK_KEY', WEBHOOK_SECRET_MIN_BYTES);
  if (typeof webhook === 'string') {
    io.stderr(`feecast serve: ${webhook}\n`);
    return EXIT.usage;
  }
  const { keys, generated } = apiKeys(env);
  const server = createServer({
    webhooks: {
      urls: options.webhookUrls,
      ...(webhook.key === undefined ? {} : { secret: webhook.key }),
      announce: (line) => io.stdout(`feecast serve: ${line}\n`),
      ...(options.verbose
        ? { report: (line: string) => io.stdout(`feecast serve: ${line}\n`) }
        : {}),
    },
    apiKeys: keys,
    state: start.state,
    ...(pinned === undefined ? {} : { now: pinned }),
    idPrefix: options.idPrefix,
    ...(options.dataDir === undefined
      ? {}
      : {
          dataDir: options.dataDir,
          warn: (message: string) => io.stderr(`feecast serve: ${message}\n`),
        }),
    ...(portal.key === undefined ? {} : { portalKey: portal.key }),
  });
  const signal = stopSignal(context);
  return new Promise<number>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      io.stderr(
        `feecast serve: cannot listen on ${options.host}:${options.port} (${error.code ?? error.message}).\n`,
      );
      resolve(EXIT.badInput);
    });
    server.listen(options.port, options.host, () => {
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      io.stdout(`feecast serve: listening on http://${host}:${address.port}/api/v1\n`);
      io.stdout(`feecast serve: state from ${start.source}\n`);
      if (pinned !== undefined) io.stdout(`feecast serve: clock pinned at ${pinned}\n`);
      if (options.dataDir !== undefined) {
        io.stdout(`feecast serve: saving every change to ${options.dataDir}\n`);
      }
      io.stdout(
        generated
          ? `feecast serve: no FEECAST_API_KEYS set; use this key: Authorization: Bearer ${keys[0]}\n`
          : `feecast serve: ${keys.length} API key(s) from FEECAST_API_KEYS\n`,
      );
      const stop = () => {
        server.close(() => resolve(EXIT.ok));
        server.closeAllConnections();
      };
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    });
  });
}
