/**
 * The ClickHouse server's own cost of the pushdown, per query: each metric's every-subscription
 * SQL as `pushdownUsageOfAll` generates it, and each hand-written query of
 * `clickhouseQueries`, run one after another with `log_queries`, then `query_duration_ms`, the
 * server's CPU time (`OSCPUVirtualTimeMicroseconds`), `read_rows` and `memory_usage` read from
 * `system.query_log`.
 *
 *   FEECAST_CLICKHOUSE_URL=<url> FEECAST_PUSHDOWN_DIR=<folder> node --import tsx src/clickhouse-query-log.ts [rounds]
 *
 * The folder holds `clickhouse.ndjson` (the rows of `pushdownFiles(n, { clickhouse: true })`);
 * without it, the rows are generated there (`FEECAST_PUSHDOWN_EVENTS`, 10,000,000 by
 * default; the folder is kept). The table (`FEECAST_CLICKHOUSE_TABLE`, `feecast_query_log` by
 * default) is loaded only when it does not
 * hold them yet, and kept, so that runs of two builds compare the same table. The usages of
 * the 1,000 subscriptions (`pushdownUsageOfAll`, which gives the SQL) are printed as a digest:
 * two builds whose SQL answers alike print the same one.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { pushdownUsageOfAll } from '@feecast/sources';
import { clickhouseQueries, clickhouseRun, loadClickhouse } from './pushdown-clickhouse';
import { pushdownFiles, SUBSCRIPTIONS, usageContext } from './pushdown-data';

const TABLE = process.env.FEECAST_CLICKHOUSE_TABLE ?? 'feecast_query_log';
const CODES = ['api_calls', 'compute', 'storage', 'seats', 'messages'] as const;

const url = process.env.FEECAST_CLICKHOUSE_URL ?? '';
const dir = process.env.FEECAST_PUSHDOWN_DIR ?? '';
if (url === '' || dir === '') {
  throw new Error('set FEECAST_CLICKHOUSE_URL and FEECAST_PUSHDOWN_DIR');
}
const rounds = Number(process.argv[2] ?? 1);

/** The rows file in `dir`, generated there first when missing. */
async function rowsFile(): Promise<string> {
  const rows = join(dir, 'clickhouse.ndjson');
  if (existsSync(rows)) return rows;
  const made = await pushdownFiles(Number(process.env.FEECAST_PUSHDOWN_EVENTS ?? 10_000_000), {
    clickhouse: true,
  });
  renameSync(made.clickhouse ?? '', rows);
  renameSync(made.ndjson, join(dir, 'events.ndjson'));
  renameSync(made.parquet, join(dir, 'events.parquet'));
  made.remove();
  return rows;
}

const exists = await clickhouseRun(url, `EXISTS TABLE ${TABLE}`);
const count =
  exists[0]?.[0] === '1' ? await clickhouseRun(url, `SELECT count() FROM ${TABLE}`) : [];
if (count[0]?.[0] === undefined || count[0][0] === '0') {
  const started = performance.now();
  const loaded = await loadClickhouse(url, TABLE, await rowsFile());
  console.log(`${loaded} rows loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The generated SQL of every metric (the run also gives the usages, digested below).
const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
const all = await pushdownUsageOfAll(contexts, { clickhouse: { url, table: TABLE } });
if (all._tag === 'Left') throw new Error(all.left.message);
const generated = new Map<string, string>();
for (const [i, result] of all.right.entries()) {
  for (const metric of result.plan ?? []) {
    const sql = metric.sql?.[0];
    if (sql !== undefined && !generated.has(metric.code)) generated.set(metric.code, sql);
  }
  if (i === 0) break;
}
const { createHash } = await import('node:crypto');
const digest = createHash('sha256')
  .update(JSON.stringify(all.right.map((r) => r.usage)))
  .digest('hex')
  .slice(0, 16);
console.log(`usages of ${all.right.length} subscriptions, digest ${digest}`);

const hand = clickhouseQueries(TABLE, undefined);
const tag = `${process.pid}`;
/** Runs `sql` logged under `id` (its answer read and dropped). */
const run = async (id: string, sql: string) => {
  const response = await fetch(`${url}/?log_queries=1&query_id=${id}`, {
    method: 'POST',
    body: sql,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse refused ${id}: ${text.slice(0, 500)}`);
};
for (let round = 0; round < rounds; round++) {
  for (const [k, code] of CODES.entries()) {
    const sql = generated.get(code);
    if (sql === undefined) throw new Error(`no generated SQL for ${code}`);
    await run(`gen-${tag}-${round}-${code}`, sql);
    await run(`hand-${tag}-${round}-${code}`, hand[k] ?? '');
  }
}
await clickhouseRun(url, 'SYSTEM FLUSH LOGS');
const log = await clickhouseRun(
  url,
  `SELECT query_id, query_duration_ms, read_rows, memory_usage,
     intDiv(ProfileEvents.Values[indexOf(ProfileEvents.Names, 'OSCPUVirtualTimeMicroseconds')], 1000)
   FROM system.query_log
   WHERE type = 2 AND query_id LIKE '%-${tag}-%' ORDER BY event_time, query_id`,
);
const rowsOf = new Map(log.map(([id, ...rest]) => [id ?? '', rest.map(Number)]));
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
console.log(
  '| metric | round | generated ms (CPU ms) | hand-written ms (CPU ms) | ratio (CPU) | generated MB | hand-written MB | read rows |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const totals = [0, 0, 0, 0];
for (let round = 0; round < rounds; round++) {
  for (const code of CODES) {
    const [gms = 0, grows = 0, gmem = 0, gcpu = 0] =
      rowsOf.get(`gen-${tag}-${round}-${code}`) ?? [];
    const [hms = 0, , hmem = 0, hcpu = 0] = rowsOf.get(`hand-${tag}-${round}-${code}`) ?? [];
    for (const [k, figure] of [gms, hms, gcpu, hcpu].entries())
      totals[k] = (totals[k] ?? 0) + figure;
    console.log(
      `| \`${code}\` | ${round + 1} | ${gms} (${gcpu}) | ${hms} (${hcpu}) | ${ratio(gms, hms)} (${ratio(gcpu, hcpu)}) | ${mb(gmem)} | ${mb(hmem)} | ${grows} |`,
    );
  }
}
const [g = 0, h = 0, gc = 0, hc = 0] = totals;
console.log(`| total | | ${g} (${gc}) | ${h} (${hc}) | ${ratio(g, h)} (${ratio(gc, hc)}) | | | |`);
