/**
 * Scale is part of correctness (issue 19 §1): every operation over 2,000,000 events in one
 * group, and over 10,000,000 events streamed, gives the figures computed by hand, without a
 * stack overflow (no spread of an unbounded list) and without holding the stream. The events
 * share one properties object, so the test's own memory is the events' shells.
 */
import { describe, expect, it } from 'vitest';
import { aggregate, createAccumulator, type UsageEvent } from '../../src/aggregation/index';
import { chargeFees } from '../../src/fees/index';
import { comparePlans } from '../../src/operations/compare-plans/index';
import { currentUsage, estimateFees, projectedUsage } from '../../src/operations/index';
import { previewInvoice } from '../../src/operations/preview-invoice/index';
import { charge, customer, metric, plan, rightOf, subscription } from '../operations/builders';

const MARCH_START_S = Date.UTC(2025, 2, 1) / 1000;
const MARCH_SECONDS = 31 * 86_400;
const MARCH = { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' };
/** The end of March: the projection of a period at its end is its current usage. */
const NOW = '2025-03-31T23:59:59Z';
/**
 * A time limit that catches a hang, not slowness (bench/ measures speed): the 10,000,000-event
 * estimate takes about 90 s alone on a 2-core machine, and two or three times that while the
 * other test worker is busy.
 */
const LONG = 600_000;

const payments = metric('payments', 'sum_agg', {
  filters: [{ key: 'region', values: ['eu', 'us'] }],
});
const shared = { value: '2', region: 'eu' };

/** Event `i` of a stream of `count` payments of 2 EUR in the EU, spread over March (seconds). */
function payment(i: number, count: number): UsageEvent {
  return {
    transaction_id: `p${i}`,
    external_subscription_id: 'sub_1',
    code: 'payments',
    timestamp: MARCH_START_S + Math.floor((i * MARCH_SECONDS) / count),
    properties: shared,
  };
}

function* stream(count: number): Generator<UsageEvent> {
  for (let i = 0; i < count; i++) yield payment(i, count);
}

/**
 * Three charges on the one metric: grouped by region (one group: every event is "eu"), a
 * percentage (priced from per-event values) and a pay-in-advance standard charge (priced from
 * per-event increments).
 */
const mixed = plan([
  charge(payments, 'standard', { amount: '0.01', pricing_group_keys: ['region'] }),
  charge(payments, 'percentage', { rate: '1.5', fixed_amount: '0.01' }),
  charge(payments, 'standard', { amount: '0.5' }, { pay_in_advance: true }),
]);
/** 1 EUR per unit up to 1,000, then 0.001. */
const graduated = charge(payments, 'graduated', {
  graduated_ranges: [
    { from_value: 0, to_value: 1000, per_unit_amount: '1', flat_amount: '0' },
    { from_value: 1001, to_value: null, per_unit_amount: '0.001', flat_amount: '0' },
  ],
});
/** In arrears only (nothing kept per event): grouped standard and graduated. */
/** 0.01 EUR per unit, per region. */
const byRegion = charge(payments, 'standard', { amount: '0.01', pricing_group_keys: ['region'] });
const arrears = plan([byRegion, graduated]);
/** The graduated charge of `arrears` alone. */
const graduatedOnly = plan([graduated], { code: 'graduated_only' });
const context = { customer: customer(), subscription: subscription(), billableMetrics: [payments] };

/** The amount of each fee of an invoice preview, by charge model (the fee's `item.code` is the metric's). */
function feeAmounts(fees: readonly { amount_cents: number }[]): number[] {
  return fees.map((fee) => fee.amount_cents);
}

describe('2,000,000 events in one group', () => {
  const count = 2_000_000;
  const events = Array.from({ length: count }, (_, i) => payment(i, count));

  it('current and projected usage bill every charge on all of them', { timeout: LONG }, () => {
    // Units: 2,000,000 events × 2 = 4,000,000.
    // Grouped standard: 4,000,000 × 0.01 = 40,000.00 EUR = 4,000,000 cents.
    // Percentage: 4,000,000 × 1.5 % = 60,000 plus 2,000,000 × 0.01 = 20,000: 8,000,000 cents.
    // In advance: the high-water mark, 4,000,000 × 0.5 = 2,000,000.00 EUR = 200,000,000 cents.
    const usage = rightOf(currentUsage({ ...context, plan: mixed, events, now: NOW }));
    expect(usage.customer_usage.charges_usage.map((c) => c.amount_cents)).toEqual([
      4_000_000, 8_000_000, 200_000_000,
    ]);
    expect(usage.customer_usage.amount_cents).toBe(212_000_000);
    const projected = rightOf(projectedUsage({ ...context, plan: mixed, events, now: NOW }));
    expect(projected.customer_projected_usage.amount_cents).toBe(212_000_000);
  });

  it('an estimate after all of them prices one more event', { timeout: LONG }, () => {
    // The in-advance charge: one more event of 2 at 0.5 = 1.00 EUR.
    const estimate = rightOf(
      estimateFees({
        ...context,
        plan: mixed,
        events,
        now: NOW,
        event: { code: 'payments', external_subscription_id: 'sub_1', properties: shared },
      }),
    );
    expect(estimate.fees.map((f) => f.amount_cents)).toEqual([100]);
  });

  it('an invoice preview and a comparison of plans bill them all', { timeout: LONG }, () => {
    // In arrears on the invoice: grouped standard 4,000,000 cents, percentage 8,000,000 cents
    // (as current usage above); the in-advance charge's fee is billed apart (200,000,000).
    const preview = rightOf(
      previewInvoice({
        customer: customer(),
        subscriptions: [{ subscription: subscription(), plan: mixed }],
        billableMetrics: [payments],
        events,
        now: NOW,
      }),
    );
    // The subscription fee first: the plan's amount is 0.
    expect(feeAmounts(preview.invoice.fees)).toEqual([0, 4_000_000, 8_000_000]);
    expect(feeAmounts(preview.pay_in_advance_fees)).toEqual([200_000_000]);
    // On the arrears plan: grouped 4,000,000 cents; graduated 1,000 × 1 + 3,999,000 × 0.001 =
    // 4,999.00 EUR = 499,900 cents; on the graduated charge alone, 499,900.
    const compared = rightOf(
      comparePlans({ ...context, plans: [arrears, graduatedOnly], events, now: NOW }),
    );
    expect(compared.previews.map((p) => p.invoice.fees_amount_cents)).toEqual([4_499_900, 499_900]);
  });

  it('aggregate keeps 2,000,000 per-event values of one group', { timeout: LONG }, () => {
    const result = rightOf(
      aggregate(payments, events, { ...MARCH, grouped_by: ['region'], per_event: true }),
    );
    expect(result.aggregation).toBe('4000000');
    expect(result.groups?.[0]?.event_values?.length).toBe(count);
  });

  it('merges accumulators that rejected 130,000 events each', { timeout: LONG }, () => {
    // The same 130,000 ids in both halves: the second half rejects each as a duplicate, and
    // the merge reports each as counted by both.
    const half = events.slice(0, 130_000);
    const first = rightOf(createAccumulator(payments, MARCH));
    const second = rightOf(createAccumulator(payments, MARCH));
    first.addAll(half);
    second.addAll(half);
    second.addAll(half);
    rightOf(first.merge(second));
    const result = first.result();
    expect(result.rejected_counts).toEqual({
      duplicate_transaction_id: 130_000,
      duplicate_across_chunks: 130_000,
    });
    expect(result.rejected.length).toBe(260_000);
    // Both accumulators counted the 130,000 events once: 2 × 130,000 × 2.
    expect(result.aggregation).toBe('520000');
  });

  it('current usage with 130,000 events before the period', { timeout: LONG }, () => {
    const february = events.slice(0, 130_000).map((e) => ({
      ...e,
      transaction_id: `feb${e.transaction_id}`,
      timestamp: (e.timestamp as number) - MARCH_SECONDS,
    }));
    const usage = rightOf(
      currentUsage({ ...context, plan: arrears, events: [...february, ...events], now: NOW }),
    );
    // Grouped: 4,000,000 cents. Graduated: 1,000 × 1 + 3,999,000 × 0.001 = 1,000 + 3,999 =
    // 4,999.00 EUR = 499,900 cents.
    expect(usage.customer_usage.charges_usage.map((c) => c.amount_cents)).toEqual([
      4_000_000, 499_900,
    ]);
  });
});

describe('10,000,000 events streamed', () => {
  const count = 10_000_000;

  it('aggregate and an accumulator read the stream without holding it', { timeout: LONG }, () => {
    // 10,000,000 × 2 = 20,000,000.
    const result = rightOf(
      aggregate(payments, stream(count), { ...MARCH, grouped_by: ['region'], deduplicate: false }),
    );
    expect(result.groups?.map((g) => [g.grouped_by, g.aggregation, g.count])).toEqual([
      [{ region: 'eu' }, '20000000', count],
    ]);
  });

  it('current usage and projected usage over the stream', { timeout: LONG }, () => {
    // Grouped: 20,000,000 × 0.01 = 200,000.00 EUR. Graduated: 1,000 + 19,999,000 × 0.001 =
    // 20,999.00 EUR.
    const usage = rightOf(
      currentUsage({ ...context, plan: arrears, events: stream(count), now: NOW }),
    );
    expect(usage.customer_usage.charges_usage.map((c) => c.amount_cents)).toEqual([
      20_000_000, 2_099_900,
    ]);
    const projected = rightOf(
      projectedUsage({ ...context, plan: arrears, events: stream(count), now: NOW }),
    );
    expect(projected.customer_projected_usage.amount_cents).toBe(22_099_900);
  });

  it('chargeFees prices a grouped charge and a graduated one over the stream', {
    timeout: LONG,
  }, () => {
    const period = {
      charges_from_datetime: MARCH.from_datetime,
      charges_to_datetime: MARCH.to_datetime,
      charges_duration: 31,
    };
    // As current usage below: 20,000,000 × 0.01 = 200,000.00 EUR in the one group "eu";
    // 1,000 + 19,999,000 × 0.001 = 20,999.00 EUR.
    const byGroup = rightOf(
      chargeFees({
        charge: { ...byRegion, svc_id: String(byRegion.svc_id) },
        billableMetric: payments,
        events: stream(count),
        period,
        currency: 'EUR',
      }),
    );
    expect(byGroup.map((fee) => [fee.item.grouped_by, fee.amount_cents, fee.events_count])).toEqual(
      [[{ region: 'eu' }, 20_000_000, count]],
    );
    const graduatedFees = rightOf(
      chargeFees({
        charge: { ...graduated, svc_id: String(graduated.svc_id) },
        billableMetric: payments,
        events: stream(count),
        period,
        currency: 'EUR',
      }),
    );
    expect(graduatedFees.map((fee) => [fee.units, fee.amount_cents])).toEqual([
      ['20000000', 2_099_900],
    ]);
  });

  it('current usage over the stream given asynchronously, read as it comes', {
    timeout: LONG,
  }, async () => {
    // An async generator (a network, a database cursor): the same figures as the iterable.
    async function* arriving(): AsyncGenerator<UsageEvent> {
      for (let i = 0; i < count; i++) yield payment(i, count);
    }
    const usage = rightOf(
      await currentUsage({ ...context, plan: arrears, events: arriving(), now: NOW }),
    );
    expect(usage.customer_usage.charges_usage.map((c) => c.amount_cents)).toEqual([
      20_000_000, 2_099_900,
    ]);
  });

  it('an estimate reads the stream once, for every in-advance charge', { timeout: LONG }, () => {
    // Two in-advance charges of the metric, each reading the 10,000,000 stored events: the
    // standard one bills one more event of 2 at 0.5 = 1.00 EUR; the graduated one is past its
    // first 1,000 units, so 2 more at 0.001 = 0.002 EUR, 0 cents.
    const inAdvance = plan([
      charge(payments, 'standard', { amount: '0.5' }, { pay_in_advance: true }),
      charge(
        payments,
        'graduated',
        {
          graduated_ranges: [
            { from_value: 0, to_value: 1000, per_unit_amount: '1', flat_amount: '0' },
            { from_value: 1001, to_value: null, per_unit_amount: '0.001', flat_amount: '0' },
          ],
        },
        { pay_in_advance: true },
      ),
    ]);
    const estimate = rightOf(
      estimateFees({
        ...context,
        plan: inAdvance,
        events: stream(count),
        now: NOW,
        event: { code: 'payments', external_subscription_id: 'sub_1', properties: shared },
      }),
    );
    expect(estimate.fees.map((f) => [f.amount_cents, f.units])).toEqual([
      [100, '2'],
      [0, '2'],
    ]);
  });

  it('an invoice preview and a comparison of plans over the stream', { timeout: LONG }, () => {
    // As current usage above: 20,000,000 + 2,099,900 cents.
    const preview = rightOf(
      previewInvoice({
        customer: customer(),
        subscriptions: [{ subscription: subscription(), plan: arrears }],
        billableMetrics: [payments],
        events: stream(count),
        now: NOW,
      }),
    );
    expect(feeAmounts(preview.invoice.fees)).toEqual([0, 20_000_000, 2_099_900]);
    // A comparison reads the stream once, into a columnar batch that both plans price. On
    // the graduated charge alone: 20,999.00 EUR; grouped alone: 200,000.00 EUR.
    const compared = rightOf(
      comparePlans({
        ...context,
        plans: [arrears, graduatedOnly],
        events: stream(count),
        now: NOW,
      }),
    );
    expect(compared.previews.map((p) => p.invoice.fees_amount_cents)).toEqual([
      22_099_900, 2_099_900,
    ]);
  });
});
