/**
 * Issue 21 §3 on ClickHouse: usage priced through ClickHouse (the aggregations pushed down to
 * the server) against the hand-written ClickHouse SQL for the same sums, over the generated
 * events of `pushdown-data.ts` (10,000,000 by default) loaded into the events table. Needs a
 * server: `FEECAST_CLICKHOUSE_URL` (`eval "$(node scripts/clickhouse.mjs start)"`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { currentUsage } from '@feecast/engine';
import type { CustomerUsageResponse } from '@feecast/models';
import { eventSource, pushdownUsage, pushdownUsageOfAll } from '@feecast/sources';
import type { BenchSuite } from '../harness';
import { clickhouseQueries, clickhouseRun, loadClickhouse } from '../pushdown-clickhouse';
import { pushdownFiles, SUBSCRIPTIONS, usageContext } from '../pushdown-data';
import { peerUnits } from '../pushdown-peer';

const ONE = 7;
const ONE_ID = 'sub_0007';
const TABLE = 'feecast_pushdown_bench';

/** The units of each metric's charges, by metric code, in code order. */
function unitsByMetric(usage: CustomerUsageResponse): string {
  const found = new Map<string, string[]>();
  for (const charge of usage.customer_usage.charges_usage) {
    const list = found.get(charge.billable_metric.code) ?? [];
    if (!list.includes(charge.units)) list.push(charge.units);
    found.set(charge.billable_metric.code, list);
  }
  return JSON.stringify([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The suite: the events loaded (the load's time printed), the paths checked to agree once. */
export async function pushdownClickhouseSuite(): Promise<BenchSuite & { close(): void }> {
  const url = process.env.FEECAST_CLICKHOUSE_URL;
  if (url === undefined || url === '') {
    throw new Error(
      'FEECAST_CLICKHOUSE_URL is not set: eval "$(node scripts/clickhouse.mjs start)"',
    );
  }
  const n = Number(process.env.FEECAST_PUSHDOWN_EVENTS ?? 10_000_000);
  const reused = process.env.FEECAST_PUSHDOWN_DIR;
  const files =
    reused !== undefined && existsSync(join(reused, 'clickhouse.ndjson'))
      ? {
          ndjson: join(reused, 'events.ndjson'),
          clickhouse: join(reused, 'clickhouse.ndjson'),
          remove: () => undefined,
        }
      : await pushdownFiles(n, { clickhouse: true });
  const started = performance.now();
  const loaded = await loadClickhouse(url, TABLE, files.clickhouse ?? '');
  console.log(
    `ClickHouse: ${loaded.toLocaleString('en-US')} rows loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const table = { clickhouse: { url, table: TABLE } };
  const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
  const hand = async (subscription: string | undefined) => {
    const answers: string[][][] = [];
    for (const sql of clickhouseQueries(TABLE, subscription))
      answers.push(await clickhouseRun(url, sql));
    return answers;
  };
  const pushOne = async () => {
    const result = await pushdownUsage(usageContext(ONE), table);
    if (result._tag === 'Left') throw new Error(result.left.message);
    return result.right.usage;
  };
  const pushAll = async () => {
    const result = await pushdownUsageOfAll(contexts, table);
    if (result._tag === 'Left') throw new Error(result.left.message);
    return result.right.map((r) => r.usage);
  };

  const problems: string[] = [];
  const pushed = await pushOne();
  const inProcess = await currentUsage({
    ...usageContext(ONE),
    events: eventSource(files.ndjson).events,
  });
  if (inProcess._tag === 'Left' || JSON.stringify(inProcess.right) !== JSON.stringify(pushed)) {
    problems.push(`ClickHouse pushdown of ${ONE_ID} differs from in-process pricing of the NDJSON`);
  }
  const all = await pushAll();
  if (JSON.stringify(all[ONE]) !== JSON.stringify(pushed)) {
    problems.push(`the all-subscriptions run differs for ${ONE_ID}`);
  }
  const peer = JSON.stringify(
    Object.entries(peerUnits(await hand(ONE_ID))).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  if (peer !== unitsByMetric(pushed)) {
    problems.push(`hand-written SQL gave units ${peer}, feecast ${unitsByMetric(pushed)}`);
  }

  return {
    name: 'pushdown (ClickHouse)',
    items: loaded,
    itemLabel: 'rows in the table',
    baseline: 'hand-written ClickHouse SQL, one subscription',
    rounds: 3,
    warmup: 0,
    checks: () => problems,
    cases: [
      { name: 'hand-written ClickHouse SQL, one subscription', run: () => hand(ONE_ID) },
      { name: 'feecast through ClickHouse, one subscription', run: pushOne },
      { name: 'hand-written ClickHouse SQL, every subscription', run: () => hand(undefined) },
      { name: 'feecast through ClickHouse, every subscription', run: pushAll },
    ],
    targets: [
      {
        case: 'feecast through ClickHouse, one subscription',
        against: 'hand-written ClickHouse SQL, one subscription',
        atMost: 1.5,
      },
      {
        case: 'feecast through ClickHouse, every subscription',
        against: 'hand-written ClickHouse SQL, every subscription',
        atMost: 1.5,
      },
    ],
    close: () => {
      void clickhouseRun(url, `DROP TABLE IF EXISTS ${TABLE}`);
      files.remove();
    },
  };
}
