/**
 * The DuckDB instances feecast opens itself (a database file read only, a file read in place,
 * rows staged in memory): each spills to a temporary folder of its own, and the caller can
 * bound its memory (`memoryLimit`).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/** The DuckDB settings a target can carry for the instance feecast opens for it. */
export interface DuckdbSettings {
  /**
   * DuckDB's `memory_limit` for the instance feecast opens (DuckDB's sizes: `'1GB'`,
   * `'512MB'`...; DuckDB's own default, 80 % of the machine's memory, unless given): beyond it,
   * DuckDB spills what can spill (aggregates, sorts, joins) to a folder of its own in the
   * system's temporary folder, and a query that still does not fit is an `unreadable_file`
   * error that says so. Not used with a connection of the caller's own.
   */
  readonly memoryLimit?: string;
}

/** How many instances this process has opened: each spills to a folder of its own. */
let opened = 0;

/** An instance and its connection, closed together. */
export interface OpenedDuckdb {
  readonly instance: DuckDBInstance;
  readonly connection: DuckDBConnection;
}

/**
 * Opens `path` (`':memory:'` for an in-memory database), read only when asked, with the
 * memory limit of `settings` and a spill folder of its own (DuckDB makes it only when it spills,
 * and removes it when the instance closes).
 */
export async function openDuckdb(
  path: string,
  readOnly: boolean,
  settings: DuckdbSettings,
): Promise<OpenedDuckdb> {
  // Loaded here, not when the package is imported (its native library is slow to load).
  const api = await import('@duckdb/node-api');
  // DuckDB's default spill folder of an in-memory database is `.tmp` in the working folder.
  const options: Record<string, string> = {
    temp_directory: join(tmpdir(), `feecast-duckdb-${process.pid}-${++opened}`),
  };
  if (settings.memoryLimit !== undefined) options.memory_limit = settings.memoryLimit;
  if (readOnly) options.access_mode = 'READ_ONLY';
  const instance = await api.DuckDBInstance.create(path, options);
  try {
    return { instance, connection: await instance.connect() };
  } catch (error) {
    instance.closeSync();
    throw error;
  }
}
