/**
 * The real peer of the history benchmarks: DuckDB (embedded, one thread) over the same events
 * loaded into typed columns: TIMESTAMP, DECIMAL(18, 4), VARCHAR. Its queries are the ones a
 * user would write for the same figures; the load is not timed, only the queries.
 */
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type HistoryEvent, KEPT_REGIONS, NOVEMBER } from './history';

/** A DuckDB database holding one history set as the `events` table. */
export interface DuckDbPeer {
  /** The exact filtered sum (regions in the kept two), as the engine writes decimals. */
  filteredSum(): Promise<string>;
  /** The exact sum per region, as the engine writes decimals. */
  groupedSum(): Promise<Record<string, string>>;
  /** The number of distinct `instance` values in the period. */
  uniqueCount(): Promise<string>;
  close(): void;
}

/** `YYYY-MM-DD HH:MM:SS`: a TIMESTAMP literal of an ISO instant. */
function timestampLiteral(iso: string): string {
  return `TIMESTAMP '${iso.replace('T', ' ').replace('Z', '')}'`;
}

const PERIOD = `ts BETWEEN ${timestampLiteral(NOVEMBER.from_datetime)} AND ${timestampLiteral(NOVEMBER.to_datetime)}`;
const KEPT = KEPT_REGIONS.map((r) => `'${r}'`).join(', ');

/** A DECIMAL(38, 4) result's text as the engine writes it (no trailing zeros). */
function decimalText(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

async function load(connection: DuckDBConnection, events: readonly HistoryEvent[]): Promise<void> {
  await connection.run(
    'CREATE TABLE staged (transaction_id VARCHAR, code VARCHAR, ms BIGINT, value VARCHAR, region VARCHAR, tier VARCHAR, instance VARCHAR)',
  );
  const appender = await connection.createAppender('staged');
  for (const event of events) {
    const ms =
      typeof event.timestamp === 'number' ? event.timestamp * 1000 : Date.parse(event.timestamp);
    appender.appendVarchar(event.transaction_id);
    appender.appendVarchar(event.code);
    appender.appendBigInt(BigInt(ms));
    appender.appendVarchar(event.properties.value);
    appender.appendVarchar(event.properties.region);
    appender.appendVarchar(event.properties.tier);
    appender.appendVarchar(event.properties.instance);
    appender.endRow();
  }
  appender.closeSync();
  // Typed columns: the text value cast exactly to a decimal, the instant to a TIMESTAMP.
  await connection.run(
    `CREATE TABLE events AS SELECT transaction_id, code, make_timestamp(ms * 1000) AS ts,
       CAST(value AS DECIMAL(18, 4)) AS value, region, tier, instance FROM staged`,
  );
  await connection.run('DROP TABLE staged');
}

/** Loads `events` into a fresh in-memory DuckDB limited to one thread. */
export async function duckDbPeer(events: readonly HistoryEvent[]): Promise<DuckDbPeer> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await instance.connect();
  await load(connection, events);
  const text = async (sql: string): Promise<string[][]> => {
    const reader = await connection.runAndReadAll(sql);
    return reader.getRows().map((row) => row.map((cell) => String(cell)));
  };
  return {
    filteredSum: async () => {
      const [[total] = []] = await text(
        `SELECT CAST(sum(value) AS VARCHAR) FROM events WHERE code = 'compute' AND ${PERIOD} AND region IN (${KEPT})`,
      );
      return decimalText(total ?? '0');
    },
    groupedSum: async () => {
      const rows = await text(
        `SELECT region, CAST(sum(value) AS VARCHAR) FROM events WHERE code = 'compute' AND ${PERIOD} GROUP BY region ORDER BY region`,
      );
      return Object.fromEntries(rows.map(([region, total]) => [region, decimalText(total ?? '0')]));
    },
    uniqueCount: async () => {
      const [[count] = []] = await text(
        `SELECT count(DISTINCT instance) FROM events WHERE code = 'compute' AND ${PERIOD}`,
      );
      return count ?? '0';
    },
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
