/**
 * The memory of usage priced through DuckDB as the events grow (issue 21 §3): the process's
 * resident size (DuckDB's memory included), sampled every 20 ms, while one subscription's usage
 * and every subscription's are priced over 1,001,000 generated rows, then over 10,010,000
 * (`pushdown-data.ts`; FEECAST_PUSHDOWN_DIR reuses the larger files;
 * FEECAST_PUSHDOWN_MEMORY_LARGE=0 measures the smaller alone, for a loaded machine).
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
    '| rows | before | peak, one subscription | peak, every subscription |',
    '| ---: | ---: | ---: | ---: |',
  ];
  const measure = async (rows: string, file: string) => {
    const before = process.memoryUsage().rss;
    peak = before;
    await pushdownUsage(usageContext(7), { duckdb: { file } });
    const one = peak;
    peak = process.memoryUsage().rss;
    const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
    await pushdownUsageOfAll(contexts, { duckdb: { file } });
    lines.push(`| ${rows} | ${megabytes(before)} | ${megabytes(one)} | ${megabytes(peak)} |`);
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
