/**
 * `estimateFees` (estimate-and-usage.md §2): every worked figure of §2.9 and §2.13, the fee
 * object of §2.12, taxes (§2.10), and the checks of §2.2 with the reference's codes.
 */
import { describe, expect, it } from 'vitest';
import { estimateFees, estimateFeesUnsafe } from '../../src/operations/index';
import {
  charge,
  currentOf,
  customer,
  estimated,
  estimateOf,
  event,
  events,
  leftOf,
  metric,
  plan,
  ranges,
  subscription,
  tax,
  uuid,
} from './builders';

const calls = metric('api_calls', 'count_agg');
const storage = metric('storage', 'sum_agg');
const inAdvance = { pay_in_advance: true };

/** The context of §2.13 A: a monthly calendar plan in EUR, started 2025-09-01. */
function context(charges: Parameters<typeof plan>[0], now: string) {
  return {
    customer: customer(),
    subscription: subscription('2025-09-01T00:00:00Z'),
    plan: plan(charges),
    billableMetrics: [calls, storage],
    now,
  };
}

/** The first fee of an estimate. */
function feeOf(input: Parameters<typeof estimateOf>[0]) {
  const [fee] = estimateOf(input).fees;
  if (fee === undefined) throw new Error('no fee');
  return fee;
}

describe('estimate-and-usage.md §2.13 worked examples', () => {
  it('§2.13 A: count, standard 10: 1000 cents on 09-02 with no usage, 1000 again on 09-04 after an event on 09-03', () => {
    const standard = charge(calls, 'standard', { amount: '10' }, inAdvance);
    const first = feeOf({
      ...context([standard], '2025-09-02T00:00:00Z'),
      event: estimated('api_calls'),
    });
    expect([first.amount_cents, first.units, first.events_count]).toEqual([1000, '1', 1]);
    const second = feeOf({
      ...context([standard], '2025-09-04T00:00:00Z'),
      event: estimated('api_calls'),
      events: [event('api_calls', '2025-09-03T10:00:00Z')],
    });
    expect(second.amount_cents).toBe(1000);
  });

  it('§2.13 B: percentage 0.0555 + fixed 2, value 1000 -> 2.555 -> 256 cents; 20 % entity tax -> 51, total 307', () => {
    const percentage = charge(
      storage,
      'percentage',
      { rate: '0.0555', fixed_amount: '2' },
      inAdvance,
    );
    const fee = feeOf({
      ...context([percentage], '2025-09-02T00:00:00Z'),
      taxes: { billing_entity: [tax('vat', 20)] },
      event: estimated('storage', { value: '1000' }),
    });
    expect(fee).toMatchObject({
      amount_cents: 256,
      precise_amount: '2.555',
      taxes_amount_cents: 51,
      total_amount_cents: 307,
      taxes_rate: 20,
    });
  });

  it('§2.13 C: graduated [0–10: 2 + flat 100], [11–∞: 1 + flat 50]: first event 102.00 (deviation: reference 2.00), 11th 51.00', () => {
    const tiers = charge(
      calls,
      'graduated',
      ranges([
        [0, 10, '2', '100'],
        [11, null, '1', '50'],
      ]),
      inAdvance,
    );
    // feecast: the first event pays the first tier's flat fee, as billing it does (semantics.md).
    const first = feeOf({
      ...context([tiers], '2025-09-02T00:00:00Z'),
      event: estimated('api_calls'),
    });
    expect(first.amount_cents).toBe(10200);
    const eleventh = feeOf({
      ...context([tiers], '2025-09-05T00:00:00Z'),
      event: estimated('api_calls'),
      events: events(10, 'api_calls', '2025-09-02T10:00:00Z'),
    });
    expect(eleventh.amount_cents).toBe(5100);
  });

  it('§2.13 D: sum +10 then −5 stored (C 5, M 10), standard 10: +2 -> 0 cents, units 2; +8 -> 3000 cents, units 3', () => {
    const standard = charge(storage, 'standard', { amount: '10' }, inAdvance);
    const stored = [
      event('storage', '2025-09-02T10:00:00Z', { value: '10' }),
      event('storage', '2025-09-03T10:00:00Z', { value: '-5' }),
    ];
    const at = (value: string) =>
      feeOf({
        ...context([standard], '2025-09-04T00:00:00Z'),
        event: estimated('storage', { value }),
        events: stored,
      });
    expect([at('2').amount_cents, at('2').units]).toEqual([0, '2']);
    expect([at('8').amount_cents, at('8').units]).toEqual([3000, '3']);
  });
});

describe('estimate-and-usage.md §2.9 charge-model figures', () => {
  it('standard: count at 10 -> 1000; sum 4 at 10 -> 4000 with or without prior events', () => {
    const count = charge(calls, 'standard', { amount: '10' }, inAdvance);
    const sum = charge(storage, 'standard', { amount: '10' }, inAdvance);
    const now = '2025-09-10T00:00:00Z';
    expect(feeOf({ ...context([count], now), event: estimated('api_calls') }).amount_cents).toBe(
      1000,
    );
    const four = (stored: ReturnType<typeof event>[]) =>
      feeOf({ ...context([sum], now), event: estimated('storage', { value: '4' }), events: stored })
        .amount_cents;
    expect(four([])).toBe(4000);
    expect(four([event('storage', '2025-09-02T00:00:00Z', { value: '7' })])).toBe(4000);
  });

  it('the difference rule (apply_pay_in_advance_charge_model_service_spec:86-115): A 10, P 1, model(11) 10, model(10) 8 -> 200 cents, unit 2, units 1', () => {
    // model(10 units) = 8 and model(11 units) = 10: 0.8 per unit up to 10, then 2.
    const tiers = charge(
      calls,
      'graduated',
      ranges([
        [0, 10, '0.8', '0'],
        [11, null, '2', '0'],
      ]),
      inAdvance,
    );
    const fee = feeOf({
      ...context([tiers], '2025-09-10T00:00:00Z'),
      event: estimated('api_calls'),
      events: events(10, 'api_calls', '2025-09-02T00:00:00Z'),
    });
    expect([fee.amount_cents, fee.precise_unit_amount, fee.units, fee.events_count]).toEqual([
      200,
      '2',
      '1',
      1,
    ]);
  });

  it('percentage, min 12 per transaction, rate 0.5: value 4 -> 1200; after 4, value 20000 -> 10000', () => {
    const minimum = charge(
      storage,
      'percentage',
      { rate: '0.5', per_transaction_min_amount: '12' },
      inAdvance,
    );
    const now = '2025-09-10T00:00:00Z';
    const first = feeOf({
      ...context([minimum], now),
      event: estimated('storage', { value: '4' }),
    });
    const second = feeOf({
      ...context([minimum], now),
      event: estimated('storage', { value: '20000' }),
      events: [event('storage', '2025-09-02T00:00:00Z', { value: '4' })],
    });
    expect([first.amount_cents, second.amount_cents]).toEqual([1200, 10000]);
  });

  it('percentage, rate 50, one free event: first value 4 -> 0, second -> 200', () => {
    const free = charge(storage, 'percentage', { rate: '50', free_units_per_events: 1 }, inAdvance);
    const now = '2025-09-10T00:00:00Z';
    const first = feeOf({ ...context([free], now), event: estimated('storage', { value: '4' }) });
    const second = feeOf({
      ...context([free], now),
      event: estimated('storage', { value: '4' }),
      events: [event('storage', '2025-09-02T00:00:00Z', { value: '4' })],
    });
    expect([first.amount_cents, second.amount_cents]).toEqual([0, 200]);
  });

  it("dynamic: the estimate is the request's precise_total_amount_cents (200 -> 200, 12000 -> 12000)", () => {
    const dynamic = charge(storage, 'dynamic', {}, inAdvance);
    const at = (cents: string) =>
      feeOf({
        ...context([dynamic], '2025-09-10T00:00:00Z'),
        event: { ...estimated('storage', { value: '1' }), precise_total_amount_cents: cents },
        events: [
          event(
            'storage',
            '2025-09-02T00:00:00Z',
            { value: '1' },
            { precise_total_amount_cents: '999' },
          ),
        ],
      }).amount_cents;
    expect([at('200'), at('12000')]).toEqual([200, 12000]);
  });

  it('prorated standard on a recurring sum, 4 at 10 in a 30-day September: 3867 on Sep 2, 3600 on Sep 4', () => {
    const seats = metric('seats', 'sum_agg', { recurring: true });
    const prorated = charge(seats, 'standard', { amount: '10' }, { ...inAdvance, prorated: true });
    const on = (now: string) =>
      feeOf({
        ...context([prorated], now),
        billableMetrics: [seats],
        event: estimated('seats', { value: '4' }),
      });
    expect([on('2025-09-02T00:00:00Z').amount_cents, on('2025-09-02T00:00:00Z').units]).toEqual([
      3867,
      '4',
    ]);
    expect(on('2025-09-04T00:00:00Z').amount_cents).toBe(3600);
  });

  it('prorated unique count at 10: 967 on Sep 2, 867 on Sep 5', () => {
    const users = metric('users', 'unique_count_agg', { recurring: true });
    const prorated = charge(users, 'standard', { amount: '10' }, { ...inAdvance, prorated: true });
    const on = (now: string) =>
      feeOf({
        ...context([prorated], now),
        billableMetrics: [users],
        event: estimated('users', { value: 'user_1' }),
      }).amount_cents;
    expect([on('2025-09-02T00:00:00Z'), on('2025-09-05T00:00:00Z')]).toEqual([967, 867]);
  });
});

describe('estimate-and-usage.md §5: surprising behaviour', () => {
  it('§5.5: percentage fixed fee on a zero-value event: 2.00 with prior usage, 0 without', () => {
    const percentage = charge(storage, 'percentage', { rate: '1', fixed_amount: '2' }, inAdvance);
    const now = '2025-09-10T00:00:00Z';
    const zero = (stored: ReturnType<typeof event>[]) =>
      feeOf({
        ...context([percentage], now),
        events: stored,
        event: estimated('storage', { value: '0' }),
      });
    const after = zero([event('storage', '2025-09-02T00:00:00Z', { value: '100' })]);
    expect([after.units, after.amount_cents]).toEqual(['0', 200]);
    expect(zero([]).amount_cents).toBe(0);
  });

  it('§5.3: metric rounding is not applied to the estimated value (1.4 at 10 -> 14.00), and billing charges the same', () => {
    const rounded = metric('rounded', 'sum_agg', {
      rounding_function: 'round',
      rounding_precision: 0,
    });
    const standard = charge(rounded, 'standard', { amount: '10' }, inAdvance);
    const input = { ...context([standard], '2025-09-10T00:00:00Z'), billableMetrics: [rounded] };
    const fee = feeOf({ ...input, event: estimated('rounded', { value: '1.4' }) });
    expect([fee.units, fee.amount_cents]).toEqual(['1.4', 1400]);
    const usage = currentOf({
      ...input,
      events: [event('rounded', '2025-09-10T00:00:00Z', { value: '1.4' })],
    });
    // Usage shows the rounded units but bills what the event was charged (deviation).
    expect([usage.charges_usage[0]?.units, usage.amount_cents]).toEqual(['1', 1400]);
  });
});

describe('estimate-and-usage.md §2.4-§2.6: charges, the estimated event, filters and groups', () => {
  it('§2.5: expression left + right with {left: 1, right: 2} at 100 -> units 3, 30000 cents', () => {
    const computed = metric('computed', 'sum_agg', {
      field_name: 'total',
      expression: 'event.properties.left + event.properties.right',
    });
    const standard = charge(computed, 'standard', { amount: '100' }, inAdvance);
    const fee = feeOf({
      ...context([standard], '2025-09-02T00:00:00Z'),
      billableMetrics: [computed],
      event: estimated('computed', { left: '1', right: '2' }),
    });
    expect([fee.units, fee.amount_cents]).toEqual(['3', 30000]);
  });

  it('§2.4: two pay-in-advance charges of the metric give two fees; in-arrears charges give none', () => {
    const a = charge(calls, 'standard', { amount: '1' }, inAdvance);
    const b = charge(calls, 'standard', { amount: '2' }, { ...inAdvance, invoiceable: false });
    const arrears = charge(calls, 'standard', { amount: '3' });
    const { fees } = estimateOf({
      ...context([a, arrears, b], '2025-09-02T00:00:00Z'),
      event: estimated('api_calls'),
    });
    expect(fees.map((f) => [f.svc_charge_id, f.amount_cents, f.invoiceable])).toEqual([
      [a.svc_id, 100, true],
      [b.svc_id, 200, false],
    ]);
  });

  it('§2.6: the event is priced in its filter bucket (the filter properties) and its pricing group', () => {
    const clouds = metric('compute', 'count_agg', {
      filters: [{ key: 'cloud', values: ['aws', 'gcp'] }],
    });
    const filtered = charge(
      clouds,
      'standard',
      { amount: '1' },
      {
        ...inAdvance,
        filters: [
          {
            svc_id: uuid(51),
            invoice_display_name: null,
            values: { cloud: ['aws'] },
            properties: { amount: '7', pricing_group_keys: ['region'] },
          },
        ],
      },
    );
    const input = {
      ...context([filtered], '2025-09-02T00:00:00Z'),
      billableMetrics: [clouds],
    };
    const aws = feeOf({ ...input, event: estimated('compute', { cloud: 'aws', region: 'eu' }) });
    expect([
      aws.svc_charge_filter_id,
      aws.item.grouped_by,
      aws.item.filters,
      aws.amount_cents,
    ]).toEqual([uuid(51), { region: 'eu' }, { cloud: ['aws'] }, 700]);
    const gcp = feeOf({ ...input, event: estimated('compute', { cloud: 'gcp' }) });
    expect([gcp.svc_charge_filter_id, gcp.item.filters, gcp.amount_cents]).toEqual([
      null,
      null,
      100,
    ]);
  });

  it('§5.6 (deviation): "All clouds [aws, gcp] @5" before "AWS only [aws] @3": an aws event is estimated at 3, as usage bills it', () => {
    const clouds = metric('compute', 'count_agg', {
      filters: [{ key: 'cloud', values: ['aws', 'gcp'] }],
    });
    const filtered = charge(
      clouds,
      'standard',
      { amount: '0' },
      {
        ...inAdvance,
        filters: [
          {
            svc_id: uuid(52),
            invoice_display_name: 'All clouds',
            values: { cloud: ['aws', 'gcp'] },
            properties: { amount: '5' },
          },
          {
            svc_id: uuid(53),
            invoice_display_name: 'AWS only',
            values: { cloud: ['aws'] },
            properties: { amount: '3' },
          },
        ],
      },
    );
    const fee = feeOf({
      ...context([filtered], '2025-09-02T00:00:00Z'),
      billableMetrics: [clouds],
      event: estimated('compute', { cloud: 'aws' }),
    });
    // The reference estimates 5.00 under "All clouds"; feecast uses billing's one rule.
    expect([fee.svc_charge_filter_id, fee.amount_cents]).toEqual([uuid(53), 300]);
  });
});

describe('estimate-and-usage.md §2.10-§2.12: taxes and the fee object', () => {
  it('§2.10: a billing-entity tax of 20 % -> one applied tax, taxes_rate 20, taxes > 0', () => {
    const standard = charge(calls, 'standard', { amount: '10' }, inAdvance);
    const fee = feeOf({
      ...context([standard], '2025-09-02T00:00:00Z'),
      taxes: { billing_entity: [tax('vat_20', 20)] },
      event: estimated('api_calls'),
    });
    expect(fee.applied_taxes?.map((t) => [t.tax_code, t.tax_rate, t.amount_cents])).toEqual([
      ['vat_20', 20, 200],
    ]);
    expect([fee.taxes_rate, fee.taxes_amount_cents, fee.total_amount_cents]).toEqual([
      20, 200, 1200,
    ]);
  });

  it('§2.10: a customer tax of 8 % replaces the billing-entity tax', () => {
    const standard = charge(calls, 'standard', { amount: '10' }, inAdvance);
    const fee = feeOf({
      ...context([standard], '2025-09-02T00:00:00Z'),
      taxes: { billing_entity: [tax('vat_20', 20)], customer: [tax('customer_vat', 8)] },
      event: estimated('api_calls'),
    });
    expect(fee.applied_taxes?.map((t) => [t.tax_code, t.tax_rate])).toEqual([['customer_vat', 8]]);
    expect(fee.taxes_rate).toBe(8);
  });

  it("§2.10: the charge's taxes, then the plan's, win over the customer's", () => {
    const taxedCharge = charge(
      calls,
      'standard',
      { amount: '10' },
      { ...inAdvance, taxes: [tax('charge_vat', 5)] },
    );
    const bare = charge(calls, 'standard', { amount: '10' }, inAdvance);
    const { fees } = estimateOf({
      ...context([taxedCharge, bare], '2025-09-02T00:00:00Z'),
      plan: plan([taxedCharge, bare], { taxes: [tax('plan_vat', 10)] }),
      taxes: { customer: [tax('customer_vat', 8)] },
      event: estimated('api_calls'),
    });
    expect(fees.map((f) => f.applied_taxes?.map((t) => t.tax_code))).toEqual([
      ['charge_vat'],
      ['plan_vat'],
    ]);
  });

  it('§2.12: the fee object of an estimate', () => {
    const standard = charge(
      calls,
      'standard',
      { amount: '10' },
      { ...inAdvance, invoice_display_name: 'Calls' },
    );
    const fee = feeOf({
      ...context([standard], '2025-09-02T10:00:00Z'),
      event: { ...estimated('api_calls'), transaction_id: 'client_tx' },
    });
    expect(fee).toMatchObject({
      svc_id: null,
      svc_charge_id: standard.svc_id,
      svc_charge_filter_id: null,
      svc_invoice_id: null,
      svc_subscription_id: subscription().svc_id,
      external_subscription_id: 'sub_1',
      external_customer_id: 'cust_1',
      amount_currency: 'EUR',
      pay_in_advance: true,
      invoiceable: true,
      payment_status: 'pending',
      events_count: 1,
      units: '1',
      total_aggregated_units: '1',
      precise_coupons_amount_cents: '0.0',
      description: null,
      created_at: null,
      from_date: '2025-09-01T00:00:00Z',
      to_date: '2025-09-30T23:59:59Z',
      event_transaction_id: 'client_tx',
      pricing_unit_details: null,
      item: {
        type: 'charge',
        code: 'api_calls',
        name: 'api_calls',
        invoice_display_name: 'Calls',
        filters: null,
        filter_invoice_display_name: null,
        svc_item_id: calls.svc_id,
        item_type: 'BillableMetric',
        grouped_by: {},
      },
    });
  });

  it('§2.7: the period is in the customer zone (America/New_York: 04:00Z to 03:59:59Z)', () => {
    const standard = charge(calls, 'standard', { amount: '1' }, inAdvance);
    const fee = feeOf({
      ...context([standard], '2025-09-02T10:00:00Z'),
      customer: customer('America/New_York'),
      event: estimated('api_calls'),
    });
    expect([fee.from_date, fee.to_date]).toEqual(['2025-09-01T04:00:00Z', '2025-10-01T03:59:59Z']);
  });

  it('§2.14 / §5.2: the client transaction_id never clashes with a stored event (the event is new)', () => {
    const standard = charge(calls, 'standard', { amount: '10' }, inAdvance);
    const stored = event('api_calls', '2025-09-02T00:00:00Z', {}, { transaction_id: 'same' });
    const fee = feeOf({
      ...context([standard], '2025-09-03T00:00:00Z'),
      event: { ...estimated('api_calls'), transaction_id: 'same' },
      events: [stored],
    });
    expect([fee.amount_cents, fee.event_transaction_id]).toEqual([1000, 'same']);
    // Its internal id skips the stored ids it could take ("same", then "same#2"): a clash
    // would make it a duplicate, left out with an error instead of a fee.
    const suffixed = event('api_calls', '2025-09-02T01:00:00Z', {}, { transaction_id: 'same#2' });
    const again = feeOf({
      ...context([standard], '2025-09-03T00:00:00Z'),
      event: { ...estimated('api_calls'), transaction_id: 'same' },
      events: [stored, suffixed],
    });
    expect([again.amount_cents, again.event_transaction_id]).toEqual([1000, 'same']);
  });

  it('events after now, of other subscriptions or other metrics are not history', () => {
    const tiers = charge(
      calls,
      'graduated',
      ranges([
        [0, 1, '0', '0'],
        [2, null, '5', '0'],
      ]),
      inAdvance,
    );
    const fee = feeOf({
      ...context([tiers], '2025-09-10T00:00:00Z'),
      event: estimated('api_calls'),
      events: [
        event('api_calls', '2025-09-20T00:00:00Z'),
        event('api_calls', '2025-09-02T00:00:00Z', {}, { external_subscription_id: 'sub_2' }),
        event('storage', '2025-09-02T00:00:00Z', { value: '1' }),
      ],
    });
    expect(fee.amount_cents).toBe(0);
  });
});

describe('estimate-and-usage.md §2.2: checks, in order, with the reference codes', () => {
  const standard = charge(calls, 'standard', { amount: '10' }, inAdvance);
  const base = { ...context([standard], '2025-09-02T00:00:00Z'), event: estimated('api_calls') };

  it('an unknown external_subscription_id -> subscription_not_found', () => {
    const error = leftOf(
      estimateFees({ ...base, event: { ...base.event, external_subscription_id: 'sub_9' } }),
    );
    expect([error.code, error.path]).toEqual([
      'subscription_not_found',
      ['event', 'external_subscription_id'],
    ]);
  });

  it('§2.3: a pending, not yet started or terminated subscription -> subscription_not_found', () => {
    const codes = [
      subscription('2025-09-01T00:00:00Z', { started_at: null, status: 'pending' }),
      subscription('2025-09-05T00:00:00Z'),
      subscription('2025-08-01T00:00:00Z', {
        terminated_at: '2025-09-01T12:00:00Z',
        status: 'terminated',
      }),
    ].map((s) => leftOf(estimateFees({ ...base, subscription: s })).code);
    expect(codes).toEqual([
      'subscription_not_found',
      'subscription_not_found',
      'subscription_not_found',
    ]);
  });

  it('a timestamp that is neither ISO 8601 nor Unix seconds -> invalid_timestamp; ISO is accepted (deviation)', () => {
    const bad = leftOf(estimateFees({ ...base, event: { ...base.event, timestamp: 'yesterday' } }));
    expect([bad.code, bad.path]).toEqual(['invalid_timestamp', ['event', 'timestamp']]);
    const iso = estimateOf({
      ...base,
      event: { ...base.event, timestamp: '2025-01-01T00:00:00Z' },
    });
    const seconds = estimateOf({ ...base, event: { ...base.event, timestamp: 1735689600 } });
    // Priced at now either way.
    expect([iso.fees[0]?.from_date, seconds.fees[0]?.amount_cents]).toEqual([
      '2025-09-01T00:00:00Z',
      1000,
    ]);
  });

  it('a charge whose billable_metric_code contradicts its svc_billable_metric_id -> an error naming both, not an estimate by the id', () => {
    // The charge says "storage" by code and api_calls by id.
    const contradicting = { ...standard, billable_metric_code: 'storage' };
    const error = leftOf(estimateFees({ ...base, plan: plan([contradicting]) }));
    expect([error.code, error.path]).toEqual([
      'invalid_input',
      ['plan', 'charges', '0', 'billable_metric_code'],
    ]);
    expect(error.message).toContain('"storage"');
    expect(error.message).toContain(calls.svc_id);
  });

  it('an unknown code -> unknown_billable_metric', () => {
    const error = leftOf(estimateFees({ ...base, event: estimated('nope') }));
    expect([error.code, error.path]).toEqual(['unknown_billable_metric', ['event', 'code']]);
  });

  it('a sum value that is present but not a number -> value_is_not_valid_number; so is a missing one (deviation)', () => {
    const sum = charge(storage, 'standard', { amount: '10' }, inAdvance);
    const input = { ...context([sum], '2025-09-02T00:00:00Z') };
    const bad = leftOf(estimateFees({ ...input, event: estimated('storage', { value: 'abc' }) }));
    expect([bad.code, bad.path]).toEqual([
      'value_is_not_valid_number',
      ['event', 'properties', 'value'],
    ]);
    const missing = leftOf(estimateFees({ ...input, event: estimated('storage') }));
    expect([missing.code, missing.path]).toEqual([
      'value_is_not_valid_number',
      ['event', 'properties', 'value'],
    ]);
  });

  it('a max metric value that is not a number is checked before the charges (check 6 before 8)', () => {
    const peak = metric('peak', 'max_agg');
    const error = leftOf(
      estimateFees({
        ...base,
        billableMetrics: [calls, peak],
        event: estimated('peak', { value: '1,5' }),
      }),
    );
    expect(error.code).toBe('value_is_not_valid_number');
  });

  it('an expression that cannot be evaluated -> expression_evaluation_failed', () => {
    const computed = metric('computed', 'sum_agg', {
      field_name: 'total',
      expression: 'event.properties.left + event.properties.right',
    });
    const error = leftOf(
      estimateFees({
        ...base,
        plan: plan([charge(computed, 'standard', { amount: '1' }, inAdvance)]),
        billableMetrics: [computed],
        event: estimated('computed', { right: '2' }),
      }),
    );
    expect([error.code, error.path]).toEqual([
      'expression_evaluation_failed',
      ['event', 'properties', 'left'],
    ]);
  });

  it('no pay-in-advance charge on the metric -> does_not_match_an_instant_charge', () => {
    const error = leftOf(
      estimateFees({ ...base, plan: plan([charge(calls, 'standard', { amount: '1' })]) }),
    );
    expect([error.code, error.path]).toEqual([
      'does_not_match_an_instant_charge',
      ['event', 'code'],
    ]);
  });

  it('a charge that cannot be paid in advance is reported at its place in the plan', () => {
    const volume = charge(
      calls,
      'volume',
      ranges([[0, null, '1', '0']], 'volume_ranges'),
      inAdvance,
    );
    const error = leftOf(estimateFees({ ...base, plan: plan([standard, volume]) }));
    expect([error.code, error.path]).toEqual([
      'invalid_input',
      ['plan', 'charges', '1', 'charge_model'],
    ]);
  });

  it('estimateFeesUnsafe throws an Error whose cause is the FeecastError', () => {
    expect(() => estimateFeesUnsafe({ ...base, event: estimated('nope') })).toThrow(
      /unknown_billable_metric/,
    );
    expect(estimateFeesUnsafe(base).fees[0]?.amount_cents).toBe(1000);
  });
});
