// Differential tests of the DuckDB pushdown: on generated metrics, charges and events, the
// states DuckDB computes (from a table, and from a Parquet file written by DuckDB) equal the
// in-process accumulator's state of the same events, for every charge, bucket and group.
import { duckdbAggregates } from '@feecast/sources';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tempPath } from '../builders';
import { quote, suiteDatabase } from './duckdb-tables';
import { eventsOf, specs } from './generators';
import { inProcessState, inProcessStates } from './in-process';

const database = suiteDatabase('events');
const { tableOf } = database;

const cases = specs.chain((spec) =>
  fc.tuple(fc.constant(spec), eventsOf(spec.metric.code, spec.metric.aggregation_type)),
);

/** How many runs DuckDB aggregated every charge of (the rest fell back, as their plans say). */
function pushedEverything(plan: { charges: readonly { pushed: boolean }[] }): boolean {
  return plan.charges.every((c) => c.pushed);
}

const RUNS = 50;

describe('duckdbAggregates', () => {
  it('gives the in-process state of one subscription, from a table', async () => {
    let pushed = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ([spec, events]) => {
        const table = await tableOf(events);
        const result = await duckdbAggregates(
          { connection: database.connection(), table },
          { ...spec, subscription: 'sub_a' },
        );
        if (result._tag === 'Left') throw new Error(result.left.message);
        if (pushedEverything(result.right.plan)) pushed++;
        expect(result.right.states).toEqual([
          { subscription: 'sub_a', state: inProcessState(spec, events, 'sub_a') },
        ]);
      }),
      { numRuns: RUNS },
    );
    // The generated events hold no row SQL doubts: every run is pushed down (a property that
    // passed by falling back would test nothing).
    expect(pushed).toBe(RUNS);
  }, 120_000);

  it("gives every subscription's in-process state at once, from a Parquet file", async () => {
    let pushed = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ([spec, events]) => {
        const table = await tableOf(events);
        const file = tempPath(`${table}.parquet`);
        await database.connection().run(`COPY ${table} TO ${quote(file)} (FORMAT parquet)`);
        const result = await duckdbAggregates({ file }, spec);
        if (result._tag === 'Left') throw new Error(result.left.message);
        if (pushedEverything(result.right.plan)) pushed++;
        expect(result.right.states).toEqual(inProcessStates(spec, events));
      }),
      { numRuns: RUNS },
    );
    expect(pushed).toBe(RUNS);
  }, 120_000);
});
