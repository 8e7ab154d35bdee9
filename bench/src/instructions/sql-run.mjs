/**
 * Runs one SQL query file on one DuckDB thread, `rounds` times (default 1): what `valgrind
 * --tool=callgrind` counts the instructions of, once with 0 rounds (Node and DuckDB starting)
 * and once with 1, so that the difference is the query's own (bench/README.md, "pushdown: the
 * per-row SQL against the hand-written SQL, by instructions"). The queries are written by
 * `src/sql-instructions.ts`.
 *
 * node sql-run.mjs <query.sql> [rounds]
 */
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [query, roundsText] = process.argv.slice(2);
if (query === undefined) throw new Error('usage: sql-run.mjs <query.sql> [rounds]');
const sql = readFileSync(query, 'utf8');
const rounds = Number(roundsText ?? '1');
const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
const connection = await instance.connect();
let rows = 0;
for (let round = 0; round < rounds; round++)
  rows = (await connection.runAndReadAll(sql)).currentRowCount;
connection.closeSync();
// The rows of the answer, so that a query that reads nothing shows.
console.log(JSON.stringify({ rounds, rows }));
