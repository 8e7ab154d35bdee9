import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAccumulator } from '../../src/aggregation/index';
import { runningTotals } from '../../src/aggregation/per-event';
import { formatDecimal, parseDecimalUnsafe } from '../../src/core/decimal/index';
import { eventValue } from '../arbitraries';
import { event, MARCH, metric, run } from './support';

const Reference = BigJs();
const perEvent = { ...MARCH, per_event: true };
const day = (d: number) => `2025-03-${String(d).padStart(2, '0')}T10:00:00Z`;

describe('per-event values (aggregations.md §6.1), in time order', () => {
  it('sum: each value; count and unique count: a 1 per event', () => {
    const events = [
      event(day(3), { v: '20' }),
      event(day(1), { v: '10' }),
      event(day(2), { v: '5' }),
    ];
    expect(run(metric('sum_agg'), events, perEvent).event_values).toEqual(['10', '5', '20']);
    expect(run(metric('count_agg'), events, perEvent).event_values).toEqual(['1', '1', '1']);
    expect(run(metric('unique_count_agg'), events, perEvent).event_values).toEqual(['1', '1', '1']);
  });

  it('max: the first event that reaches the maximum keeps its value, every other is 0', () => {
    const events = [
      event(day(1), { v: '3' }),
      event(day(2), { v: '9' }),
      event(day(3), { v: '9' }),
      event(day(4), { v: '4' }),
    ];
    expect(run(metric('max_agg'), events, perEvent).event_values).toEqual(['0', '9', '0', '0']);
  });

  it('is not produced without per_event, nor for latest and weighted sums', () => {
    expect(run(metric('sum_agg'), [event(day(1), { v: '1' })]).event_values).toBeUndefined();
    expect(
      run(metric('latest_agg'), [event(day(1), { v: '1' })], perEvent).event_values,
    ).toBeUndefined();
  });

  it('is produced per group too', () => {
    const events = [
      event(day(2), { v: '2', region: 'eu' }),
      event(day(1), { v: '1', region: 'us' }),
      event(day(3), { v: '3', region: 'eu' }),
    ];
    const r = run(metric('sum_agg'), events, { ...perEvent, grouped_by: ['region'] });
    expect(r.event_values).toEqual(['1', '2', '3']);
    expect(r.groups?.map((g) => g.event_values)).toEqual([['2', '3'], ['1']]);
  });
});

describe('event_orders: which event each per-event value belongs to', () => {
  it('gives each value its position in the stream, in time order, every event counted', () => {
    const events = [
      event(day(3), { v: '20' }), // 0
      { ...event(day(2), { v: '7' }), code: 'other' }, // 1: another metric's event
      event(day(1), { v: '10' }), // 2
      event(day(2), { v: 'ten' }), // 3: left out (not a number)
      event(day(2), { v: '5' }), // 4
    ];
    const r = run(metric('sum_agg'), events, perEvent);
    expect(r.event_values).toEqual(['10', '5', '20']);
    expect(r.event_orders).toEqual([2, 4, 0]);
    expect(run(metric('sum_agg'), events).event_orders).toBeUndefined();
  });

  it('continues across chunks merged in stream order', () => {
    const first = createAccumulator(metric('sum_agg'), perEvent);
    const second = createAccumulator(metric('sum_agg'), perEvent);
    if (first._tag === 'Left' || second._tag === 'Left') throw new Error('accumulator');
    first.right.addAll([event(day(5), { v: '1' }), event(day(1), { v: '2' })]);
    second.right.addAll([event(day(3), { v: '3' })]);
    const merged = first.right.merge(second.right);
    if (merged._tag === 'Left') throw new Error(merged.left.message);
    expect(merged.right.result().event_orders).toEqual([1, 2, 0]);
  });
});

describe('running totals for percentage free units (§1.3)', () => {
  it.each([
    [['10', '5', '20'], { perEvents: 2 }, ['10', '15']],
    [['10', '5', '20', '7'], { perTotal: parseDecimalUnsafe('12') }, ['10', '15']],
    [['10', '5', '20', '7'], { perTotal: parseDecimalUnsafe('100') }, ['10', '15', '35', '42']],
    [['1', '1', '1'], { perEvents: 5 }, ['1', '2', '3']],
    [['10', '5'], {}, []],
  ])('%j with %o -> %j', (values, free, expected) => {
    expect(runningTotals(values.map(parseDecimalUnsafe), free).map(formatDecimal)).toEqual(
      expected,
    );
  });
});

describe('pay-in-advance increments (§6.2)', () => {
  it('sum: a high-water mark: +10, -4, +3, +5 -> 10, 0, 0, 4', () => {
    const events = [
      event(day(1), { v: '10' }),
      event(day(2), { v: '-4' }),
      event(day(3), { v: '3' }),
      event(day(4), { v: '5' }),
    ];
    expect(run(metric('sum_agg'), events, perEvent).in_advance_increments).toEqual([
      '10',
      '0',
      '0',
      '4',
    ]);
  });

  it('sum: a first negative event bills nothing', () => {
    expect(
      run(metric('sum_agg'), [event(day(1), { v: '-3' }), event(day(2), { v: '5' })], perEvent)
        .in_advance_increments,
    ).toEqual(['0', '2']);
  });

  it('count: 1 per event', () => {
    expect(
      run(metric('count_agg'), [event(day(1)), event(day(2))], perEvent).in_advance_increments,
    ).toEqual(['1', '1']);
  });

  it('unique count: an add bills 1 only when it takes the active count above its maximum', () => {
    const events = [
      event(day(1), { v: 'a' }),
      event(day(2), { v: 'a' }),
      event(day(3), { v: 'b' }),
      event(day(4), { v: 'a', operation_type: 'remove' }),
      event(day(5), { v: 'c' }),
      event(day(6), { v: 'd' }),
    ];
    expect(run(metric('unique_count_agg'), events, perEvent).in_advance_increments).toEqual([
      '1',
      '0',
      '1',
      '0',
      '0',
      '1',
    ]);
  });

  it('the increments of a sum add up to the highest running total, or 0', () => {
    fc.assert(
      fc.property(fc.array(eventValue, { minLength: 1, maxLength: 30 }), (values) => {
        const events = values.map((v, i) =>
          event(`2025-03-01T00:00:${String(i).padStart(2, '0')}Z`, { v }),
        );
        const r = run(metric('sum_agg'), events, perEvent);
        const billed = (r.in_advance_increments ?? []).reduce(
          (t, x) => t.plus(x),
          new Reference('0'),
        );
        let running = new Reference('0');
        let highest = new Reference('0');
        for (const v of values) {
          running = running.plus(v);
          if (running.gt(highest)) highest = running;
        }
        expect(billed.toFixed()).toBe(highest.toFixed());
      }),
    );
  });
});

describe('per-event views merge like one pass', () => {
  it('chunks merged in stream order give the same event values and increments', () => {
    const events = [
      event(day(1), { v: '3' }),
      event(day(1), { v: '4' }),
      event(day(2), { v: '-5' }),
      event(day(3), { v: '6' }),
    ];
    const once = run(metric('sum_agg'), events, perEvent);
    const a = createAccumulator(metric('sum_agg'), perEvent);
    const b = createAccumulator(metric('sum_agg'), perEvent);
    if (a._tag === 'Left' || b._tag === 'Left') throw new Error('unexpected Left');
    a.right.addAll(events.slice(0, 2));
    b.right.addAll(events.slice(2));
    a.right.merge(b.right);
    expect(a.right.result()).toEqual(once);
  });
});
