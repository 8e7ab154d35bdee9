/**
 * `previewInvoice` priced from aggregation states per subscription entry (`aggregates`), as
 * `previewAggregations` describes them: the invoice of the events themselves.
 */
import { describe, expect, it } from 'vitest';
import {
  createChargesAccumulator,
  previewAggregations,
  previewInvoice,
} from '../../../src/runtime';
import { billableMetrics, oneSubscription, starter } from '../generated-history';
import { event, leftOf, ok, subscription } from './builders';

const events = [
  event('api_calls', '2025-03-02T10:00:00Z', { calls: '120', region: 'eu' }),
  event('api_calls', '2025-03-03T10:00:00Z', { calls: '30', region: 'us' }),
  event('seats', '2025-03-04T10:00:00Z', { user: 'u1' }),
  event('seats', '2025-03-05T10:00:00Z', { user: 'u2' }),
];

describe('previewInvoice from aggregation states', () => {
  it("gives the invoice of the events, each metric's state computed where its events are", () => {
    const { events: _none, ...withoutEvents } = oneSubscription;
    const [own] = ok(previewAggregations(withoutEvents));
    expect(own?.run.charges).toMatchObject({
      from_datetime: '2025-03-01T00:00:00Z',
      to_datetime: '2025-03-31T23:59:59Z',
    });
    const aggregates: Record<string, unknown> = {};
    for (const m of own?.metrics ?? []) {
      const accumulator = ok(createChargesAccumulator(m.metric, m.charges, m.options));
      accumulator.addAll(events.filter((e) => e.code === m.code));
      aggregates[m.code] = JSON.parse(JSON.stringify(accumulator.state()));
    }
    const fromStates = ok(
      previewInvoice({
        ...oneSubscription,
        subscriptions: [{ subscription: subscription(), plan: starter, aggregates }],
        events: [],
      }),
    );
    const fromEvents = ok(previewInvoice({ ...oneSubscription, events }));
    // Calls by region (pricing group): eu 120 x 0.01 = 1.20 EUR, us 30 x 0.01 = 0.30 EUR;
    // 2 seats x 5 EUR = 10 EUR; on the same invoice either way.
    expect(fromStates.invoice.fees_amount_cents).toBe(fromEvents.invoice.fees_amount_cents);
    expect(fromStates.invoice.fees.map((f) => [f.item.code, f.units, f.amount_cents])).toEqual(
      fromEvents.invoice.fees.map((f) => [f.item.code, f.units, f.amount_cents]),
    );
    expect(
      fromEvents.invoice.fees.filter((f) => f.item.type === 'charge').map((f) => f.amount_cents),
    ).toEqual([120, 30, 1000]);
  });

  it("refuses a state of a metric the plan does not price, at the entry's path", () => {
    const refused = previewInvoice({
      ...oneSubscription,
      billableMetrics,
      subscriptions: [{ subscription: subscription(), plan: starter, aggregates: { storage: {} } }],
    });
    expect(leftOf(refused).path).toEqual(['subscriptions', '0', 'aggregates', 'storage']);
  });
});
