/**
 * Runs the benchmarks on the built packages: `pnpm bench` (all) or `pnpm bench -- NAME`
 * (those whose name contains NAME: decimal, decimal operations, aggregation, operations, estimator, history, usage,
 * invoice, streaming, server, clickhouse). Prints Markdown tables
 * and writes bench/output/<suite>.json. Exits 1 when a suite's result disagrees with its
 * reference (a benchmark of wrong code is worthless); targets missed are reported, not fatal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendCost } from './append-cost';
import { backtestBench, backtestDuckdbBench } from './backtest';
import { clickhouseSource } from './clickhouse-source';
import { estimateStreamMemory } from './estimate-stream';
import { type BenchSuite, disagreements, formatResult, runSuite } from './harness';
import { pushdownMemory } from './pushdown-memory';
import { serverLoad } from './server-load';
import { streamingMemory } from './streaming';
import { aggregationSuite } from './suites/aggregation';
import { decimalOperationSuites } from './suites/decimal-operations';
import { decimalSumSuite } from './suites/decimal-sum';
import { estimatorSuite } from './suites/estimator';
import { historySuite } from './suites/history';
import { invoiceSuite } from './suites/invoice';
import { estimateHistorySuite, estimateSuite, projectedUsageSuite } from './suites/operations';
import { pushdownSuite } from './suites/pushdown';
import { pushdownClickhouseSuite } from './suites/pushdown-clickhouse';
import { usageSuite } from './suites/usage';

const filter = process.argv.slice(2).find((a) => a !== '--');
const outputDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'output');

/** Runs a ratio suite: checks its results agree, times it, prints and saves the figures. */
async function ratioSuite(suite: BenchSuite): Promise<string> {
  const wrong = await disagreements(suite);
  if (wrong.length > 0) {
    process.exitCode = 1;
    return `${suite.name}: results disagree with the reference:\n${wrong.join('\n')}`;
  }
  const result = await runSuite(suite, {
    ...(suite.rounds === undefined ? {} : { rounds: suite.rounds }),
    ...(suite.warmup === undefined ? {} : { warmup: suite.warmup }),
  });
  mkdirSync(outputDir, { recursive: true });
  writeFileSync(
    join(outputDir, `${suite.name.replace(/\W+/g, '-')}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  return formatResult(result, suite);
}

/** Every benchmark, by name; each builds its data only when it runs. */
const benchmarks: readonly {
  readonly name: string;
  readonly run: () => string | Promise<string>;
  /** Run only when named (it needs a ClickHouse server). */
  readonly byNameOnly?: boolean;
}[] = [
  { name: 'decimal sum', run: () => ratioSuite(decimalSumSuite()) },
  {
    name: 'decimal operations',
    run: async () => {
      const tables: string[] = [];
      for (const suite of decimalOperationSuites()) tables.push(await ratioSuite(suite));
      return tables.join('\n\n');
    },
  },
  { name: 'aggregation', run: () => ratioSuite(aggregationSuite()) },
  {
    name: 'operations',
    // Each suite's data is made when it runs: the 1,000,000 events of the projections are not
    // yet in memory while estimates are timed.
    run: async () => {
      const tables: string[] = [];
      for (const suite of [estimateSuite, estimateHistorySuite, projectedUsageSuite])
        tables.push(await ratioSuite(suite()));
      return tables.join('\n\n');
    },
  },
  { name: 'estimator', run: () => ratioSuite(estimatorSuite()) },
  {
    name: 'history',
    run: async () => {
      const suite = await historySuite();
      try {
        return await ratioSuite(suite);
      } finally {
        suite.close();
      }
    },
  },
  { name: 'usage', run: () => ratioSuite(usageSuite()) },
  { name: 'invoice', run: () => ratioSuite(invoiceSuite()) },
  { name: 'streaming memory', run: () => streamingMemory() },
  { name: 'streaming memory, deduplicated', run: () => streamingMemory(10_000_000, true) },
  { name: 'estimate over a stream', run: () => estimateStreamMemory() },
  {
    name: 'server load',
    // FEECAST_LOAD_EVENTS (default 100,000 stored events), FEECAST_LOAD_TOTAL (requests per kind).
    run: () =>
      serverLoad(
        Number(process.env.FEECAST_LOAD_TOTAL ?? 3_000),
        50,
        100,
        Number(process.env.FEECAST_LOAD_EVENTS ?? 100_000),
      ),
  },
  {
    name: 'append cost',
    // FEECAST_APPEND_LOGS (default 100,000): the activity logs stored before the writes.
    run: () => appendCost(Number(process.env.FEECAST_APPEND_LOGS ?? 100_000)),
  },
  { name: 'clickhouse source', run: () => clickhouseSource(), byNameOnly: true },
  {
    name: 'pushdown duckdb',
    // 10,000,000 events written as Parquet and NDJSON (minutes): only when named.
    run: async () => {
      const suite = await pushdownSuite();
      try {
        return await ratioSuite(suite);
      } finally {
        suite.close();
      }
    },
    byNameOnly: true,
  },
  { name: 'pushdown memory', run: () => pushdownMemory(), byNameOnly: true },
  {
    name: 'pushdown clickhouse',
    // Needs a server, and loads 10,000,000 rows: only when named.
    run: async () => {
      const suite = await pushdownClickhouseSuite();
      try {
        return await ratioSuite(suite);
      } finally {
        suite.close();
      }
    },
    byNameOnly: true,
  },
  // 24,000 invoices over 1,000,000 then 10,000,000 events, each case in its own process (minutes).
  { name: 'backtest', run: () => backtestBench(), byNameOnly: true },
  // The same backtest from a Parquet file through DuckDB (`pushdownBacktest`), at 10,000,000 events.
  { name: 'pushdown periods', run: () => backtestDuckdbBench(), byNameOnly: true },
];

console.log(`node ${process.version}, ${process.arch}`);
for (const benchmark of benchmarks) {
  if (filter === undefined ? benchmark.byNameOnly !== true : benchmark.name.includes(filter))
    console.log(`\n${await benchmark.run()}`);
}
