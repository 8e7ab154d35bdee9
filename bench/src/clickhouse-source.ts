/**
 * The ClickHouse row source at scale (issue 21): 10,000,000 events of 1,000 subscriptions
 * loaded into the events table with `loadClickhouseEvents`, then (a) the current usage of one
 * subscription by the command, `feecast usage --events clickhouse://...` (the database filters
 * the subscription's 10,000 rows; the command replays them), checked equal to the same events
 * priced from an NDJSON file, and (b) every row of the table read through `clickhouseEvents`,
 * with the heap and resident memory sampled every million rows. Needs a server:
 * `FEECAST_CLICKHOUSE_URL` (`eval "$(node scripts/clickhouse.mjs start)"`).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UsageEvent } from '@feecast/models';
import { clickhouseEvents, loadClickhouseEvents } from '@feecast/sources';
import { main } from 'feecast';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'cli');
const SUBSCRIPTION = 'sub_acme_starter';
const NOW = '2026-11-15T00:00:00Z';
/** 1 November 2026, 00:00 UTC, in unix seconds; the events fall in the 14 days before NOW. */
const NOVEMBER_1 = 1_793_491_200;
const SPAN_SECONDS = 14 * 86_400;

/** The bundled history's events: the shapes (codes, properties) the generated events take. */
function templates(): UsageEvent[] {
  return readFileSync(join(examples, 'events.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as UsageEvent);
}

/** Event `k` of subscription `s`: template `k mod 200`, its own id and time. */
function* generated(subscriptions: number, perSubscription: number): Generator<UsageEvent> {
  const shapes = templates();
  for (let s = 0; s < subscriptions; s++) {
    const subscription = s === 0 ? SUBSCRIPTION : `sub_${String(s).padStart(4, '0')}`;
    for (let k = 0; k < perSubscription; k++) {
      const shape = shapes[k % shapes.length] as UsageEvent;
      yield {
        ...shape,
        transaction_id: `${subscription}_${k}`,
        external_subscription_id: subscription,
        // Whole seconds spread over the 14 days, as unix seconds (both forms appear: the
        // templates' ISO strings are replaced, a number is written).
        timestamp: (NOVEMBER_1 +
          Math.floor((k * SPAN_SECONDS) / perSubscription)) as UsageEvent['timestamp'],
      };
    }
  }
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function usage(events: string): Promise<{ code: number; out: string; ms: number }> {
  const file = (name: string) => join(examples, name);
  let out = '';
  const start = performance.now();
  const code = await main(
    [
      'usage',
      ...['--customer', file('customer.json'), '--subscription', file('subscription.json')],
      ...['--plan', file('plan-starter.json'), '--billable-metrics', file('billable_metrics.json')],
      ...['--taxes', file('taxes.json'), '--events', events, '--now', NOW, '--json'],
    ],
    {
      stdout: (text) => {
        out += text;
      },
      stderr: () => undefined,
    },
  );
  return { code, out, ms: performance.now() - start };
}

/** Runs the benchmark; its Markdown report. */
export async function clickhouseSource(
  subscriptions = 1_000,
  perSubscription = 10_000,
): Promise<string> {
  const url = process.env.FEECAST_CLICKHOUSE_URL;
  if (url === undefined || url === '') {
    process.exitCode = 1;
    return 'clickhouse source: FEECAST_CLICKHOUSE_URL is not set; start a server with eval "$(node scripts/clickhouse.mjs start)".';
  }
  const total = subscriptions * perSubscription;
  const table = `bench_events_${Date.now().toString(36)}`;
  const target = { url, table };

  let start = performance.now();
  const loaded = await loadClickhouseEvents(target, generated(subscriptions, perSubscription));
  const loadMs = performance.now() - start;
  if (loaded._tag === 'Left' || loaded.right !== total) {
    process.exitCode = 1;
    return `clickhouse source: the load failed: ${loaded._tag === 'Left' ? loaded.left.message : `${loaded.right} rows`}`;
  }

  // The reference: the subscription's events priced from an NDJSON file.
  const ndjson = join(tmpdir(), `${table}.ndjson`);
  const own: string[] = [];
  for (const event of generated(1, perSubscription)) own.push(JSON.stringify(event));
  writeFileSync(ndjson, `${own.join('\n')}\n`);
  const fromFile = await usage(ndjson);
  rmSync(ndjson);
  const address = `${url.replace(/^http/, 'clickhouse')}/default?table=${table}`;
  const fromTable = await usage(address);
  const same = fromTable.code === 0 && fromTable.out === fromFile.out.replaceAll(ndjson, address);
  if (!same) {
    process.exitCode = 1;
    return `clickhouse source: the table's usage differs from the file's:\n${fromTable.out}\n---\n${fromFile.out}`;
  }
  const body = JSON.parse(fromTable.out) as {
    customer_usage: { total_amount_cents: number };
    events: { read: number; counted: number };
  };

  // Every row through the row source, memory sampled every million rows.
  const rows: string[] = [];
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const source = clickhouseEvents(target);
  let read = 0;
  start = performance.now();
  for await (const _event of source.events) {
    read++;
    if (read % 1_000_000 === 0) {
      global.gc?.();
      const memory = process.memoryUsage();
      rows.push(
        `| ${read.toLocaleString('en-US')} | ${((performance.now() - start) / 1000).toFixed(1)} | ${megabytes(memory.heapUsed)} | ${megabytes(memory.rss)} |`,
      );
    }
  }
  const scanMs = performance.now() - start;
  const scanError = source.error();
  if (scanError !== undefined || read !== total) {
    process.exitCode = 1;
    return `clickhouse source: the scan stopped at ${read} rows: ${scanError?.message ?? ''}`;
  }
  return [
    `### clickhouse source: ${total.toLocaleString('en-US')} events, ${subscriptions.toLocaleString('en-US')} subscriptions`,
    '',
    '| step | seconds | rows per second |',
    '| --- | ---: | ---: |',
    `| load (loadClickhouseEvents, one INSERT) | ${(loadMs / 1000).toFixed(1)} | ${Math.round(total / (loadMs / 1000)).toLocaleString('en-US')} |`,
    `| feecast usage, one subscription, --events clickhouse:// | ${(fromTable.ms / 1000).toFixed(2)} | |`,
    `| feecast usage, the same events from NDJSON | ${(fromFile.ms / 1000).toFixed(2)} | |`,
    `| every row through clickhouseEvents | ${(scanMs / 1000).toFixed(1)} | ${Math.round(total / (scanMs / 1000)).toLocaleString('en-US')} |`,
    '',
    `Usage of ${SUBSCRIPTION}: ${body.events.read.toLocaleString('en-US')} rows read, ${body.events.counted.toLocaleString('en-US')} counted, total ${body.customer_usage.total_amount_cents} cents (equal to the NDJSON file's, checked).`,
    '',
    `Memory during the scan (heap before: ${megabytes(heap0)} MB):`,
    '',
    '| rows read | seconds | heap MB | RSS MB |',
    '| ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}
