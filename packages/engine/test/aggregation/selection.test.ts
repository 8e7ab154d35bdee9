import { describe, expect, it } from 'vitest';
import { aggregate, createAccumulator, eventTimeMs } from '../../src/aggregation/index';
import { event, MARCH, metric, run } from './support';

describe('time bounds (aggregations.md §1.0)', () => {
  it('includes both ends of the period, the whole of its last second', () => {
    const r = run(metric('count_agg'), [
      event('2025-03-01T00:00:00Z'),
      event('2025-03-31T23:59:59Z'),
      event('2025-03-31T23:59:59.999Z'),
      event('2025-02-28T23:59:59.999Z', {}, 'before'),
      event('2025-04-01T00:00:00Z', {}, 'after'),
    ]);
    expect(r.count).toBe(3);
    // Events of other periods are not errors: counted, not listed.
    expect(r.outside_period).toBe(2);
    expect(r.rejected).toEqual([]);
  });

  it('lists real rejections with their stream index, and counts them per reason', () => {
    const r = run(metric('sum_agg'), [
      event('2025-03-02T00:00:00Z', { v: '1' }, 'a'),
      event('2025-04-02T00:00:00Z', { v: '1' }, 'later'),
      event('2025-03-03T00:00:00Z', { v: 'abc' }, 'bad'),
      event('2025-03-04T00:00:00Z', { v: '2' }, 'a'),
      event('2025-03-05T00:00:00Z', {}, 'none'),
    ]);
    expect(r.aggregation).toBe('1');
    expect(r.outside_period).toBe(1);
    expect(r.rejected_counts).toEqual({
      invalid_value: 1,
      duplicate_transaction_id: 1,
      missing_value: 1,
    });
    expect(r.rejected.map((x) => [x.index, x.transaction_id, x.reason, x.message])).toEqual([
      [
        2,
        'bad',
        'invalid_value',
        'Event "bad" left out: The metric field value is not a decimal number. (properties.v is "abc")',
      ],
      [
        3,
        'a',
        'duplicate_transaction_id',
        'Event "a" left out: Another event of the subscription already has this transaction_id.',
      ],
      [
        4,
        'none',
        'missing_value',
        'Event "none" left out: The event has no value for the metric field. (properties.v is missing)',
      ],
    ]);
  });

  it('reads whole Unix seconds given as numbers exactly as their text', () => {
    const seconds = Date.UTC(2025, 2, 31, 23, 59, 59) / 1000;
    const r = run(metric('count_agg'), [
      event(seconds),
      event(seconds + 1, {}, 'next'),
      event(String(seconds)),
      event(-1, {}, 'negative'),
    ]);
    expect(r.count).toBe(2);
    expect(r.outside_period).toBe(1);
    expect(r.rejected.map((x) => [x.transaction_id, x.reason])).toEqual([
      ['negative', 'invalid_timestamp'],
    ]);
  });

  it('reads Unix seconds and offsets', () => {
    expect(eventTimeMs('2025-03-01T10:00:00Z')).toBe(Date.UTC(2025, 2, 1, 10));
    expect(eventTimeMs('2025-03-01T11:30:00+01:30')).toBe(Date.UTC(2025, 2, 1, 10));
    expect(eventTimeMs('2025-03-01T10:00:00.123456Z')).toBe(Date.UTC(2025, 2, 1, 10, 0, 0, 123));
    expect(eventTimeMs(1740823200.25)).toBe(Date.UTC(2025, 2, 1, 10, 0, 0, 250));
    expect(eventTimeMs('1740823200')).toBe(Date.UTC(2025, 2, 1, 10));
    for (const bad of [
      '2025-02-29T10:00:00Z',
      '2025-03-01T10:00:00',
      '2025-03-01',
      'yesterday',
      -5,
      Number.NaN,
      null,
    ]) {
      expect(eventTimeMs(bad)).toBeUndefined();
    }
  });

  it('reports an event whose timestamp cannot be read', () => {
    const r = run(metric('count_agg'), [
      event('2025-03-01 10:00', {}, 'x'),
      event('2025-03-02T10:00:00Z'),
    ]);
    expect(r).toMatchObject({
      count: 1,
      rejected: [{ transaction_id: 'x', reason: 'invalid_timestamp' }],
    });
  });
});

describe('events of the metric only, each transaction once', () => {
  it('ignores events of other metrics (they are not rejected: they belong elsewhere)', () => {
    const other = { ...event('2025-03-02T10:00:00Z'), code: 'other' };
    expect(run(metric('count_agg'), [other, event('2025-03-02T10:00:00Z')])).toMatchObject({
      count: 1,
      rejected: [],
    });
  });

  it('leaves out a second event with the same transaction_id for the same subscription', () => {
    const r = run(metric('sum_agg'), [
      event('2025-03-02T10:00:00Z', { v: '1' }, 'same'),
      event('2025-03-03T10:00:00Z', { v: '5' }, 'same'),
      {
        ...event('2025-03-03T10:00:00Z', { v: '2' }, 'same'),
        external_subscription_id: 'other-sub',
      },
    ]);
    expect(r.aggregation).toBe('3');
    expect(r.rejected).toMatchObject([
      { transaction_id: 'same', reason: 'duplicate_transaction_id' },
    ]);
  });

  it('counts repeated ids when deduplication is off (streams known to be unique)', () => {
    const events = [
      event('2025-03-02T10:00:00Z', { v: '1' }, 'same'),
      event('2025-03-03T10:00:00Z', { v: '5' }, 'same'),
    ];
    const r = aggregate(metric('sum_agg'), events, { ...MARCH, deduplicate: false });
    expect(r).toMatchObject({ _tag: 'Right', right: { aggregation: '6' } });
  });

  it('reports an event without a transaction_id', () => {
    const r = run(metric('count_agg'), [{ code: 'm', timestamp: '2025-03-02T10:00:00Z' } as never]);
    expect(r).toMatchObject({ count: 0, rejected: [{ reason: 'missing_transaction_id' }] });
  });
});

describe('bad definitions and options are Lefts with a path', () => {
  it.each([
    [{ code: 'm', aggregation_type: 'median_agg' }, ['billable_metric', 'aggregation_type']],
    [{ code: 'm', aggregation_type: 'sum_agg' }, ['billable_metric', 'field_name']],
    [{ code: '', aggregation_type: 'count_agg' }, ['billable_metric', 'code']],
  ])('%j', (m, path) => {
    expect(aggregate(m, [], MARCH)).toMatchObject({
      _tag: 'Left',
      left: { code: 'invalid_input', path },
    });
  });

  it('refuses a bad period, a bad carried value, a bad grouped_by and a non-iterable', () => {
    const sum = metric('sum_agg');
    expect(aggregate(sum, [], { ...MARCH, to_datetime: 'soon' })).toMatchObject({
      left: { path: ['options', 'to_datetime'] },
    });
    expect(aggregate(sum, [], { ...MARCH, from_datetime: '2025-04-01T00:00:00Z' })).toMatchObject({
      left: { path: ['options', 'to_datetime'] },
    });
    expect(aggregate(sum, [], { ...MARCH, previous: { value: 'lots' } })).toMatchObject({
      left: { code: 'invalid_decimal', path: ['options', 'previous', 'value'] },
    });
    expect(aggregate(sum, [], { ...MARCH, grouped_by: [''] })).toMatchObject({
      left: { path: ['options', 'grouped_by'] },
    });
    expect(aggregate(sum, 42 as never, MARCH)).toMatchObject({ left: { path: ['events'] } });
  });

  it('an expression that does not parse names the metric field', () => {
    const m = metric('sum_agg', { expression: 'round(event.properties.a' });
    expect(aggregate(m, [], MARCH)).toMatchObject({
      left: { path: ['billable_metric', 'expression'] },
    });
  });
});

describe('expressions (§5) are evaluated once per event and stand for the field', () => {
  it('sums the expression value, overriding the sent field; an event it cannot evaluate is reported', () => {
    const m = metric('sum_agg', { expression: 'event.properties.a * event.properties.b' });
    const r = run(m, [
      event('2025-03-02T10:00:00Z', { a: '2', b: '3.5', v: '100' }),
      event('2025-03-03T10:00:00Z', { a: '1' }, 'nob'),
    ]);
    expect(r.aggregation).toBe('7');
    expect(r.rejected).toMatchObject([{ transaction_id: 'nob', reason: 'expression_failed' }]);
  });
});

describe('merging accumulators', () => {
  it('refuses to merge accumulators of different metrics or options', () => {
    const a = createAccumulator(metric('sum_agg'), MARCH);
    const b = createAccumulator(metric('max_agg'), MARCH);
    if (a._tag === 'Left' || b._tag === 'Left') throw new Error('unexpected Left');
    expect(a.right.merge(b.right)).toMatchObject({ _tag: 'Left', left: { code: 'invalid_input' } });
  });

  it('reports a transaction id counted by two chunks', () => {
    const a = createAccumulator(metric('count_agg'), MARCH);
    const b = createAccumulator(metric('count_agg'), MARCH);
    if (a._tag === 'Left' || b._tag === 'Left') throw new Error('unexpected Left');
    a.right.add(event('2025-03-02T10:00:00Z', {}, 'twice'));
    b.right.add(event('2025-03-03T10:00:00Z', {}, 'twice'));
    a.right.merge(b.right);
    expect(a.right.result()).toMatchObject({
      count: 2,
      rejected: [{ transaction_id: 'twice', reason: 'duplicate_across_chunks' }],
    });
  });
});
