// Events read by DuckDB from a real database file and from files it reads in place: the events
// come back as written (exact decimals, both timestamp forms, properties), rows that are not
// events are reported with their row, and DuckDB reads a file exactly as the file readers do.
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DuckdbTarget, duckdbEvents, eventSource } from '../src/index';
import { tempPath, usageEvent } from './builders';
import { drain } from './drain';
import { duckdbDatabase } from './duckdb-database';

const readDuckdb = (target: DuckdbTarget, subscription?: string) =>
  drain((onRejected) =>
    duckdbEvents(target, { onRejected, ...(subscription === undefined ? {} : { subscription }) }),
  );

const database = duckdbDatabase;

const TYPED = [
  `CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR,
     timestamp TIMESTAMP, "properties.calls" DECIMAL(18, 6), "properties.region" VARCHAR,
     precise_total_amount_cents DECIMAL(38, 12))`,
  `INSERT INTO events VALUES
     ('tr_1', 'sub_1', 'api_calls', '2026-11-01 10:00:00.123', 12.5, 'eu', NULL),
     ('tr_2', NULL, 'api_calls', '2026-11-01 10:00:00', 0.000001, NULL, 1234567890123.000000000001),
     ('tr_3', 'sub_2', 'api_calls', '2026-11-01 10:00:00', -3, 'us', NULL)`,
];

describe('duckdbEvents on a DuckDB table', () => {
  it('reads typed columns exactly: DECIMAL as decimal text, TIMESTAMP as unix seconds', async () => {
    const path = await database('typed.duckdb', TYPED);
    const read = await readDuckdb({ database: path, table: 'events' });
    expect(read.error).toBeUndefined();
    expect(read.rejected).toEqual([]);
    // 2026-11-01T10:00:00Z is 20,758 days × 86,400 + 10 × 3,600 = 1,793,527,200 unix seconds.
    // DECIMAL(18, 6) 12.5 is stored as 12500000 × 10^-6 and written without trailing zeros.
    expect(read.events).toEqual([
      {
        transaction_id: 'tr_1',
        external_subscription_id: 'sub_1',
        code: 'api_calls',
        timestamp: '1793527200.123',
        properties: { calls: '12.5', region: 'eu' },
      },
      {
        transaction_id: 'tr_2',
        code: 'api_calls',
        timestamp: '1793527200',
        properties: { calls: '0.000001' },
        precise_total_amount_cents: '1234567890123.000000000001',
      },
      {
        transaction_id: 'tr_3',
        external_subscription_id: 'sub_2',
        code: 'api_calls',
        timestamp: '1793527200',
        properties: { calls: '-3', region: 'us' },
      },
    ]);
  });

  it('keeps a subscription, with the rows that name none, filtered in DuckDB', async () => {
    const path = await database('filtered.duckdb', TYPED);
    const read = await readDuckdb({ database: path, table: 'events' }, 'sub_1');
    expect(read.events.map((event) => event.transaction_id)).toEqual(['tr_1', 'tr_2']);
  });

  it('gives back events written as JSON text, in both timestamp forms', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(usageEvent, { maxLength: 8 }), async (written) => {
        // Both timestamp forms as text columns hold them: ISO 8601, and unix seconds as digits.
        const events = written.map(
          (event): Record<string, unknown> => ({ ...event, timestamp: String(event['timestamp']) }),
        );
        const text = (value: unknown) =>
          value === undefined ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`;
        const rows = events.map((event) => {
          const { properties } = event;
          const json = properties === undefined ? undefined : JSON.stringify(properties);
          const columns = ['transaction_id', 'external_subscription_id', 'code', 'timestamp'];
          return `(${[...columns.map((column) => event[column]), json].map(text).join(', ')})`;
        });
        const path = await database(`json-${Math.random().toString(36).slice(2)}.duckdb`, [
          'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties JSON)',
          ...(rows.length === 0 ? [] : [`INSERT INTO events VALUES ${rows.join(', ')}`]),
        ]);
        const read = await readDuckdb({ database: path, table: 'events' });
        expect(read.error).toBeUndefined();
        expect(read.events).toEqual(JSON.parse(JSON.stringify(events)));
      }),
      { numRuns: 15 },
    );
  });

  it('reports a row that is not an event with its row, and reads on', async () => {
    const path = await database('bad-row.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
      `INSERT INTO events VALUES ('tr_1', 'api_calls', '2026-11-01T10:00:00Z', '{"calls": "1"}'),
         ('tr_2', 'api_calls', '15/11/2026', '{}'), ('tr_3', NULL, '1793527200', '{}'),
         ('tr_4', 'api_calls', '1793527200', '{"calls": "2"}')`,
    ]);
    const read = await readDuckdb({ database: path, table: 'events' });
    expect(read.error).toBeUndefined();
    expect(read.events.map((event) => event.transaction_id)).toEqual(['tr_1', 'tr_4']);
    expect(read.rejected.map(([row]) => row)).toEqual([2, 3]);
    expect(read.rejected[0]?.[1]).toMatch(/duckdb:.*bad-row\.duckdb#events row 2: .*timestamp/s);
    expect(read.rejected[1]?.[1]).toMatch(/row 3: .*code/s);
  });

  it('ends with an error for a column that is not an event, a missing table or database', async () => {
    const path = await database('odd.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, amount INTEGER)',
    ]);
    const odd = await readDuckdb({ database: path, table: 'events' });
    expect(odd.events).toEqual([]);
    expect(odd.error?.code).toBe('invalid_input');
    expect(odd.error?.message).toMatch(/unknown column "amount"/);
    const missing = await readDuckdb({ database: path, table: 'usage' });
    expect(missing.error?.code).toBe('unreadable_file');
    expect(missing.error?.message).toMatch(/usage/);
    const none = await readDuckdb({ database: tempPath('none.duckdb'), table: 'events' });
    expect(none.error?.code).toBe('unreadable_file');
  });
});

describe('duckdbEvents on files DuckDB reads in place', () => {
  it('reads a Parquet file exactly as the Parquet reader does', async () => {
    const parquet = tempPath('typed.parquet');
    await database('to-parquet.duckdb', [...TYPED, `COPY events TO '${parquet}' (FORMAT parquet)`]);
    const byDuckdb = await readDuckdb({ file: parquet });
    const byReader = await drain((onRejected) => eventSource(parquet, { onRejected }));
    expect(byDuckdb.error).toBeUndefined();
    expect(byDuckdb.events).toHaveLength(3);
    expect(byDuckdb).toEqual(byReader);
  });

  it('reads NDJSON and CSV files exactly as their readers do, rejections and lines included', async () => {
    const lines = [
      '{"transaction_id": "tr_1", "external_subscription_id": "sub_1", "code": "api_calls", "timestamp": 1793527200.5, "properties": {"calls": "12.50", "n": 3}}',
      '',
      '{"transaction_id": "tr_2", "code": "api_calls",, }',
      '{"transaction_id": "tr_3", "code": "api_calls", "timestamp": "15/11/2026"}',
      '{"transaction_id": "tr_4", "external_subscription_id": "sub_2", "code": "api_calls", "timestamp": "2026-11-01T10:00:00Z"}',
    ];
    const ndjson = tempPath('mixed.ndjson');
    writeFileSync(ndjson, `${lines.join('\n')}\n`);
    const csv = tempPath('mixed.csv');
    writeFileSync(
      csv,
      [
        'transaction_id,external_subscription_id,code,timestamp,properties.calls',
        'tr_1,sub_1,api_calls,2026-11-01T10:00:00Z,12.50',
        'tr_2,,api_calls,15/11/2026,1',
        'tr_3,sub_1,api_calls,1793527200,',
      ].join('\n'),
    );
    const ndjsonByReader = await drain((onRejected) => eventSource(ndjson, { onRejected }));
    expect(await readDuckdb({ file: ndjson })).toEqual(ndjsonByReader);
    // DuckDB numbers a CSV file's data rows: row n is line n + 1 (below the header).
    const csvByReader = await drain((onRejected) => eventSource(csv, { onRejected }));
    const csvByDuckdb = await readDuckdb({ file: csv });
    expect(csvByDuckdb.events).toEqual(csvByReader.events);
    expect(csvByDuckdb.events).toHaveLength(2);
    expect(csvByDuckdb.rejected).toEqual(
      csvByReader.rejected.map(([line, message]) => [
        line - 1,
        message.replace(`line ${line}:`, `row ${line - 1}:`),
      ]),
    );
    expect(csvByDuckdb.rejected.map(([row]) => row)).toEqual([2]);
    const ndjsonRead = await readDuckdb({ file: ndjson });
    expect(ndjsonRead.rejected.map(([line]) => line)).toEqual([3, 4]);
    expect(ndjsonRead.events[0]?.timestamp).toBe(1793527200.5);
    expect(ndjsonRead.events[0]?.properties).toEqual({ calls: '12.50', n: 3 });
    const sub2 = await readDuckdb({ file: ndjson }, 'sub_1');
    expect(sub2.events.map((event) => event.transaction_id)).toEqual(['tr_1']);
  });
});
