import { describe, expect, it } from 'vitest';
import {
  compileFilter,
  createFilterRouter,
  type MetricFilter,
} from '../../src/aggregation/filters';
import { ALL_FILTER_VALUES } from '../../src/aggregation/index';
import { event, metric, run } from './support';

/** The metric filters of the reference's spec example (aggregations.md §2.3). */
const dimensions: MetricFilter[] = [
  { key: 'steps', values: ['25', '50', '75', '100'] },
  { key: 'size', values: ['512', '1024'] },
  { key: 'model', values: ['llama-1', 'llama-2', 'llama-3', 'llama-4'] },
];

function compiled(values: Record<string, string[]>) {
  const filter = compileFilter(values, dimensions, ['filters']);
  if (filter._tag === 'Left') throw new Error(filter.left.message);
  return filter.right;
}

describe('the one filter-resolution rule: the most specific matching filter wins', () => {
  const filters = [
    compiled({ steps: ['25'], size: ['512'], model: ['llama-2'] }), // f1
    compiled({ steps: ['25'], size: ['512'] }), // f2
    compiled({ steps: [ALL_FILTER_VALUES], size: [ALL_FILTER_VALUES] }), // f3
    compiled({ size: [ALL_FILTER_VALUES] }), // f4
    compiled({ size: ['512'] }), // f5
  ];
  const route = createFilterRouter(filters);

  it.each([
    [{ size: '512', steps: '50' }, 'f3'],
    [{ size: '512' }, 'f5'],
    [{ size: '1024' }, 'f4'],
    [{ size: '512', steps: '25', model: 'llama-2' }, 'f1'],
    [{ size: '512', steps: '25' }, 'f2'],
    [{ size: 512, steps: 25 }, 'f2'],
    [{ size: '2048' }, 'default'],
    [{ steps: '25' }, 'default'],
    [{}, 'default'],
  ])('%j goes to %s (reference spec example)', (properties, expected) => {
    const index = route(properties);
    expect(index < 0 ? 'default' : `f${index + 1}`).toBe(expected);
  });

  it('the wildcard matches only the values the metric declares', () => {
    expect(route({ size: 'amex' })).toBe(-1);
  });

  it('partially overlapping filters: the narrower one takes the event, once', () => {
    const overlap = createFilterRouter([
      compiled({ steps: ['25', '50', '75'] }),
      compiled({ steps: ['50', '100'] }),
    ]);
    expect(overlap({ steps: '50' })).toBe(1);
    expect(overlap({ steps: '25' })).toBe(0);
    const sameBreadth = createFilterRouter([
      compiled({ steps: ['25', '50'] }),
      compiled({ steps: ['50', '75'] }),
    ]);
    expect(sameBreadth({ steps: '50' })).toBe(0);
  });

  it('filters on different keys: the event goes to the first of equally specific filters', () => {
    const crossing = createFilterRouter([compiled({ steps: ['25'] }), compiled({ size: ['512'] })]);
    expect(crossing({ steps: '25', size: '512' })).toBe(0);
  });

  it('refuses keys and values the metric does not declare, and empty lists', () => {
    expect(compileFilter({ colour: ['red'] }, dimensions, ['f'])).toMatchObject({
      left: { path: ['f', 'colour'] },
    });
    expect(compileFilter({ size: ['4096'] }, dimensions, ['f'])).toMatchObject({
      left: {
        message: '"4096" is not an allowed value of the filter "size" (allowed: 512, 1024).',
      },
    });
    expect(compileFilter({ size: [] }, dimensions, ['f'])).toMatchObject({
      left: { path: ['f', 'size'] },
    });
  });
});

describe('aggregating one charge filter', () => {
  const m = metric('sum_agg', {
    filters: [
      { key: 'region', values: ['eu', 'us'] },
      { key: 'tier', values: ['gold', 'silver'] },
    ],
  });
  const events = [
    event('2025-03-02T10:00:00Z', { v: '10', region: 'eu', tier: 'gold' }),
    event('2025-03-03T10:00:00Z', { v: '5', region: 'us', tier: 'gold' }),
    event('2025-03-04T10:00:00Z', { v: '2', region: 'eu' }),
    event('2025-03-05T10:00:00Z', { v: '1', region: 'apac' }),
  ];

  it('aggregates only the events that match every key of the filter', () => {
    expect(
      run(m, events, {
        from_datetime: '2025-03-01T00:00:00Z',
        to_datetime: '2025-03-31T23:59:59Z',
        filters: { region: ['eu'] },
      }),
    ).toMatchObject({ aggregation: '12', count: 2 });
    expect(
      run(m, events, {
        from_datetime: '2025-03-01T00:00:00Z',
        to_datetime: '2025-03-31T23:59:59Z',
        filters: { region: [ALL_FILTER_VALUES], tier: ['gold'] },
      }),
    ).toMatchObject({ aggregation: '15', count: 2 });
  });
});
