// DuckDB database files for the suites (the readers' and the command's).
import { DuckDBInstance } from '@duckdb/node-api';
import { tempPath } from './builders';

/** Runs `statements` on a new DuckDB database file named `name` (in the scratch directory). */
export async function duckdbDatabase(name: string, statements: readonly string[]): Promise<string> {
  const path = tempPath(name);
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    for (const sql of statements) await connection.run(sql);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return path;
}
