/**
 * `duckdbConnector`: the connection of a DuckDB target for many metric queries, the caller's
 * left open, and a relation's columns described once for them all.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { duckdbConnector, eventsTarget } from '../../src/pushdown/duckdb-aggregates';
import { tempPath } from '../builders';
import { quote } from './duckdb-tables';

describe('duckdbConnector', () => {
  let instance: DuckDBInstance;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
  });
  afterAll(() => instance.closeSync());

  it('describes a relation once, on the caller’s connection, and leaves it open', async () => {
    const connection = await instance.connect();
    const file = tempPath('connector-events.parquet');
    await connection.run(
      `COPY (SELECT 't1' AS transaction_id, 'sub_1' AS external_subscription_id, 'calls' AS code, TIMESTAMP '2025-03-02 10:00:00' AS timestamp, 3 AS "properties.n") TO ${quote(file)} (FORMAT parquet)`,
    );
    const connector = duckdbConnector({ connection, file });
    expect(await connector.connect()).toBe(connection);
    const asked = vi.spyOn(connection, 'runAndReadAll');
    const from = `read_parquet(${quote(file)}, file_row_number = true)`;
    const first = await connector.columns(from);
    const second = await connector.columns(from);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    // The file's columns, its row number left out.
    expect(first.map((column) => [column.name, column.type])).toEqual([
      ['transaction_id', 'VARCHAR'],
      ['external_subscription_id', 'VARCHAR'],
      ['code', 'VARCHAR'],
      ['timestamp', 'TIMESTAMP'],
      ['properties.n', 'INTEGER'],
    ]);
    asked.mockRestore();
    connector.close();
    const still = await connection.runAndReadAll('SELECT 1 + 1');
    expect(Number(still.getRows()[0]?.[0])).toBe(2);
    connection.closeSync();
  });

  it('reads a file on a connection as the file itself is read, and a table by its name', async () => {
    const connection = await instance.connect();
    expect(eventsTarget({ connection, file: 'events.csv', format: 'csv' })).toEqual({
      file: 'events.csv',
      format: 'csv',
    });
    expect(eventsTarget({ connection, file: 'events.parquet' })).toEqual({
      file: 'events.parquet',
    });
    expect(eventsTarget({ connection, table: 'main.events' })).toEqual({
      database: 'connection',
      table: 'main.events',
    });
    const own = { file: 'events.parquet', memoryLimit: '1GB' };
    expect(eventsTarget(own)).toBe(own);
    connection.closeSync();
  });
});
