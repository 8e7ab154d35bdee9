/**
 * Where every subscription's pushdown spends its SQL time against the hand-written SQL (issue
 * 21 §Checks): on the Parquet file of `pushdown-data.ts` (FEECAST_PUSHDOWN_DIR), the SQL that
 * `pushdownUsageOfAll` runs for each metric of the benchmark's plan (as its plan gives it) and
 * the hand-written query of the same metric (`pushdown-peer.ts`), each run alone in a fresh
 * DuckDB instance under DuckDB's JSON profiler: wall milliseconds, the process's CPU
 * milliseconds over the query (every thread; the measure to compare, as the profiler's own
 * operator times grow with the machine's load), and each operator's profiled seconds and rows. `FEECAST_EXPLAIN_SQL=1` prints the SQL texts;
 * `FEECAST_EXPLAIN_METRIC=<code>` profiles one metric only; `FEECAST_EXPLAIN_SOURCES=<path of
 * a dist/index.js>` takes the SQL of that build of `@feecast/sources` (an A/B of the SQL).
 * Run: `node --import tsx src/pushdown-explain.ts` from bench/.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import * as sources from '@feecast/sources';
import { SUBSCRIPTIONS, usageContext } from './pushdown-data';
import { peerQueries } from './pushdown-peer';

interface ProfileNode {
  readonly operator_type?: string;
  readonly operator_name?: string;
  readonly operator_timing?: number;
  readonly operator_cardinality?: number;
  readonly cpu_time?: number;
  readonly children?: readonly ProfileNode[];
}

const dir = process.env.FEECAST_PUSHDOWN_DIR;
if (dir === undefined) throw new Error('FEECAST_PUSHDOWN_DIR: a folder holding events.parquet');
const file = join(dir, 'events.parquet');
const only = process.env.FEECAST_EXPLAIN_METRIC;
const printSql = process.env.FEECAST_EXPLAIN_SQL === '1';

/** The operators of a profile, depth first, with their CPU seconds and rows out. */
function operators(node: ProfileNode, depth: number, out: string[]): void {
  const name = node.operator_name ?? node.operator_type;
  if (name !== undefined) {
    out.push(
      `${'  '.repeat(depth)}${name}: ${(node.operator_timing ?? 0).toFixed(3)} s, ${node.operator_cardinality ?? 0} rows`,
    );
  }
  for (const child of node.children ?? []) operators(child, depth + 1, out);
}

/** The process's CPU milliseconds (every thread) since `from`. */
function cpuMs(from: NodeJS.CpuUsage): string {
  const used = process.cpuUsage(from);
  return ((used.user + used.system) / 1000).toFixed(0);
}

/** Runs `sql` alone in a fresh instance under the JSON profiler. */
async function profiled(label: string, sql: string): Promise<void> {
  const output = join(tmpdir(), `feecast-explain-${process.pid}.json`);
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`PRAGMA enable_profiling = 'json'`);
    await connection.run(`PRAGMA profiling_output = '${output}'`);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const reader = await connection.runAndReadAll(sql);
    const ms = performance.now() - started;
    const used = cpuMs(cpu);
    await connection.run('PRAGMA disable_profiling');
    const profile = JSON.parse(readFileSync(output, 'utf8')) as ProfileNode;
    const lines: string[] = [];
    operators(profile, 0, lines);
    console.log(
      `\n## ${label}: ${ms.toFixed(0)} ms, process CPU ${used} ms, profiled CPU ${(profile.cpu_time ?? 0).toFixed(3)} s, ${reader.currentRowCount} rows`,
    );
    console.log(lines.join('\n'));
  } finally {
    connection.closeSync();
    instance.closeSync();
    rmSync(output, { force: true });
  }
}

const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
// FEECAST_EXPLAIN_SOURCES=<dist/index.js>: the SQL of another build of `@feecast/sources`.
const build = process.env.FEECAST_EXPLAIN_SOURCES;
const { pushdownUsageOfAll } = (
  build === undefined ? sources : await import(build)
) as typeof sources;
const all = await pushdownUsageOfAll(contexts, { duckdb: { file } });
if (all._tag === 'Left') throw new Error(all.left.message);
const generated = all.right[0]?.plan ?? [];
const hand = peerQueries(file, undefined);
const codes = ['api_calls', 'compute', 'storage', 'seats', 'messages'];
for (const [i, code] of codes.entries()) {
  if (only !== undefined && only !== code) continue;
  const sql = generated.find((m) => m.code === code)?.sql ?? [];
  const peer = hand[i] ?? '';
  if (printSql) {
    console.log(
      `\n### ${code}, feecast\n\n${sql.join('\n\n')}\n\n### ${code}, hand-written\n\n${peer}`,
    );
  }
  for (const [k, one] of sql.entries()) await profiled(`${code}, feecast ${k + 1}`, one);
  await profiled(`${code}, hand-written`, peer);
}
