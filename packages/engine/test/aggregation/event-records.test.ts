import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventRecords, type RecordColumns } from '../../src/aggregation/event-records';
import { createAccumulator } from '../../src/aggregation/index';
import { event, MARCH, metric } from './support';

/** The columns as plain rows, for comparison. */
function rows(columns: RecordColumns) {
  return Array.from({ length: columns.length }, (_, i) => [
    columns.timeMs[i],
    columns.order[i],
    columns.value[i],
    columns.removes?.[i] === 1,
  ]);
}

/** The reference: the rows sorted by time, then stream position, with a comparator. */
function byTimeThenOrder(pushed: readonly (readonly [number, number, string, boolean])[]) {
  return [...pushed].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((r) => [...r]);
}

function recordsOf(pushed: readonly (readonly [number, number, string, boolean])[]) {
  const records = new EventRecords();
  for (const [t, order, value, removes] of pushed) records.push(t, order, value, removes);
  return records;
}

describe('EventRecords: per-event records in columns, in time order', () => {
  it('gives records appended in time order as they are, and sorts the others', () => {
    // Times 3, 1, 2 at positions 0, 1, 2 -> time order: positions 1, 2, 0.
    const records = recordsOf([
      [3, 0, 'c', false],
      [1, 1, 'a', true],
      [2, 2, 'b', false],
    ]);
    expect(rows(records.inTimeOrder())).toEqual([
      [1, 1, 'a', true],
      [2, 2, 'b', false],
      [3, 0, 'c', false],
    ]);
    const ordered = recordsOf([
      [1, 0, 'a', false],
      [1, 1, 'b', false],
    ]);
    expect(rows(ordered.inTimeOrder())).toEqual([
      [1, 0, 'a', false],
      [1, 1, 'b', false],
    ]);
  });

  it('breaks ties in time by stream position, whatever the order of appending', () => {
    // Two events at the same time appended later position first (a merge of groups does).
    const records = recordsOf([
      [5, 7, 'late', false],
      [5, 2, 'early', false],
    ]);
    expect(rows(records.inTimeOrder()).map((r) => r[2])).toEqual(['early', 'late']);
  });

  it('a view of the first records stays as it was after more are appended', () => {
    const records = recordsOf([
      [2, 0, 'b', false],
      [1, 1, 'a', false],
    ]);
    const before = rows(records.inTimeOrder());
    records.push(0, 2, 'z', false);
    expect(rows(records.inTimeOrder(2))).toEqual(before);
    expect(rows(records.inTimeOrder()).map((r) => r[2])).toEqual(['z', 'a', 'b']);
  });

  it('orders any records as a comparator sort by time, then position, does', () => {
    const record = fc.tuple(
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.constantFrom('a', 'b', 'c'),
      fc.boolean(),
    );
    // Positions as a stream gives them (increasing) and as merges may (any order, distinct),
    // times small (packed keys) and spread over 2^52 ms (too wide to pack: the comparator).
    const streams = fc.array(record, { maxLength: 60 }).chain((list) =>
      fc.tuple(fc.constant(list), fc.boolean(), fc.boolean()).map(([l, increasing, wide]) =>
        l.map(([t, order, value, removes], i) => {
          const time = wide ? t * 2 ** 46 : 1_740_787_200_000 + t;
          return [time, increasing ? i : order * 64 + i, value, removes] as const;
        }),
      ),
    );
    fc.assert(
      fc.property(streams, (pushed) => {
        expect(rows(recordsOf(pushed).inTimeOrder())).toEqual(byTimeThenOrder(pushed));
      }),
    );
  });
});

describe('per-event views are written when read, from the records of their result', () => {
  it('a result read after more events still shows the events it was taken with', () => {
    const acc = createAccumulator(metric('sum_agg'), { ...MARCH, per_event: true });
    if (acc._tag === 'Left') throw new Error(acc.left.message);
    acc.right.add(event('2025-03-03T00:00:00Z', { v: '3' }));
    acc.right.add(event('2025-03-01T00:00:00Z', { v: '1' }));
    const first = acc.right.result();
    acc.right.add(event('2025-03-02T00:00:00Z', { v: '2' }));
    const second = acc.right.result();
    expect(second.event_values).toEqual(['1', '2', '3']);
    expect(first.event_values).toEqual(['1', '3']);
    expect(first.event_orders).toEqual([1, 0]);
    // Increments of a high-water mark from 0: 1, then 3 more.
    expect(first.in_advance_increments).toEqual(['1', '3']);
  });
});
