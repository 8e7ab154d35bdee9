/**
 * The Node side of `pushdownUsageOfAll` alone (issue 21 §Checks): the benchmark's 1,000 usage
 * contexts priced from the five metrics' grouped states, without the SQL. The states are
 * computed once by DuckDB over the Parquet file of `pushdown-data.ts` (FEECAST_PUSHDOWN_DIR,
 * `duckdbAggregates`, one query per metric for every subscription); then each of
 * `FEECAST_PRICING_CALLS` rounds (default 8) prices them as `pushdownUsageOfAll` does: the
 * plan prepared once (`prepareUsage`), each subscription's part checked, every metric but the
 * last priced ahead (`priceAhead`), then each usage (`current`). Each round prints its wall
 * milliseconds and the main thread's CPU milliseconds (from `/proc/self/task/<pid>/stat`, on
 * Linux), the whole round's and the usages' alone (`current`: what `pushdownUsageOfAll` does
 * after its last query returns), with the digest of the 1,000 usages' JSON (first 16 hex digits of its SHA-256): the
 * digest of `src/pushdown-all.ts` on the same data. Each round prices fresh copies of the
 * states, as each call of `pushdownUsageOfAll` gets new ones.
 * Run: `FEECAST_PUSHDOWN_DIR=<folder> node --import tsx src/pushdown-pricing.ts` from bench/.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { usageAggregations } from '@feecast/engine';
import { prepareUsage } from '@feecast/engine/internal';
import { duckdbAggregates } from '@feecast/sources';
import { METRICS, PUSHDOWN_PLAN, SUBSCRIPTIONS, usageContext } from './pushdown-data';
import { mainThreadMs } from './thread-cpu';

const dir = process.env.FEECAST_PUSHDOWN_DIR;
if (dir === undefined) throw new Error('FEECAST_PUSHDOWN_DIR: a folder holding events.parquet');
const rounds = Number(process.env.FEECAST_PRICING_CALLS ?? 8);

const wanted = usageAggregations(usageContext(0));
if (wanted._tag === 'Left') throw new Error(wanted.left.message);
/** Each metric's states by subscription (`null`: the rows naming none), as JSON. */
const saved = new Map<string, string>();
for (const metric of wanted.right.metrics) {
  const spec = { metric: metric.metric, charges: metric.charges, options: metric.options };
  const result = await duckdbAggregates({ file: join(dir, 'events.parquet') }, spec);
  if (result._tag === 'Left') throw new Error(result.left.message);
  const states = result.right.states.map(({ subscription, state }) => [subscription, state]);
  saved.set(metric.code, JSON.stringify(states));
}
const codes = [...saved.keys()];
const owns = Array.from({ length: SUBSCRIPTIONS }, (_, s) => {
  const { plan: _plan, billableMetrics: _metrics, ...own } = usageContext(s);
  return own;
});

console.log(
  '| round | wall ms | main thread CPU ms | after the last query: wall ms | CPU ms | digest |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | --- |');
for (let round = 1; round <= rounds; round++) {
  const states = new Map<string, Map<string | null, unknown>>();
  for (const [code, text] of saved) states.set(code, new Map(JSON.parse(text)));
  const stateOf = (code: string, id: string) =>
    states.get(code)?.get(id) ?? states.get(code)?.get(null);
  const started = performance.now();
  const thread = mainThreadMs();
  const prepared = prepareUsage({ plan: PUSHDOWN_PLAN, billableMetrics: METRICS });
  if (prepared._tag === 'Left') throw new Error(prepared.left.message);
  const parts = owns.map((own) => {
    const part = prepared.right.subscription(own);
    if (part._tag === 'Left') throw new Error(part.left.message);
    return part.right;
  });
  for (const code of codes.slice(0, -1)) {
    for (const part of parts) {
      const state = stateOf(code, part.aggregations.external_subscription_id);
      if (state !== undefined) part.priceAhead(code, state);
    }
  }
  const last = performance.now();
  const lastThread = mainThreadMs();
  const usages = parts.map((part) => {
    const aggregates: Record<string, unknown> = {};
    for (const code of codes) {
      const state = stateOf(code, part.aggregations.external_subscription_id);
      if (state !== undefined) aggregates[code] = state;
    }
    const usage = part.current(aggregates);
    if (usage._tag === 'Left') throw new Error(usage.left.message);
    return usage.right;
  });
  const ended = performance.now();
  const endThread = mainThreadMs();
  const digest = createHash('sha256').update(JSON.stringify(usages)).digest('hex').slice(0, 16);
  console.log(
    `| ${round} | ${(ended - started).toFixed(0)} | ${endThread - thread} | ${(ended - last).toFixed(0)} | ${endThread - lastThread} | ${digest} |`,
  );
}
