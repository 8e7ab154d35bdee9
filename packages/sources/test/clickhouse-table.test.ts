// The ClickHouse events table and its loader, on a real server: the DDL runs (on 18.16 and
// current releases), the loader writes every event, and the same SQL reads a Distributed table.
import type { UsageEvent } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import {
  clickhouseDistributedTable,
  clickhouseRow,
  clickhouseTableName,
  loadClickhouseEvents,
} from '../src/index';
import { clickhouseQuery, describeClickhouse, freshTable } from './clickhouse-server';

const events: UsageEvent[] = [
  {
    transaction_id: 'tr_1',
    external_subscription_id: 'sub_1',
    code: 'api_calls',
    timestamp: '2026-11-01T10:00:00.250Z',
    properties: { calls: '12.50', region: 'eu' },
  },
  {
    transaction_id: 'tr_2',
    external_subscription_id: 'sub_1',
    code: 'api_calls',
    timestamp: 1793527200.5,
    properties: { calls: '0.000001' },
  },
  {
    transaction_id: 'tr_3',
    external_subscription_id: 'sub_2',
    code: 'api_calls',
    timestamp: '1793527200',
    properties: { calls: '-3' },
    precise_total_amount_cents: '1234567890123.000000000001',
  },
  { transaction_id: 'tr_4', code: 'seats', timestamp: '2026-11-02T00:00:00Z' },
] as unknown as UsageEvent[];

describe('clickhouseRow', () => {
  it('keeps the timestamp as written, with its instant in seconds and milliseconds', () => {
    // 2026-11-01T10:00:00Z is 1,793,527,200 unix seconds (20,758 days × 86,400 + 36,000).
    expect(clickhouseRow(events[0] as UsageEvent)).toEqual({
      _tag: 'Right',
      right: {
        external_subscription_id: 'sub_1',
        external_customer_id: null,
        code: 'api_calls',
        transaction_id: 'tr_1',
        timestamp: 1793527200,
        timestamp_ms: 1793527200250,
        timestamp_json: '"2026-11-01T10:00:00.250Z"',
        properties: '{"calls":"12.50","region":"eu"}',
        precise_total_amount_cents: null,
      },
    });
    expect(clickhouseRow(events[3] as UsageEvent)).toMatchObject({
      right: {
        external_subscription_id: null,
        properties: '',
        timestamp_json: '"2026-11-02T00:00:00Z"',
      },
    });
  });

  it('refuses a timestamp past what a DateTime holds', () => {
    // 4,294,967,296 seconds is one past the last DateTime (2106-02-07T06:28:15Z).
    const late = { transaction_id: 'tr_x', code: 'c', timestamp: 4294967296 } as UsageEvent;
    expect(clickhouseRow(late)).toMatchObject({ left: { code: 'invalid_timestamp' } });
  });

  it('quotes table names and refuses what is not one', () => {
    expect(clickhouseTableName('usage.events')).toEqual({
      _tag: 'Right',
      right: '`usage`.`events`',
    });
    expect(clickhouseTableName('events; DROP TABLE x')).toMatchObject({
      left: { code: 'invalid_input' },
    });
    expect(clickhouseTableName('a.b.c')._tag).toBe('Left');
  });
});

describeClickhouse('the ClickHouse events table', (server) => {
  it('holds every event the loader writes, sums of decimals exact, and reads the same through a Distributed table', async () => {
    const table = freshTable('events');
    const written = await loadClickhouseEvents({ url: server, table }, events);
    expect(written).toEqual({ _tag: 'Right', right: 4 });
    const distributed = `${table}_all`;
    await clickhouseQuery(
      server,
      clickhouseDistributedTable(`\`${distributed}\``, 'feecast_local', 'default', table),
    );
    // The sum of calls of api_calls: 12.50 + 0.000001 + (-3) = 9.500001, in Decimal128(6).
    const query = (from: string) =>
      `SELECT count() AS events, toString(sum(toDecimal128(visitParamExtractString(properties, 'calls'), 6))) AS calls, uniqExact(transaction_id) AS ids FROM ${from} WHERE code = 'api_calls' FORMAT JSONEachRow`;
    const expected = { events: '3', calls: '9.500001', ids: '3' };
    expect(JSON.parse(await clickhouseQuery(server, query(table)))).toEqual(expected);
    expect(JSON.parse(await clickhouseQuery(server, query(distributed)))).toEqual(expected);
    const seats = await clickhouseQuery(
      server,
      `SELECT external_subscription_id, properties, timestamp_ms FROM ${table} WHERE code = 'seats' FORMAT JSONEachRow`,
    );
    // 2026-11-02T00:00:00Z: 20,759 days × 86,400,000 ms.
    expect(JSON.parse(seats)).toEqual({
      external_subscription_id: null,
      properties: '',
      timestamp_ms: '1793577600000',
    });
  });

  it('writes nothing of a short batch with an event it cannot hold, and says which', async () => {
    const table = freshTable('events');
    const late = { transaction_id: 'tr_late', code: 'c', timestamp: 4294967296 } as UsageEvent;
    const written = await loadClickhouseEvents({ url: server, table }, [...events, late]);
    expect(written).toMatchObject({ left: { code: 'invalid_timestamp' } });
    expect(written._tag === 'Left' && written.left.message).toMatch(/tr_late/);
    expect((await clickhouseQuery(server, `SELECT count() FROM ${table}`)).trim()).toBe('0');
  });

  it('reports a server it cannot reach, or a URL it cannot use', async () => {
    const malformed = await loadClickhouseEvents(
      { url: 'http://127.0.0.1:x', table: 'events' },
      events,
    );
    expect(malformed).toMatchObject({ left: { code: 'unreadable_file' } });
    const written = await loadClickhouseEvents(
      { url: 'http://127.0.0.1:9', table: 'events' },
      events,
    );
    expect(written).toMatchObject({ left: { code: 'unreadable_file' } });
  });
});
