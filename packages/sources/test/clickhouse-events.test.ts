// Events read back from a real ClickHouse server: what the loader wrote comes back equal (both
// timestamp forms, decimals as exact text, properties), a row that is not an event is reported
// with its row, and a Distributed table reads the same.
import type { UsageEvent } from '@feecast/models';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  type ClickhouseTarget,
  clickhouseDistributedTable,
  clickhouseEvents,
  loadClickhouseEvents,
} from '../src/index';
import { usageEvent } from './builders';
import { clickhouseQuery, describeClickhouse, freshTable } from './clickhouse-server';
import { drain } from './drain';

const readClickhouse = (target: ClickhouseTarget, subscription?: string) =>
  drain((onRejected) =>
    clickhouseEvents(target, {
      onRejected,
      ...(subscription === undefined ? {} : { subscription }),
    }),
  );

/** Events in a canonical order (the server returns them in its sorting key's order). */
const sorted = (events: readonly unknown[]) => events.map((event) => JSON.stringify(event)).sort();

/** Usage events with every timestamp form and exact decimal amounts. */
const written = fc.array(
  fc.record({
    event: usageEvent,
    timestamp: fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(1793527200.5, '1793527200.123456', '2026-11-01T10:00:00.250Z'),
    ),
    amount: fc.oneof(
      fc.constant(undefined),
      fc.constantFrom('0', '-12.50', '1234567890123456789.000000000001'),
    ),
  }),
  { maxLength: 12 },
);

describeClickhouse('clickhouseEvents', (server) => {
  it('gives back the events the loader wrote, exactly', async () => {
    await fc.assert(
      fc.asyncProperty(written, async (items) => {
        const events = items.map(({ event, timestamp, amount }) => ({
          ...event,
          ...(timestamp === undefined ? {} : { timestamp }),
          ...(amount === undefined ? {} : { precise_total_amount_cents: amount }),
        })) as unknown as UsageEvent[];
        const target = { url: server, table: freshTable('roundtrip') };
        expect(await loadClickhouseEvents(target, events)).toEqual({
          _tag: 'Right',
          right: events.length,
        });
        const read = await readClickhouse(target);
        expect(read.error).toBeUndefined();
        expect(read.rejected).toEqual([]);
        expect(sorted(read.events)).toEqual(sorted(JSON.parse(JSON.stringify(events))));
      }),
      { numRuns: 10 },
    );
  });

  it('keeps one subscription and the events that name none, in ClickHouse', async () => {
    const target = { url: server, table: freshTable('filtered') };
    const events = [
      { transaction_id: 'a', external_subscription_id: 'sub_1', code: 'c', timestamp: 1 },
      { transaction_id: 'b', external_subscription_id: 'sub_2', code: 'c', timestamp: 2 },
      { transaction_id: 'c', code: 'c', timestamp: 3 },
      { transaction_id: 'd', external_subscription_id: '', code: 'c', timestamp: 4 },
      { transaction_id: "e'", external_subscription_id: "sub_'1", code: 'c', timestamp: 5 },
    ] as unknown as UsageEvent[];
    await loadClickhouseEvents(target, events);
    const sub1 = await readClickhouse(target, 'sub_1');
    expect(sub1.events.map((event) => event.transaction_id).sort()).toEqual(['a', 'c']);
    const quoted = await readClickhouse(target, "sub_'1");
    expect(quoted.events.map((event) => event.transaction_id).sort()).toEqual(['c', "e'"]);
  });

  it('reports a row that is not an event with its row, and reads on', async () => {
    const table = freshTable('bad_rows');
    const target = { url: server, table };
    await loadClickhouseEvents(target, [
      { transaction_id: 'tr_1', code: 'c', timestamp: '2026-11-01T10:00:00Z' },
    ] as unknown as UsageEvent[]);
    // Rows written by hand: a timestamp that is not one, properties that are not JSON. One
    // subscription each and one part (after OPTIMIZE), so that the server returns them in its
    // sorting key's order: '' (tr_1), s1 (tr_2), s2 (tr_3).
    await clickhouseQuery(
      server,
      `INSERT INTO ${table} (external_subscription_id, code, transaction_id, timestamp, timestamp_ms, timestamp_json, properties) VALUES ('s1', 'c', 'tr_2', 1793527200, 0, '"15/11/2026"', ''), ('s2', 'c', 'tr_3', 1793527200, 0, '1', '{"calls": ')`,
    );
    await clickhouseQuery(server, `OPTIMIZE TABLE ${table} FINAL`);
    const read = await readClickhouse(target);
    expect(read.error).toBeUndefined();
    expect(read.events.map((event) => event.transaction_id)).toEqual(['tr_1']);
    expect(read.rejected.map(([row]) => row)).toEqual([2, 3]);
    expect(read.rejected[0]?.[1]).toMatch(
      new RegExp(`^clickhouse://127\\.0\\.0\\.1:\\d+/\\?table=${table} row 2: .*timestamp`, 's'),
    );
    expect(read.rejected[1]?.[1]).toMatch(/row 3: .*properties/s);
  });

  it('reads a Distributed table over the events table with the same query', async () => {
    const table = freshTable('local');
    const target = { url: server, table };
    const events = [
      {
        transaction_id: 'a',
        external_subscription_id: 's',
        code: 'c',
        timestamp: 1,
        properties: { v: '1.10' },
      },
      { transaction_id: 'b', code: 'c', timestamp: '2026-11-01T00:00:00Z' },
    ] as unknown as UsageEvent[];
    await loadClickhouseEvents(target, events);
    await clickhouseQuery(
      server,
      clickhouseDistributedTable(`\`${table}_all\``, 'feecast_local', 'default', table),
    );
    const read = await readClickhouse({ url: server, table: `default.${table}_all` }, 's');
    expect(sorted(read.events)).toEqual(sorted(events));
  });

  it('ends with an error for a missing table or a server it cannot reach', async () => {
    const missing = await readClickhouse({ url: server, table: freshTable('missing') });
    expect(missing.error?.code).toBe('unreadable_file');
    expect(missing.error?.message).toMatch(/doesn't exist|does not exist|UNKNOWN_TABLE/i);
    const away = await readClickhouse({ url: 'http://127.0.0.1:9', table: 'events' });
    expect(away.error?.code).toBe('unreadable_file');
    expect(away.error?.message).toMatch(
      /^Cannot read clickhouse:\/\/127\.0\.0\.1:9\/\?table=events/,
    );
  });
});
