// Differential tests of the ClickHouse pushdown: on generated metrics, charges and events
// loaded with loadClickhouseEvents, the states ClickHouse computes (from the events table and
// from a Distributed table over it) equal the in-process accumulator's state of the same
// events, for every charge, bucket and group.

import type { UsageEvent as WireEvent } from '@feecast/models';
import {
  clickhouseAggregates,
  clickhouseDistributedTable,
  loadClickhouseEvents,
} from '@feecast/sources';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { clickhouseQuery, describeClickhouse, freshTable } from '../clickhouse-server';
import { eventsOf, specs } from './generators';
import { inProcessState, inProcessStates } from './in-process';

const cases = specs.chain((spec) =>
  fc.tuple(
    fc.constant(spec),
    eventsOf(spec.metric.code, spec.metric.aggregation_type, { clickhouse: true }),
  ),
);

const RUNS = 30;

/** The generated events as the loader takes them (their timestamps are valid: the brand only marks it). */
const wire = (events: readonly unknown[]) => events as readonly WireEvent[];

describeClickhouse('clickhouseAggregates', (server) => {
  it('gives the in-process state of one subscription', async () => {
    let pushed = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ([spec, events]) => {
        const target = { url: server, table: freshTable('pushdown') };
        const loaded = await loadClickhouseEvents(target, wire(events));
        expect(loaded._tag).toBe('Right');
        const result = await clickhouseAggregates(target, { ...spec, subscription: 'sub_a' });
        if (result._tag === 'Left') throw new Error(result.left.message);
        if (result.right.plan.charges.every((c) => c.pushed)) pushed++;
        expect(result.right.states).toEqual([
          { subscription: 'sub_a', state: inProcessState(spec, events, 'sub_a') },
        ]);
      }),
      { numRuns: RUNS },
    );
    expect(pushed).toBe(RUNS);
  }, 120_000);

  it("gives every subscription's in-process state at once, on a Distributed table", async () => {
    let pushed = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ([spec, events]) => {
        const local = freshTable('pushdown_local');
        const loaded = await loadClickhouseEvents({ url: server, table: local }, wire(events));
        expect(loaded._tag).toBe('Right');
        const table = freshTable('pushdown_all');
        await clickhouseQuery(
          server,
          clickhouseDistributedTable(`\`${table}\``, 'feecast_local', 'default', local),
        );
        const result = await clickhouseAggregates({ url: server, table }, spec);
        if (result._tag === 'Left') throw new Error(result.left.message);
        if (result.right.plan.charges.every((c) => c.pushed)) pushed++;
        expect(result.right.states).toEqual(inProcessStates(spec, events));
      }),
      { numRuns: RUNS },
    );
    expect(pushed).toBe(RUNS);
  }, 120_000);
});
