import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AggregationResult,
  createAccumulator,
  type UsageEvent,
} from '../../src/aggregation/index';
import { AGGREGATION_TYPES, eventValue } from '../arbitraries';
import { MARCH, metric, run } from './support';

const Reference = BigJs();
Reference.DP = 60;
const FROM = Date.UTC(2025, 2, 1);
const END = Date.UTC(2025, 3, 1);

/** Events of metric `m` in March with distinct timestamps (ties would make latest/unique order-dependent). */
const events: fc.Arbitrary<UsageEvent[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: END - FROM - 1 }), { maxLength: 40 })
  .chain((offsets) =>
    fc.tuple(
      ...offsets.map((offset, i) =>
        fc
          .record({
            value: eventValue,
            user: fc.constantFrom('a', 'b', 'c', 'd'),
            remove: fc.boolean(),
            region: fc.constantFrom('eu', 'us', 'apac'),
          })
          .map(({ value, user, remove, region }) => ({ offset, i, value, user, remove, region })),
      ),
    ),
  )
  .map((rows) =>
    rows.map(({ offset, i, value, user, remove, region }) => ({
      transaction_id: `t${i}`,
      code: 'm',
      timestamp: new Date(FROM + offset).toISOString(),
      properties: { v: value, u: user, region, ...(remove ? { operation_type: 'remove' } : {}) },
    })),
  );

const definitions = {
  count_agg: metric('count_agg'),
  sum_agg: metric('sum_agg'),
  max_agg: metric('max_agg'),
  latest_agg: metric('latest_agg'),
  unique_count_agg: metric('unique_count_agg', { field_name: 'u' }),
  weighted_sum_agg: metric('weighted_sum_agg'),
};

/** The reference figures, computed naively with big.js, following the reference notes step by step. */
function reference(type: (typeof AGGREGATION_TYPES)[number], list: readonly UsageEvent[]): string {
  const byTime = [...list].sort(
    (a, b) => Date.parse(String(a.timestamp)) - Date.parse(String(b.timestamp)),
  );
  const value = (e: UsageEvent) => new Reference(String(e.properties?.v));
  switch (type) {
    case 'count_agg':
      return String(list.length);
    case 'sum_agg':
      return list.reduce((t, e) => t.plus(value(e)), new Reference('0')).toFixed();
    case 'max_agg':
      return list.length === 0
        ? '0'
        : list
            .map(value)
            .reduce((m, v) => (v.gt(m) ? v : m))
            .toFixed();
    case 'latest_agg': {
      const last = byTime.at(-1);
      return last === undefined || value(last).lt(0) ? '0' : value(last).toFixed();
    }
    case 'unique_count_agg': {
      // §1.5b: per value, +1 / -1 / 0 against the previous operation, the first previous being "remove".
      const previous = new Map<unknown, string>();
      let score = 0;
      for (const e of byTime) {
        const op = e.properties?.operation_type === 'remove' ? 'remove' : 'add';
        const before = previous.get(e.properties?.u) ?? 'remove';
        if (op !== before) score += op === 'add' ? 1 : -1;
        previous.set(e.properties?.u, op);
      }
      return String(score);
    }
    case 'weighted_sum_agg': {
      // §1.6 row by row: level × duration, from the period start, then every event, to the end.
      let level = new Reference('0');
      let at = FROM;
      let total = new Reference('0');
      for (const e of byTime) {
        const t = Date.parse(String(e.timestamp));
        total = total.plus(level.times(t - at));
        level = level.plus(value(e));
        at = t;
      }
      total = total.plus(level.times(END - at));
      // `.ceil(20)`: toward +infinity, so a negative average rounds toward zero.
      const average = total.div(31 * 86_400_000);
      return average.round(20, average.lt(0) ? Reference.roundDown : Reference.roundUp).toFixed();
    }
  }
}

function inChunks(
  type: (typeof AGGREGATION_TYPES)[number],
  list: readonly UsageEvent[],
  cuts: readonly number[],
): AggregationResult {
  const bounds = [0, ...cuts.map((c) => c % (list.length + 1)).sort((a, b) => a - b), list.length];
  const whole = createAccumulator(definitions[type], MARCH);
  if (whole._tag === 'Left') throw new Error(whole.left.message);
  for (let i = 0; i + 1 < bounds.length; i++) {
    const chunk = createAccumulator(definitions[type], MARCH);
    if (chunk._tag === 'Left') throw new Error(chunk.left.message);
    chunk.right.addAll(list.slice(bounds[i], bounds[i + 1]));
    whole.right.merge(chunk.right);
  }
  return whole.right.result();
}

describe.each(AGGREGATION_TYPES)('%s', (type) => {
  it('equals a naive big.js reference that follows the reference notes', () => {
    fc.assert(
      fc.property(events, (list) => {
        expect(run(definitions[type], list).aggregation).toBe(reference(type, list));
      }),
    );
  });

  it('does not depend on the order of the events', () => {
    fc.assert(
      fc.property(
        events.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        ([list, shuffled]) => {
          const a = run(definitions[type], list);
          const b = run(definitions[type], shuffled);
          expect({ aggregation: b.aggregation, count: b.count }).toEqual({
            aggregation: a.aggregation,
            count: a.count,
          });
        },
      ),
    );
  });

  it('chunked and merged equals one pass', () => {
    fc.assert(
      fc.property(events, fc.array(fc.nat(), { maxLength: 5 }), (list, cuts) => {
        const merged = inChunks(type, list, cuts);
        const once = run(definitions[type], list);
        expect(merged).toEqual(once);
      }),
    );
  });

  it('grouped: the groups merged equal the ungrouped aggregation, and add up to it for count and sum', () => {
    fc.assert(
      fc.property(events, (list) => {
        const grouped = run(definitions[type], list, { ...MARCH, grouped_by: ['region'] });
        const whole = run(definitions[type], list);
        expect(grouped.aggregation).toBe(whole.aggregation);
        if (type === 'count_agg' || type === 'sum_agg') {
          const total = (grouped.groups ?? []).reduce(
            (t, g) => t.plus(g.aggregation),
            new Reference('0'),
          );
          expect(total.toFixed()).toBe(whole.aggregation);
        }
      }),
    );
  });
});
