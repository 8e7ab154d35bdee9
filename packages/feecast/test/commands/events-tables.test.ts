// --events takes a database table: the bundled history in a DuckDB table and in a ClickHouse
// table prices exactly as the NDJSON file does, other subscriptions' rows are left out by the
// database, and a rejected row is named by the table and its row.
import { readFileSync } from 'node:fs';
import type { UsageEvent } from '@feecast/models';
import { loadClickhouseEvents } from '@feecast/sources';
import { describe, expect, it } from 'vitest';
import {
  clickhouseQuery,
  describeClickhouse,
  duckdbDatabase,
  examplePath,
  freshTable,
} from '../inputs/builders';
import { usage, withEvents } from './usage-run';

const history = examplePath('events.ndjson');
const events = readFileSync(history, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as UsageEvent);
/** Another subscription's events, which the database leaves out. */
const others = events.slice(0, 5).map((event) => ({
  ...event,
  transaction_id: `other_${event.transaction_id}`,
  external_subscription_id: 'sub_someone_else',
}));

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The bundled history (and `others`) as the rows of a DuckDB table `events`. */
function duckdbRows(rows: readonly UsageEvent[]): string {
  return rows
    .map(
      (e) =>
        `(${[e.transaction_id, e.external_subscription_id ?? '', e.code, String(e.timestamp), JSON.stringify(e.properties)].map(sqlText).join(', ')})`,
    )
    .join(', ');
}

const expected = usage(withEvents(history));

describe('--events duckdb:<database file>#<table>', () => {
  it('prices as the NDJSON history does, reading only the subscription', async () => {
    const database = await duckdbDatabase('history.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties JSON)',
      `INSERT INTO events VALUES ${duckdbRows([...others, ...events])}`,
    ]);
    const address = `duckdb:${database}#events`;
    const got = await usage(withEvents(address));
    const want = await expected;
    expect(want.code).toBe(0);
    expect(got.code).toBe(0);
    expect(got.stdout.replaceAll(address, 'FILE')).toBe(want.stdout.replaceAll(history, 'FILE'));
  });

  it('names a rejected row by the table and its row', async () => {
    const database = await duckdbDatabase('history-bad.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties JSON)',
      `INSERT INTO events VALUES ${duckdbRows(events.slice(0, 2))}, ('tr_bad', 'sub_acme_starter', 'api_calls', 'yesterday', '{}')`,
    ]);
    const address = `duckdb:${database}#events`;
    const { code, stdout } = await usage(withEvents(address));
    expect(code).toBe(0);
    const body = JSON.parse(stdout) as { rejected: { file: string; line: number }[] };
    expect(body.rejected).toEqual([
      expect.objectContaining({ file: address, line: 3, reason: 'invalid_event' }),
    ]);
  });

  it('reports a table that cannot be read', async () => {
    const database = await duckdbDatabase('empty.duckdb', []);
    const { code, stderr } = await usage(withEvents(`duckdb:${database}#events`));
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/Cannot read duckdb:.*empty\.duckdb#events/);
  });
});

describe('--events clickhouse://...', () => {
  it('is a usage error without a table', async () => {
    const { code, stderr } = await usage(withEvents('clickhouse://127.0.0.1:8123/default'));
    expect(code).toBe(2);
    expect(stderr).toContain('names no table');
  });
});

describeClickhouse('--events clickhouse://host:port/<database>?table=<table>', (server) => {
  it('prices as the NDJSON history does, reading only the subscription', async () => {
    const table = freshTable('history');
    const written = await loadClickhouseEvents({ url: server, table }, [...others, ...events]);
    expect(written).toEqual({ _tag: 'Right', right: 205 });
    const address = `${server.replace(/^http/, 'clickhouse')}/default?table=${table}`;
    const got = await usage(withEvents(address));
    const want = await expected;
    expect(got.code).toBe(0);
    expect(got.stdout.replaceAll(address, 'FILE')).toBe(want.stdout.replaceAll(history, 'FILE'));
    // The rows of the other subscription were not read: the database left them out.
    const count = await clickhouseQuery(server, `SELECT count() FROM ${table}`);
    expect(count.trim()).toBe('205');
  });

  it('rejects what the reference ClickHouse store would keep: a repeated id, a value that is not a decimal', async () => {
    const table = freshTable('history_odd');
    // The reference's ClickHouse store counts tr_0001 again (another timestamp) and "abc" as 0;
    // feecast prices the rows as any events: both are rejected (docs/semantics.md).
    const [first] = events;
    const odd = [
      ...events,
      { ...first, timestamp: '2026-11-02T00:00:00Z' },
      { ...first, transaction_id: 'tr_abc', properties: { calls: 'abc', region: 'eu' } },
    ] as UsageEvent[];
    await loadClickhouseEvents({ url: server, table }, odd);
    const address = `${server.replace(/^http/, 'clickhouse')}/default?table=${table}`;
    const { code, stdout } = await usage(withEvents(address));
    expect(code).toBe(0);
    const body = JSON.parse(stdout) as {
      rejected: { file: string; transaction_id: string; reason: string }[];
      events: { read: number; rejected: number };
    };
    expect(body.events).toMatchObject({ read: 202, rejected: 2 });
    expect(body.rejected.map((r) => [r.file, r.transaction_id, r.reason]).sort()).toEqual([
      [address, 'tr_0001', 'duplicate_transaction_id'],
      [address, 'tr_abc', 'invalid_value'],
    ]);
  });
});
