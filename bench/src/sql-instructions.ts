/**
 * The per-row SQL of `pushdownUsageOfAll` against the hand-written SQL, by instructions (issue
 * 21 §Checks): a measure that holds on a loaded machine, where wall times do not.
 *
 * `node --import tsx src/sql-instructions.ts <folder>` writes `<folder>/slice.parquet` (the
 * first 2,000,000 rows of the benchmark's `events.parquet` by file row number, when missing),
 * then each metric's generated query (`generated-<code>.sql`, from the built `@feecast/sources`
 * on the benchmark's 1,000 contexts) and hand-written query (`hand-<code>.sql`,
 * `src/pushdown-peer.ts`'s), both over the slice. `FEECAST_PUSHDOWN_DIR` names the benchmark's
 * folder (its `events.parquet`, from `src/run.ts "pushdown duckdb"`). Then, from bench/, count
 * a query's instructions on one DuckDB thread, less those of starting (0 rounds):
 *
 *     valgrind --tool=callgrind --callgrind-out-file=/dev/null node src/instructions/sql-run.mjs <folder>/hand-api_calls.sql 1
 *     valgrind --tool=callgrind --callgrind-out-file=/dev/null node src/instructions/sql-run.mjs <folder>/hand-api_calls.sql 0
 *
 * and read their "Collected" lines.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { pushdownUsageOfAll } from '@feecast/sources';
import { METRICS, SUBSCRIPTIONS, usageContext } from './pushdown-data';
import { peerQueries } from './pushdown-peer';

/** The slice's rows: enough for each query's per-row cost to outweigh its fixed cost. */
const SLICE_ROWS = 2_000_000;

/** A string literal of SQL. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function write(folder: string): Promise<void> {
  const dir = process.env.FEECAST_PUSHDOWN_DIR;
  if (dir === undefined) throw new Error('FEECAST_PUSHDOWN_DIR: a folder holding events.parquet');
  const file = join(dir, 'events.parquet');
  const slice = join(folder, 'slice.parquet');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  if (!existsSync(slice)) {
    await connection.run(
      `COPY (SELECT * EXCLUDE (file_row_number) FROM read_parquet(${literal(file)}, file_row_number = true) WHERE file_row_number < ${SLICE_ROWS} ORDER BY file_row_number) TO ${literal(slice)} (FORMAT parquet)`,
    );
  }
  const contexts = Array.from({ length: SUBSCRIPTIONS }, (_, s) => usageContext(s));
  const all = await pushdownUsageOfAll(contexts, { duckdb: { connection, file: slice } });
  connection.closeSync();
  if (all._tag === 'Left') throw new Error(all.left.message);
  const plan = all.right[0]?.plan ?? [];
  const hand = peerQueries(slice, undefined);
  for (const [i, metric] of METRICS.entries()) {
    const sql = plan.find((m) => m.code === metric.code)?.sql ?? [];
    if (sql.length !== 1) throw new Error(`${metric.code}: ${sql.length} queries, not one`);
    writeFileSync(join(folder, `generated-${metric.code}.sql`), sql[0] ?? '');
    writeFileSync(join(folder, `hand-${metric.code}.sql`), hand[i] ?? '');
  }
  console.log(`wrote ${slice} and the queries of ${METRICS.map((m) => m.code).join(', ')}`);
}

const folder = process.argv[2];
if (folder === undefined) throw new Error('usage: sql-instructions.ts <folder>');
await write(folder);
