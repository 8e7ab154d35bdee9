import { readFileSync } from 'node:fs';
import {
  AppliedCoupon,
  BillableMetric,
  Coupon,
  Customer,
  decode,
  Plan,
  Subscription,
  Tax,
  UsageEvent,
  Wallet,
} from '@feecast/models';

/**
 * The named inputs that the `@example`s of the public functions may use without declaring them
 * (`docs/architecture.md`, "Examples that run"): the bundled command examples of
 * `examples/cli` (their README gives every figure by hand), decoded with the models' codecs.
 * The doc-test runner copies this file next to the examples and imports these names into each.
 */
const folder = new URL('../../examples/cli/', import.meta.url);

type Codec<A> = Parameters<typeof decode<A>>[0];

/** A value decoded with its codec (a defect of the examples' data throws). */
function decoded<A>(codec: Codec<A>, value: unknown, where: string): A {
  const result = decode(codec, value);
  if (result._tag === 'Left') throw new Error(`${where}: ${result.left.message}`);
  return result.right;
}

/** The value under `key` of a JSON file of examples/cli. */
function json(file: string, key: string): unknown {
  const parsed = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Record<string, unknown>;
  return parsed[key];
}

function read<A>(codec: Codec<A>, file: string, key: string): A {
  return decoded(codec, json(file, key), file);
}

function readAll<A>(codec: Codec<A>, file: string, key: string): A[] {
  return (json(file, key) as unknown[]).map((value, i) =>
    decoded(codec, value, `${file} ${key}[${i}]`),
  );
}

/** `acme` (Acme SAS), EUR, time zone UTC. */
export const customer = read(Customer, 'customer.json', 'customer');
/** `sub_acme_starter`: `acme` on `starter` since 2026-10-01, calendar billing. */
export const subscription = read(Subscription, 'subscription.json', 'subscription');
/** `starter`: 49.00 EUR a month and five usage charges (examples/cli/README.md). */
export const plan = read(Plan, 'plan-starter.json', 'plan');
/** `growth`: 199.00 EUR a month, lower usage prices. */
export const growth = read(Plan, 'plan-growth.json', 'plan');
/** `starter` with only its API-calls charge, paid in advance (standard, `eu` 0.0025). */
export const starterInAdvance = read(Plan, 'plan-starter-in-advance.json', 'plan');
/** The five metrics: `api_calls`, `storage_gb`, `seats`, `payments`, `compute_hours`. */
export const billableMetrics = readAll(BillableMetric, 'billable_metrics.json', 'billable_metrics');
/** `api_calls`: the sum of `calls`, filterable by `region` (`eu`, `us`). */
export const apiCalls = billableMetrics[0] as BillableMetric;
/** `vat_fr_20`: 20 %, the billing entity's tax. */
export const vat20 = readAll(Tax, 'taxes.json', 'taxes')[0] as Tax;
/** `welcome10`: 10.00 EUR off, once. */
export const coupon = read(Coupon, 'coupon.json', 'coupon');
/** `welcome10` applied to `acme`, 10.00 EUR remaining. */
export const appliedCoupon = read(AppliedCoupon, 'applied_coupon.json', 'applied_coupon');
/** `acme`'s prepaid wallet: 25 credits at 1 EUR each. */
export const wallet = read(Wallet, 'wallet.json', 'wallet');
/** The 200 events of `sub_acme_starter` in November 2026 (`events.ndjson`). */
export const events: UsageEvent[] = readFileSync(new URL('events.ndjson', folder), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line, i) => decoded(UsageEvent, JSON.parse(line), `events.ndjson line ${i + 1}`));
/** The billing period of the events: November 2026, in UTC. */
export const NOVEMBER = {
  from_datetime: '2026-11-01T00:00:00Z',
  to_datetime: '2026-11-30T23:59:59Z',
} as const;

/**
 * The ClickHouse server of the examples: `FEECAST_CLICKHOUSE_URL` (CI sets it, and so does
 * `eval "$(node scripts/clickhouse.mjs start)"`), else one on the default local port.
 */
export const CLICKHOUSE_URL = process.env['FEECAST_CLICKHOUSE_URL'] || 'http://127.0.0.1:8123';
let clickhouseTables = 0;
/**
 * A ClickHouse target `{ url, table }` naming a table of that server that does not exist yet:
 * a new name at each call and each run (the server outlives the runs).
 */
export const freshClickhouseTable = (): { readonly url: string; readonly table: string } => {
  clickhouseTables++;
  const run = `${process.pid}_${Date.now().toString(36)}`;
  return { url: CLICKHOUSE_URL, table: `doc_events_${run}_${clickhouseTables}` };
};
