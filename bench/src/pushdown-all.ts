/**
 * `pushdownUsageOfAll` alone (issue 21 §Checks): the benchmark's 1,000 usage contexts over the
 * Parquet file of `pushdown-data.ts` (FEECAST_PUSHDOWN_DIR), `FEECAST_PUSHDOWN_CALLS` calls
 * (default 3) in this process, each timed: wall milliseconds, the process's CPU milliseconds
 * (`process.cpuUsage()`, DuckDB's threads included) and the main thread's (from
 * `/proc/self/task/<pid>/stat`, on Linux), with a digest of the answers (the first 16 hex
 * digits of the SHA-256 of the 1,000 usages' JSON) that must be the same in every call and
 * build. An A/B runs it from each build's bench/, alternated. The calls read the file on one
 * DuckDB instance kept across them (`{ connection, file }`, as a notebook keeps one; the
 * hand-written peer of `src/run.ts "pushdown duckdb"` keeps one too); `FEECAST_PUSHDOWN_KEPT=0`:
 * `{ file }`, an instance of feecast's own per call; `FEECAST_PUSHDOWN_THREADS=<n>`: the kept
 * instance's DuckDB `threads`.
 * Run: `FEECAST_PUSHDOWN_DIR=<folder> node --import tsx src/pushdown-all.ts` from bench/.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { pushdownUsageOfAll } from '@feecast/sources';
import { SUBSCRIPTIONS, usageContext } from './pushdown-data';
import { mainThreadMs } from './thread-cpu';

const dir = process.env.FEECAST_PUSHDOWN_DIR;
if (dir === undefined) throw new Error('FEECAST_PUSHDOWN_DIR: a folder holding events.parquet');
const calls = Number(process.env.FEECAST_PUSHDOWN_CALLS ?? 3);
const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
const file = join(dir, 'events.parquet');
const kept = process.env.FEECAST_PUSHDOWN_KEPT !== '0';
// FEECAST_PUSHDOWN_THREADS: DuckDB's `threads` of the kept instance (DuckDB's default: the cores).
const threads = process.env.FEECAST_PUSHDOWN_THREADS;
const instance = kept
  ? await DuckDBInstance.create(':memory:', threads === undefined ? {} : { threads })
  : undefined;
const connection = await instance?.connect();
const table = { duckdb: connection === undefined ? { file } : { connection, file } };

console.log(
  kept
    ? `one DuckDB instance kept across the calls${threads === undefined ? '' : `, ${threads} threads`}`
    : 'an instance per call',
);

console.log('| call | wall ms | process CPU ms | main thread CPU ms | digest |');
console.log('| ---: | ---: | ---: | ---: | --- |');
for (let call = 1; call <= calls; call++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const thread = mainThreadMs();
  const result = await pushdownUsageOfAll(contexts, table);
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const threadMs = mainThreadMs() - thread;
  if (result._tag === 'Left') throw new Error(result.left.message);
  const digest = createHash('sha256')
    .update(JSON.stringify(result.right.map((r) => r.usage)))
    .digest('hex')
    .slice(0, 16);
  const processMs = (used.user + used.system) / 1000;
  console.log(
    `| ${call} | ${wall.toFixed(0)} | ${processMs.toFixed(0)} | ${threadMs} | ${digest} |`,
  );
}
connection?.closeSync();
instance?.closeSync();
