import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate, createAccumulator, type UsageEvent } from '../../src/aggregation/index';
import { eventValue } from '../arbitraries';
import { event, metric, run } from './support';

const JANUARY = {
  from_datetime: '2025-01-01T00:00:00Z',
  to_datetime: '2025-01-31T23:59:59Z',
  prorated: true,
} as const;
const seats = metric('sum_agg', { recurring: true });
const users = metric('unique_count_agg', { recurring: true });

describe('prorated sum (aggregations.md §1.8)', () => {
  it('10 persisted units and +31 on Jan 31: 10·31/31 + 31·1/31 = 11, full_units_number 41', () => {
    const result = run(
      seats,
      [event('2024-12-10T08:00:00Z', { v: '10' }), event('2025-01-31T12:00:00Z', { v: '31' })],
      JANUARY,
    );
    expect(result.aggregation).toBe('11');
    expect(result.full_units_number).toBe('41');
    expect(result.current_usage_units).toBe('41');
    expect(result.state).toEqual({ value: '41' });
  });

  it('counts a carried previous value as persisted for the whole period', () => {
    const result = run(seats, [event('2025-01-31T12:00:00Z', { v: '31' })], {
      ...JANUARY,
      previous: { value: '10' },
    });
    expect(result.aggregation).toBe('11');
    expect(result.full_units_number).toBe('41');
  });

  it('a truncated period weighs earlier units by its own days: (10·16 + 31·1)/31 = 6.16130 (ceil 5)', () => {
    // The subscription started on Jan 16: the period has 16 days, the charges period 31.
    const result = run(
      seats,
      [event('2024-12-10T08:00:00Z', { v: '10' }), event('2025-01-31T12:00:00Z', { v: '31' })],
      { ...JANUARY, from_datetime: '2025-01-16T00:00:00Z', charges_duration: 31 },
    );
    // 191 / 31 = 6.161290..., ceiled to 5 decimals.
    expect(result.aggregation).toBe('6.1613');
  });

  it("counts an event's days in the customer's time zone", () => {
    // Tokyo's January; 2025-01-20T16:00Z is Jan 21 01:00 in Tokyo: 31 − 21 + 1 = 11 days.
    const result = run(seats, [event('2025-01-20T16:00:00Z', { v: '31' })], {
      from_datetime: '2024-12-31T15:00:00Z',
      to_datetime: '2025-01-31T14:59:59Z',
      timezone: 'Asia/Tokyo',
      prorated: true,
    });
    expect(result.aggregation).toBe('11');
    // In UTC the same event falls on Jan 20: 12 days.
    const utc = run(seats, [event('2025-01-20T16:00:00Z', { v: '31' })], JANUARY);
    expect(utc.aggregation).toBe('12');
  });

  it('leads the per-event values with the persisted total, prorated over the whole period (§6.1)', () => {
    const result = run(
      seats,
      [event('2024-12-10T08:00:00Z', { v: '10' }), event('2025-01-31T12:00:00Z', { v: '31' })],
      { ...JANUARY, per_event: true },
    );
    expect(result.event_values).toEqual(['10', '31']);
    expect(result.event_prorated_values).toEqual(['10', '1']);
  });

  it('prorates pay-in-advance increments by the days left, rounded up: 10 × 21/31 = 6.77420 (ceil 5)', () => {
    // From Jan 11 00:00 to Jan 31 23:59:59 is 20.9999 days: 21. 210/31 = 6.774193...
    const result = run(seats, [event('2025-01-11T00:00:00Z', { v: '10' })], {
      ...JANUARY,
      per_event: true,
    });
    expect(result.in_advance_increments).toEqual(['10']);
    expect(result.in_advance_prorated_increments).toEqual(['6.7742']);
  });

  it('clamps current_usage_units at 0 but keeps a negative aggregation', () => {
    const result = run(seats, [event('2025-01-31T12:00:00Z', { v: '-31' })], JANUARY);
    expect(result.aggregation).toBe('-1');
    expect(result.full_units_number).toBe('-31');
    expect(result.current_usage_units).toBe('0');
  });

  it('applies the metric rounding to the prorated and the full figures', () => {
    const rounded = metric('sum_agg', {
      recurring: true,
      rounding_function: 'floor',
      rounding_precision: 0,
    });
    // 10.5 on Jan 17: 10.5 × 15/31 = 5.08064..., ceil5 5.08065, floored 5; full 10.5 -> 10.
    const result = run(rounded, [event('2025-01-17T00:00:00Z', { v: '10.5' })], JANUARY);
    expect(result.aggregation).toBe('5');
    expect(result.full_units_number).toBe('10');
  });
});

describe('prorated unique count (aggregations.md §1.8)', () => {
  it('A added Dec 15 and removed Jan 5, B added Jan 10: (5 + 22)/31 = 0.87097 (ceil 5)', () => {
    const result = run(
      users,
      [
        event('2024-12-15T10:00:00Z', { v: 'A' }),
        event('2025-01-05T10:00:00Z', { v: 'A', operation_type: 'remove' }),
        event('2025-01-10T10:00:00Z', { v: 'B' }),
      ],
      JANUARY,
    );
    expect(result.aggregation).toBe('0.87097');
    expect(result.full_units_number).toBe('1');
    expect(result.state).toEqual({ active_values: ['B'] });
  });

  it('drops a remove followed by a same-day add: the value stays active all month (31/31)', () => {
    const result = run(
      users,
      [
        event('2025-01-01T10:00:00Z', { v: 'C' }),
        event('2025-01-10T10:00:00Z', { v: 'C', operation_type: 'remove' }),
        event('2025-01-10T15:00:00Z', { v: 'C' }),
      ],
      JANUARY,
    );
    expect(result.aggregation).toBe('1');
  });

  it('ignores a repeated add and a remove of an inactive value', () => {
    const result = run(
      users,
      [
        event('2025-01-02T10:00:00Z', { v: 'D', operation_type: 'remove' }),
        event('2025-01-21T10:00:00Z', { v: 'D' }),
        event('2025-01-25T10:00:00Z', { v: 'D' }),
      ],
      JANUARY,
    );
    // Active from Jan 21 to Jan 31: 11 days. 11/31 = 0.354838..., ceil 5.
    expect(result.aggregation).toBe('0.35484');
  });

  it('a value added and removed before the period counts for no day', () => {
    const result = run(
      users,
      [
        event('2024-11-02T10:00:00Z', { v: 'E' }),
        event('2024-12-20T10:00:00Z', { v: 'E', operation_type: 'remove' }),
      ],
      JANUARY,
    );
    expect(result.aggregation).toBe('0');
    expect(result.full_units_number).toBe('0');
  });

  it('counts carried active values from the first day', () => {
    const result = run(
      users,
      [event('2025-01-16T10:00:00Z', { v: 'F', operation_type: 'remove' })],
      {
        ...JANUARY,
        previous: { active_values: ['F', 'G'] },
      },
    );
    // F: Jan 1..Jan 16 = 16 days; G: 31 days. 47/31 = 1.516129..., ceil 5.
    expect(result.aggregation).toBe('1.51613');
    expect(result.full_units_number).toBe('1');
  });
});

describe('prorated options', () => {
  it('refuses proration of a non-recurring metric, with the option path', () => {
    const result = aggregate(metric('sum_agg'), [], JANUARY);
    expect(result._tag === 'Left' && result.left.path).toEqual(['options', 'prorated']);
  });

  it('refuses proration of a count', () => {
    const result = aggregate(metric('count_agg', { recurring: false }), [], JANUARY);
    expect(result._tag === 'Left' && result.left.code).toBe('invalid_input');
  });

  it('refuses an unknown time zone', () => {
    const result = aggregate(seats, [], { ...JANUARY, timezone: 'Mars/Olympus' });
    expect(result._tag === 'Left' && result.left.code).toBe('unknown_timezone');
  });
});

const Reference = BigJs();
Reference.DP = 60;
Reference.RM = Reference.roundUp;
const FROM = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;

/** Sum events from mid-November to the end of January, with distinct transaction ids. */
const sumEvents: fc.Arbitrary<UsageEvent[]> = fc
  .array(fc.tuple(fc.integer({ min: -47 * DAY, max: 31 * DAY - 1 }), eventValue), {
    maxLength: 40,
  })
  .map((rows) =>
    rows.map(([offset, value], i) => ({
      transaction_id: `t${i}`,
      code: 'm',
      timestamp: new Date(FROM + offset).toISOString(),
      properties: { v: value },
    })),
  );

/** The prorated sum by the notes' formula, naively with big.js (UTC, 31-day January). */
function referenceProratedSum(events: readonly UsageEvent[]): string {
  let weighted = new Reference(0);
  for (const e of events) {
    const ms = Date.parse(String(e.timestamp));
    const days = ms < FROM ? 31 : 31 - Math.floor((ms - FROM) / DAY);
    weighted = weighted.plus(new Reference(String(e.properties?.v)).times(days));
  }
  const ceiled = weighted.div(31);
  // ceil to 5 decimals: round towards +infinity.
  const scaled = ceiled.times(100000);
  const whole = scaled.round(0, Reference.roundDown);
  const up = whole.eq(scaled) || scaled.lt(0) ? whole : whole.plus(1);
  return up.div(100000).toFixed();
}

describe('prorated laws', () => {
  it('the prorated sum equals the notes formula computed with big.js', () => {
    fc.assert(
      fc.property(sumEvents, (events) => {
        const result = run(seats, events, JANUARY);
        expect(result.aggregation).toBe(referenceProratedSum(events));
      }),
    );
  });

  it('a prorated sum does not depend on event order', () => {
    fc.assert(
      fc.property(sumEvents, (events) => {
        const forward = run(seats, events, JANUARY);
        const backward = run(seats, [...events].reverse(), JANUARY);
        expect(backward.aggregation).toBe(forward.aggregation);
        expect(backward.full_units_number).toBe(forward.full_units_number);
      }),
    );
  });

  it('merged prorated accumulators equal one pass (sum and unique count)', () => {
    const userEvents = sumEvents.map((events) =>
      events.map((e, i) => ({
        ...e,
        properties: { v: `u${i % 5}`, ...(i % 3 === 0 ? { operation_type: 'remove' } : {}) },
      })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(seats, users),
        fc.oneof(sumEvents, userEvents),
        fc.nat(),
        (m, events, cut) => {
          const at = events.length === 0 ? 0 : cut % (events.length + 1);
          const whole = run(m, events, JANUARY);
          const first = createAccumulator(m, JANUARY);
          const second = createAccumulator(m, JANUARY);
          if (first._tag === 'Left' || second._tag === 'Left') throw new Error('options');
          first.right.addAll(events.slice(0, at));
          second.right.addAll(events.slice(at));
          const merged = first.right.merge(second.right);
          if (merged._tag === 'Left') throw new Error(merged.left.message);
          const result = merged.right.result();
          expect(result.aggregation).toBe(whole.aggregation);
          expect(result.full_units_number).toBe(whole.full_units_number);
        },
      ),
    );
  });
});
