import type { ActivityLog } from '@feecast/models';
import { createFetchHandler, exampleState, type ServerState } from 'feecast/fetch';
import { KEY, SUBSCRIPTION } from './load-client';

/** The instant of every request: in the example subscription's current period (from 03-15). */
const NOW = '2025-03-20T12:00:00Z';

function hex12(n: number): string {
  return n.toString(16).padStart(12, '0');
}

/** The bundled example with `logs` more activity logs (copies of its first, their own ids). */
function stateWithLogs(logs: number): ServerState {
  const base = exampleState(new Date(NOW));
  const first = base.activity_logs.at(0);
  if (first === undefined) throw new Error('the example state has no activity log');
  const activity: ActivityLog[] = [...base.activity_logs];
  for (let n = 0; n < logs; n++) {
    activity.push({
      ...first,
      activity_id: `bd000000-0000-4000-8000-${hex12(n)}` as ActivityLog['activity_id'],
    });
  }
  return { ...base, activity_logs: activity };
}

/**
 * The CPU time per `POST /events` of the example subscription's `payments` metric (a
 * pay-in-advance charge that is not invoiceable: each event's fee is logged `fee.created`, one
 * activity log appended), answered by the fetch handler in this process, one request at a
 * time: `warm` requests, then `total` measured.
 */
async function cpuPerEvent(logs: number, total: number, warm: number): Promise<number> {
  const handler = createFetchHandler({
    apiKeys: [KEY],
    state: stateWithLogs(logs),
    clock: () => new Date(NOW),
  });
  let sent = 0;
  const post = async () => {
    sent += 1;
    const response = await handler(
      new Request('http://feecast.local/api/v1/events', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          event: {
            transaction_id: `append-${sent}`,
            code: 'payments',
            external_subscription_id: SUBSCRIPTION,
            timestamp: NOW,
            properties: { amount: '10' },
          },
        }),
      }),
    );
    if (response.status !== 200) {
      throw new Error(`POST /events answered ${response.status}: ${await response.text()}`);
    }
    await response.arrayBuffer();
  };
  for (let i = 0; i < warm; i++) await post();
  globalThis.gc?.();
  const before = process.cpuUsage();
  for (let i = 0; i < total; i++) await post();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / total;
}

/**
 * Issue 23: what a write costs as a growing collection grows. `POST /events` appends an
 * activity log (`fee.created`); with arrays each write copied every log, with the state's
 * chunked lists it costs the same with 0 and with `logs` logs already stored. Runs are
 * alternated (0, many, 0, many) and each figure is the CPU µs per request.
 */
export async function appendCost(logs = 100_000, total = 1_000, warm = 200): Promise<string> {
  const rows: string[] = [];
  const figures = new Map<number, number[]>();
  for (const size of [0, logs, 0, logs]) {
    const micros = await cpuPerEvent(size, total, warm);
    const list = figures.get(size) ?? [];
    list.push(micros);
    figures.set(size, list);
    rows.push(
      `  ${String(size).padStart(7)} logs stored: ${micros.toFixed(0)} µs of CPU per event`,
    );
  }
  const best = (size: number) =>
    (figures.get(size) ?? []).reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const ratio = best(logs) / best(0);
  return [
    `POST /events appending a fee.created activity log, ${total} requests after ${warm} (fetch handler, in process):`,
    ...rows,
    `  ${logs} logs / 0 logs (best of 2 each): ${ratio.toFixed(2)}`,
  ].join('\n');
}
