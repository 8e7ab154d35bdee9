/**
 * The pushdown on ClickHouse: the states of a metric's charges computed by the server that
 * holds the events (an events table of `clickhouseEventsTable`, or a `Distributed` table over
 * such tables: the same SQL), over its HTTP interface; the charges it cannot compute are
 * streamed into the in-process accumulator.
 */
import type { FeecastError } from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { clickhouseEvents } from '../clickhouse-events';
import { clickhouseTableName } from '../clickhouse-table';
import { type ClickhouseTarget, clickhouseClient, clickhouseError } from '../clickhouse-target';
import { clickhouseRowSource } from './clickhouse-source';
import { clickhouseDialect } from './dialect';
import { type Aggregates, type Database, type RunOptions, runAggregates } from './run';
import type { AggregatesSpec } from './spec';

/**
 * The charges accumulator state of `spec` over the events of a ClickHouse table, computed by
 * ClickHouse (18.16 and current releases; unchanged on a `Distributed` table). Charges SQL
 * cannot compute, and runs with rows SQL does not read exactly, stream the metric's rows into
 * the in-process accumulator (`plan` says which and why). Repeated transaction ids: the
 * earliest row is kept (ClickHouse has no read order; docs/semantics.md). Never throws: a bad
 * spec, table or server is a `Left`.
 *
 * @example
 * import { restoreChargesAccumulator } from '@feecast/engine';
 *
 * // The sum of `calls` per region over November, computed by ClickHouse from the 200 events:
 * // `eu` 54,874.5, `us` 30,279, `apac` 6,601.5 (examples/cli/README.md), all in SQL.
 * const target = freshClickhouseTable();
 * await loadClickhouseEvents(target, events) // => right(200)
 * const charges = [{ grouped_by: ['region'] }];
 * const result = await clickhouseAggregates(target, { metric: apiCalls, charges, options: NOVEMBER, subscription: 'sub_acme_starter' });
 * const { plan, states } = result._tag === 'Right' ? result.right : { plan: undefined, states: [] };
 * plan // => { charges: [{ charge: 0, pushed: true }] }
 * const restored = restoreChargesAccumulator(apiCalls, charges, NOVEMBER, states[0]?.state);
 * const groups = restored._tag === 'Right' ? restored.right.result().charges[0]?.default.groups : [];
 * groups?.map((group) => `${group.grouped_by['region']}: ${group.aggregation}`).sort()
 * // => ['apac: 6601.5', 'eu: 54874.5', 'us: 30279']
 */
export function clickhouseAggregates(
  target: ClickhouseTarget,
  spec: AggregatesSpec,
): Promise<Either<FeecastError, Aggregates>> {
  return clickhouseAggregatesWith(target, spec, {});
}

/** {@link clickhouseAggregates} with the runner's options (feecast's own callers). */
export async function clickhouseAggregatesWith(
  target: ClickhouseTarget,
  spec: AggregatesSpec,
  options: RunOptions,
): Promise<Either<FeecastError, Aggregates>> {
  const table = clickhouseTableName(target.table);
  if (isLeft(table)) return table;
  const opened = await clickhouseClient(target);
  if (isLeft(opened)) return opened;
  const client = opened.right;
  const database: Database = {
    dialect: clickhouseDialect,
    source: async () => right(clickhouseRowSource(table.right)),
    async *query(sql) {
      try {
        const result = await client.query({ query: sql, format: 'JSONEachRow' });
        for await (const rows of result.stream<Record<string, unknown>>()) {
          yield right(rows.map((row) => row.json<Record<string, unknown>>()));
        }
      } catch (error) {
        yield left(clickhouseError(target, error));
      }
    },
    stream: (code, subscription, tieOrder) =>
      clickhouseEvents(target, {
        code,
        ...(subscription === undefined ? {} : { subscription }),
        ...(tieOrder ? { inTimeOrder: true } : {}),
        onRejected: () => undefined,
      }),
  };
  try {
    return await runAggregates(database, spec, options);
  } catch (error) {
    return left(clickhouseError(target, error));
  } finally {
    await client.close();
  }
}
