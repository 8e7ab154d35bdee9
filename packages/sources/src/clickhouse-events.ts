/**
 * Usage events read from a ClickHouse events table (see `clickhouseEventsTable`) over its HTTP
 * interface: the rows are streamed as `JSONEachRow` (constant memory) and decoded as the file
 * readers decode theirs.
 */

import { isLeft } from 'fp-ts/lib/Either.js';
import { clickhouseString, clickhouseTableName } from './clickhouse-table';
import {
  type ClickhouseTarget,
  clickhouseClient,
  clickhouseError,
  clickhouseName,
} from './clickhouse-target';
import type { LocatedItem } from './event-decoder';
import { type AsyncEventSource, locatedSource } from './event-source';
import type { RejectionListener } from './event-tally';
import { decodedRows, rowEvent, type TableRow } from './row-event';

/** Settings of {@link clickhouseEvents}. */
export interface ClickhouseEventsOptions {
  /** Hears each row that is not a valid event, with its row number; reading goes on. */
  readonly onRejected?: RejectionListener;
  /**
   * Only the rows of this subscription, and the rows that name none (the engine counts those
   * as the subscription's): the filter runs in ClickHouse, on the table's sorting key.
   */
  readonly subscription?: string;
  /** Hears the rows read so far, every 10,000 rows and at the end. */
  readonly onRows?: (rowsRead: number) => void;
  /** Only the rows of this billable metric code (the filter runs in ClickHouse). */
  readonly code?: string;
  /**
   * The rows in time order, then by transaction id (a sort in ClickHouse). By default they
   * come in the server's order, which the table's sorting key and parts decide. Events at one
   * instant are then in the order a pushdown on the table breaks their ties (the greater
   * transaction id wins a unique count's add and remove, or a latest value), so pricing them
   * in process gives the pushdown's figures exactly.
   */
  readonly inTimeOrder?: boolean;
}

/** What a ClickHouse events table holds, for the hints of its errors. */
export const CLICKHOUSE_HINT =
  'a ClickHouse events table has the columns of clickhouseEventsTable: transaction_id, external_subscription_id, external_customer_id, code, timestamp_json (the timestamp as JSON: an ISO 8601 string or unix seconds), properties (a JSON object as text, or empty) and precise_total_amount_cents (decimal text).';

const PROGRESS_ROWS = 10_000;

/** A row as the query gives it. */
interface Selected {
  readonly transaction_id: string;
  readonly external_subscription_id: string | null;
  readonly external_customer_id: string | null;
  readonly code: string;
  readonly timestamp_json: string;
  readonly properties: string;
  readonly precise_total_amount_cents: string | null;
}

/** The query of the events (of one subscription, of one code, when asked) of the quoted `table`. */
function selectOf(table: string, options: ClickhouseEventsOptions): string {
  const { subscription, code } = options;
  const columns =
    'transaction_id, external_subscription_id, external_customer_id, code, timestamp_json, properties, precise_total_amount_cents';
  const where: string[] = [];
  if (subscription !== undefined) {
    const id = clickhouseString(subscription);
    // The first condition reads the sorting key's range; the second leaves out '' (a named,
    // empty subscription, which is another subscription's).
    where.push(
      `ifNull(external_subscription_id, '') IN ('', ${id}) AND (external_subscription_id IS NULL OR external_subscription_id = ${id})`,
    );
  }
  if (code !== undefined) where.push(`code = ${clickhouseString(code)}`);
  const order = options.inTimeOrder === true ? ' ORDER BY timestamp_ms, transaction_id' : '';
  return `SELECT ${columns} FROM ${table}${where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`}${order}`;
}

/** The JSON a text holds, or the text itself when it is not JSON (the decoder rejects it). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The raw event of a selected row: `NULL` and an empty `properties` are absent keys. */
function selectedEvent(row: Selected): unknown {
  return rowEvent(
    [
      ['transaction_id', row.transaction_id],
      ['external_subscription_id', row.external_subscription_id ?? undefined],
      ['external_customer_id', row.external_customer_id ?? undefined],
      ['code', row.code],
      ['timestamp', jsonOf(row.timestamp_json)],
      ['properties', row.properties === '' ? undefined : row.properties],
      ['precise_total_amount_cents', row.precise_total_amount_cents ?? undefined],
    ],
    false,
  );
}

/**
 * The rows of the target's table as raw events (before decoding), streamed: what
 * {@link clickhouseEvents} decodes, for readers that copy them first (the command spools them
 * to a file). An error of the table or the server is a final row with `error`. Never throws.
 *
 * @example
 * // The 200 events of November (a new table on the examples' server), then their rows of
 * // `api_calls`: 80 (examples/cli/README.md, "Hand check of the events").
 * const target = freshClickhouseTable();
 * await loadClickhouseEvents(target, events) // => right(200)
 * let rows = 0;
 * for await (const { row } of clickhouseRows(target, { subscription: 'sub_acme_starter', code: 'api_calls' })) rows = row;
 * rows // => 80
 */
export async function* clickhouseRows(
  target: ClickhouseTarget,
  options: ClickhouseEventsOptions = {},
): AsyncGenerator<TableRow, void, undefined> {
  const table = clickhouseTableName(target.table);
  if (isLeft(table)) {
    yield { error: table.left, row: 0 };
    return;
  }
  const opened = await clickhouseClient(target);
  if (isLeft(opened)) {
    yield { error: opened.left, row: 0 };
    return;
  }
  const client = opened.right;
  let row = 0;
  try {
    const result = await client.query({
      query: selectOf(table.right, options),
      format: 'JSONEachRow',
    });
    for await (const rows of result.stream<Selected>()) {
      for (const selected of rows) {
        row++;
        yield { event: selectedEvent(selected.json()), row };
        if (row % PROGRESS_ROWS === 0) options.onRows?.(row);
      }
    }
    options.onRows?.(row);
  } catch (error) {
    yield { error: clickhouseError(target, error), row: 0 };
  } finally {
    await client.close();
  }
}

/**
 * The usage events of a ClickHouse events table (laid out as `clickhouseEventsTable` makes it,
 * or a `Distributed` table over such tables), read over the HTTP interface with
 * `@clickhouse/client`; ClickHouse 18.16 and current releases. Rows are streamed as
 * `JSONEachRow`: constant memory, whatever the table's size. Each event comes back as it was
 * written: the timestamp in its form (ISO 8601 or unix seconds), decimals as their exact text,
 * the properties as their JSON. A row that is not a valid event (a timestamp or properties text
 * that is not one) goes to `onRejected` with its row number, in the order the server returns
 * the rows; a server that cannot be reached or refuses the query ends the events with an
 * `unreadable_file` error kept for `error()`. Never throws.
 *
 * @example
 * // The 200 events of November, written to a new table of the examples' server and read back:
 * // 80 of them are API calls (examples/cli/README.md), none rejected.
 * const target = freshClickhouseTable();
 * await loadClickhouseEvents(target, events) // => right(200)
 * const rejected: number[] = [];
 * const source = clickhouseEvents(target, {
 *   subscription: 'sub_acme_starter', code: 'api_calls', onRejected: (_error, row) => rejected.push(row),
 * });
 * const codes = new Set<string>();
 * for await (const event of source.events) codes.add(event.code);
 * [source.count(), [...codes], rejected] // => [80, ['api_calls'], []]
 * source.error() // => undefined
 */
export function clickhouseEvents(
  target: ClickhouseTarget,
  options: ClickhouseEventsOptions = {},
): AsyncEventSource {
  const name = clickhouseName(target);
  return locatedSource(
    (): AsyncIterable<LocatedItem> =>
      decodedRows(clickhouseRows(target, options), name, CLICKHOUSE_HINT),
    options.onRejected,
  );
}
