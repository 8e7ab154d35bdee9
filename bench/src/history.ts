/**
 * A history-shaped event set (issue 19): what a user's event log looks like, not one tidy
 * month. Three months of one subscription's events (September to November 2025), the queried
 * month (November) holding about 65 % of them, in no particular order, with about 1 % of
 * transaction ids sent twice (a client retry: the same event again), and the timestamps in
 * either of the two forms the API accepts (ISO 8601 text or Unix seconds).
 */
import { seededRandom } from './data';

/** An event of the history set. */
export interface HistoryEvent {
  readonly transaction_id: string;
  readonly external_subscription_id: string;
  readonly code: string;
  /** ISO 8601 text (`2025-11-04T10:21:07Z`) or Unix seconds (a number), per the set. */
  readonly timestamp: string | number;
  readonly properties: {
    readonly value: string;
    readonly region: string;
    readonly tier: string;
    readonly instance: string;
  };
}

/** The month every history query asks about. */
export const NOVEMBER = {
  from_datetime: '2025-11-01T00:00:00Z',
  to_datetime: '2025-11-30T23:59:59Z',
} as const;

/** The regions of the history set and the two the filtered queries keep. */
export const REGIONS = ['eu', 'us', 'apac', 'latam'] as const;
export const KEPT_REGIONS = ['eu', 'us'] as const;
const TIERS = ['free', 'pro', 'enterprise'] as const;

const SEPTEMBER_START_S = Date.UTC(2025, 8, 1) / 1000;
const NOVEMBER_START_S = Date.UTC(2025, 10, 1) / 1000;
const DECEMBER_START_S = Date.UTC(2025, 11, 1) / 1000;
/** The share of events dated in November. */
const NOVEMBER_SHARE = 0.65;
/** The share of events that repeat an earlier transaction id (and the whole event). */
const REPEAT_SHARE = 0.01;

/** The timestamp forms of a history set: every event as text, every one as seconds, or half each. */
export type TimestampForm = 'iso' | 'unix' | 'mixed';

function pick<T>(values: readonly T[], random: () => number): T {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error('empty choice');
  return value;
}

/** Second `s` of the Unix epoch as the API's ISO text (`...T10:21:07Z`, no fraction). */
function isoOfSeconds(s: number): string {
  return new Date(s * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * `count` history events, seeded: the same `seed` gives the same events whatever the `form`,
 * so a set in Unix seconds and one in ISO text describe the same history.
 */
export function historyEvents(count: number, form: TimestampForm, seed = 19): HistoryEvent[] {
  const random = seededRandom(seed);
  const events = new Array<HistoryEvent>(count);
  for (let i = 0; i < count; i++) {
    const earlier = i > 0 && random() < REPEAT_SHARE ? events[Math.floor(random() * i)] : undefined;
    if (earlier !== undefined) {
      events[i] = earlier;
      continue;
    }
    const november = random() < NOVEMBER_SHARE;
    const [start, end] = november
      ? [NOVEMBER_START_S, DECEMBER_START_S]
      : [SEPTEMBER_START_S, NOVEMBER_START_S];
    const seconds = start + Math.floor(random() * (end - start));
    const asText = form === 'iso' || (form === 'mixed' && random() < 0.5);
    events[i] = {
      transaction_id: `tx_${i}`,
      external_subscription_id: 'sub_1',
      code: 'compute',
      timestamp: asText ? isoOfSeconds(seconds) : seconds,
      properties: {
        value: `${Math.floor(random() * 100)}.${String(Math.floor(random() * 10_000)).padStart(4, '0')}`,
        region: pick(REGIONS, random),
        tier: pick(TIERS, random),
        instance: `i-${Math.floor(random() * 20_000)}`,
      },
    };
  }
  // As a reader gives them (JSON.parse): flat strings and plain objects. A string built by
  // concatenation or replace is a rope that the first read of its characters flattens,
  // allocating: that would be timed as the engine's (and the plain loops') cost.
  return JSON.parse(JSON.stringify(events)) as HistoryEvent[];
}

/** A value of the history set (at most 4 decimals, no sign) as an exact count of ten-thousandths. */
function tenThousandths(text: string): number {
  let units = 0;
  let decimals = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 && decimals < 0) {
      decimals = 0;
      continue;
    }
    const d = c - 48;
    if (d < 0 || d > 9 || decimals >= 4) throw new Error(`unexpected value ${text}`);
    units = units * 10 + d;
    if (decimals >= 0) decimals++;
  }
  return units * 10 ** (4 - Math.max(decimals, 0));
}

/** Ten-thousandths as the engine writes a decimal (`1234.5`, no trailing zeros). */
export function formatTenThousandths(total: number): string {
  if (!Number.isSafeInteger(total)) throw new Error('the total is beyond exact doubles');
  const whole = Math.floor(total / 10_000);
  const fraction = String(total - whole * 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** The Unix seconds of an event's timestamp the way a hand-written loop reads it. */
function secondsOf(timestamp: string | number): number {
  return typeof timestamp === 'number' ? timestamp : Date.parse(timestamp) / 1000;
}

/**
 * The plain exact loop a user writes by hand (issue 19's baseline): the code, the period
 * bounds (inclusive, in seconds), a `Set` for the filter, and the value as scaled integers,
 * no library, no deduplication. ISO timestamps go through `Date.parse`; numbers are used as
 * they are.
 */
export function plainFilteredSum(
  events: readonly HistoryEvent[],
  regions: ReadonlySet<string>,
): string {
  const from = Date.parse(NOVEMBER.from_datetime) / 1000;
  const to = Date.parse(NOVEMBER.to_datetime) / 1000;
  let total = 0;
  for (const event of events) {
    if (event.code !== 'compute') continue;
    const seconds = secondsOf(event.timestamp);
    if (seconds < from || seconds > to) continue;
    if (!regions.has(event.properties.region)) continue;
    total += tenThousandths(event.properties.value);
  }
  return formatTenThousandths(total);
}

/** The plain loop's figures per region (the grouped sum), for checks. */
export function plainGroupedSum(events: readonly HistoryEvent[]): Record<string, string> {
  const from = Date.parse(NOVEMBER.from_datetime) / 1000;
  const to = Date.parse(NOVEMBER.to_datetime) / 1000;
  const totals = new Map<string, number>();
  for (const event of events) {
    if (event.code !== 'compute') continue;
    const seconds = secondsOf(event.timestamp);
    if (seconds < from || seconds > to) continue;
    const region = event.properties.region;
    totals.set(region, (totals.get(region) ?? 0) + tenThousandths(event.properties.value));
  }
  return Object.fromEntries(
    [...totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, formatTenThousandths(v)]),
  );
}
