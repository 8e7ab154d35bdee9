// Generated metrics, charges, periods and events for the differential tests of the pushdown:
// every aggregation type, filters and groups, duplicates, both timestamp forms, bad values,
// events outside the period and events of other codes and subscriptions.
import type { UsageEvent } from '@feecast/engine';
import type { AggregatesSpec } from '@feecast/sources';
import fc from 'fast-check';

export const TYPES = [
  'count_agg',
  'sum_agg',
  'max_agg',
  'latest_agg',
  'unique_count_agg',
  'weighted_sum_agg',
] as const;

const METRIC_FILTERS = [
  { key: 'region', values: ['eu', 'us', 'ap'] },
  { key: 'tier', values: ['gold', 'silver'] },
];

/** March 2025, UTC. */
export const FROM_MS = Date.UTC(2025, 2, 1);
export const TO_MS = Date.UTC(2025, 2, 31, 23, 59, 59);

const filterValues = fc.oneof(
  fc.record({ region: fc.subarray(['eu', 'us', 'ap'], { minLength: 1 }) }),
  fc.record({ tier: fc.subarray(['gold', 'silver', '__ALL_FILTER_VALUES__'], { minLength: 1 }) }),
  fc.record({
    region: fc.subarray(['eu', 'us', 'ap'], { minLength: 1 }),
    tier: fc.subarray(['gold', 'silver'], { minLength: 1 }),
  }),
);

const charge = fc.record(
  {
    filters: fc.array(filterValues, { maxLength: 3 }),
    grouped_by: fc.subarray(['team', 'tier'], { minLength: 0 }),
  },
  { requiredKeys: [] },
);

/** A value of the metric field: decimals of every form, numbers, and what is not a decimal. */
const fieldValue = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -50, max: 500 }).map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '12.5',
      '-0.25',
      '007',
      '0.000000000000000001',
      '1.5e3',
      '2E-4',
      '123456789012345678901.5',
      '0.1234567890123456789',
      '-0',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(3, 2.5, -7, 0) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'n/a',
      '',
      ' 1',
      '+1',
      '1.',
      '.5',
      '0x1A',
      'NaN',
      '1e1001',
      true,
      null,
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** A unique count's value: a few seats, a number, or none (and an object, refused, if `nested`). */
function uniqueValue(nested: boolean): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('seat_1', 'seat_2', 'seat_3', 'b', 'a') },
    { weight: 1, arbitrary: fc.constantFrom(7, true) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: nested ? 1 : 0, arbitrary: fc.constant({ nested: 1 }) },
  );
}

/**
 * How events are generated. `clickhouse`: a table without read order, so ties are avoided
 * (every event has its own second) and a repeated transaction id is a repeat of the same
 * event, as a retry sends it; and properties stay flat (what `visitParamExtract` reads).
 */
export interface EventsShape {
  readonly clickhouse?: boolean;
}

function timestampOf(ms: number, form: number): string | number {
  if (form === 0) return new Date(ms).toISOString();
  if (form === 1) {
    // The same instant at +02:00.
    const local = new Date(ms + 2 * 3600_000).toISOString().slice(0, 19);
    return `${local}+02:00`;
  }
  if (form === 2) return Math.floor(ms / 1000);
  return String(Math.floor(ms / 1000));
}

/** Events of the metric `code` (mostly), with the keys filters and groups read. */
export function eventsOf(
  code: string,
  type: string,
  shape: EventsShape = {},
): fc.Arbitrary<UsageEvent[]> {
  const clickhouse = shape.clickhouse === true;
  const event = fc.record({
    id: fc.integer({ min: 0, max: 25 }),
    sub: fc.constantFrom('sub_a', 'sub_b', undefined),
    other: fc.integer({ min: 0, max: 9 }),
    // Whole hours from 20 days before the period to 5 days after it: ties happen.
    hour: fc.integer({ min: -20 * 24, max: 36 * 24 }),
    form: fc.integer({ min: 0, max: 3 }),
    value: type === 'unique_count_agg' ? uniqueValue(!clickhouse) : fieldValue,
    operation: fc.constantFrom(undefined, undefined, 'add', 'remove', 'delete'),
    region: fc.constantFrom('eu', 'us', 'ap', 'xx', undefined, 3),
    tier: fc.constantFrom('gold', 'silver', '', undefined),
    team: fc.constantFrom('core', 'web', '', undefined, 12),
  });
  const repeats = fc.array(fc.nat(), { maxLength: clickhouse ? 6 : 0 });
  return fc.tuple(fc.array(event, { maxLength: 40 }), repeats).map(([items, again]) => {
    const events = items.map((item, i): UsageEvent => {
      const properties: Record<string, unknown> = {};
      const put = (key: string, value: unknown) => {
        if (value !== undefined) properties[key] = value;
      };
      put('v', item.value);
      put('region', item.region);
      put('tier', item.tier);
      put('team', item.team);
      if (type === 'unique_count_agg') put('operation_type', item.operation);
      const ms = clickhouse
        ? FROM_MS + item.hour * 3600_000 + i * 1000
        : FROM_MS + item.hour * 3600_000 + (i % 3) * 250;
      return {
        transaction_id: clickhouse ? `t${i}` : `t${item.id}`,
        ...(item.sub === undefined ? {} : { external_subscription_id: item.sub }),
        code: item.other === 0 ? 'other_metric' : code,
        timestamp: timestampOf(ms, item.form),
        properties,
      };
    });
    for (const k of again) {
      const repeated = events[k % Math.max(1, events.length)];
      if (repeated !== undefined) events.push(repeated);
    }
    return events;
  });
}

/** A spec of one metric with 1 to 3 charges over March 2025. */
export const specs: fc.Arbitrary<AggregatesSpec> = fc
  .record({
    type: fc.constantFrom(...TYPES),
    recurring: fc.boolean(),
    charges: fc.array(charge, { minLength: 1, maxLength: 3 }),
    deduplicate: fc.boolean(),
    withField: fc.boolean(),
  })
  .map(({ type, recurring, charges, deduplicate, withField }) => ({
    metric: {
      code: 'm',
      aggregation_type: type,
      ...(type !== 'count_agg' || withField ? { field_name: 'v' } : {}),
      recurring:
        recurring &&
        (type === 'sum_agg' || type === 'unique_count_agg' || type === 'weighted_sum_agg'),
      filters: METRIC_FILTERS,
    },
    charges,
    options: {
      from_datetime: new Date(FROM_MS).toISOString(),
      to_datetime: new Date(TO_MS).toISOString(),
      deduplicate,
    },
  }));
