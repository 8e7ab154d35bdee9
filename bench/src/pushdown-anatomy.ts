/**
 * What each rule of the generated SQL costs DuckDB (issue 21 §Checks): the every-subscription
 * SQL of one metric as `pushdownUsageOfAll` runs it (FEECAST_ANATOMY_METRIC, `api_calls` by
 * default), then the same SQL with one rule more taken out at each step, then the
 * hand-written query of the metric (`pushdown-peer.ts`), all in one DuckDB instance over the
 * Parquet file of `pushdown-data.ts` (FEECAST_PUSHDOWN_DIR), alternated for
 * FEECAST_ANATOMY_ROUNDS rounds (default 5, the first a warm-up, not counted). Each line: the
 * process's CPU milliseconds of each counted round (DuckDB's threads), then their median.
 *
 * The steps, each on top of the one before (a step whose text the SQL no longer holds stops
 * the run: the compiler changed, and this script with it):
 * 1. `no read order`: each column of an id's first row is any row's (`any_value`), not the
 *    first row's in the file's order (`file_row_number` neither read nor compared);
 * 2. `no repeats count`: no count of each id's rows;
 * 3. `no statuses`: every row `ok` (no doubt, missing id, time or period checks);
 * 4. `no status key`: the ids partitioned as they are, not apart per status.
 *
 * The steps are the rules of docs/semantics.md that the hand-written SQL does not keep: the
 * lines say what each costs, not a query feecast could run.
 * Run: `FEECAST_PUSHDOWN_DIR=<folder> node --import tsx src/pushdown-anatomy.ts` from bench/.
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { pushdownUsageOfAll } from '@feecast/sources';
import { median } from './harness';
import { SUBSCRIPTIONS, usageContext } from './pushdown-data';
import { peerQueries } from './pushdown-peer';

const dir = process.env.FEECAST_PUSHDOWN_DIR;
if (dir === undefined) throw new Error('FEECAST_PUSHDOWN_DIR: a folder holding events.parquet');
const file = join(dir, 'events.parquet');
const code = process.env.FEECAST_ANATOMY_METRIC ?? 'api_calls';
const rounds = Number(process.env.FEECAST_ANATOMY_ROUNDS ?? 5);
const CODES = ['api_calls', 'compute', 'storage', 'seats', 'messages'];

/**
 * `sql` with the first match of `from` (every match, for a global `from`) replaced by `to` (as
 * it is, or what it gives of the match's groups), or an error naming the step.
 */
function without(
  sql: string,
  step: string,
  from: RegExp,
  to: string | ((...groups: string[]) => string),
): string {
  if (!new RegExp(from.source).test(sql)) {
    throw new Error(`${step}: the generated SQL has no ${from.source}`);
  }
  return sql.replace(from, (match, ...groups: string[]) =>
    typeof to === 'string' ? to : to(match, ...groups),
  );
}

const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
const all = await pushdownUsageOfAll(contexts, { duckdb: { file } });
if (all._tag === 'Left') throw new Error(all.left.message);
const generated = all.right[0]?.plan?.find((m) => m.code === code)?.sql?.[0];
if (generated === undefined) throw new Error(`no generated SQL for ${code}`);

const steps: [string, string][] = [['generated', generated]];
const last = () => steps.at(-1)?.[1] ?? generated;
// 1. No read order: any row's columns, the file's row numbers not read.
steps.push([
  'no read order',
  without(
    without(
      last(),
      'no read order',
      /arg_min_null\((\w+), __n\)/g,
      (_, column) => `any_value(${column})`,
    ),
    'no read order',
    /file_row_number AS __n FROM read_parquet\('([^']*)', file_row_number = true\)/,
    `0 AS __n FROM read_parquet('${file}')`,
  ),
]);
// 2. No count of each id's rows.
steps.push([
  'no repeats count',
  without(last(), 'no repeats count', /count\(\*\) AS __w/, '1 AS __w'),
]);
// 3. Every row ok.
steps.push([
  'no statuses',
  without(last(), 'no statuses', /CASE WHEN __sd OR [\s\S]*? ELSE 0 END AS __st/, '0 AS __st'),
]);
// 4. The ids partitioned as they are.
steps.push([
  'no status key',
  without(
    last(),
    'no status key',
    /CASE WHEN __st = 0 THEN __id ELSE '' END AS __di/,
    '__id AS __di',
  ),
]);
steps.push(['hand-written', peerQueries(file, undefined)[CODES.indexOf(code)] ?? '']);

const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
const cpu = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  for (const [name, sql] of steps) {
    const from = process.cpuUsage();
    (await connection.runAndReadAll(sql)).getRowObjectsJson();
    const used = process.cpuUsage(from);
    if (round === 0) continue;
    const list = cpu.get(name) ?? [];
    list.push((used.user + used.system) / 1000);
    cpu.set(name, list);
  }
}
connection.closeSync();
instance.closeSync();
console.log(`${code}: process CPU ms per round (DuckDB's threads), rounds 2-${rounds}`);
console.log('| step | rounds | median |');
console.log('| --- | --- | ---: |');
for (const [name] of steps) {
  const list = cpu.get(name) ?? [];
  console.log(
    `| ${name} | ${list.map((x) => x.toFixed(0)).join(' ')} | ${median(list).toFixed(0)} |`,
  );
}
