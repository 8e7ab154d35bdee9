import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/aggregation/index';
import { event, MARCH, metric, run } from './support';

const day = (d: number, time = '10:00:00') => `2025-03-${String(d).padStart(2, '0')}T${time}Z`;

describe('count_agg (aggregations.md §1.2)', () => {
  it('counts events; no field needed', () => {
    expect(run(metric('count_agg'), [event(day(1)), event(day(2)), event(day(3))])).toMatchObject({
      aggregation: '3',
      count: 3,
    });
  });
});

describe('sum_agg (§1.3)', () => {
  it('sums exactly; negative values reduce the sum, which is not clamped', () => {
    const r = run(metric('sum_agg'), [
      event(day(1), { v: '12' }),
      event(day(2), { v: '-3.5' }),
      event(day(3), { v: 0.1 }),
      event(day(4), { v: '0.2' }),
    ]);
    expect(r).toMatchObject({ aggregation: '8.8', count: 4, rejected: [] });
    expect(
      run(metric('sum_agg'), [event(day(1), { v: '-10' }), event(day(2), { v: '4' })]).aggregation,
    ).toBe('-6');
  });

  it('leaves out and reports values that are not decimals, and missing values; they do not count', () => {
    const r = run(metric('sum_agg'), [
      event(day(1), { v: '10' }),
      event(day(2), { v: 'abc' }, 'bad'),
      event(day(3), {}, 'missing'),
      event(day(4), { v: null }, 'null'),
      event(day(5), { v: '.5' }, 'dot'),
    ]);
    expect(r.aggregation).toBe('10');
    expect(r.count).toBe(1);
    expect(r.rejected.map((x) => [x.transaction_id, x.reason])).toEqual([
      ['bad', 'invalid_value'],
      ['missing', 'missing_value'],
      ['null', 'missing_value'],
      ['dot', 'invalid_value'],
    ]);
    expect(r.rejected[0]?.message).toBe(
      'Event "bad" left out: The metric field value is not a decimal number. (properties.v is "abc")',
    );
  });
});

describe('max_agg (§1.4)', () => {
  it('is the largest value, not clamped, and 0 without events', () => {
    expect(
      run(metric('max_agg'), [
        event(day(1), { v: '3' }),
        event(day(2), { v: '12.5' }),
        event(day(3), { v: '7' }),
      ]).aggregation,
    ).toBe('12.5');
    expect(
      run(metric('max_agg'), [event(day(1), { v: '-3' }), event(day(2), { v: '-1.5' })])
        .aggregation,
    ).toBe('-1.5');
    expect(run(metric('max_agg'), [])).toMatchObject({ aggregation: '0', count: 0 });
  });
});

describe('latest_agg (§1.5)', () => {
  it('is the most recent value by timestamp, whatever the order of the stream', () => {
    expect(
      run(metric('latest_agg'), [
        event(day(3), { v: '7' }),
        event(day(1), { v: '3' }),
        event(day(2), { v: '12' }),
      ]),
    ).toMatchObject({ aggregation: '7', count: 3 });
  });

  it('clamps a negative latest value to 0, and is 0 without events', () => {
    expect(
      run(metric('latest_agg'), [event(day(1), { v: '5' }), event(day(2), { v: '-4' })])
        .aggregation,
    ).toBe('0');
    expect(run(metric('latest_agg'), []).aggregation).toBe('0');
  });

  it('breaks a timestamp tie in favour of the later event of the stream', () => {
    expect(
      run(metric('latest_agg'), [event(day(2), { v: '1' }), event(day(2), { v: '2' })]).aggregation,
    ).toBe('2');
  });
});

describe('unique_count_agg (§1.5b)', () => {
  it('reproduces the worked example: a add,add,remove,add; b remove; c add -> 2', () => {
    const op = (user: string, operation_type?: string, d = 1) =>
      event(day(d), operation_type === undefined ? { v: user } : { v: user, operation_type });
    const r = run(metric('unique_count_agg'), [
      op('a', 'add', 1),
      op('a', 'add', 2),
      op('a', 'remove', 3),
      op('a', undefined, 4),
      op('b', 'remove', 2),
      op('c', 'add', 5),
    ]);
    expect(r).toMatchObject({ aggregation: '2', count: 2 });
  });

  it('reads numbers as their text and refuses an unknown operation_type', () => {
    const r = run(metric('unique_count_agg'), [
      event(day(1), { v: 7 }),
      event(day(2), { v: '7' }),
      event(day(3), { v: 'x', operation_type: 'delete' }, 'op'),
    ]);
    expect(r.aggregation).toBe('1');
    expect(r.rejected).toMatchObject([{ transaction_id: 'op', reason: 'invalid_operation_type' }]);
  });
});

describe('weighted_sum_agg (§1.6)', () => {
  const january = { from_datetime: '2023-01-01T00:00:00Z', to_datetime: '2023-01-31T23:59:59Z' };
  const weighted = metric('weighted_sum_agg', { weighted_interval: 'seconds' });

  it('reproduces the worked example: +2 on Jan 11, -1 on Jan 21 -> 1.0, variation 1, count 2', () => {
    const r = run(
      weighted,
      [event('2023-01-11T00:00:00Z', { v: '2' }), event('2023-01-21T00:00:00Z', { v: '-1' })],
      january,
    );
    expect(r).toMatchObject({ aggregation: '1', count: 2, total_aggregated_units: '1' });
  });

  it('events at the same instant: the order within the tie does not change the total', () => {
    const a = run(
      weighted,
      [event('2023-01-11T00:00:00Z', { v: '2' }), event('2023-01-11T00:00:00Z', { v: '3' })],
      january,
    );
    const b = run(
      weighted,
      [event('2023-01-11T00:00:00Z', { v: '3' }), event('2023-01-11T00:00:00Z', { v: '2' })],
      january,
    );
    // 5 units for 21 of 31 days = 105/31, ceiled to 20 decimals.
    expect(a.aggregation).toBe('3.3870967741935483871');
    expect(b.aggregation).toBe(a.aggregation);
  });

  it('recurring (§4): Jan ends at level 5; Feb has -2 on Feb 15 -> 4.0, level 3 carried to March', () => {
    const recurring = metric('weighted_sum_agg', { recurring: true });
    const r = run(recurring, [event('2023-02-15T00:00:00Z', { v: '-2' })], {
      from_datetime: '2023-02-01T00:00:00Z',
      to_datetime: '2023-02-28T23:59:59Z',
      previous: { value: '5' },
    });
    expect(r).toMatchObject({
      aggregation: '4',
      total_aggregated_units: '3',
      state: { value: '3' },
    });
  });
});

describe('recurring sum and unique count (§4)', () => {
  it('a recurring sum reads the history before the period and carries its total', () => {
    const recurring = metric('sum_agg', { recurring: true });
    const r = run(recurring, [
      event('2025-01-15T00:00:00Z', { v: '10' }),
      event(day(5), { v: '-3' }),
      event(day(6), { v: '2' }),
    ]);
    expect(r).toMatchObject({ aggregation: '9', count: 3, state: { value: '9' } });
    const carried = run(recurring, [event(day(6), { v: '2' })], {
      ...MARCH,
      previous: { value: '7' },
    });
    expect(carried.aggregation).toBe('9');
  });

  it('a recurring unique count keeps values added before until they are removed', () => {
    const recurring = metric('unique_count_agg', { recurring: true });
    const r = run(
      recurring,
      [event(day(2), { v: 'b', operation_type: 'remove' }), event(day(3), { v: 'c' })],
      {
        ...MARCH,
        previous: { active_values: ['a', 'b'] },
      },
    );
    expect(r).toMatchObject({ aggregation: '2', state: { active_values: ['a', 'c'] } });
  });

  it('count, max and latest cannot be recurring', () => {
    for (const type of ['count_agg', 'max_agg', 'latest_agg']) {
      expect(aggregate(metric(type, { recurring: true }), [], MARCH)).toMatchObject({
        _tag: 'Left',
        left: { code: 'invalid_input', path: ['billable_metric', 'recurring'] },
      });
    }
  });
});

describe('rounding_function and rounding_precision (§1.1)', () => {
  it.each([
    ['12.345', 'round', 2, '12.35'],
    ['12.344', 'ceil', 2, '12.35'],
    ['12.349', 'floor', 2, '12.34'],
    ['2.5', 'round', 0, '3'],
    ['-2.5', 'round', 0, '-3'],
    ['1234', 'round', -2, '1200'],
  ])(
    '%s %s(%i) = %s, on the aggregate',
    (value, rounding_function, rounding_precision, expected) => {
      const m = metric('sum_agg', { rounding_function, rounding_precision });
      expect(run(m, [event(day(1), { v: value })]).aggregation).toBe(expected);
    },
  );

  it('rounds the final aggregate, not each event', () => {
    const m = metric('sum_agg', { rounding_function: 'round', rounding_precision: 0 });
    expect(run(m, [event(day(1), { v: '0.4' }), event(day(2), { v: '0.4' })]).aggregation).toBe(
      '1',
    );
  });

  it('refuses an unknown rounding function or a fractional precision', () => {
    expect(aggregate(metric('sum_agg', { rounding_function: 'bankers' }), [], MARCH)).toMatchObject(
      { left: { path: ['billable_metric', 'rounding_function'] } },
    );
    expect(
      aggregate(
        metric('sum_agg', { rounding_function: 'round', rounding_precision: 1.5 }),
        [],
        MARCH,
      ),
    ).toMatchObject({ left: { code: 'out_of_range' } });
  });
});
