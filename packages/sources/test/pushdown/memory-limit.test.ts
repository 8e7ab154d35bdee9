// The DuckDB instances feecast opens: the target's `memoryLimit` reaches DuckDB (a limit too
// small for the query is a clear error, never a throw), a query under a limit gives the exact
// figures, and each instance's spill folder is its own and gone once it closes.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type AggregatesSpec, duckdbAggregates } from '@feecast/sources';
import { describe, expect, it } from 'vitest';
import { duckdbDatabase } from '../duckdb-database';

const MARCH = { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' };
const spec: AggregatesSpec = {
  metric: { code: 'storage', aggregation_type: 'sum_agg', field_name: 'gb', recurring: false },
  charges: [{}],
  options: MARCH,
  subscription: 'sub_1',
};
const theSum = (state: unknown) =>
  (state as { charges: { default: { groups: { state: { sum: string } }[] } }[] }).charges[0]
    ?.default.groups[0]?.state.sum;

/**
 * 2,000,000 events with distinct transaction ids ('e0'...'e1999999'), 0.1 and 0.2 alternately,
 * plus each thousandth sent again (2,000 repeats, the same id): the repeats count once.
 */
const ROWS = 2_000_000;
let made: Promise<string> | undefined;
const database = () => {
  made ??= duckdbDatabase('memory-limit.duckdb', [
    'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
    `INSERT INTO events SELECT 'e' || i, 'sub_1', 'storage', '2025-03-10T00:00:00Z', CASE WHEN i % 2 = 0 THEN '{"gb":"0.1"}' ELSE '{"gb":"0.2"}' END FROM range(${ROWS}) AS t(i)`,
    `INSERT INTO events SELECT 'e' || i, 'sub_1', 'storage', '2025-03-11T00:00:00Z', '{"gb":"0.1"}' FROM range(0, ${ROWS}, 1000) AS t(i)`,
  ]);
  return made;
};
const spillFolders = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(`feecast-duckdb-${process.pid}-`));

describe('the DuckDB instances feecast opens', () => {
  it('gives the exact sum under a memory limit, and leaves no spill folder', async () => {
    const file = await database();
    const result = await duckdbAggregates(
      { database: file, table: 'events', memoryLimit: '512MB' },
      spec,
    );
    if (result._tag === 'Left') throw new Error(result.left.message);
    expect(result.right.plan).toEqual({ charges: [{ charge: 0, pushed: true }] });
    // By hand: 1,000,000 × 0.1 + 1,000,000 × 0.2 = 300,000; the 2,000 repeats are not counted.
    expect(theSum(result.right.states[0]?.state)).toBe('300000');
    expect(spillFolders()).toEqual([]);
  }, 120_000);

  it('deduplicates 2,000,000 ids within a 64MB limit (the hash aggregation spills)', async () => {
    const file = await database();
    const result = await duckdbAggregates(
      { database: file, table: 'events', memoryLimit: '64MB' },
      spec,
    );
    if (result._tag === 'Left') throw new Error(result.left.message);
    // By hand, as above: 1,000,000 × 0.1 + 1,000,000 × 0.2 = 300,000, the repeats once.
    expect(theSum(result.right.states[0]?.state)).toBe('300000');
    expect(spillFolders()).toEqual([]);
  }, 120_000);

  it('answers a limit too small for the query with an error that names it, never a throw', async () => {
    const file = await database();
    const result = await duckdbAggregates(
      { database: file, table: 'events', memoryLimit: '1MB' },
      spec,
    );
    expect(result._tag).toBe('Left');
    if (result._tag === 'Left') {
      expect(result.left.code).toBe('unreadable_file');
      expect(result.left.message).toMatch(/Out of Memory Error/);
    }
  }, 120_000);
});
