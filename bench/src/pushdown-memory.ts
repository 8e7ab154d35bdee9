/**
 * The memory of usage priced through DuckDB as the events grow (issue 21 §3): the process's
 * resident size (DuckDB's memory included), sampled every 20 ms, while one subscription's usage
 * and every subscription's are priced over 1,001,000 generated rows, then over 10,010,000
 * (`pushdown-data.ts`; FEECAST_PUSHDOWN_DIR reuses the larger files;
 * FEECAST_PUSHDOWN_MEMORY_LARGE=0 measures the smaller alone, for a loaded machine;
 * FEECAST_PUSHDOWN_MEMORY_LIMIT=64MB gives DuckDB that `memoryLimit`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pushdownUsage, pushdownUsageOfAll } from '@feecast/sources';
import { pushdownFiles, SUBSCRIPTIONS, usageContext } from './pushdown-data';

const megabytes = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

/** The table of resident sizes, before and at the peak of each run. */
export async function pushdownMemory(): Promise<string> {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const lines = [
    '### pushdown memory (DuckDB, Parquet, resident MB)',
    '',
    '| rows | before | peak, one subscription | peak, every subscription | ms, every subscription |',
    '| ---: | ---: | ---: | ---: | ---: |',
  ];
  const limit = process.env.FEECAST_PUSHDOWN_MEMORY_LIMIT;
  const target = (file: string) => ({
    duckdb: limit === undefined || limit === '' ? { file } : { file, memoryLimit: limit },
  });
  if (limit !== undefined && limit !== '') lines[0] += `, memoryLimit ${limit}`;
  const measure = async (rows: string, file: string) => {
    const before = process.memoryUsage().rss;
    peak = before;
    // A refusal (DuckDB's `Out of Memory Error` under a limit) is a failed run, not a figure.
    const failed = (result: { readonly _tag: string; readonly left?: { message: string } }) => {
      if (result._tag === 'Left') throw new Error(`${rows} rows: ${result.left?.message}`);
    };
    failed(await pushdownUsage(usageContext(7), target(file)));
    const one = peak;
    peak = process.memoryUsage().rss;
    const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
    const started = Date.now();
    failed(await pushdownUsageOfAll(contexts, target(file)));
    lines.push(
      `| ${rows} | ${megabytes(before)} | ${megabytes(one)} | ${megabytes(peak)} | ${Date.now() - started} |`,
    );
  };
  try {
    const small = await pushdownFiles(1_000_000);
    await measure('1,001,000', small.parquet);
    small.remove();
    if (process.env.FEECAST_PUSHDOWN_MEMORY_LARGE === '0') return lines.join('\n');
    const reused = process.env.FEECAST_PUSHDOWN_DIR;
    const large =
      reused !== undefined && existsSync(join(reused, 'events.parquet'))
        ? { parquet: join(reused, 'events.parquet'), remove: () => undefined }
        : await pushdownFiles(10_000_000);
    await measure('10,010,000', large.parquet);
    large.remove();
  } finally {
    clearInterval(timer);
  }
  return lines.join('\n');
}
