/**
 * The dispatcher: sends the pending deliveries of the state (delivery-log.ts) and records
 * each attempt's outcome as a change of the state (so, with a data directory, in the journal
 * before the dispatcher moves on). The deliveries of one endpoint and ordering key (one
 * customer) go one at a time, in the order they were queued: a later one waits until the
 * earlier one is delivered or has failed for good. A failed attempt (no answer, or not a
 * 2xx) is tried again after the retry policy's wait (retry.ts), on a timer.
 *
 * The guarantee, with a data directory: a delivery whose outcome is on disk is never sent
 * again; one whose outcome is not (the server stopped between the receiver's answer and the
 * journal's flush) is sent again after the restart with the same unique key
 * (`X-Svc-Unique-Key`), so a receiver that remembers the keys it has handled handles every
 * webhook exactly once.
 */
import type { ActivityLog, WebhookEndpoint } from '@feecast/models';
import type { IdPrefix } from '../http/answers';
import { appendItem } from '../state/chunked-list';
import type { ServerState } from '../state/state';
import { type DeliveryEntry, deliveryLog } from './delivery-log';
import type { AttemptOutcome, WebhookAttempt } from './delivery-records';
import { webhookHeaders } from './headers';
import { webhookBody } from './payload';
import { type RetryPolicy, retryDelayMs } from './retry';
import { webhookSignature } from './signature';

/** What the dispatcher reads, changes and calls. */
export interface DispatcherOptions {
  /** The server's current state. */
  readonly state: () => ServerState;
  /**
   * Applies `change` to the current state; resolves `true` once it is kept (on disk with a
   * data directory), `false` when it could not be.
   */
  readonly commit: (change: (state: ServerState) => ServerState) => Promise<boolean>;
  /** The signing key of an endpoint. */
  readonly signingKey: (endpointId: string) => string;
  readonly idPrefix: IdPrefix;
  readonly retry: RetryPolicy;
  /** How long an attempt waits for an answer, in milliseconds. */
  readonly timeoutMs: number;
  /** Where each attempt is reported (`serve --verbose`); nowhere by default. */
  readonly report?: (line: string) => void;
  /** The system clock (default `Date.now`), for retries. */
  readonly nowMs?: () => number;
}

/** A running dispatcher. */
export interface Dispatcher {
  /** Looks for deliveries due now (after a change of the state). */
  wake(): void;
  /** Stops: no new attempt, the attempts under way are abandoned (not recorded). */
  stop(): void;
}

interface Answer {
  readonly status: number | null;
  readonly error: string | null;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error && 'code' in cause)
      return `${error.message} (${String(cause.code)})`;
    return error.message;
  }
  return String(error);
}

async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  stopped: AbortSignal,
): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([stopped, AbortSignal.timeout(timeoutMs)]),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, error: null };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { status: null, error: `no answer within ${timeoutMs} ms` };
    }
    return { status: null, error: errorText(error) };
  }
}

/**
 * Starts a dispatcher over `options.state()`; call `wake()` after each change of the state
 * (it also wakes itself when a retry is due).
 *
 * @example
 * const dispatcher = startDispatcher({ state: () => state, commit, signingKey, idPrefix: 'svc', retry: DEFAULT_RETRY, timeoutMs: 10_000 });
 * dispatcher.wake(); // sends what is due
 */
export function startDispatcher(options: DispatcherOptions): Dispatcher {
  const nowMs = options.nowMs ?? Date.now;
  const inFlight = new Set<string>();
  const stopping = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  /**
   * The deliveries and attempts the last wake read. A wake that finds the same lists has nothing
   * to send: what was due then is in flight, and what was not has its timer; only a timer, the
   * end of an attempt or new lists make a wake read the log again. So a change that queues no webhook (most stored events) costs no pass
   * over every delivery.
   */
  let seen: { readonly deliveries: unknown; readonly attempts: unknown } | undefined;

  function schedule(at: number): void {
    if (at >= timerAt) return;
    if (timer !== undefined) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Number.POSITIVE_INFINITY;
        seen = undefined;
        wake();
      },
      Math.max(0, at - nowMs()),
    );
    timer.unref?.();
  }

  async function attempt(
    entry: DeliveryEntry,
    endpoint: WebhookEndpoint | undefined,
    activity: ActivityLog | undefined,
    organizationId: ServerState['organization_id'],
  ): Promise<void> {
    const number = entry.attempts.length + 1;
    const attemptedAt = new Date(nowMs()).toISOString();
    let answer: Answer;
    if (endpoint === undefined || activity === undefined) {
      answer = {
        status: null,
        error: endpoint === undefined ? 'its endpoint is gone' : 'its activity log is gone',
      };
    } else {
      const body = webhookBody(activity, organizationId, options.idPrefix);
      const signature = webhookSignature(body, options.signingKey(endpoint.svc_id));
      const headers = webhookHeaders(options.idPrefix, signature, entry.svc_id);
      answer = await post(endpoint.webhook_url, body, headers, options.timeoutMs, stopping.signal);
    }
    if (stopping.signal.aborted) return;
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const gone = endpoint === undefined || activity === undefined;
    const delay = ok || gone ? undefined : retryDelayMs(options.retry, number);
    const outcome: AttemptOutcome = ok ? 'delivered' : delay === undefined ? 'failed' : 'retrying';
    const record: WebhookAttempt = {
      svc_webhook_delivery_id: entry.svc_id,
      attempt: number,
      attempted_at: attemptedAt,
      status_code: answer.status,
      error: answer.error,
      outcome,
      next_retry_at: delay === undefined ? null : new Date(nowMs() + delay).toISOString(),
    };
    const kept = await options.commit((state) => ({
      ...state,
      webhook_attempts: appendItem(state.webhook_attempts, record),
    }));
    options.report?.(
      `webhook ${entry.webhook_type} ${entry.svc_id} to ${endpoint?.webhook_url ?? entry.svc_webhook_endpoint_id}: attempt ${number}, ${answer.status ?? answer.error}, ${outcome}${record.next_retry_at === null ? '' : ` (next at ${record.next_retry_at})`}`,
    );
    inFlight.delete(entry.svc_id);
    // The last wake saw this delivery in flight (the commit above may have woken it): read the
    // log again, now or (the outcome not kept) at the next wake.
    seen = undefined;
    if (kept) wake();
  }

  function wake(): void {
    if (stopping.signal.aborted) return;
    const state = options.state();
    const deliveries = state.webhook_deliveries;
    const attempts = state.webhook_attempts;
    if (seen !== undefined && seen.deliveries === deliveries && seen.attempts === attempts) return;
    seen = { deliveries, attempts };
    const now = nowMs();
    const blocked = new Set<string>();
    let endpoints: Map<string, WebhookEndpoint> | undefined;
    let activities: Map<string, ActivityLog> | undefined;
    for (const entry of deliveryLog(state)) {
      if (entry.status !== 'pending') continue;
      const group = `${entry.svc_webhook_endpoint_id} ${entry.ordering_key}`;
      if (blocked.has(group)) continue;
      blocked.add(group);
      if (inFlight.has(entry.svc_id)) continue;
      const due = entry.next_retry_at === null ? now : Date.parse(entry.next_retry_at);
      if (due > now) {
        schedule(due);
        continue;
      }
      endpoints ??= new Map(state.webhook_endpoints.map((e) => [e.svc_id, e]));
      activities ??= new Map(state.activity_logs.map((log) => [log.activity_id, log]));
      inFlight.add(entry.svc_id);
      void attempt(
        entry,
        endpoints.get(entry.svc_webhook_endpoint_id),
        activities.get(entry.activity_id),
        state.organization_id,
      );
    }
  }

  return {
    wake,
    stop() {
      stopping.abort();
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
