/**
 * A plan's charges priced in one pass per billable metric, and the errors of the charge-fee
 * functions (codes and paths that say what to fix).
 */
import { describe, expect, it } from 'vitest';
import { createChargesAccumulator, driveSync } from '../../../src/aggregation/index';
import {
  type ChargeFeesCharge,
  chargeFees,
  planChargeFees,
  planChargeFeesReport,
} from '../../../src/fees/charge/index';
import {
  compiledAggregations,
  compilePlanCharges,
  fixState,
  planAggregations,
  planChargeFeesSteps,
} from '../../../src/fees/index';
import {
  cents,
  charge,
  event,
  events,
  feesOf,
  leftOf,
  MARCH,
  metric,
  period,
  planFeesOf,
  rightOf,
  uuid,
} from './support';

const calls = metric('sum_agg', { filters: [{ key: 'cloud', values: ['aws', 'gcp'] }] });
const hits = { ...metric('count_agg'), svc_id: uuid(7), code: 'hits', name: 'Hits' };

describe('planChargeFees: one pass per billable metric', () => {
  it('prices every charge in the plan order, routing events by code, reading the stream once', () => {
    let reads = 0;
    function* once() {
      reads++;
      yield event('2025-03-02T10:00:00Z', { v: '2', cloud: 'aws' });
      yield { ...event('2025-03-02T10:00:00Z'), code: 'hits' };
      yield { ...event('2025-03-03T10:00:00Z'), code: 'hits' };
      yield { ...event('2025-03-03T10:00:00Z'), code: 'unknown' };
    }
    const fees = planFeesOf({
      plan: {
        charges: [
          charge('standard', { amount: '1' }, { svc_id: uuid(20) }),
          {
            ...charge('standard', { amount: '3' }),
            svc_id: uuid(21),
            billable_metric_code: 'hits',
          },
          charge('standard', { amount: '5' }, { svc_id: uuid(22) }),
        ],
      },
      billableMetrics: [calls, hits],
      events: once(),
    });
    expect(reads).toBe(1);
    expect(fees.map((f) => [f.svc_charge_id, f.item.code, f.amount_cents])).toEqual([
      [uuid(20), 'm', 200],
      [uuid(21), 'hits', 600],
      [uuid(22), 'm', 1000],
    ]);
  });

  it("finds a charge's metric by id first, and takes the plan's currency", () => {
    const fees = rightOf(
      planChargeFees({
        plan: {
          amount_currency: 'JPY',
          charges: [
            {
              ...charge('standard', { amount: '3' }),
              billable_metric_code: null,
              svc_billable_metric_id: uuid(7),
            },
          ],
        },
        billableMetrics: [calls, hits],
        events: [{ ...event('2025-03-02T10:00:00Z'), code: 'hits' }],
        period: MARCH,
      }),
    );
    expect(fees.map((f) => [f.item.code, f.amount_currency, f.amount_cents])).toEqual([
      ['hits', 'JPY', 3],
    ]);
  });

  it('lists the events left out, and why', () => {
    const report = rightOf(
      planChargeFeesReport({
        plan: { charges: [charge('standard', { amount: '1' })] },
        billableMetrics: [calls],
        events: [
          event('2025-03-02T10:00:00Z', { v: 'ten' }, { transaction_id: 'bad' }),
          event('2025-04-02T10:00:00Z', { v: '1' }, { transaction_id: 'late' }),
          event('2025-03-02T10:00:00Z', { v: '1' }, { transaction_id: 'ok' }),
        ],
        period: MARCH,
        currency: 'EUR',
      }),
    );
    expect(report.rejected.map((r) => [r.transaction_id, r.reason])).toEqual([
      ['bad', 'invalid_value'],
    ]);
    // An event of another period is not an error: counted, not listed.
    expect(report.outside_period).toBe(1);
    expect(cents(report.fees)).toEqual([100]);
  });

  it('a charge whose metric is missing is a Left naming the charge', () => {
    const error = leftOf(
      planChargeFees({
        plan: {
          charges: [
            charge('standard', { amount: '1' }),
            { ...charge('standard', { amount: '1' }), billable_metric_code: 'nope' },
          ],
        },
        billableMetrics: [calls],
        events: [],
        period: MARCH,
        currency: 'EUR',
      }),
    );
    expect([error.code, error.path]).toEqual([
      'unknown_billable_metric',
      ['plan', 'charges', '1', 'billable_metric_code'],
    ]);
  });
});

describe('a charge whose billable_metric_code contradicts its svc_billable_metric_id', () => {
  // `calls` is the metric of code "m" (METRIC_ID); `hits` has the id uuid(7).
  const contradicting = {
    ...charge('standard', { amount: '1' }),
    billable_metric_code: 'hits',
    svc_billable_metric_id: calls.svc_id,
  };

  it('is an error naming both values in planChargeFees, not a charge priced by the id', () => {
    const error = leftOf(
      planChargeFees({
        plan: { charges: [contradicting] },
        billableMetrics: [calls, hits],
        events: [event('2025-03-02T10:00:00Z', { v: '2' })],
        period: MARCH,
        currency: 'EUR',
      }),
    );
    expect([error.code, error.path]).toEqual([
      'invalid_input',
      ['plan', 'charges', '0', 'billable_metric_code'],
    ]);
    expect(error.message).toContain('"hits"');
    expect(error.message).toContain(calls.svc_id);
  });

  it('is the same error in chargeFees, given either metric', () => {
    for (const billableMetric of [calls, hits]) {
      const error = leftOf(
        chargeFees({
          charge: contradicting,
          billableMetric,
          events: [],
          period: MARCH,
          currency: 'EUR',
        }),
      );
      expect([error.code, error.path]).toEqual([
        'invalid_input',
        ['charge', 'billable_metric_code'],
      ]);
      expect(error.message).toContain('"hits"');
      expect(error.message).toContain(calls.svc_id);
    }
  });

  it('an id that names no metric while the code names one is a contradiction too', () => {
    const error = leftOf(
      planChargeFees({
        plan: { charges: [{ ...contradicting, svc_billable_metric_id: uuid(99) }] },
        billableMetrics: [calls, hits],
        events: [],
        period: MARCH,
        currency: 'EUR',
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(uuid(99));
  });
});

describe('errors say what to fix and where', () => {
  const input = {
    billableMetric: calls,
    events: [],
    period: MARCH,
    currency: 'EUR',
  };

  it('invalid filter properties name the filter property', () => {
    const error = leftOf(
      chargeFees({
        ...input,
        charge: charge(
          'standard',
          { amount: '1' },
          {
            filters: [{ values: { cloud: ['aws'] }, properties: { amount: 2 } }],
          },
        ),
      }),
    );
    expect([error.code, error.path]).toEqual([
      'invalid_charge_properties',
      ['charge', 'filters', '0', 'properties', 'amount'],
    ]);
  });

  it('a filter value the metric does not allow names the filter', () => {
    const error = leftOf(
      chargeFees({
        ...input,
        charge: charge(
          'standard',
          { amount: '1' },
          {
            filters: [{ values: { cloud: ['mars'] }, properties: { amount: '2' } }],
          },
        ),
      }),
    );
    expect(error.path).toEqual(['charge', 'filters', '0', 'values', 'cloud']);
  });

  it('period and currency problems name the period and the currency', () => {
    const period = leftOf(
      chargeFees({
        ...input,
        charge: charge('standard', { amount: '1' }),
        period: { ...MARCH, charges_to_datetime: 'end of March' },
      }),
    );
    expect(period.path).toEqual(['period', 'charges_to_datetime']);
    const currency = leftOf(
      chargeFees({ ...input, charge: charge('standard', { amount: '1' }), currency: 'EURO' }),
    );
    expect([currency.code, currency.path]).toEqual(['unknown_currency', ['currency']]);
  });

  it('a charge of another metric, a dynamic charge on a count, a pay-in-advance minimum', () => {
    expect(
      leftOf(
        chargeFees({
          ...input,
          charge: { ...charge('standard', { amount: '1' }), billable_metric_code: 'hits' },
        }),
      ).code,
    ).toBe('unknown_billable_metric');
    expect(
      leftOf(
        chargeFees({
          ...input,
          billableMetric: hits,
          charge: { ...charge('dynamic', {}), billable_metric_code: 'hits' },
        }),
      ).path,
    ).toEqual(['charge', 'charge_model']);
    expect(
      leftOf(
        chargeFees({
          ...input,
          charge: charge(
            'standard',
            { amount: '1' },
            { pay_in_advance: true, min_amount_cents: 5 },
          ),
        }),
      ).path,
    ).toEqual(['charge', 'min_amount_cents']);
  });

  it('a period_ratio outside 0..1 names period_ratio', () => {
    const error = leftOf(
      chargeFees({ ...input, charge: charge('standard', { amount: '1' }), period_ratio: '1.5' }),
    );
    expect([error.code, error.path]).toEqual(['invalid_input', ['period_ratio']]);
  });

  it('a dynamic event whose precise_total_amount_cents is not a decimal names the event', () => {
    const error = leftOf(
      chargeFees({
        ...input,
        charge: charge('dynamic', {}),
        events: [event('2025-03-02T10:00:00Z', { v: '1' }, { precise_total_amount_cents: 'lots' })],
      }),
    );
    expect(error.path).toEqual(['events', '0', 'precise_total_amount_cents']);
  });

  it('a carried previous state needs an ungrouped charge without filters', () => {
    const error = leftOf(
      chargeFees({
        ...input,
        billableMetric: { ...calls, recurring: true },
        charge: charge('standard', { amount: '1', pricing_group_keys: ['cloud'] }),
        previous: { value: '3' },
      }),
    );
    expect(error.path).toEqual(['previous']);
    const [fee] = feesOf({
      billableMetric: { ...calls, recurring: true },
      charge: charge('standard', { amount: '1' }),
      events: events(1, { v: '2' }),
      previous: { value: '3' },
    });
    expect(fee?.amount_cents).toBe(500);
  });
});

describe('a plan compiled once (compilePlanCharges), priced at several periods', () => {
  const plan = {
    charges: [
      {
        ...charge('standard', { amount: '1' }, { svc_id: uuid(30) }),
        filters: [{ values: { cloud: ['aws'] }, properties: { amount: '2' } }],
      },
      { ...charge('standard', { amount: '3' }), svc_id: uuid(31), billable_metric_code: 'hits' },
    ],
  };
  const base = {
    plan,
    billableMetrics: [calls, hits],
    currency: 'EUR',
    purpose: 'invoice',
  } as const;
  const APRIL = period('2025-04-01', '2025-04-30', 30);

  it('gives each period the report of compiling the plan again, from states and from events', () => {
    const compiled = rightOf(compilePlanCharges(base));
    for (const [at, day] of [
      [MARCH, '2025-03-10'],
      [APRIL, '2025-04-10'],
    ] as const) {
      // The sum metric's events aggregated elsewhere (a state), the count's given as events.
      const [sums] = rightOf(planAggregations({ ...base, period: at }));
      if (sums === undefined) throw new Error('The plan prices the sum metric first.');
      const accumulator = rightOf(
        createChargesAccumulator(sums.metric, sums.charges, sums.options),
      );
      accumulator.add(event(`${day}T10:00:00Z`, { v: '2', cloud: 'aws' }));
      accumulator.add(event(`${day}T11:00:00Z`, { v: '5', cloud: 'gcp' }));
      const input = {
        ...base,
        period: at,
        aggregates: { m: accumulator.state() },
        events: [{ ...event(`${day}T12:00:00Z`), code: 'hits' }],
      };
      const once = rightOf(driveSync(planChargeFeesSteps(input, compiled)));
      expect(once).toEqual(rightOf(planChargeFeesReport(input)));
      // Charge 30: aws 2 x 2 = 4.00 (filter), gcp 5 x 1 = 5.00 (default); charge 31: 1 hit x 3.
      expect(once.fees.map((f) => f.amount_cents)).toEqual([400, 500, 300]);
      expect(rightOf(compiledAggregations({ ...base, period: at }, compiled))).toEqual(
        rightOf(planAggregations({ ...base, period: at })),
      );
    }
  });

  it("reads a fixed state's figures once per definition: other prices reuse them, other charges or events do not", () => {
    const [sums] = rightOf(planAggregations({ ...base, period: MARCH }));
    if (sums === undefined) throw new Error('The plan prices the sum metric first.');
    const accumulator = rightOf(createChargesAccumulator(sums.metric, sums.charges, sums.options));
    accumulator.add(event('2025-03-10T10:00:00Z', { v: '2', cloud: 'aws' }));
    accumulator.add(event('2025-03-10T11:00:00Z', { v: '5', cloud: 'gcp' }));
    const state = accumulator.state();
    fixState(state);
    const amounts = (
      charges: readonly ChargeFeesCharge[],
      given = [{ ...event('2025-03-10T12:00:00Z'), code: 'hits' }],
    ) =>
      rightOf(
        planChargeFeesReport({
          ...base,
          plan: { charges },
          period: MARCH,
          aggregates: { m: state },
          events: given,
        }),
      ).fees.map((f) => f.amount_cents);
    const [first, second] = plan.charges;
    if (first === undefined || second === undefined) throw new Error('Two charges.');
    // aws 2 x 2 = 4.00, gcp 5 x 1 = 5.00; 1 hit x 3.
    expect(amounts(plan.charges)).toEqual([400, 500, 300]);
    // The same charges at twice the prices (a second plan): aws 2 x 4, gcp 5 x 2.
    const dearer = {
      ...first,
      properties: { amount: '2' },
      filters: [{ values: { cloud: ['aws'] }, properties: { amount: '4' } }],
    };
    expect(amounts([dearer, second])).toEqual([800, 1000, 300]);
    // Other charges (no filter) are checked against the state, not given the kept figures.
    const other = planChargeFeesReport({
      ...base,
      plan: { charges: [{ ...first, filters: [] }, second] },
      period: MARCH,
      aggregates: { m: state },
      events: [],
    });
    expect(other._tag === 'Left' && other.left.path).toEqual([
      'aggregates',
      'm',
      'charges',
      '0',
      'filters',
    ]);
    // An event of the metric on top of the state: aws 2 + 3 = 5 units x 2 (no hit: no fee).
    const more = [event('2025-03-11T10:00:00Z', { v: '3', cloud: 'aws' })];
    expect(amounts(plan.charges, more)).toEqual([1000, 500]);
    expect(amounts(plan.charges)).toEqual([400, 500, 300]);
  });

  it("still checks each period's states against the plan's metrics", () => {
    const compiled = rightOf(compilePlanCharges(base));
    const report = driveSync(
      planChargeFeesSteps(
        { ...base, period: MARCH, aggregates: { nope: {} }, events: [] },
        compiled,
      ),
    );
    expect(report._tag === 'Left' && [report.left.code, report.left.path]).toEqual([
      'invalid_input',
      ['aggregates', 'nope'],
    ]);
  });

  it('is the Left of pricing the plan when the plan does not compile', () => {
    const bad = {
      ...base,
      plan: { charges: [{ ...charge('standard', { amount: '1' }), billable_metric_code: 'nope' }] },
    };
    const error = leftOf(compilePlanCharges(bad));
    expect(error).toEqual(leftOf(planChargeFeesReport({ ...bad, period: MARCH, events: [] })));
  });
});
