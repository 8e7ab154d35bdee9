/**
 * The webhooks of a Node server, in one piece for `createServer`: the endpoints of
 * `--webhook-url`, the queuing of each change's webhooks, the dispatcher that sends them and
 * the delivery log's route. See STATE.md ("Webhooks") for what is kept and what is promised.
 */
import type { Timestamp } from '@feecast/models';
import type { IdPrefix } from '../http/answers';
import type { ApiResponse } from '../http/request';
import type { ServerState } from '../state/state';
import { withWebhookUrls } from './configured-endpoints';
import { type Dispatcher, startDispatcher } from './dispatcher';
import { queueWebhooks } from './queue';
import { isDeliverable } from './reachable';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { endpointSigningKey, randomWebhookSecret } from './signing-keys';
import { webhooksResponse } from './webhooks-route';

/** How a server delivers webhooks (`ServerOptions.webhooks`). */
export interface WebhookOptions {
  /** Endpoints to add at start when the state has none at these URLs (`--webhook-url`). */
  readonly urls?: readonly string[];
  /** The secret the endpoints' signing keys derive from (default: random for this server). */
  readonly secret?: Uint8Array;
  /** How failed deliveries are retried (default: first retry after 1 s, doubling up to 5 min, 10 attempts in all). */
  readonly retry?: RetryPolicy;
  /** How long an attempt waits for an answer, in milliseconds (default 10,000). */
  readonly timeoutMs?: number;
  /** Where each attempt is reported (`serve --verbose`). */
  readonly report?: (line: string) => void;
  /** Where each endpoint that receives webhooks is announced at start, with its signing key. */
  readonly announce?: (line: string) => void;
}

/** The parts of the server the webhooks need. */
export interface WebhookHost {
  readonly state: () => ServerState;
  /** Applies a change to the current state; `true` once it is kept. */
  readonly commit: (change: (state: ServerState) => ServerState) => Promise<boolean>;
}

/** The webhooks of one server. */
export interface WebhookService {
  /** The start state with the `--webhook-url` endpoints added (itself when none is new). */
  configure(state: ServerState, now: Timestamp): ServerState;
  /** `next` with the deliveries of the activities `before` did not have (see `queueWebhooks`). */
  queue(before: ServerState, next: ServerState): ServerState;
  /** Starts sending (announces the endpoints first); `wake` after each change. */
  start(host: WebhookHost): void;
  wake(): void;
  stop(): void;
  /** The answer to the delivery log's route (`GET /__feecast/webhooks`). */
  respond(method: string, query: string, state: ServerState): ApiResponse;
}

/**
 * The webhooks of a server whose answers name ids with `idPrefix`.
 *
 * @example
 * const webhooks = webhookService({ urls: ['http://127.0.0.1:4000/hooks'] }, 'svc');
 * let state = webhooks.configure(exampleState(), now);
 * webhooks.start({ state: () => state, commit: async (change) => { state = change(state); return true; } });
 */
export function webhookService(options: WebhookOptions, idPrefix: IdPrefix): WebhookService {
  const secret = options.secret ?? randomWebhookSecret();
  const keys = new Map<string, string>();
  const signingKey = (endpointId: string): string => {
    let key = keys.get(endpointId);
    if (key === undefined) {
      key = endpointSigningKey(secret, endpointId);
      keys.set(endpointId, key);
    }
    return key;
  };
  let dispatcher: Dispatcher | undefined;
  return {
    configure: (state, now) => withWebhookUrls(state, options.urls ?? [], now),
    queue: queueWebhooks,
    start(host) {
      for (const endpoint of host.state().webhook_endpoints) {
        if (!isDeliverable(endpoint)) continue;
        options.announce?.(
          `webhooks to ${endpoint.webhook_url} (endpoint ${endpoint.svc_id}), signed with the key ${signingKey(endpoint.svc_id)}`,
        );
      }
      dispatcher = startDispatcher({
        state: host.state,
        commit: host.commit,
        signingKey,
        idPrefix,
        retry: options.retry ?? DEFAULT_RETRY,
        timeoutMs: options.timeoutMs ?? 10_000,
        ...(options.report === undefined ? {} : { report: options.report }),
      });
      dispatcher.wake();
    },
    wake: () => dispatcher?.wake(),
    stop: () => dispatcher?.stop(),
    respond: (method, query, state) => webhooksResponse(method, query, state, signingKey),
  };
}
