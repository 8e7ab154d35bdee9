/**
 * The backtest benchmark (issue 22): `feecast backtest` over 1,000 subscriptions, 12 monthly
 * periods and 2 candidate plans of 10 charges (24,000 invoices), from an NDJSON file of
 * 1,000,000 then 10,000,000 events (`backtest-data.ts`), with 1 and 2 worker threads (and 2
 * with `--unique-ids`), against the engine aggregating the same events once (`backtest-case.ts aggregate`). Each
 * case runs in a process of its own, for its time and its peak resident memory; the
 * backtests with 1 and 2 workers must print the same rows (their digests), or the suite fails.
 *
 * `FEECAST_BACKTEST_DIR` keeps the generated files between runs; `FEECAST_BACKTEST_EVENTS`
 * (e.g. `1000000`) chooses the sizes, comma-separated.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKTEST_SUBSCRIPTIONS, backtestEvents, backtestParquet } from './backtest-data';

interface CaseResult {
  readonly ms: number;
  readonly peak_mb: number;
  readonly digest: string;
}

const here = dirname(fileURLToPath(import.meta.url));

function runCase(args: readonly string[]): CaseResult {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, 'backtest-case.ts'), ...args],
    {
      cwd: join(here, '..'),
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (run.status !== 0) throw new Error(`backtest case ${args[0]} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as CaseResult;
}

/** Runs the benchmark: a Markdown table per size. Exits 1 when the workers disagree. */
export async function backtestBench(): Promise<string> {
  const sizes = (process.env.FEECAST_BACKTEST_EVENTS ?? '1000000,10000000').split(',').map(Number);
  const lines = [
    `### backtest (${BACKTEST_SUBSCRIPTIONS.toLocaleString('en')} subscriptions x 12 months x 2 plans = ${(BACKTEST_SUBSCRIPTIONS * 24).toLocaleString('en')} invoices)`,
    '',
    '| events | case | seconds | ratio to aggregation | peak resident MB |',
    '| ---: | --- | ---: | ---: | ---: |',
  ];
  for (const n of sizes) {
    const data = await backtestEvents(n);
    try {
      const once = runCase(['aggregate', data.ndjson]);
      const one = runCase(['backtest', data.ndjson, '1']);
      const two = runCase(['backtest', data.ndjson, '2']);
      // The generated ids are distinct: the rows are the same without remembering them.
      const unique = runCase(['backtest', data.ndjson, '2', 'unique']);
      if (one.digest !== two.digest || two.digest !== unique.digest) {
        process.exitCode = 1;
        lines.push(
          `| ${n} | the backtests disagree: ${one.digest}, ${two.digest}, ${unique.digest} | | | |`,
        );
        continue;
      }
      const row = (label: string, c: CaseResult) =>
        `| ${n.toLocaleString('en')} | ${label} | ${(c.ms / 1000).toFixed(1)} | ${(c.ms / once.ms).toFixed(2)}x | ${c.peak_mb} |`;
      lines.push(row('aggregation once (baseline)', once));
      lines.push(row('backtest, 1 worker', one));
      lines.push(row('backtest, 2 workers', two));
      lines.push(row('backtest, 2 workers, --unique-ids', unique));
      lines.push(
        `| ${n.toLocaleString('en')} | 2 workers speedup over 1 | ${(one.ms / two.ms).toFixed(2)}x | | |`,
      );
    } finally {
      data.remove();
    }
  }
  return lines.join('\n');
}

/**
 * The backtest through DuckDB (issue 22, Performance): `pushdownBacktest` over the Parquet
 * file of the same events (`backtestParquet`, made beside the NDJSON and not timed), at
 * 10,000,000 events (`FEECAST_BACKTEST_EVENTS` chooses), its states priced in 1 then 2 worker
 * threads (`--pushdown --workers N`), which must give the same digest, or the suite exits 1.
 * Target: under one minute. With
 * `FEECAST_BACKTEST_CHECK=1` the in-process backtest (1 worker, the NDJSON) runs too and must
 * give the same digest, or the suite exits 1 (slow at full size: check on a smaller run).
 */
export async function backtestDuckdbBench(): Promise<string> {
  const sizes = (process.env.FEECAST_BACKTEST_EVENTS ?? '10000000').split(',').map(Number);
  const check = process.env.FEECAST_BACKTEST_CHECK === '1';
  const lines = [
    `### backtest through DuckDB (${BACKTEST_SUBSCRIPTIONS.toLocaleString('en')} subscriptions x 12 months x 2 plans)`,
    '',
    '| events | case | seconds | processor seconds | of which aggregation | peak resident MB | digest |',
    '| ---: | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const n of sizes) {
    const data = await backtestEvents(n);
    try {
      const parquet = await backtestParquet(data.ndjson);
      type DuckCase = CaseResult & { source?: string; aggregated_ms?: number; cpu_ms?: number };
      const seconds = (ms: number | undefined) => (ms === undefined ? '' : (ms / 1000).toFixed(1));
      const row = (label: string, c: DuckCase) =>
        `| ${n.toLocaleString('en')} | ${label} | ${seconds(c.ms)} | ${seconds(c.cpu_ms)} | ${seconds(c.aggregated_ms)} | ${c.peak_mb} | ${c.digest} |`;
      const duck = runCase(['duckdb', parquet, '1']) as DuckCase;
      const two = runCase(['duckdb', parquet, '2']) as DuckCase;
      if (duck.source !== 'database' || two.digest !== duck.digest) process.exitCode = 1;
      lines.push(row(`pushdownBacktest, Parquet (${duck.source}), 1 worker`, duck));
      lines.push(row(`pushdownBacktest, Parquet (${two.source}), 2 workers`, two));
      if (check) {
        const here = runCase(['backtest', data.ndjson, '1']);
        lines.push(row('backtest in process, 1 worker, NDJSON', here as DuckCase));
        if (here.digest !== duck.digest) process.exitCode = 1;
      }
    } finally {
      data.remove();
    }
  }
  return lines.join('\n');
}
