/**
 * Issue 21 §3: usage priced through DuckDB (the aggregations pushed down to where the events
 * are), against the hand-written DuckDB SQL for the same sums and against in-process pricing
 * of the same events read from NDJSON. 10,000,000 events (FEECAST_PUSHDOWN_EVENTS to change)
 * of 1,000 subscriptions, a 10-charge plan with filters and groups (`pushdown-data.ts`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { currentUsage } from '@feecast/engine';
import type { CustomerUsageResponse } from '@feecast/models';
import { eventSource, pushdownUsage, pushdownUsageOfAll } from '@feecast/sources';
import type { BenchSuite } from '../harness';
import { pushdownFiles, SUBSCRIPTIONS, usageContext } from '../pushdown-data';
import { peerQueries, peerUnits, runPeer } from '../pushdown-peer';

const ONE = 7;
const ONE_ID = 'sub_0007';

/** The figures of a usage compared between the paths: every charge's units, amount, events. */
function figures(usage: CustomerUsageResponse): string {
  return JSON.stringify(usage);
}

/** The units of each metric's charges in a usage, by metric code (for the peer's check). */
function unitsByMetric(usage: CustomerUsageResponse): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const charge of usage.customer_usage.charges_usage) {
    const code = charge.billable_metric.code;
    const list = found[code] ?? [];
    if (!list.includes(charge.units)) list.push(charge.units);
    found[code] = list;
  }
  return found;
}

/**
 * The suite, its data made (or reused from FEECAST_PUSHDOWN_DIR, a folder holding an
 * `events.parquet` and `events.ndjson` of `pushdownFiles`) and its results checked once.
 */
export async function pushdownSuite(): Promise<BenchSuite & { close(): void }> {
  const n = Number(process.env.FEECAST_PUSHDOWN_EVENTS ?? 10_000_000);
  const reused = process.env.FEECAST_PUSHDOWN_DIR;
  const files =
    reused !== undefined && existsSync(join(reused, 'events.parquet'))
      ? {
          parquet: join(reused, 'events.parquet'),
          ndjson: join(reused, 'events.ndjson'),
          remove: () => undefined,
        }
      : await pushdownFiles(n);
  // Each side keeps one DuckDB instance across its rounds, as a notebook keeps one: the
  // hand-written SQL's, and feecast's (`{ connection, file }`), apart so that neither warms the
  // other's.
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const feecastInstance = await DuckDBInstance.create(':memory:');
  const feecastConnection = await feecastInstance.connect();
  const table = { duckdb: { connection: feecastConnection, file: files.parquet } };
  const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
  const hand = (subscription: string | undefined) =>
    runPeer(connection, peerQueries(files.parquet, subscription));
  const pushOne = async () => {
    const result = await pushdownUsage(usageContext(ONE), table);
    if (result._tag === 'Left') throw new Error(result.left.message);
    return result.right.usage as CustomerUsageResponse;
  };
  const pushAll = async () => {
    const result = await pushdownUsageOfAll(contexts, table);
    if (result._tag === 'Left') throw new Error(result.left.message);
    return result.right.map((r) => r.usage as CustomerUsageResponse);
  };
  const inProcess = async () => {
    const result = await currentUsage({
      ...usageContext(ONE),
      events: eventSource(files.ndjson).events,
    });
    if (result._tag === 'Left') throw new Error(result.left.message);
    return result.right;
  };

  // FEECAST_PUSHDOWN_IN_PROCESS=0 leaves out the in-process pricing of the NDJSON (a minute a
  // round at 10,000,000 events): its case, and its check (the other two remain).
  const withInProcess = process.env.FEECAST_PUSHDOWN_IN_PROCESS !== '0';
  // Checked once, before timing: the three paths give the same figures.
  const problems: string[] = [];
  const [pushed, inMemory, all, peer] = [
    await pushOne(),
    withInProcess ? await inProcess() : undefined,
    await pushAll(),
    await hand(ONE_ID),
  ];
  if (inMemory !== undefined && figures(pushed) !== figures(inMemory)) {
    problems.push(`pushdown gave ${figures(pushed)}, in-process gave ${figures(inMemory)}`);
  }
  if (figures(all[ONE] as CustomerUsageResponse) !== figures(pushed)) {
    problems.push(`the all-subscriptions run differs for ${ONE_ID}`);
  }
  const sorted = (units: Record<string, string[]>) =>
    JSON.stringify(Object.entries(units).sort(([a], [b]) => (a < b ? -1 : 1)));
  const expected = sorted(peerUnits(peer));
  const got = sorted(unitsByMetric(pushed));
  if (expected !== got) problems.push(`hand-written SQL gave units ${expected}, feecast ${got}`);

  return {
    name: 'pushdown (DuckDB, Parquet)',
    items: n,
    itemLabel: 'events in the file',
    baseline: 'hand-written DuckDB SQL, one subscription',
    rounds: 3,
    warmup: 0,
    checks: () => problems,
    cases: [
      { name: 'hand-written DuckDB SQL, one subscription', run: () => hand(ONE_ID) },
      { name: 'feecast through DuckDB, one subscription', run: pushOne },
      { name: 'hand-written DuckDB SQL, every subscription', run: () => hand(undefined) },
      { name: 'feecast through DuckDB, every subscription', run: pushAll },
      ...(withInProcess
        ? [{ name: 'feecast in-process from NDJSON, one subscription', run: inProcess }]
        : []),
    ],
    targets: [
      {
        case: 'feecast through DuckDB, one subscription',
        against: 'hand-written DuckDB SQL, one subscription',
        atMost: 1.5,
      },
      {
        case: 'feecast through DuckDB, every subscription',
        against: 'hand-written DuckDB SQL, every subscription',
        atMost: 1.5,
      },
    ],
    close: () => {
      connection.closeSync();
      instance.closeSync();
      feecastConnection.closeSync();
      feecastInstance.closeSync();
      files.remove();
    },
  };
}
