/**
 * What the deduplication (a hash aggregation keeping each transaction id's first row; window
 * functions under a `memoryLimit`) costs every subscription's pushdown (issue 21 §Checks), and
 * what a precheck that would let it be skipped costs: on the Parquet file of `pushdown-data.ts`
 * (FEECAST_PUSHDOWN_DIR), per metric of the benchmark's plan, the median of 3 alternated rounds
 * of `duckdbAggregates` every subscription with `deduplicate` and without it (the figures
 * differ, the repeats counted, only the time is compared), and of the precheck
 * `count(*) = count(DISTINCT (subscription, transaction id))` over the metric's period rows.
 * Run: `node --import tsx src/pushdown-dedup.ts` from bench/.
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { usageAggregations } from '@feecast/engine';
import { duckdbAggregates } from '@feecast/sources';
import { usageContext } from './pushdown-data';

const dir = process.env.FEECAST_PUSHDOWN_DIR;
if (dir === undefined) throw new Error('FEECAST_PUSHDOWN_DIR: a folder holding events.parquet');
const file = join(dir, 'events.parquet');
const wanted = usageAggregations(usageContext(7));
if (wanted._tag === 'Left') throw new Error(wanted.left.message);
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
const period = `"timestamp" >= TIMESTAMP '2026-11-01 00:00:00' AND "timestamp" < TIMESTAMP '2026-12-01 00:00:00'`;

const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  const result = (await run()) as { _tag?: string; left?: { message: string } };
  if (result?._tag === 'Left') throw new Error(result.left?.message);
  return performance.now() - started;
};
const median = (list: number[]) => [...list].sort((a, b) => a - b)[1] ?? 0;

console.log('| metric | deduplicated ms | without ms | precheck ms | ids unique |');
console.log('| --- | ---: | ---: | ---: | --- |');
for (const m of wanted.right.metrics) {
  const spec = { metric: m.metric, charges: m.charges, options: m.options };
  const times = { with: [] as number[], without: [] as number[], check: [] as number[] };
  let unique = '';
  for (let round = 0; round < 3; round++) {
    times.with.push(await timed(() => duckdbAggregates({ file }, spec)));
    times.without.push(
      await timed(() =>
        duckdbAggregates({ file }, { ...spec, options: { ...m.options, deduplicate: false } }),
      ),
    );
    times.check.push(
      await timed(async () => {
        const reader = await connection.runAndReadAll(
          `SELECT count(*) = count(DISTINCT (external_subscription_id, transaction_id)) FROM read_parquet('${file}') WHERE code = '${m.code}' AND ${period}`,
        );
        unique = String(reader.getRows()[0]?.[0]);
      }),
    );
  }
  console.log(
    `| ${m.code} | ${median(times.with).toFixed(0)} | ${median(times.without).toFixed(0)} | ${median(times.check).toFixed(0)} | ${unique} |`,
  );
}
connection.closeSync();
instance.closeSync();
