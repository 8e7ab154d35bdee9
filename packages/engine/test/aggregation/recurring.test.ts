/**
 * Recurring sums and unique counts across periods (aggregations.md §4, §1.5b, §1.8, §6):
 * what a period starts from, its pay-in-advance increments over the units it carries in, the
 * prorated unique count's per-event ±1, and the one value of events without the field.
 */
import { describe, expect, it } from 'vitest';
import { createAccumulator } from '../../src/aggregation/index';
import { event, metric, run } from './support';

const NOVEMBER = {
  from_datetime: '2025-11-01T00:00:00Z',
  to_datetime: '2025-11-30T23:59:59Z',
  per_event: true,
} as const;
const seats = metric('unique_count_agg', { recurring: true });
const storage = metric('sum_agg', { recurring: true });
const nov = (d: number) => `2025-11-${String(d).padStart(2, '0')}T10:00:00Z`;
const add = (timestamp: string, v: unknown) => event(timestamp, { v });
const remove = (timestamp: string, v: unknown) => event(timestamp, { v, operation_type: 'remove' });

describe('a recurring unique count carries its active values into the period', () => {
  // Seat a added in October, so already active on November 1.
  const history = [
    add('2025-10-10T10:00:00Z', 'a'),
    add(nov(3), 'a'), // a is active: scores 0, bills 0
    add(nov(5), 'b'), // 1 active more than at the start: bills 1
    remove(nov(8), 'a'), // back to the starting number
    add(nov(12), 'c'), // 1 above the start again, not above the highest: bills 0
    add(nov(20), 'a'), // 2 above the start: bills 1
  ];

  it('bills in advance only what takes the active count above its highest, from the carried count', () => {
    const r = run(seats, history, NOVEMBER);
    expect(r.in_advance_increments).toEqual(['0', '1', '0', '0', '1']);
    expect(r.applied_units).toEqual(['0', '1', '-1', '1', '1']);
    // Starts with {a}: 1; ends with {a, b, c}: 3 = 1 + (0 + 1 − 1 + 1 + 1).
    expect([r.start_units, r.end_units, r.aggregation]).toEqual(['1', '3', '3']);
  });

  it('gives the same figures from a carried state as from the history', () => {
    const carried = run(seats, history.slice(1), {
      ...NOVEMBER,
      previous: { active_values: ['a'] },
    });
    const read = run(seats, history, NOVEMBER);
    expect(carried.in_advance_increments).toEqual(read.in_advance_increments);
    expect([carried.start_units, carried.end_units]).toEqual(['1', '3']);
  });

  it('takes the start from events before the period read in any order and in any chunk', () => {
    const first = createAccumulator(seats, NOVEMBER);
    const second = createAccumulator(seats, NOVEMBER);
    if (first._tag === 'Left' || second._tag === 'Left') throw new Error('accumulator');
    // November's events first, October's add of a in the second chunk.
    first.right.addAll(history.slice(1));
    second.right.addAll(history.slice(0, 1));
    const merged = first.right.merge(second.right);
    if (merged._tag === 'Left') throw new Error(merged.left.message);
    expect(merged.right.result().in_advance_increments).toEqual(['0', '1', '0', '0', '1']);
    expect(merged.right.result().start_units).toBe('1');
  });

  it('a non-recurring unique count starts from nothing: every first add bills', () => {
    const plain = metric('unique_count_agg');
    const r = run(plain, history.slice(1), NOVEMBER);
    // a, b, then a removed, c re-reaches 2, a makes 3: 1, 1, 0, 0, 1.
    expect(r.in_advance_increments).toEqual(['1', '1', '0', '0', '1']);
    expect(r.start_units).toBeUndefined();
  });
});

describe('a recurring sum carries its total into the period', () => {
  it('bills in advance only what takes the total above the carried total: +5, −8, +4, +2 from 10 -> 5, 0, 0, 0', () => {
    const r = run(
      storage,
      [
        event('2025-10-20T00:00:00Z', { v: '10' }),
        event(nov(2), { v: '5' }), // 15: 5 above the mark of 10
        event(nov(3), { v: '-8' }), // 7
        event(nov(4), { v: '4' }), // 11
        event(nov(5), { v: '2' }), // 13: not above 15
      ],
      NOVEMBER,
    );
    expect(r.in_advance_increments).toEqual(['5', '0', '0', '0']);
    expect([r.start_units, r.end_units]).toEqual(['10', '13']);
  });

  it('a negative carried total bills nothing until the total is above 0: −5 then +3, +4 -> 0, 2', () => {
    const r = run(storage, [event(nov(2), { v: '3' }), event(nov(3), { v: '4' })], {
      ...NOVEMBER,
      previous: { value: '-5' },
    });
    // −5 + 3 = −2 (below the mark 0), −2 + 4 = 2: 2 above it.
    expect(r.in_advance_increments).toEqual(['0', '2']);
    expect([r.start_units, r.end_units]).toEqual(['-5', '2']);
  });

  it('works on exact decimals beyond the scaled fast path', () => {
    const r = run(
      storage,
      [event(nov(2), { v: '0.0000000000000001' }), event(nov(3), { v: '1' })],
      { ...NOVEMBER, previous: { value: '12345678901234567890.5' } },
    );
    expect(r.in_advance_increments).toEqual(['0.0000000000000001', '1']);
    expect(r.end_units).toBe('12345678901234567891.5000000000000001');
  });

  it('the start and end units are before the metric rounding; the aggregation after it', () => {
    const rounded = metric('sum_agg', {
      recurring: true,
      rounding_function: 'round',
      rounding_precision: 0,
    });
    const r = run(
      rounded,
      [event('2025-10-20T00:00:00Z', { v: '10.4' }), event(nov(2), { v: '0.3' })],
      NOVEMBER,
    );
    expect([r.start_units, r.end_units, r.aggregation]).toEqual(['10.4', '10.7', '11']);
  });
});

describe('prorated unique count per-event values (§6.1): ±1 per relevant operation', () => {
  const JANUARY = {
    from_datetime: '2025-01-01T00:00:00Z',
    to_datetime: '2025-01-31T23:59:59Z',
    prorated: true,
    per_event: true,
  } as const;

  it('−1 for a remove, +1 for an add, 0 for what proration drops', () => {
    const r = run(
      seats,
      [
        add('2024-12-15T10:00:00Z', 'A'), // before the period: A is active on Jan 1
        remove('2025-01-05T10:00:00Z', 'A'), // -1
        add('2025-01-10T10:00:00Z', 'B'), // +1
        add('2025-01-12T10:00:00Z', 'B'), // repeats B's state: 0
        remove('2025-01-20T09:00:00Z', 'B'), // re-added the same day: dropped, 0
        add('2025-01-20T15:00:00Z', 'B'), // B never stopped: 0
        add('2025-01-25T10:00:00Z', 'A'), // +1
      ],
      JANUARY,
    );
    expect(r.event_values).toEqual(['-1', '1', '0', '0', '0', '1']);
    // A: Jan 1..5 (5 days) and Jan 25..31 (7); B: Jan 10..31 (22). 34/31 = 1.096774..., ceil 5.
    expect(r.aggregation).toBe('1.09678');
    // The in-advance increments count from the carried A: B takes the count back to 1 (0),
    // A's return makes it 2 (1).
    expect(r.in_advance_increments).toEqual(['0', '0', '0', '0', '0', '1']);
  });

  it("an unprorated unique count keeps the reference's 1 per event", () => {
    const r = run(seats, [add(nov(2), 'A'), remove(nov(3), 'A')], NOVEMBER);
    expect(r.event_values).toEqual(['1', '1']);
  });
});

describe('events without the field form one value (§1.5b, open question 5)', () => {
  it('a missing field and a null field are one value, counted once, apart from every text', () => {
    const r = run(
      metric('unique_count_agg'),
      [event(nov(2), {}), add(nov(3), null), add(nov(4), 'null'), add(nov(5), '')],
      NOVEMBER,
    );
    // The missing/null value, "null" and "": 3 values.
    expect(r).toMatchObject({ aggregation: '3', count: 3, rejected: [] });
    expect(r.in_advance_increments).toEqual(['1', '0', '1', '1']);
  });

  it('is carried as null, removed by a remove without the field, and still refuses an object', () => {
    const r = run(
      seats,
      [
        event(nov(2), {}),
        add(nov(3), 'a'),
        event(nov(4), { operation_type: 'remove' }),
        add(nov(5), { id: 1 }),
      ],
      NOVEMBER,
    );
    expect(r.state).toEqual({ active_values: ['a'] });
    expect(r.rejected.map((x) => x.reason)).toEqual(['invalid_value']);
    const carried = run(seats, [event(nov(2), {})], {
      ...NOVEMBER,
      previous: { active_values: [null, 'a'] },
    });
    expect(carried).toMatchObject({ aggregation: '2', in_advance_increments: ['0'] });
    expect(carried.state).toEqual({ active_values: [null, 'a'] });
  });

  it('a prorated unique count counts it for its days too', () => {
    const r = run(seats, [event('2025-01-22T10:00:00Z', {})], {
      from_datetime: '2025-01-01T00:00:00Z',
      to_datetime: '2025-01-31T23:59:59Z',
      prorated: true,
    });
    // Jan 22..31: 10 days. 10/31 = 0.322580..., ceil 5.
    expect([r.aggregation, r.full_units_number]).toEqual(['0.32259', '1']);
  });

  it('a sum still refuses an event without its field', () => {
    const r = run(metric('sum_agg'), [event(nov(2), {}, 'none')], NOVEMBER);
    expect(r.rejected.map((x) => [x.transaction_id, x.reason])).toEqual([
      ['none', 'missing_value'],
    ]);
  });
});
