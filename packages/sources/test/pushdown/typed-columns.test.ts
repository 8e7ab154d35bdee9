// Differential test of the DuckDB pushdown over typed `properties.<name>` columns (the layout of
// the benchmark's Parquet file): a `DECIMAL(18, 4)` or `BIGINT` value (summed as it is, a
// weighted sum's products by its parts; no text), text filter and group columns, a `TIMESTAMP`. On generated specs and rows, the states
// DuckDB computes equal the in-process accumulator's over the rows `duckdbEvents` reads from the
// same table, for one subscription and for every one.
import { duckdbAggregates, duckdbEvents } from '@feecast/sources';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drain } from '../drain';
import { quote, suiteDatabase } from './duckdb-tables';
import { specs } from './generators';
import { inProcessState, inProcessStates } from './in-process';

const database = suiteDatabase('typed');

/** A `DECIMAL(18, 4)` of `n` ten-thousandths, as exact text. */
function decimalText(n: number): string {
  const abs = Math.abs(n);
  return `${n < 0 ? '-' : ''}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')}`;
}

const option = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

/** A row: ids repeat, March 2025 and a few days around it, some values and keys missing. */
const row = fc.record({
  id: fc.integer({ min: 0, max: 12 }),
  sub: fc.constantFrom('sub_a', 'sub_b', null),
  other: fc.integer({ min: 0, max: 9 }),
  day: fc.integer({ min: -5, max: 35 }),
  second: fc.integer({ min: 0, max: 86_399 }),
  value: option(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 })),
  user: option(fc.constantFrom('u1', 'u2', 'u3', '')),
  region: option(fc.constantFrom('eu', 'us', 'ap', '')),
  tier: option(fc.constantFrom('gold', 'silver')),
  team: option(fc.constantFrom('a', 'b')),
  operation: option(fc.constantFrom('add', 'remove')),
});

const MARCH_MS = Date.UTC(2025, 2, 1);

describe('duckdbAggregates over typed property columns', () => {
  it('gives the in-process states of the rows duckdbEvents reads, for one subscription and every one', async () => {
    const cases = fc.tuple(specs, fc.array(row, { maxLength: 40 }), fc.boolean());
    let table = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ([spec, rows, integer]) => {
        const unique = spec.metric.aggregation_type === 'unique_count_agg';
        const type = unique ? 'VARCHAR' : integer ? 'BIGINT' : 'DECIMAL(18, 4)';
        const name = `typed_${++table}`;
        const text = (value: string | null) => (value === null ? 'NULL' : quote(value));
        const values = rows.map((r, i) => {
          const at = new Date(MARCH_MS + r.day * 86_400_000 + r.second * 1000 + i);
          const v = unique
            ? text(r.user)
            : r.value === null
              ? 'NULL'
              : integer
                ? String(r.value)
                : `CAST('${decimalText(r.value)}' AS DECIMAL(18, 4))`;
          const time = at.toISOString().replace('T', ' ').replace('Z', '');
          return `('t${r.id}', ${text(r.sub)}, '${r.other === 0 ? 'other' : 'm'}', TIMESTAMP '${time}', ${v}, ${text(r.region)}, ${text(r.tier)}, ${text(r.team)}, ${text(r.operation)})`;
        });
        const connection = database.connection();
        await connection.run(
          `CREATE TABLE ${name} (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp TIMESTAMP, "properties.v" ${type}, "properties.region" VARCHAR, "properties.tier" VARCHAR, "properties.team" VARCHAR, "properties.operation_type" VARCHAR)`,
        );
        if (values.length > 0)
          await connection.run(`INSERT INTO ${name} VALUES ${values.join(', ')}`);
        const read = await drain((onRejected) =>
          duckdbEvents({ database: 'connection', table: name }, { connection, onRejected }),
        );
        expect(read.rejected).toEqual([]);
        const target = { connection, table: name };
        const all = await duckdbAggregates(target, spec);
        if (all._tag === 'Left') throw new Error(all.left.message);
        expect(all.right.plan.charges.every((c) => c.pushed)).toBe(true);
        expect(all.right.states).toEqual(inProcessStates(spec, read.events));
        const one = await duckdbAggregates(target, { ...spec, subscription: 'sub_a' });
        if (one._tag === 'Left') throw new Error(one.left.message);
        expect(one.right.states).toEqual([
          { subscription: 'sub_a', state: inProcessState(spec, read.events, 'sub_a') },
        ]);
      }),
      { numRuns: 60 },
    );
  }, 180_000);
});
