/**
 * The data of the backtest benchmark (issue 22): 1,000 subscriptions (one customer each,
 * calendar billing since 2025), the five metrics and two candidate plans of 10 charges
 * (`PUSHDOWN_PLAN` and a dearer variant), and `n` usage events spread over the 12 months
 * December 2025 to November 2026, written as NDJSON (seeded: the same `n` gives the same
 * file; `FEECAST_BACKTEST_SUBSCRIPTIONS` makes fewer subscriptions, for a smaller run). `FEECAST_BACKTEST_DIR` names a folder that keeps the files between runs (one per
 * `n`, made when missing); without it they go to a temporary folder removed after the run.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { METRICS, PUSHDOWN_PLAN } from './pushdown-data';

/** 1,000, or `FEECAST_BACKTEST_SUBSCRIPTIONS` (a smaller run on a busy machine). */
export const BACKTEST_SUBSCRIPTIONS = Number(process.env.FEECAST_BACKTEST_SUBSCRIPTIONS ?? 1_000);
/** 1 December 2025 and 1 December 2026, 00:00 UTC, in unix seconds: the 12 months. */
const FROM_SECONDS = 1_764_547_200;
const TO_SECONDS = 1_796_083_200;
export const BACKTEST_FROM = '2025-12-01T00:00:00Z';
export const BACKTEST_TO = '2026-12-01T00:00:00Z';

const subscriptionId = (s: number) => `sub_${String(s).padStart(4, '0')}`;

/** The dearer candidate: every amount of `PUSHDOWN_PLAN` times 1.25, a 20 EUR subscription fee. */
const SCALE_PLUS = JSON.parse(
  JSON.stringify(PUSHDOWN_PLAN).replace(/"(amount|per_unit_amount)":"([0-9.]+)"/g, (_, key, v) => {
    // Exact: every amount has at most 4 decimals, so x1.25 has at most 6.
    const scaled = (BigInt(Math.round(Number(v) * 1e4)) * 125n).toString().padStart(7, '0');
    return `"${key}":"${scaled.slice(0, -6)}.${scaled.slice(-6)}"`;
  }),
);

/** The candidate plans, the subscriptions (with customers) and metrics of the benchmark. */
export function backtestInputs() {
  const subscriptions = Array.from({ length: BACKTEST_SUBSCRIPTIONS }, (_, s) => ({
    customer: { external_id: `cust_${subscriptionId(s)}`, currency: 'EUR' },
    subscription: {
      external_id: subscriptionId(s),
      external_customer_id: `cust_${subscriptionId(s)}`,
      billing_time: 'calendar',
      started_at: '2025-01-01T00:00:00Z',
      subscription_at: '2025-01-01T00:00:00Z',
      status: 'active',
    },
  }));
  return {
    plans: [PUSHDOWN_PLAN, { ...SCALE_PLUS, code: 'scale_plus', amount_cents: 2_000 }],
    subscriptions,
    billableMetrics: METRICS,
    from: BACKTEST_FROM,
    to: BACKTEST_TO,
  };
}

/** A 32-bit mix of `i` (one multiply-xorshift round: seeded, cheap, well spread). */
function mix(i: number): number {
  let x = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Event `i` as an NDJSON line: subscription `i mod 1000`, a time and values from `mix`. */
function eventLine(i: number): string {
  const h = mix(i);
  const g = mix(i + 0x5bd1e995);
  const sub = subscriptionId(i % BACKTEST_SUBSCRIPTIONS);
  const seconds = FROM_SECONDS + (g % (TO_SECONDS - FROM_SECONDS));
  const timestamp = i % 2 === 0 ? JSON.stringify(new Date(seconds * 1000).toISOString()) : seconds;
  const amount = `${(h >>> 8) % 1000}.${String(h % 100).padStart(2, '0')}`;
  const region = ['eu', 'us', 'asia'][(h >>> 3) % 3];
  let code: string;
  let properties: string;
  switch (h % 5) {
    case 0:
      code = 'api_calls';
      properties = `{"calls":"${amount}","region":"${region}"}`;
      break;
    case 1:
      code = 'compute';
      properties = `{"hours":"${amount}","region":"${region}","tier":"${(h >>> 5) % 2 === 0 ? 'gold' : 'silver'}"}`;
      break;
    case 2:
      code = 'storage';
      properties = `{"gb":"${amount}","region":"${region}"}`;
      break;
    case 3:
      code = 'seats';
      properties = `{"user":"u${(h >>> 7) % 200}","operation_type":"${(h >>> 16) % 10 === 0 ? 'remove' : 'add'}"}`;
      break;
    default:
      code = 'messages';
      properties = `{"channel":"${['sms', 'email', 'push'][(h >>> 9) % 3]}"}`;
  }
  return `{"transaction_id":"tr_${i}","external_subscription_id":"${sub}","code":"${code}","timestamp":${timestamp},"properties":${properties}}\n`;
}

/** An NDJSON file of `n` events, and how to remove it (a no-op for a kept file). */
export interface BacktestEvents {
  readonly ndjson: string;
  readonly events: number;
  remove(): void;
}

/** Writes (or, in `FEECAST_BACKTEST_DIR`, reuses) the NDJSON file of `n` events. */
export async function backtestEvents(n: number): Promise<BacktestEvents> {
  const kept = process.env.FEECAST_BACKTEST_DIR;
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'feecast-backtest-'));
  if (kept !== undefined) mkdirSync(kept, { recursive: true });
  const ndjson = join(
    dir,
    `events-${n}${BACKTEST_SUBSCRIPTIONS === 1_000 ? '' : `-${BACKTEST_SUBSCRIPTIONS}`}.ndjson`,
  );
  const remove = () => (kept === undefined ? rmSync(dir, { recursive: true, force: true }) : {});
  if (kept !== undefined && existsSync(ndjson)) return { ndjson, events: n, remove };
  const partial = `${ndjson}.partial`;
  const out = createWriteStream(partial);
  let chunk = '';
  for (let i = 0; i < n; i++) {
    chunk += eventLine(i);
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((resolve, reject) =>
    out.on('finish', () => resolve()).on('error', reject),
  );
  renameSync(partial, ndjson);
  return { ndjson, events: n, remove };
}

/**
 * The events of the NDJSON file `ndjson` as a Parquet file beside it (made by DuckDB when
 * missing): the same rows in the same order, timestamps as `TIMESTAMP`, each property a text
 * column `properties.<name>` (the values exactly as the NDJSON gives them).
 */
export async function backtestParquet(ndjson: string): Promise<string> {
  const parquet = ndjson.replace(/\.ndjson$/, '.parquet');
  if (existsSync(parquet)) return parquet;
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const property = (name: string) =>
    `json_extract_string(properties, '$.${name}') AS "properties.${name}"`;
  try {
    await connection.run(`SET TimeZone = 'UTC'`);
    await connection.run(`COPY (SELECT transaction_id, external_subscription_id, code,
        CAST(CASE WHEN regexp_full_match(timestamp, '[0-9]+') THEN to_timestamp(CAST(timestamp AS BIGINT))
          ELSE CAST(timestamp AS TIMESTAMPTZ) END AS TIMESTAMP) AS timestamp,
        ${['calls', 'hours', 'gb', 'region', 'tier', 'user', 'operation_type', 'channel'].map(property).join(', ')}
      FROM read_json('${ndjson}', format = 'newline_delimited', columns = {
        transaction_id: 'VARCHAR', external_subscription_id: 'VARCHAR', code: 'VARCHAR',
        timestamp: 'VARCHAR', properties: 'JSON'}))
      TO '${parquet}.partial' (FORMAT PARQUET)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  renameSync(`${parquet}.partial`, parquet);
  return parquet;
}
