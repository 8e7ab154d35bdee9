/**
 * Writes usage events into a ClickHouse events table (for tests, benchmarks and users moving
 * events in): streamed, in constant memory, one `INSERT` of `JSONEachRow`.
 */
import { Readable } from 'node:stream';
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type ClickhouseEventRow,
  clickhouseEventsTable,
  clickhouseRow,
  clickhouseTableName,
} from './clickhouse-table';
import { type ClickhouseTarget, clickhouseClient, clickhouseError } from './clickhouse-target';

/** Settings of {@link loadClickhouseEvents}. */
export interface LoadOptions {
  /** Create the table when it does not exist (default `true`). */
  readonly create?: boolean;
}

/**
 * Writes `events` into the target's table (created first unless `create` is `false`), read one
 * at a time as ClickHouse takes them. The count of rows written, or the first error: an event
 * whose timestamp a `DateTime` cannot hold (the insert is cut there: the server drops its
 * unfinished block, but a long insert is written in blocks of about a million rows, and the
 * blocks before stay written), or what the server said. Never throws.
 *
 * @example
 * import { decode, UsageEvent } from '@feecast/models';
 *
 * // The 200 events of November into a new table of the examples' server (created, as
 * // `create` is not `false`); an event a `DateTime` cannot hold (past 2106) is refused.
 * await loadClickhouseEvents(freshClickhouseTable(), events) // => right(200)
 * const late = decode(UsageEvent, { transaction_id: 'tr_late', code: 'api_calls', timestamp: '2107-01-01T00:00:00Z' });
 * await loadClickhouseEvents(freshClickhouseTable(), late._tag === 'Right' ? [late.right] : [])
 * // ~> left({ code: 'invalid_timestamp', path: ['timestamp'] })
 */
export async function loadClickhouseEvents(
  target: ClickhouseTarget,
  events: Iterable<UsageEvent> | AsyncIterable<UsageEvent>,
  options: LoadOptions = {},
): Promise<Either<FeecastError, number>> {
  const table = clickhouseTableName(target.table);
  if (isLeft(table)) return table;
  const opened = await clickhouseClient(target);
  if (isLeft(opened)) return opened;
  const client = opened.right;
  let written = 0;
  let refused: FeecastError | undefined;
  const abort = new AbortController();
  async function* rows(): AsyncGenerator<ClickhouseEventRow, void, undefined> {
    for await (const event of events) {
      const row = clickhouseRow(event);
      if (isLeft(row)) {
        refused = row.left;
        // Cuts the request, so that the server drops the unfinished insert.
        abort.abort();
        return;
      }
      written++;
      yield row.right;
    }
  }
  try {
    if (options.create !== false) {
      await client.command({ query: clickhouseEventsTable(table.right) });
    }
    await client.insert({
      table: table.right,
      values: Readable.from(rows()),
      format: 'JSONEachRow',
      abort_signal: abort.signal,
    });
    return refused === undefined ? right(written) : left(refused);
  } catch (error) {
    return left(refused ?? clickhouseError(target, error));
  } finally {
    await client.close();
  }
}
