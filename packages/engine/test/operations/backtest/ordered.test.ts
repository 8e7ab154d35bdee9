/**
 * `ordered: true`: events in time order per subscription let the backtest find repeated
 * transaction ids while remembering only the open periods' ids (and the recurring metrics'),
 * with the same rows as the default; an event of a period already passed is a `Left`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventTimeMs, type UsageEvent } from '../../../src/aggregation/index';
import { backtest } from '../../../src/runtime';
import { anEvent } from '../generated-history';
import { customer, leftOf, ok, subscription } from '../preview-invoice/builders';
import { candidates, FROM, metrics, TO, twoSubscriptions } from './history-plans';

const input = {
  plans: candidates,
  subscriptions: twoSubscriptions,
  billableMetrics: metrics,
  from: FROM,
  to: TO,
};

/** The events in time order (a stable sort: equal times keep their order). */
function inTimeOrder(events: readonly UsageEvent[]): UsageEvent[] {
  return events
    .map((event, i) => ({ event, i, t: eventTimeMs(event.timestamp) ?? 0 }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((item) => item.event);
}

/** Generated histories of 20 to 80 events over 6 transaction ids: many repeats. */
const repeating = fc.array(anEvent, { minLength: 20, maxLength: 80 }).map((events) =>
  events.map((event) => ({
    ...event,
    transaction_id: `t${Number(event.transaction_id.slice(1)) % 6}`,
  })),
);

describe('backtest ordered', () => {
  it('gives the rows of the default on events in time order (repeats, recurring metrics, kept events)', () => {
    fc.assert(
      fc.property(repeating, (generated) => {
        const events = inTimeOrder(generated);
        const plain = ok(backtest({ ...input, events }));
        const ordered = ok(backtest({ ...input, events, ordered: true }));
        expect(ordered).toEqual(plain);
      }),
      { numRuns: 25 },
    );
  }, 180_000);

  it('counts a repeat within a period, not a reuse of an id in a later period of a non-recurring metric', () => {
    const call = (id: string, day: string) => ({
      transaction_id: id,
      external_subscription_id: 'sub_1',
      code: 'api_calls',
      timestamp: `2025-${day}T10:00:00Z`,
      properties: { calls: '10', region: 'eu' },
    });
    // t1 twice in March (a repeat), then again in April: a new event of April's period.
    const events = [call('t1', '03-02'), call('t1', '03-03'), call('t1', '04-02')];
    const one = {
      ...input,
      plans: [],
      subscriptions: [
        input.subscriptions[0] ?? { customer: customer(), subscription: subscription() },
      ],
      from: '2025-03-01T00:00:00Z',
      to: '2025-05-01T00:00:00Z',
    };
    const rows = ok(backtest({ ...one, events, ordered: true })).rows;
    expect(rows.map((row) => [row.month, row.rejected_events])).toEqual([
      ['2025-03', 1],
      ['2025-04', 0],
    ]);
    expect(rows).toEqual(ok(backtest({ ...one, events })).rows);
  });

  it('an event of a period its subscription has passed is a Left; one earlier in the open period is not', () => {
    const call = (id: string, at: string) => ({
      transaction_id: id,
      external_subscription_id: 'sub_1',
      code: 'api_calls',
      timestamp: at,
      properties: { calls: '1' },
    });
    const within = [call('a', '2025-03-20T00:00:00Z'), call('b', '2025-03-10T00:00:00Z')];
    expect(backtest({ ...input, events: within, ordered: true })._tag).toBe('Right');
    const late = [call('a', '2025-04-02T00:00:00Z'), call('b', '2025-03-10T00:00:00Z')];
    expect(leftOf(backtest({ ...input, events: late, ordered: true }))).toMatchObject({
      code: 'events_out_of_order',
      path: ['events', '1', 'timestamp'],
    });
    // Without ordered, the same events are fine.
    expect(backtest({ ...input, events: late })._tag).toBe('Right');
    expect(
      leftOf(backtest({ ...input, events: late, ordered: 'yes' as unknown as boolean })).path,
    ).toEqual(['ordered']);
  });
});
