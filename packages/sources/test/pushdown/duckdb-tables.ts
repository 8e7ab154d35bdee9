// An in-memory DuckDB for a suite of the pushdown tests (opened before, closed after), and
// tables of events in it: properties as JSON text, timestamps as written, in the events' order.
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { UsageEvent } from '@feecast/engine';
import { afterAll, beforeAll } from 'vitest';

/** A SQL string literal. */
export const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The suite's database: its connection (once the suite started) and a maker of tables. */
export interface SuiteDatabase {
  connection(): DuckDBConnection;
  /** A new table holding `events`, in their order; answers its name. */
  tableOf(events: readonly UsageEvent[]): Promise<string>;
}

/** Opens an in-memory DuckDB before the suite's tests and closes it after them. */
export function suiteDatabase(prefix: string): SuiteDatabase {
  let instance: DuckDBInstance | undefined;
  let open: DuckDBConnection | undefined;
  let tables = 0;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    open = await instance.connect();
  });
  afterAll(() => {
    open?.closeSync();
    instance?.closeSync();
  });
  const connection = () => {
    if (open === undefined) throw new Error('The suite database opens before the tests.');
    return open;
  };
  return {
    connection,
    async tableOf(events) {
      const table = `${prefix}_${++tables}`;
      await connection().run(
        `CREATE TABLE ${table} (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)`,
      );
      if (events.length > 0) {
        const rows = events.map(
          (e) =>
            `(${quote(e.transaction_id)}, ${e.external_subscription_id === undefined ? 'NULL' : quote(e.external_subscription_id)}, ${quote(e.code)}, ${quote(String(e.timestamp))}, ${quote(JSON.stringify(e.properties ?? {}))})`,
        );
        await connection().run(`INSERT INTO ${table} VALUES ${rows.join(', ')}`);
      }
      return table;
    },
  };
}
