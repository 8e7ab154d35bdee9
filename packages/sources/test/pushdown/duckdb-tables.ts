// An in-memory DuckDB for a suite of the pushdown tests (opened before, closed after), and
// tables of events in it: properties as JSON text, timestamps as written, in the events' order.
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { UsageEvent } from '@feecast/engine';
import { afterAll, beforeAll } from 'vitest';

/** A SQL string literal. */
export const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `events` as the rows of a SQL `VALUES` list (transaction id, subscription, code, timestamp as
 * written, properties as JSON text), in their order, which DuckDB and ClickHouse both read;
 * `fixed` puts one subscription or code in every row.
 */
export function sqlValues(
  events: readonly UsageEvent[],
  fixed: { readonly subscription?: string; readonly code?: string } = {},
): string {
  return events
    .map((e) => {
      const subscription = fixed.subscription ?? e.external_subscription_id;
      return `(${quote(e.transaction_id)}, ${subscription === undefined ? 'NULL' : quote(subscription)}, ${quote(fixed.code ?? e.code)}, ${quote(String(e.timestamp))}, ${quote(JSON.stringify(e.properties ?? {}))})`;
    })
    .join(', ');
}

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
        await connection().run(`INSERT INTO ${table} VALUES ${sqlValues(events)}`);
      }
      return table;
    },
  };
}
