/**
 * Projected units and amount on charge fees (charge-models.md §6; estimate-and-usage.md §4),
 * asked for with the period's elapsed share `period_ratio`.
 */
import { describe, expect, it } from 'vitest';
import { periodRatio } from '../../../src/periods/index';
import { charge, event, events, feesOf, graduatedRanges, metric, rightOf, uuid } from './support';

const count = metric('count_agg');
/** 2025-07-03T10:00Z in July: 3 of 31 days elapsed. */
const july3 = rightOf(
  periodRatio({
    from_datetime: '2025-07-01T00:00:00Z',
    to_datetime: '2025-07-31T23:59:59Z',
    at: '2025-07-03T10:00:00Z',
  }),
).period_ratio;

describe('projected usage on fees', () => {
  it('§6 (derived): standard 5.12345, 10 units at ratio 0.5 -> projected units 20, amount 102.469 -> 10247', () => {
    const [fee] = feesOf({
      charge: charge('standard', { amount: '5.12345' }),
      billableMetric: count,
      events: events(10),
      period_ratio: '0.5',
    });
    expect([fee?.projected_units, fee?.projected_amount_cents, fee?.amount_cents]).toEqual([
      '20',
      10247,
      5123,
    ]);
  });

  it('estimate-and-usage §4.4: aws 3 at 10 -> 31 units, 31000; google 1 at 20 -> 10.33 units, 20660 (units rounded first)', () => {
    const cloud = metric('count_agg', { filters: [{ key: 'cloud', values: ['aws', 'google'] }] });
    const fees = feesOf({
      charge: charge(
        'standard',
        { amount: '0' },
        {
          filters: [
            { values: { cloud: ['aws'] }, properties: { amount: '10' } },
            { values: { cloud: ['google'] }, properties: { amount: '20' } },
          ],
        },
      ),
      billableMetric: cloud,
      events: [...events(3, { cloud: 'aws' }), ...events(1, { cloud: 'google' })],
      period_ratio: july3,
    });
    expect(fees.map((f) => [f.projected_units, f.projected_amount_cents])).toEqual([
      ['31', 31000],
      ['10.33', 20660],
      ['0', 0],
    ]);
  });

  it('estimate-and-usage §4.5 (derived): graduated 0.01 + flat 0.01, 4 events at 3/31 -> 41.33 units -> 0.4233 -> 42', () => {
    const [fee] = feesOf({
      charge: charge('graduated', graduatedRanges([[0, null, '0.01', '0.01']])),
      billableMetric: count,
      events: events(4),
      period_ratio: july3,
    });
    expect([fee?.amount_cents, fee?.projected_units, fee?.projected_amount_cents]).toEqual([
      5,
      '41.33',
      42,
    ]);
  });

  it('estimate-and-usage §4.3: a recurring metric projects its current units and amount', () => {
    const [fee] = feesOf({
      charge: charge('standard', { amount: '1' }),
      billableMetric: metric('sum_agg', { recurring: true }),
      events: [event('2025-02-10T10:00:00Z', { v: '100' })],
      period_ratio: '0.25',
    });
    expect([fee?.units, fee?.projected_units, fee?.projected_amount_cents]).toEqual([
      '100',
      '100',
      10000,
    ]);
  });

  it('§3 / §6: a pricing-unit charge projects its pricing-unit cents too', () => {
    const [fee] = feesOf({
      charge: charge(
        'standard',
        { amount: '2' },
        {
          applied_pricing_unit: {
            code: 'credits',
            conversion_rate: '0.5',
            svc_pricing_unit_id: uuid(5),
            short_name: 'CR',
          },
        },
      ),
      billableMetric: count,
      events: events(3),
      period_ratio: '0.5',
    });
    expect([
      fee?.projected_amount_cents,
      fee?.pricing_unit_details?.projected_amount_cents,
    ]).toEqual([600, 1200]);
  });

  it('the default bucket projects its usage too (deviation: the reference always projects it as 0)', () => {
    const cloud = metric('count_agg', { filters: [{ key: 'cloud', values: ['aws', 'gcp'] }] });
    const fees = feesOf({
      charge: charge(
        'standard',
        { amount: '1' },
        {
          filters: [{ values: { cloud: ['aws'] }, properties: { amount: '10' } }],
        },
      ),
      billableMetric: cloud,
      events: [...events(1, { cloud: 'aws' }), ...events(2, { cloud: 'gcp' })],
      period_ratio: '0.5',
    });
    expect(fees.map((f) => [f.item.filters, f.projected_units, f.projected_amount_cents])).toEqual([
      [{ cloud: ['aws'] }, '2', 2000],
      [null, '4', 400],
    ]);
  });

  it('without period_ratio, fees carry no projected keys', () => {
    const [fee] = feesOf({
      charge: charge('standard', { amount: '1' }),
      billableMetric: count,
      events: [],
    });
    expect(fee !== undefined && 'projected_units' in fee).toBe(false);
  });
});
