// Exact decimals pushed down, on both engines: values of up to 36 integer and 36 fraction digits
// (every DECIMAL(38, s) and Decimal128 value) are summed in SQL, exactly, and give the
// in-process state; 0.1 and 0.2 summed a million times give 150000, not a binary float's
// neighbour; values beyond 36 digits (on ClickHouse: beyond 18 integer or 18 fraction digits)
// come back as text and are added in-process.
import { DuckDBInstance } from '@duckdb/node-api';
import type { UsageEvent } from '@feecast/engine';
import type { UsageEvent as WireEvent } from '@feecast/models';
import {
  type AggregatesSpec,
  clickhouseAggregates,
  duckdbAggregates,
  loadClickhouseEvents,
} from '@feecast/sources';
import { describe, expect, it } from 'vitest';
import { clickhouseQuery, describeClickhouse, freshTable } from '../clickhouse-server';
import { duckdbDatabase } from '../duckdb-database';
import { sqlValues } from './duckdb-tables';
import { inProcessState } from './in-process';

const MARCH = { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' };

/** Long values, each summed in SQL (at most 36 digits on each side of the point) but the last. */
const LONG = [
  '0.1',
  '0.2',
  // 20 integer and 20 fraction digits.
  '12345678901234567890.12345678901234567890',
  '-99999999999999999999.00000000000000000001',
  // 36 integer digits; 36 fraction digits.
  '999999999999999999999999999999999999',
  '0.000000000000000000000000000000000001',
  // 38 digits, scale 20: the widest DECIMAL(38, 20).
  '-123456789012345678.12345678901234567890',
  // 37 integer digits: beyond the parts, added in-process from its text.
  '1000000000000000000000000000000000000',
];
/**
 * By hand, the in-period sum (all on 10 March), step by step:
 *   0.1 + 0.2 = 0.3
 *   + 12345678901234567890.1234567890123456789 = 12345678901234567890.4234567890123456789
 *   − 99999999999999999999.00000000000000000001 = −87654321098765432108.57654321098765432111
 *   + 999999999999999999999999999999999999 = 999999999999999912345678901234567890.42345678901234567889
 *   + 0.000000000000000000000000000000000001
 *     = 999999999999999912345678901234567890.423456789012345678890000000000000001
 *   − 123456789012345678.1234567890123456789
 *     = 999999999999999912222222112222222212.299999999999999999990000000000000001
 *   + 1000000000000000000000000000000000000
 *     = 1999999999999999912222222112222222212.299999999999999999990000000000000001
 */
const LONG_SUM = '1999999999999999912222222112222222212.299999999999999999990000000000000001';

const event = (id: string, at: string, gb: string, region = 'us'): UsageEvent =>
  ({
    transaction_id: id,
    external_subscription_id: 'sub_1',
    code: 'storage',
    timestamp: at,
    properties: { gb, region },
  }) as UsageEvent;

/** The long values in March, and again in February (the recurring metric's sum before the period). */
const EVENTS = [
  ...LONG.map((gb, i) => event(`m${i}`, '2025-03-10T00:00:00Z', gb, i % 2 === 0 ? 'eu' : 'us')),
  ...LONG.map((gb, i) => event(`f${i}`, '2025-02-10T00:00:00Z', gb)),
];

const metric = (type: string, recurring = false) => ({
  code: 'storage',
  aggregation_type: type,
  field_name: 'gb',
  recurring,
});
/** Sums (plain and recurring), max and weighted sums, grouped by region and not. */
const SPECS: AggregatesSpec[] = [
  { metric: metric('sum_agg'), charges: [{}, { grouped_by: ['region'] }], options: MARCH },
  { metric: metric('sum_agg', true), charges: [{}], options: MARCH },
  { metric: metric('max_agg'), charges: [{ grouped_by: ['region'] }], options: MARCH },
  { metric: metric('weighted_sum_agg'), charges: [{}], options: MARCH },
].map((spec) => ({ ...spec, subscription: 'sub_1' }));

const COLUMNS =
  'transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR';
const rows = (events: readonly UsageEvent[]) =>
  sqlValues(events, { subscription: 'sub_1', code: 'storage' });

/** 0.1 and 0.2 alternately, a million rows, as SQL of either engine builds them from `i`. */
const MILLION = 1_000_000;
/** By hand: 500,000 × 0.1 + 500,000 × 0.2 = 50,000 + 100,000 = 150,000. */
const MILLION_SUM = '150000';
const sumSpec: AggregatesSpec = {
  metric: metric('sum_agg'),
  charges: [{}],
  options: MARCH,
  subscription: 'sub_1',
};
const theSum = (state: unknown) =>
  (state as { charges: { default: { groups: { state: { sum: string } }[] } }[] }).charges[0]
    ?.default.groups[0]?.state.sum;

describe('duckdbAggregates, exact decimals', () => {
  it('sums values of up to 36 + 36 digits in SQL, as in-process; wider ones from their text', async () => {
    const database = await duckdbDatabase('exact-long.duckdb', [
      `CREATE TABLE events (${COLUMNS})`,
      `INSERT INTO events VALUES ${rows(EVENTS)}`,
    ]);
    for (const spec of SPECS) {
      const result = await duckdbAggregates({ database, table: 'events' }, spec);
      if (result._tag === 'Left') throw new Error(result.left.message);
      expect(result.right.plan).toEqual({
        charges: spec.charges.map((_, charge) => ({ charge, pushed: true })),
      });
      expect(result.right.states).toEqual([
        { subscription: 'sub_1', state: inProcessState(spec, EVENTS, 'sub_1') },
      ]);
    }
    const sum = await duckdbAggregates({ database, table: 'events' }, sumSpec);
    if (sum._tag === 'Left') throw new Error(sum.left.message);
    expect(theSum(sum.right.states[0]?.state)).toBe(LONG_SUM);
    // Only the 37-digit value came back as text (once, for the one charge); the others were
    // summed in SQL.
    const instance = await DuckDBInstance.create(database, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    try {
      const texts = await connection.runAndReadAll(
        `SELECT CAST(sum(len(res)) AS INTEGER) AS n FROM (${sum.right.sql[0]}) AS q`,
      );
      expect(texts.getRowObjectsJson()).toEqual([{ n: 1 }]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('streams the rows when a weighted sum could exceed what the database sums exactly', async () => {
    // 40,000 rows over a period of nearly 9,000 years: 40,000 × 10^18 × 2.8 × 10^14 ms
    // ≈ 1.1 × 10^37, beyond the bound 2^63 × 10^18 ≈ 9.2 × 10^36 of a ClickHouse sum's halves.
    const ages = {
      from_datetime: '1001-01-01T00:00:00Z',
      to_datetime: '9998-12-31T23:59:59Z',
    };
    const database = await duckdbDatabase('exact-weighted.duckdb', [
      `CREATE TABLE events (${COLUMNS})`,
      `INSERT INTO events SELECT 'w' || i, 'sub_1', 'storage', '1002-01-01T00:00:00Z', '{"gb":"1"}' FROM range(40000) AS t(i)`,
    ]);
    const spec: AggregatesSpec = {
      metric: metric('weighted_sum_agg'),
      charges: [{}],
      options: ages,
      subscription: 'sub_1',
    };
    const result = await duckdbAggregates({ database, table: 'events' }, spec);
    if (result._tag === 'Left') throw new Error(result.left.message);
    expect(result.right.plan.charges).toEqual([
      {
        charge: 0,
        pushed: false,
        reason: expect.stringMatching(/^1 group\(s\) of the metric have weighted sums/),
      },
    ]);
    const events = Array.from({ length: 40_000 }, (_, i) =>
      event(`w${i}`, '1002-01-01T00:00:00Z', '1'),
    ).map((e) => ({ ...e, properties: { gb: '1' } }) as UsageEvent);
    expect(result.right.states).toEqual([
      { subscription: 'sub_1', state: inProcessState(spec, events, 'sub_1') },
    ]);
  }, 120_000);

  it('sums typed DECIMAL and integer columns by their parts, as in-process', async () => {
    // DECIMAL(18, 4) and BIGINT columns: the parts by arithmetic, no text; DECIMAL(38, 10) is
    // wider than 64 bits and is read from its text. The rows give the values without trailing zeros.
    const values: [string, string, string][] = [
      ['12.5', '7', '0.0000000001'],
      ['-3.25', '-2', '-12345678901234567890.5'],
      ['0.0001', '0', '1'],
      ['99999999999999.9999', '9223372036854775807', '2'],
      ['-0.0005', '-9223372036854775807', '3'],
    ];
    const database = await duckdbDatabase('exact-typed.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp TIMESTAMP, "properties.gb" DECIMAL(18, 4), "properties.n" BIGINT, "properties.wide" DECIMAL(38, 10), "properties.region" VARCHAR)',
      `INSERT INTO events VALUES ${values
        .map(
          ([gb, n, wide], i) =>
            `('t${i}', 'sub_1', 'storage', '2025-03-0${i + 2} 10:00:00', ${gb}, ${n}, ${wide}, '${i % 2 === 0 ? 'eu' : 'us'}')`,
        )
        .join(
          ', ',
        )}, ('t9', 'sub_1', 'storage', '2025-03-09 10:00:00', NULL, NULL, NULL, 'eu'), ('t0', 'sub_1', 'storage', '2025-03-10 10:00:00', 1, 1, 1, 'eu')`,
    ]);
    const typed: UsageEvent[] = values.map(
      ([gb, n, wide], i) =>
        ({
          transaction_id: `t${i}`,
          external_subscription_id: 'sub_1',
          code: 'storage',
          timestamp: Date.UTC(2025, 2, i + 2, 10) / 1000,
          properties: { gb, n, wide, region: i % 2 === 0 ? 'eu' : 'us' },
        }) as UsageEvent,
    );
    typed.push({
      transaction_id: 't9',
      external_subscription_id: 'sub_1',
      code: 'storage',
      timestamp: Date.UTC(2025, 2, 9, 10) / 1000,
      properties: { region: 'eu' },
    } as UsageEvent);
    // t0 sent again on 10 March: a repeat (duplicate_transaction_id), its values not read.
    typed.push({
      ...(typed[0] as UsageEvent),
      timestamp: Date.UTC(2025, 2, 10, 10) / 1000,
      properties: { gb: '1', n: '1', wide: '1', region: 'eu' },
    } as UsageEvent);
    const of = (field: string, type: string): AggregatesSpec => ({
      metric: { code: 'storage', aggregation_type: type, field_name: field },
      charges: [{}, { grouped_by: ['region'] }],
      options: MARCH,
      subscription: 'sub_1',
    });
    const specs = ['gb', 'n', 'wide'].flatMap((field) =>
      ['sum_agg', 'max_agg', 'latest_agg', 'weighted_sum_agg'].map((type) => of(field, type)),
    );
    for (const spec of specs) {
      const result = await duckdbAggregates({ database, table: 'events' }, spec);
      if (result._tag === 'Left') throw new Error(result.left.message);
      expect(result.right.plan.charges.every((c) => c.pushed)).toBe(true);
      // The repeated t0 (10 March) counts once: its first row, t0 of 2 March, is the one read.
      expect(result.right.states).toEqual([
        { subscription: 'sub_1', state: inProcessState(spec, typed, 'sub_1') },
      ]);
      const field = spec.metric.field_name;
      expect(result.right.sql[0]?.includes('trunc(__ev)')).toBe(field === 'gb');
    }
    const gb = await duckdbAggregates({ database, table: 'events' }, of('gb', 'sum_agg'));
    // 12.5 − 3.25 + 0.0001 + 99999999999999.9999 − 0.0005 = 100000000000009.2495
    expect(gb._tag === 'Right' && theSum(gb.right.states[0]?.state)).toBe('100000000000009.2495');
    const n = await duckdbAggregates({ database, table: 'events' }, of('n', 'sum_agg'));
    // 7 − 2 + 0 + (2^63 − 1) − (2^63 − 1) = 5
    expect(n._tag === 'Right' && theSum(n.right.states[0]?.state)).toBe('5');
  });

  it('sums 0.1 and 0.2 a million times to 150000 exactly, in SQL', async () => {
    const database = await duckdbDatabase('exact-million.duckdb', [
      `CREATE TABLE events (${COLUMNS})`,
      `INSERT INTO events SELECT 'e' || i, 'sub_1', 'storage', '2025-03-10T00:00:00Z', CASE WHEN i % 2 = 0 THEN '{"gb":"0.1"}' ELSE '{"gb":"0.2"}' END FROM range(${MILLION}) AS t(i)`,
    ]);
    const result = await duckdbAggregates({ database, table: 'events' }, sumSpec);
    if (result._tag === 'Left') throw new Error(result.left.message);
    expect(result.right.plan).toEqual({ charges: [{ charge: 0, pushed: true }] });
    expect(theSum(result.right.states[0]?.state)).toBe(MILLION_SUM);
  }, 120_000);
});

/** Values ClickHouse sums in SQL (at most 18 digits on each side of the point): signs, both ends. */
const SHORT = [
  '-0.5',
  '-1.25',
  '999999999999999999.999999999999999999',
  '0.000000000000000001',
  '-999999999999999999',
];
/**
 * By hand: −0.5 − 1.25 = −1.75; + 999999999999999999.999999999999999999
 * = 999999999999999998.249999999999999999; + 0.000000000000000001 = 999999999999999998.25;
 * − 999999999999999999 = −0.75.
 */
const SHORT_SUM = '-0.75';

describeClickhouse('clickhouseAggregates, exact decimals', (server) => {
  it('sums values of up to 18 + 18 digits in SQL, as in-process; wider ones from their text', async () => {
    const target = { url: server, table: freshTable('exact_long') };
    const loaded = await loadClickhouseEvents(target, EVENTS as unknown as readonly WireEvent[]);
    expect(loaded).toEqual({ _tag: 'Right', right: EVENTS.length });
    for (const spec of SPECS) {
      const result = await clickhouseAggregates(target, spec);
      if (result._tag === 'Left') throw new Error(result.left.message);
      expect(result.right.plan).toEqual({
        charges: spec.charges.map((_, charge) => ({ charge, pushed: true })),
      });
      expect(result.right.states).toEqual([
        { subscription: 'sub_1', state: inProcessState(spec, EVENTS, 'sub_1') },
      ]);
    }
    const sum = await clickhouseAggregates(target, sumSpec);
    expect(sum._tag === 'Right' && theSum(sum.right.states[0]?.state)).toBe(LONG_SUM);
  });

  it('sums negative fractions and 18 + 18 digits in SQL, none from their text', async () => {
    const target = { url: server, table: freshTable('exact_short') };
    const events = SHORT.map((gb, i) => event(`s${i}`, '2025-03-10T00:00:00Z', gb));
    await loadClickhouseEvents(target, events as unknown as readonly WireEvent[]);
    for (const spec of SPECS) {
      const result = await clickhouseAggregates(target, spec);
      if (result._tag === 'Left') throw new Error(result.left.message);
      expect(result.right.states).toEqual([
        { subscription: 'sub_1', state: inProcessState(spec, events, 'sub_1') },
      ]);
    }
    const sum = await clickhouseAggregates(target, sumSpec);
    if (sum._tag === 'Left') throw new Error(sum.left.message);
    expect(theSum(sum.right.states[0]?.state)).toBe(SHORT_SUM);
    const texts = await clickhouseQuery(
      server,
      `SELECT sum(length(res)) FROM (${sum.right.sql[0]}) FORMAT TabSeparated`,
    );
    expect(texts.trim()).toBe('0');
  });

  it('sums 0.1 and 0.2 a million times to 150000 exactly, in SQL', async () => {
    const target = { url: server, table: freshTable('exact_million') };
    // The table, by the loader; then a million rows written by the server itself.
    const loaded = await loadClickhouseEvents(target, []);
    expect(loaded).toEqual({ _tag: 'Right', right: 0 });
    const at = Date.UTC(2025, 2, 10);
    await clickhouseQuery(
      server,
      `INSERT INTO \`${target.table}\` (external_subscription_id, code, transaction_id, timestamp, timestamp_ms, timestamp_json, properties) SELECT 'sub_1', 'storage', concat('e', toString(number)), toDateTime(${at / 1000}), ${at}, '"2025-03-10T00:00:00Z"', if(number % 2 = 0, '{"gb":"0.1"}', '{"gb":"0.2"}') FROM system.numbers LIMIT ${MILLION}`,
    );
    const result = await clickhouseAggregates(target, sumSpec);
    if (result._tag === 'Left') throw new Error(result.left.message);
    expect(result.right.plan).toEqual({ charges: [{ charge: 0, pushed: true }] });
    expect(theSum(result.right.states[0]?.state)).toBe(MILLION_SUM);
  }, 120_000);
});
