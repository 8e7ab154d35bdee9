/**
 * Where a ClickHouse events table is: the server's HTTP interface, the table, the user. Written
 * as a URL on the command line: `clickhouse://[user[:password]@]host[:port]/[database]?table=<table>`
 * (HTTP, port 8123 by default; `clickhouses://` for HTTPS, port 8443).
 */
import type { ClickHouseClient } from '@clickhouse/client';
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';

/** A ClickHouse events table (see `clickhouseEventsTable` for its columns). */
export interface ClickhouseTarget {
  /** The server's HTTP interface, `http://127.0.0.1:8123`. */
  readonly url: string;
  /** The table: `events`, or `database.events`. */
  readonly table: string;
  readonly username?: string;
  readonly password?: string;
}

/**
 * The target as messages name it: `clickhouse://host:port/database?table=events`, without
 * the password.
 *
 * @example
 * clickhouseName({ url: 'http://127.0.0.1:8123', table: 'usage.events' }) // => 'clickhouse://127.0.0.1:8123/usage?table=events'
 */
export function clickhouseName(target: ClickhouseTarget): string {
  let host = target.url;
  try {
    const url = new URL(target.url);
    host = `${url.protocol === 'https:' ? 'clickhouses' : 'clickhouse'}://${url.host}`;
  } catch {
    // Named as given: the client reports the URL it cannot use.
  }
  const [database, table] = target.table.includes('.')
    ? target.table.split('.', 2)
    : ['', target.table];
  return `${host}/${database}?table=${table}`;
}

function badUrl(text: string, problem: string): FeecastError {
  return feecastError(
    'invalid_usage',
    `${JSON.stringify(text)} is not a ClickHouse events address: ${problem} Write clickhouse://[user[:password]@]host[:port]/[database]?table=<table> (HTTP; clickhouses:// for HTTPS).`,
    ['--events'],
  );
}

/**
 * The target of a `clickhouse://` (HTTP, port 8123 by default) or `clickhouses://` (HTTPS,
 * port 8443) URL: the path names the database (none: the server's default), `table` the table.
 * Anything else is an `invalid_usage` error saying how to write it.
 *
 * @example
 * parseClickhouseUrl('clickhouse://reader:s3cret@ch.internal/usage?table=events')
 * // => right({ url: 'http://ch.internal:8123', table: 'usage.events', username: 'reader', password: 's3cret' })
 */
export function parseClickhouseUrl(text: string): Either<FeecastError, ClickhouseTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return left(badUrl(text, 'it is not a URL.'));
  }
  const secure = url.protocol === 'clickhouses:';
  if (!secure && url.protocol !== 'clickhouse:') {
    return left(badUrl(text, `the scheme is ${url.protocol.slice(0, -1)}.`));
  }
  if (url.hostname === '') return left(badUrl(text, 'it names no host.'));
  const table = url.searchParams.get('table');
  if (table === null || table === '') return left(badUrl(text, 'it names no table.'));
  const database = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (database.includes('/') || (database !== '' && table.includes('.'))) {
    return left(badUrl(text, 'name the database once, in the path.'));
  }
  const port = url.port === '' ? (secure ? '8443' : '8123') : url.port;
  return right({
    url: `${secure ? 'https' : 'http'}://${url.hostname}:${port}`,
    table: database === '' ? table : `${database}.${table}`,
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
  });
}

/**
 * A client of the target's server (close it when done), or the error of a URL it cannot use.
 * `@clickhouse/client` is loaded here, at the first use, not when this package is imported.
 *
 * @example
 * // A client of the examples' server, asked a constant, then closed.
 * const client = await clickhouseClient(freshClickhouseTable());
 * client._tag // => 'Right'
 * const answer = client._tag === 'Right' ? await client.right.query({ query: 'SELECT 1 + 1 AS two', format: 'JSONEachRow' }) : undefined;
 * await answer?.json() // => [{ two: 2 }]
 * if (client._tag === 'Right') await client.right.close();
 */
export async function clickhouseClient(
  target: ClickhouseTarget,
): Promise<Either<FeecastError, ClickHouseClient>> {
  try {
    const { ClickHouseLogLevel, createClient } = await import('@clickhouse/client');
    return right(
      createClient({
        url: target.url,
        ...(target.username === undefined ? {} : { username: target.username }),
        ...(target.password === undefined ? {} : { password: target.password }),
        // Long scans stream for minutes: no client-side timeout cuts them.
        request_timeout: 3_600_000,
        // A library does not write to the console: every failure comes back as a `Left`.
        log: { level: ClickHouseLogLevel.OFF },
      }),
    );
  } catch (error) {
    return left(clickhouseError(target, error));
  }
}

/**
 * A `unreadable_file` error for a ClickHouse server that fails (cannot be reached, refuses a
 * query), naming the target and saying what the server said.
 *
 * @example
 * clickhouseError({ url: 'http://127.0.0.1:8123', table: 'events' }, new Error('connect ECONNREFUSED 127.0.0.1:8123')).message
 * // => 'Cannot read clickhouse://127.0.0.1:8123/?table=events: connect ECONNREFUSED 127.0.0.1:8123'
 */
export function clickhouseError(target: ClickhouseTarget, error: unknown): FeecastError {
  const name = clickhouseName(target);
  const reason = error instanceof Error ? error.message : String(error);
  return feecastError('unreadable_file', `Cannot read ${name}: ${reason}`, undefined, {
    file: name,
  });
}
